package client_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action/client"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// The client against the real server: envelopes, errors with request ids
// and cursor pages as the service writes them.
func TestClientAgainstServerProjects(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c, err := client.New(env.URL+"/api/v1/", env.Key)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var want []string
	for i := range 5 {
		name := fmt.Sprintf("project-%d", i)
		p, err := c.CreateProject(ctx, client.ProjectInput{Name: name, Description: "d"})
		if err != nil {
			t.Fatal(err)
		}
		if p.ID == "" || p.Name != name || p.CreatedAt.IsZero() {
			t.Fatalf("created %+v", p)
		}
		want = append([]string{name}, want...) // newest first
	}
	_, err = c.CreateProject(ctx, client.ProjectInput{Name: "project-0"})
	e, ok := client.AsError(err)
	if !ok || e.Status != 409 || e.Code != "DUPLICATE_RESOURCE" || e.RequestID == "" {
		t.Fatalf("duplicate: %#v", err)
	}

	pg, err := c.ListProjects(ctx, client.ListOptions{First: 2, IncludeTotal: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(pg.Items) != 2 || !pg.PageInfo.HasNextPage || pg.PageInfo.EndCursor == nil || pg.PageInfo.TotalCount == nil || *pg.PageInfo.TotalCount != 5 {
		t.Fatalf("first page %+v", pg)
	}
	var got []string
	for p, err := range c.Projects(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p.Name)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("iteration (-want +got):\n%s", diff)
	}

	p, created, err := c.EnsureProject(ctx, "project-3", "")
	if err != nil || created || p.Name != "project-3" {
		t.Fatalf("ensure existing: %+v %v %v", p, created, err)
	}
	byID, created, err := c.EnsureProject(ctx, p.ID, "")
	if err != nil || created || byID.ID != p.ID {
		t.Fatalf("ensure by id: %+v %v %v", byID, created, err)
	}
	n, created, err := c.EnsureProject(ctx, "fresh", "https://github.com/o/r")
	if err != nil || !created || n.RepositoryURL != "https://github.com/o/r" {
		t.Fatalf("ensure new: %+v %v %v", n, created, err)
	}

	_, err = c.GetProject(ctx, "0194f7a0-0000-7000-8000-000000000000")
	if !client.IsCode(err, "RESOURCE_NOT_FOUND") {
		t.Fatalf("unknown id: %v", err)
	}
	other, _ := client.New(env.URL, env.NewOrg("globex", "developer"))
	if _, err := other.GetProject(ctx, p.ID); !client.IsCode(err, "RESOURCE_NOT_FOUND") {
		t.Fatalf("another org's project: %v", err)
	}
	bad, _ := client.New(env.URL, "bwk_nope")
	bad.MaxAttempts = 1
	if _, err := bad.GetProject(ctx, p.ID); !client.IsCode(err, "UNAUTHORIZED") {
		t.Fatalf("bad key: %v", err)
	}
}
