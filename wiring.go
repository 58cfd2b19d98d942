package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/app"
	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/migrations"
	"github.com/bulwark-sec/bulwark/jobs"
	"github.com/bulwark-sec/bulwark/scanner/registry"
)

// deps are the connected parts every command shares.
type deps struct {
	cfg   config
	log   *slog.Logger
	db    *bun.DB
	redis *redis.Client
	asynq asynq.RedisConnOpt
	queue *jobs.Queue
	svc   *core.Service
	// deliveries are the webhook delivery metrics of this process.
	deliveries *jobs.DeliveryMetrics
	// github is the GitHub App, nil when it is not configured.
	github *app.App
	close  []func()
}

func (d *deps) Close() {
	for i := len(d.close) - 1; i >= 0; i-- {
		d.close[i]()
	}
}

// connect opens the database (migrating it) and Redis. Without
// BULWARK_REDIS_URL it starts an in-process Redis whose clock is advanced by
// a ticker, so TTLs (asynq's unique locks and leases) expire.
func connect(ctx context.Context, cfg config) (*deps, error) {
	d := &deps{cfg: cfg, log: cfg.logger()}
	bdb, err := db.Open(ctx, cfg.DatabaseURL, db.Options{StatementTimeout: cfg.StatementTimeout})
	if err != nil {
		return nil, err
	}
	d.db = bdb
	d.close = append(d.close, func() { bdb.Close() })
	if err := migrations.Up(ctx, bdb); err != nil {
		d.Close()
		return nil, err
	}
	var ropt *redis.Options
	if cfg.RedisURL == "" {
		mr, err := startEmbeddedRedis()
		if err != nil {
			d.Close()
			return nil, err
		}
		d.close = append(d.close, mr.Close)
		ropt = &redis.Options{Addr: mr.Addr()}
		d.log.Info("using the in-process Redis; set BULWARK_REDIS_URL to share queues between processes")
	} else if ropt, err = redis.ParseURL(cfg.RedisURL); err != nil {
		d.Close()
		return nil, fmt.Errorf("BULWARK_REDIS_URL: %w", err)
	}
	d.redis = redis.NewClient(ropt)
	d.close = append(d.close, func() { d.redis.Close() })
	if err := d.redis.Ping(ctx).Err(); err != nil {
		d.Close()
		return nil, fmt.Errorf("ping redis: %w", err)
	}
	d.asynq = asynq.RedisClientOpt{Addr: ropt.Addr, Username: ropt.Username, Password: ropt.Password,
		DB: ropt.DB, TLSConfig: ropt.TLSConfig}
	d.queue = jobs.NewQueue(d.asynq)
	d.close = append(d.close, func() { d.queue.Close() })
	secret, err := cfg.secret()
	if err != nil {
		d.Close()
		return nil, err
	}
	d.svc = &core.Service{DB: bdb, Redis: d.redis, Queue: d.queue, Engine: registry.Default(), Log: d.log,
		Cursors: core.Cursors{Secret: secret}}
	if d.svc.Webhooks, err = webhookOptions(); err != nil {
		d.Close()
		return nil, err
	}
	d.deliveries = jobs.NewDeliveryMetrics()
	d.svc.Delivered = d.deliveries.Observe
	d.svc.Reports = core.ReportLinks{Secret: secret, BaseURL: cfg.publicURL()}
	d.svc.LLM = cfg.LLM
	ghcfg, err := app.ConfigFromEnv(os.Getenv)
	if err != nil {
		d.Close()
		return nil, err
	}
	if ghcfg != nil {
		if ghcfg.PublicURL == "" {
			ghcfg.PublicURL = cfg.publicURL()
		}
		if d.github, err = app.New(*ghcfg, d.svc, d.queue.Client, d.log); err != nil {
			d.Close()
			return nil, err
		}
		d.svc.ScanFinished = append(d.svc.ScanFinished, d.github.ScanFinished)
	}
	return d, nil
}

// webhookOptions reads decisions.md's two opt-outs for local use.
func webhookOptions() (core.WebhookOptions, error) {
	var o core.WebhookOptions
	for name, dst := range map[string]*bool{"BULWARK_WEBHOOK_ALLOW_INSECURE": &o.AllowInsecure,
		"BULWARK_WEBHOOK_ALLOW_PRIVATE": &o.AllowPrivate} {
		if v := os.Getenv(name); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return o, fmt.Errorf("%s must be true or false", name)
			}
			*dst = b
		}
	}
	return o, nil
}

// startRelay starts the event outbox relay beside the workers; the
// returned function stops it.
func startRelay(d *deps) (func(), error) {
	r, err := jobs.StartRelay(d.svc, jobs.RelayOptions{Redis: d.asynq, Log: d.log})
	if err != nil {
		return nil, fmt.Errorf("start event relay: %w", err)
	}
	return r.Stop, nil
}

