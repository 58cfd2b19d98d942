package core

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/dbtest"
)

// fakeQueue records delivery jobs; failOn makes the enqueue of that
// event's jobs fail.
type fakeQueue struct {
	jobs   []DeliveryJob
	failOn uuid.UUID
}

func (f *fakeQueue) EnqueueScan(context.Context, uuid.UUID, uuid.UUID) error { return nil }
func (f *fakeQueue) CancelScan(context.Context, uuid.UUID) error             { return nil }
func (f *fakeQueue) EnqueueDelivery(_ context.Context, j DeliveryJob) error {
	if j.EventID == f.failOn {
		return errors.New("redis is down")
	}
	f.jobs = append(f.jobs, j)
	return nil
}

func TestDispatchEventsFansOut(t *testing.T) {
	ctx := context.Background()
	q := &fakeQueue{}
	s := &Service{DB: dbtest.New(t), Queue: q, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	orgA, orgB := newID(), newID()
	now := s.Now()
	hook := func(org uuid.UUID, active bool, events ...string) uuid.UUID {
		w := &db.Webhook{ID: newID(), OrganizationID: org, URL: "https://h.example.com", Events: events, Secret: "s",
			Active: active, CreatedBy: newID(), CreatedAt: now, UpdatedAt: now}
		if _, err := s.DB.NewInsert().Model(w).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		return w.ID
	}
	w1 := hook(orgA, true, EventScanCompleted)
	w3 := hook(orgA, true, EventVulnerabilityCritical, EventScanCompleted)
	hook(orgA, false, EventTypes...) // inactive
	hook(orgB, true, EventTypes...)  // another organization
	scanWithURL := &db.Scan{ID: newID(), OrganizationID: orgA, ProjectID: newID(), ContractID: newID(), Status: ScanCompleted,
		Preset: "standard", WebhookURL: "https://ci.example.com/hook", ScannersUsed: []string{}, FileErrors: []db.FileError{},
		CreatedBy: newID(), CreatedAt: now, UpdatedAt: now}
	scanNoURL := *scanWithURL
	scanNoURL.ID, scanNoURL.WebhookURL = newID(), ""
	for _, sc := range []*db.Scan{scanWithURL, &scanNoURL} {
		if _, err := s.DB.NewInsert().Model(sc).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	var evs []uuid.UUID
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		for _, e := range []struct {
			typ  string
			scan *uuid.UUID
		}{
			{EventScanCompleted, &scanWithURL.ID},
			{EventVulnerabilityCritical, &scanNoURL.ID},
			{EventContractUploaded, nil},
		} {
			if err := s.emit(ctx, tx, orgA, e.typ, e.scan, map[string]any{"k": "v"}); err != nil {
				return err
			}
		}
		var rows []db.Event
		if err := tx.NewSelect().Model(&rows).OrderExpr("created_at, id").Scan(ctx); err != nil {
			return err
		}
		for _, r := range rows {
			evs = append(evs, r.ID)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	// The enqueue of the second event fails: the first is marked, the
	// rest wait in order.
	q.failOn = evs[1]
	n, err := s.DispatchEvents(ctx, 100)
	if err == nil || n != 1 {
		t.Fatalf("dispatch with a failing queue = %d, %v; want 1 and an error", n, err)
	}
	q.failOn = uuid.Nil
	if n, err := s.DispatchEvents(ctx, 100); err != nil || n != 2 {
		t.Fatalf("dispatch = %d, %v; want 2", n, err)
	}
	if n, err := s.DispatchEvents(ctx, 100); err != nil || n != 0 {
		t.Fatalf("dispatch of an empty outbox = %d, %v", n, err)
	}
	type row struct{ Event, To string }
	var got []row
	for _, j := range q.jobs {
		to := "nowhere"
		if j.WebhookID != nil {
			to = j.WebhookID.String()
		} else if j.ScanID != nil {
			to = "scan:" + j.ScanID.String()
		}
		if j.OrgID != orgA || j.Attempt != 0 || j.Manual || j.DeliveryID == uuid.Nil {
			t.Errorf("job = %+v", j)
		}
		got = append(got, row{j.EventID.String(), to})
	}
	want := []row{
		{evs[0].String(), w1.String()}, {evs[0].String(), w3.String()}, {evs[0].String(), "scan:" + scanWithURL.ID.String()},
		{evs[1].String(), w3.String()},
	}
	sort.Slice(want, func(i, j int) bool { return want[i].Event+want[i].To < want[j].Event+want[j].To })
	sort.Slice(got, func(i, j int) bool { return got[i].Event+got[i].To < got[j].Event+got[j].To })
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("jobs (-want +got):\n%s", diff)
	}
	left, err := s.DB.NewSelect().Model((*db.Event)(nil)).Where("dispatched_at IS NULL").Count(ctx)
	if err != nil || left != 0 {
		t.Errorf("undispatched events = %d, %v", left, err)
	}
}
