# bulwark's tasks. `make run` and `make test` need nothing but Go (and the C
# compiler Go uses for cgo, which the tree-sitter parsers need).
GO        ?= go
GOTESTFLAGS ?=
PKGS      ?= ./...
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.7.0
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
BUILDFLAGS = -trimpath -ldflags="-s -w -X main.toolVersion=$(VERSION)"

.PHONY: run test bench bench-api bench-pipeline bench-app lint generate build image

## run: start the API server and workers with embedded SQLite and Redis
run:
	$(GO) run . serve

## test: run every test (PostgreSQL/Redis when BULWARK_TEST_* are set)
test:
	$(GO) test $(GOTESTFLAGS) $(PKGS)

## bench: run the Go benchmarks
bench:
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

## bench-api: authenticated reads with the limiter on, beside /healthz in the
## same run (PostgreSQL/Redis when BULWARK_TEST_* are set, else embedded);
## TestWarmRequestRoundTrips counts the round trips of one request
bench-api:
	$(GO) test ./server/ -run '^$$' -bench BenchmarkAPIReads -benchtime 5000x -count 2

## bench-pipeline: a 143-file scan through the API, webhook fan-out (100
## webhooks × 100 events) and a million-row CSV export (PostgreSQL), on
## the test database and Redis
bench-pipeline:
	$(GO) test ./server/ -run '^$$' -bench 'Scan143FilesThroughAPI' -benchtime 5x
	BULWARK_BENCH_WEBHOOKS=10000 $(GO) test ./server/ -run TestWebhookFanOutThroughput -v -count=1
	$(GO) test ./server/ -run '^$$' -bench 'ExportMillionFindingsCSV' -benchtime 1x -timeout 20m

## bench-app: the GitHub App, webhook to completed check run (50 events)
## and a burst of 100 deliveries in one second, with the fake GitHub
bench-app:
	$(GO) test ./app/ -run '^$$' -bench 'WebhookToCheckRun' -benchtime 50x
	$(GO) test ./app/ -run '^$$' -bench 'WebhookBurst' -benchtime 1x

## lint: gofmt, go vet, staticcheck
lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) run $(STATICCHECK) $(PKGS)

## generate: regenerate generated files (docs, golden files)
generate:
	$(GO) generate $(PKGS)

## build: the bulwark binary, built as the Dockerfile builds it
build:
	CGO_ENABLED=1 $(GO) build $(BUILDFLAGS) -o bin/bulwark .

## image: the container image (needs a Docker engine)
image:
	docker build -t bulwark:dev .

-include scanner.mk