// checks are /readyz's dependency checks.
func (d *deps) checks() map[string]func(context.Context) error {
	return map[string]func(context.Context) error{
		"database": d.db.PingContext,
		"redis":    func(ctx context.Context) error { return d.redis.Ping(ctx).Err() },
	}
}

func startEmbeddedRedis() (*miniredis.Miniredis, error) {
	mr := miniredis.NewMiniRedis()
	if err := mr.StartAddr("127.0.0.1:0"); err != nil {
		return nil, fmt.Errorf("start in-process redis: %w", err)
	}
	go func() {
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		last := time.Now()
		for now := range t.C {
			mr.FastForward(now.Sub(last))
			last = now
		}
	}()
	return mr, nil
}

// newWorker returns the asynq server running every task handler.
func newWorker(d *deps) *asynq.Server {
	return asynq.NewServer(d.asynq, asynq.Config{
		Concurrency:     d.cfg.Concurrency,
		Queues:          jobs.Queues,
		Logger:          asynqLogger{d.log},
		ShutdownTimeout: 20 * time.Second,
		// An idle worker looks for new tasks five times a second (asynq's
		// default is once), so that a webhook goes out well under a second
		// after its event commits.
		TaskCheckInterval: 200 * time.Millisecond,
		// A task that knows when to come back (GitHub's Retry-After and
		// rate-limit reset) says so; the rest back off as asynq does.
		RetryDelayFunc: func(n int, err error, t *asynq.Task) time.Duration {
			if d, ok := jobs.RetryAfter(err); ok {
				return d
			}
			return asynq.DefaultRetryDelayFunc(n, err, t)
		},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			id, _ := asynq.GetTaskID(ctx)
			d.log.Error("task failed", "task_id", id, "type", t.Type(), "err", err)
		}),
	})
}

// asynqLogger adapts slog to asynq's logger.
type asynqLogger struct{ l *slog.Logger }

func (a asynqLogger) Debug(args ...any) { a.l.Debug(fmt.Sprint(args...)) }
func (a asynqLogger) Info(args ...any)  { a.l.Info(fmt.Sprint(args...)) }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn(fmt.Sprint(args...)) }
func (a asynqLogger) Error(args ...any) { a.l.Error(fmt.Sprint(args...)) }
func (a asynqLogger) Fatal(args ...any) { a.l.Error(fmt.Sprint(args...)) }

// startWorkers starts what every worker process runs: the asynq server with
// every task handler, the scheduler of periodic tasks (the scan reaper, the
// outbox sweep) and the outbox relay. stop shuts them down in reverse order.
func startWorkers(d *deps) (stop func(), err error) {
	var stops []func()
	stop = func() {
		for i := len(stops) - 1; i >= 0; i-- {
			stops[i]()
		}
	}
	w := newWorker(d)
	mux := jobs.NewMux(d.svc)
	if d.github != nil {
		d.github.Register(mux)
	}
	if err := w.Start(mux); err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	stops = append(stops, w.Shutdown)
	sched, err := jobs.NewScheduler(d.asynq, asynqLogger{d.log})
	if err != nil {
		stop()
		return nil, err
	}
	if err := sched.Start(); err != nil {
		stop()
		return nil, fmt.Errorf("start scheduler: %w", err)
	}
	stops = append(stops, sched.Shutdown)
	stopRelay, err := startRelay(d)
	if err != nil {
		stop()
		return nil, err
	}
	stops = append(stops, stopRelay)
	return stop, nil
}

// recoverEmbeddedScans queues again the scans a previous run of this
// embedded instance left queued or running: its in-process Redis, and the
// tasks in it, ended with it. Only embedded mode owns its queue this way;
// with a shared Redis the periodic reaper decides.
func recoverEmbeddedScans(ctx context.Context, d *deps) {
	r := &jobs.ScanReaper{Service: d.svc, Queue: d.queue}
	res, err := r.RecoverAfterRestart(ctx)
	if err != nil {
		d.log.Error("re-queue scans of the previous run", "err", err)
	}
	if res.Requeued+res.Failed > 0 {
		d.log.Info("re-queued the scans of the previous run", "requeued", res.Requeued, "failed", res.Failed)
	}
}

// collectors are the Prometheus series /metrics adds to the HTTP ones: the
// database pool, the queues and scans by status.
func (d *deps) collectors() []prometheus.Collector {
	return []prometheus.Collector{collectors.NewDBStatsCollector(d.db.DB, "bulwark"), jobs.NewCollector(d.svc, d.queue), d.deliveries}
}
