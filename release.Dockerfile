# The published image: the release workflow's binaries on distroless/base
# (glibc, CA certificates, tzdata; no shell, no package manager, no perl).
# No git, so `bulwark ci --changed-only` in this image warns and scans every
# file; the Dockerfile (local builds, the GitHub Action) keeps git for it.
# Build context: dist/image/linux-<arch>/bulwark and an empty dist/image/data.
FROM gcr.io/distroless/base-debian12
ARG TARGETARCH
COPY dist/image/linux-${TARGETARCH}/bulwark /usr/local/bin/bulwark
# uid 1001 is the GitHub-hosted runner's user, as in the Dockerfile.
COPY --chown=1001:1001 dist/image/data /var/lib/bulwark/data
USER 1001:1001
WORKDIR /var/lib/bulwark
ENV BULWARK_ADDR=:8080 \
    BULWARK_DATA_DIR=/var/lib/bulwark/data
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/bulwark"]
CMD ["serve"]
