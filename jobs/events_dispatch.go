package jobs

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
)

// TypeEventsDispatch drains the event outbox once. A periodic task (see
// Relay) queues it as a safety net beside the relay's poll loop.
const TypeEventsDispatch = "events:dispatch"

// Relay defaults.
const (
	DefaultRelayInterval = 200 * time.Millisecond
	relayBatch           = 200
	sweepEvery           = "@every 1m"
)

// EventsDispatcher handles events:dispatch.
type EventsDispatcher struct {
	Service *core.Service
}

// ProcessTask drains the outbox.
func (h *EventsDispatcher) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	return drain(ctx, h.Service)
}

// drain dispatches batches until the outbox is empty.
func drain(ctx context.Context, svc *core.Service) error {
	for {
		n, err := svc.DispatchEvents(ctx, relayBatch)
		if err != nil || n < relayBatch {
			return err
		}
	}
}

// RelayOptions tune StartRelay.
type RelayOptions struct {
	// Interval between polls of an empty outbox (default 200 ms), which
	// bounds the latency from commit to queued delivery.
	Interval time.Duration
	// Redis, when set, also registers the periodic events:dispatch task.
	Redis asynq.RedisConnOpt
	Log   *slog.Logger
	// NoRecovery skips RecoverDeliveries, at start and periodically.
	NoRecovery bool
	// RecoveryInterval is how often RecoverDeliveries runs after the start
	// (default DefaultRecoveryInterval), so deliveries a Redis lost
	// (FLUSHALL, a failover to an empty replica) are queued again within
	// that time instead of at the next process start.
	RecoveryInterval time.Duration
}

// DefaultRecoveryInterval bounds how long a Redis data loss delays webhook
// deliveries.
const DefaultRecoveryInterval = 30 * time.Second

// Relay moves committed events from the outbox to the delivery queue. It
// runs in every worker process: the events table is the source of truth,
// so a relay that dies loses nothing and any relay started later, here or
// elsewhere, picks the events up.
type Relay struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
	sched  *asynq.Scheduler
}

// StartRelay starts the poll loop (and the periodic sweep when
// o.Redis is set). Stop ends them.
func StartRelay(svc *core.Service, o RelayOptions) (*Relay, error) {
	if o.Interval <= 0 {
		o.Interval = DefaultRelayInterval
	}
	if o.RecoveryInterval <= 0 {
		o.RecoveryInterval = DefaultRecoveryInterval
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &Relay{cancel: cancel}
	if o.Redis != nil {
		r.sched = asynq.NewScheduler(o.Redis, &asynq.SchedulerOpts{Logger: quiet{}})
		if _, err := r.sched.Register(sweepEvery, asynq.NewTask(TypeEventsDispatch, nil),
			asynq.Queue(QueueCritical), asynq.MaxRetry(0), asynq.Unique(50*time.Second)); err != nil {
			cancel()
			return nil, err
		}
		if err := r.sched.Start(); err != nil {
			cancel()
			return nil, err
		}
	}
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		r.loop(ctx, svc, o)
	}()
	return r, nil
}

func (r *Relay) loop(ctx context.Context, svc *core.Service, o RelayOptions) {
	// First put back what a queue that lost its contents (the in-process
	// Redis of the previous run) dropped, then again every
	// RecoveryInterval for a Redis that loses them while we run; the
	// outbox covers undispatched events. Delivery task ids are derived
	// from the event and webhook, so a delivery the queue still holds is
	// never queued twice.
	recoverDeliveries := func() {
		if _, err := svc.RecoverDeliveries(ctx, core.RecoveryWindow); err != nil && ctx.Err() == nil {
			o.Log.Error("recover webhook deliveries", "err", err)
		}
	}
	var recoverTick <-chan time.Time
	if !o.NoRecovery {
		recoverDeliveries()
		tick := time.NewTicker(o.RecoveryInterval)
		defer tick.Stop()
		recoverTick = tick.C
	}
	t := time.NewTimer(0)
	defer t.Stop()
	var lastErr time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-recoverTick:
			recoverDeliveries()
			continue
		case <-t.C:
		}
		n, err := svc.DispatchEvents(ctx, relayBatch)
		if err != nil && ctx.Err() == nil && time.Since(lastErr) > time.Minute {
			// Once a minute at most: an outage would otherwise log five
			// lines a second. The events wait in the outbox meanwhile.
			o.Log.Error("event relay", "err", err)
			lastErr = time.Now()
		}
		if err == nil && n == relayBatch {
			t.Reset(0) // more waiting: keep going
		} else {
			t.Reset(o.Interval)
		}
	}
}

// Stop ends the relay and waits for the batch in flight.
func (r *Relay) Stop() {
	r.cancel()
	r.wg.Wait()
	if r.sched != nil {
		r.sched.Shutdown()
	}
}

type quiet struct{}

func (quiet) Debug(...any) {}
func (quiet) Info(...any)  {}
func (quiet) Warn(...any)  {}
func (quiet) Error(...any) {}
func (quiet) Fatal(...any) {}
