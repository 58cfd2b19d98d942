package core

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// DispatchEvents fans out up to limit undispatched events of the outbox,
// oldest first: one delivery job per active webhook of the event's
// organization subscribed to its type, plus one for the webhook_url of the
// event's scan. Then it marks them dispatched. It returns how many events it
// dispatched.
//
// Jobs carry a task id per (event, receiver, attempt), so a relay that
// dies after queueing and before marking queues the same jobs again
// harmlessly when the events are read again. On PostgreSQL the batch is
// locked (SKIP LOCKED) so relays in several workers share the work instead
// of repeating it.
func (s *Service) DispatchEvents(ctx context.Context, limit int) (int, error) {
	queue, err := s.deliveryQueue()
	if err != nil {
		return 0, err
	}
	if !db.IsPostgres(s.DB) {
		// SQLite has one writer and serve runs one relay: no lock needed,
		// and a write transaction held over Redis calls would stall
		// every request meanwhile.
		n, stuck, err := s.dispatch(ctx, s.DB, queue, limit, false)
		if err != nil {
			return 0, err
		}
		return n, stuck
	}
	var n int
	var stuck error
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		// A queue failure midway still commits the marks of the events
		// queued before it; only a failed mark rolls back.
		n, stuck, err = s.dispatch(ctx, tx, queue, limit, true)
		return err
	})
	if err != nil {
		return 0, err
	}
	return n, stuck
}

// dispatch queues the jobs of a batch and marks the events it queued. stuck
// is the queue failure that stopped the batch early; err a storage failure.
func (s *Service) dispatch(ctx context.Context, q bun.IDB, queue DeliveryQueue, limit int, lock bool) (n int, stuck, err error) {
	var events []db.Event
	sel := q.NewSelect().Model(&events).Where("dispatched_at IS NULL").
		OrderExpr("created_at ASC").OrderExpr("id ASC").Limit(int64(limit))
	if lock {
		sel = sel.For("UPDATE SKIP LOCKED")
	}
	if err := sel.Scan(ctx); err != nil {
		return 0, nil, fmt.Errorf("read outbox: %w", err)
	}
	if len(events) == 0 {
		return 0, nil, nil
	}
	hooks := map[uuid.UUID][]db.Webhook{}
	scanURLs := map[uuid.UUID]string{}
	done := make([]uuid.UUID, 0, len(events))
	for i := range events {
		ev := &events[i]
		jobs, err := s.fanOut(ctx, q, ev, hooks, scanURLs)
		if err == nil {
			for _, j := range jobs {
				if err = queue.EnqueueDelivery(ctx, j); err != nil {
					err = fmt.Errorf("queue delivery of event %s: %w", ev.ID, err)
					break
				}
			}
		}
		if err != nil {
			// Keep the order: later events wait for this one.
			stuck = err
			break
		}
		done = append(done, ev.ID)
	}
	if len(done) > 0 {
		_, err := q.NewUpdate().Model((*db.Event)(nil)).Set("dispatched_at = ?", s.Now()).
			Where("id IN (?)", bun.List(done)).Exec(ctx)
		if err != nil {
			return 0, nil, fmt.Errorf("mark events dispatched: %w", err)
		}
	}
	return len(done), stuck, nil
}

// fanOut lists the delivery jobs of one event. hooks and scanURLs cache
// lookups across a batch.
func (s *Service) fanOut(ctx context.Context, q bun.IDB, ev *db.Event, hooks map[uuid.UUID][]db.Webhook, scanURLs map[uuid.UUID]string) ([]DeliveryJob, error) {
	if ev.Type == EventPing {
		return nil, nil // pings go to one webhook, queued by TestWebhook
	}
	ws, ok := hooks[ev.OrganizationID]
	if !ok {
		if err := q.NewSelect().Model(&ws).Where("organization_id = ? AND active = ?", ev.OrganizationID, true).
			OrderExpr("created_at").Scan(ctx); err != nil {
			return nil, fmt.Errorf("load webhooks of organization %s: %w", ev.OrganizationID, err)
		}
		hooks[ev.OrganizationID] = ws
	}
	var jobs []DeliveryJob
	for i := range ws {
		if slices.Contains(ws[i].Events, ev.Type) {
			id := ws[i].ID
			jobs = append(jobs, DeliveryJob{DeliveryID: newID(), EventID: ev.ID, OrgID: ev.OrganizationID, WebhookID: &id})
		}
	}
	if ev.ScanID != nil {
		u, ok := scanURLs[*ev.ScanID]
		if !ok {
			err := q.NewSelect().Model((*db.Scan)(nil)).Column("webhook_url").
				Where("id = ? AND organization_id = ?", *ev.ScanID, ev.OrganizationID).Scan(ctx, &u)
			if err != nil && db.NotFoundErr(err) != db.ErrNotFound {
				return nil, fmt.Errorf("load scan %s: %w", *ev.ScanID, err)
			}
			scanURLs[*ev.ScanID] = u
		}
		if u != "" {
			sid := *ev.ScanID
			jobs = append(jobs, DeliveryJob{DeliveryID: newID(), EventID: ev.ID, OrgID: ev.OrganizationID, ScanID: &sid})
		}
	}
	return jobs, nil
}

