# One image for the service (`bulwark serve`, the default) and the GitHub
# Action (`bulwark action`, set by action.yml's args).

# Build: cgo is on because the tree-sitter parsers are C.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=1 go build -trimpath -ldflags="-s -w" -o /out/bulwark .

# Runtime: glibc (the cgo build links it), CA certificates for HTTPS to the
# service, git for the Action's changed-only mode.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates git \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 1001 bulwark \
 && useradd --uid 1001 --gid 1001 --home-dir /var/lib/bulwark --create-home --shell /usr/sbin/nologin bulwark
# uid 1001 is the GitHub-hosted runner's user: a Docker action runs as the
# image's user, and the workspace and the GITHUB_OUTPUT/GITHUB_STEP_SUMMARY
# files it writes belong to that uid.
COPY --from=build /out/bulwark /usr/local/bin/bulwark
USER 1001:1001
WORKDIR /var/lib/bulwark
ENV BULWARK_ADDR=:8080 \
    BULWARK_DATA_DIR=/var/lib/bulwark/data
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/bulwark"]
CMD ["serve"]
