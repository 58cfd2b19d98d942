// Command bulwark is the smart-contract security scanning service and its
// tools: the API server and workers, migrations, administration, and the
// local scanner. It is the only place that wires configuration, database,
// queues and handlers together.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/migrations"
	"github.com/bulwark-sec/bulwark/server"
)

func main() {
	root := &cobra.Command{
		Use:           "bulwark",
		Short:         "Smart-contract security scanning service",
		SilenceUsage:  true,
		SilenceErrors: true,
		// --version prints the stamped build version (-X main.toolVersion).
		Version: toolVersion,
	}
	root.AddCommand(newServeCmd(), newWorkerCmd(), newMigrateCmd(), newAdminCmd(), newScanCmd(), newBenchCmd(),
		newCICmd(), newActionCmd(), newOpenAPICmd())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	root.SetContext(ctx)
	code := executeRoot(root)
	stop()
	os.Exit(code)
}

// newOpenAPICmd is `bulwark openapi`: the OpenAPI document the server
// serves at /api/v1/openapi.json, for client generators and linters.
func newOpenAPICmd() *cobra.Command {
	return &cobra.Command{
		Use:   "openapi",
		Short: "Print the OpenAPI 3.1 document the server serves (JSON)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			doc, err := server.OpenAPI()
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "%s\n", doc)
			return err
		},
	}
}

func newServeCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "Run the API server with in-process workers",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			cfg, err := loadConfig()
			if err != nil {
				return err
			}
			d, err := connect(ctx, cfg)
			if err != nil {
				return err
			}
			defer d.Close()
			if err := bootstrapOnce(ctx, d); err != nil {
				return err
			}
			stopWorkers, err := startWorkers(d)
			if err != nil {
				return err
			}
			defer stopWorkers()
			if cfg.RedisURL == "" {
				recoverEmbeddedScans(ctx, d)
			}
			srv := server.New(server.Config{Service: d.svc, Log: d.log, Checks: d.checks(), ProxyHeader: cfg.ProxyHeader,
				RequestTimeout: cfg.RequestTimeout, AccessLog: cfg.AccessLog, Collectors: d.collectors(), GitHub: d.github,
				BuildVersion: toolVersion, PublicURL: cfg.publicURL()})
			errc := make(chan error, 1)
			go func() { errc <- srv.Listen(cfg.Addr) }()
			d.log.Info("bulwark serving", "addr", cfg.Addr, "database", dbKind(cfg.DatabaseURL), "github_app", d.github != nil)
			if d.github != nil && cfg.PublicURL == "" {
				d.log.Warn("BULWARK_PUBLIC_URL is not set: check runs, statuses and comments will carry no report links")
			}
			if strings.HasPrefix(cfg.Addr, "127.0.0.1:") && os.Getenv("BULWARK_ADDR") == "" {
				d.log.Info("listening on loopback only (embedded mode); set BULWARK_ADDR=:8080 to listen on every interface")
			}
			select {
			case err := <-errc:
				return err
			case <-ctx.Done():
			}
			shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			return srv.Shutdown(shutdownCtx)
		},
	}
}

// bootstrapOnce creates the "default" organization and prints its first
// key when the database has no organization yet.
func bootstrapOnce(ctx context.Context, d *deps) error {
	n, err := db.CountOrganizations(ctx, d.db)
	if err != nil || n > 0 {
		return err
	}
	b, err := d.svc.CreateOwnerKey(ctx, "default", "developer", "", nil)
	if err != nil {
		return fmt.Errorf("bootstrap: %w", err)
	}
	fmt.Fprintf(os.Stderr, "\nFirst start: created organization \"default\" (developer plan).\nAPI key (shown once): %s\n\n", b.APIKey)
	return nil
}

func dbKind(url string) string {
	if strings.HasPrefix(url, "postgres") {
		return "postgresql"
	}
	return "sqlite:" + url
}

func newWorkerCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "worker",
		Short: "Run queue workers only (scale out scans and deliveries)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := loadConfig()
			if err != nil {
				return err
			}
			if cfg.RedisURL == "" {
				return errors.New("worker needs BULWARK_REDIS_URL: the in-process Redis is private to one process")
			}
			d, err := connect(cmd.Context(), cfg)
			if err != nil {
				return err
			}
			defer d.Close()
			stopWorkers, err := startWorkers(d)
			if err != nil {
				return err
			}
			<-cmd.Context().Done()
			stopWorkers()
			return nil
		},
	}
}

func newMigrateCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "migrate",
		Short: "Apply database migrations",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := loadConfig()
			if err != nil {
				return err
			}
			bdb, err := db.Open(cmd.Context(), cfg.DatabaseURL, db.Options{StatementTimeout: cfg.StatementTimeout})
			if err != nil {
				return err
			}
			defer bdb.Close()
			return migrations.Up(cmd.Context(), bdb)
		},
	}
}

func newAdminCmd() *cobra.Command {
	admin := &cobra.Command{Use: "admin", Short: "Administration"}
	var org, plan, email string
	var scopes []string
	create := &cobra.Command{
		Use:   "create-key",
		Short: "Create an organization and owner if missing, and print a new API key as one JSON line",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if org == "" || plan == "" {
				return errors.New("--org and --plan are required")
			}
			cfg, err := loadConfig()
			if err != nil {
				return err
			}
			d, err := connect(cmd.Context(), cfg)
			if err != nil {
				return err
			}
			defer d.Close()
			b, err := d.svc.CreateOwnerKey(cmd.Context(), org, plan, email, scopes)
			if err != nil {
				if ce, ok := core.AsError(err); ok {
					return errors.New(ce.Message)
				}
				return err
			}
			return json.NewEncoder(cmd.OutOrStdout()).Encode(b)
		},
	}
	create.Flags().StringVar(&org, "org", "", "organization name (created when missing)")
	create.Flags().StringVar(&plan, "plan", "", "plan: free, developer, startup, professional, enterprise")
	create.Flags().StringSliceVar(&scopes, "scopes", nil, "comma-separated scopes (default *)")
	create.Flags().StringVar(&email, "email", "", "owner e-mail (created when missing)")
	admin.AddCommand(create)
	return admin
}