// RecoveryWindow is how far back RecoverDeliveries looks: the whole retry
// schedule with its jitter, and some margin.
const RecoveryWindow = 40 * time.Hour

// RecoverDeliveries queues again the unfinished deliveries of events
// dispatched within window, reading the state from the delivery log alone:
// a receiver without any attempt gets its first one, a receiver whose last
// scheduled attempt failed (not with 410, not the seventh) gets the next at
// its time. It covers a queue that lost its contents (the in-process Redis
// of a restarted server, a Redis without persistence); on a queue that kept
// them, every job it queues has an id already taken, so it changes
// nothing. It returns how many jobs it handed to the queue, counting
// those the queue already held.
func (s *Service) RecoverDeliveries(ctx context.Context, window time.Duration) (int, error) {
	queue, err := s.deliveryQueue()
	if err != nil {
		return 0, err
	}
	since := s.Now().Add(-window)
	hooks := map[uuid.UUID][]db.Webhook{}
	scanURLs := map[uuid.UUID]string{}
	queued := 0
	var after *db.Key
	for {
		var events []db.Event
		q := s.DB.NewSelect().Model(&events).Where("dispatched_at IS NOT NULL AND dispatched_at > ?", since).
			Where("type <> ?", EventPing).OrderExpr("created_at ASC").OrderExpr("id ASC").Limit(500)
		if after != nil {
			q = q.Where("(created_at, id) > (?, ?)", after.T, after.ID)
		}
		if err := q.Scan(ctx); err != nil {
			return queued, fmt.Errorf("read dispatched events: %w", err)
		}
		if len(events) == 0 {
			return queued, nil
		}
		after = &db.Key{T: events[len(events)-1].CreatedAt, ID: events[len(events)-1].ID}
		ids := make([]uuid.UUID, len(events))
		for i := range events {
			ids[i] = events[i].ID
		}
		var log []db.Delivery
		if err := s.DB.NewSelect().Model(&log).Column("event_id", "webhook_id", "scan_id", "status", "response_code", "retry_count", "created_at").
			Where("event_id IN (?) AND manual = ?", bun.List(ids), false).Scan(ctx); err != nil {
			return queued, fmt.Errorf("read delivery log: %w", err)
		}
		type pair struct{ event, to uuid.UUID }
		last := map[pair]*db.Delivery{}
		firstFailure := map[pair]time.Time{}
		for i := range log {
			d := &log[i]
			to := uuid.Nil
			if d.WebhookID != nil {
				to = *d.WebhookID
			}
			k := pair{d.EventID, to}
			if cur, ok := last[k]; !ok || d.RetryCount > cur.RetryCount {
				last[k] = d
			}
			if d.RetryCount == 0 {
				firstFailure[k] = d.CreatedAt
			}
		}
		for i := range events {
			ev := &events[i]
			jobs, err := s.fanOut(ctx, s.DB, ev, hooks, scanURLs)
			if err != nil {
				return queued, err
			}
			for _, j := range jobs {
				to := uuid.Nil
				if j.WebhookID != nil {
					to = *j.WebhookID
					if !s.hookPredates(hooks[ev.OrganizationID], to, ev.CreatedAt) {
						continue // created after the event: it never was a receiver
					}
				}
				if d, ok := last[pair{ev.ID, to}]; ok {
					if d.Status == DeliverySuccess || d.ResponseCode == 410 || d.RetryCount+1 >= len(RetrySchedule) {
						continue
					}
					j.Attempt = d.RetryCount + 1
					j.FirstFailure = firstFailure[pair{ev.ID, to}]
					if j.FirstFailure.IsZero() {
						j.FirstFailure = d.CreatedAt
					}
					j.NotBefore = RetryAt(j.FirstFailure, j.Attempt)
				}
				if err := queue.EnqueueDelivery(ctx, j); err != nil {
					return queued, fmt.Errorf("queue delivery of event %s: %w", ev.ID, err)
				}
				queued++
			}
		}
	}
}

// hookPredates reports whether webhook id of ws existed at t.
func (s *Service) hookPredates(ws []db.Webhook, id uuid.UUID, t time.Time) bool {
	for i := range ws {
		if ws[i].ID == id {
			return !ws[i].CreatedAt.After(t)
		}
	}
	return false
}
