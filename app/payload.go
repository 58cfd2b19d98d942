package app

import (
	"encoding/json"
	"strings"

	"github.com/bulwark-sec/bulwark/core"
)

// payload holds the few fields of GitHub's webhook payloads the App reads.
// It is decoded with encoding/json rather than go-github's event types:
// those refuse whole payloads over one odd timestamp (GitHub's own
// examples of check_run carry "2018-04-25 20:42:10"), and the App needs
// none of the rest.
type payload struct {
	Action       string `json:"action"`
	Installation *struct {
		ID      int64 `json:"id"`
		Account *struct {
			Login string `json:"login"`
			Type  string `json:"type"`
		} `json:"account"`
	} `json:"installation"`
	Repositories        []repoJSON `json:"repositories"`
	RepositoriesAdded   []repoJSON `json:"repositories_added"`
	RepositoriesRemoved []repoJSON `json:"repositories_removed"`
	Repository          *repoJSON  `json:"repository"`

	// push
	Ref     string `json:"ref"`
	After   string `json:"after"`
	Deleted bool   `json:"deleted"`

	PullRequest *pullJSON `json:"pull_request"`
	CheckSuite  *struct {
		HeadSHA      string     `json:"head_sha"`
		HeadBranch   *string    `json:"head_branch"`
		PullRequests []pullJSON `json:"pull_requests"`
	} `json:"check_suite"`
	CheckRun *struct {
		ID           int64      `json:"id"`
		HeadSHA      string     `json:"head_sha"`
		PullRequests []pullJSON `json:"pull_requests"`
		CheckSuite   struct {
			HeadBranch *string `json:"head_branch"`
		} `json:"check_suite"`
	} `json:"check_run"`
	RequestedAction *struct {
		Identifier string `json:"identifier"`
	} `json:"requested_action"`
}

type repoJSON struct {
	ID       int64  `json:"id"`
	FullName string `json:"full_name"`
	Private  bool   `json:"private"`
}

func (r repoJSON) core() core.GitHubRepo {
	return core.GitHubRepo{ID: r.ID, FullName: r.FullName, Private: r.Private}
}

func repos(rs []repoJSON) []core.GitHubRepo {
	out := make([]core.GitHubRepo, 0, len(rs))
	for _, r := range rs {
		out = append(out, r.core())
	}
	return out
}

type pullJSON struct {
	Number int     `json:"number"`
	State  string  `json:"state"`
	Head   refJSON `json:"head"`
	Base   refJSON `json:"base"`
}

type refJSON struct {
	Ref  string `json:"ref"`
	SHA  string `json:"sha"`
	Repo *struct {
		ID int64 `json:"id"`
	} `json:"repo"`
}

// trigger is the work one delivery asks for: a commit of a repository to
// scan, with its pull request when there is one. It is the github:event
// task's payload.
type trigger struct {
	Delivery     string          `json:"delivery"`
	Event        string          `json:"event"`
	Action       string          `json:"action,omitempty"`
	Installation int64           `json:"installation"`
	Repo         core.GitHubRepo `json:"repo"`
	HeadSHA      string          `json:"head_sha"`
	Branch       string          `json:"branch,omitempty"`
	Pull         int             `json:"pull,omitempty"`
	BaseSHA      string          `json:"base_sha,omitempty"`
	BaseRef      string          `json:"base_ref,omitempty"`
	// Rerun is a re-run the user asked for: always a new check run.
	Rerun bool `json:"rerun,omitempty"`
	// Silent scans a pull request's base commit when its branch was never
	// scanned, for the comparison only: nothing is posted on GitHub.
	Silent bool `json:"silent,omitempty"`
}

func (t *trigger) owner() string { o, _ := splitRepo(t.Repo.FullName); return o }
func (t *trigger) name() string  { _, n := splitRepo(t.Repo.FullName); return n }

// shaPattern-like check without a regexp: 40 (SHA-1) or 64 (SHA-256)
// lowercase hex digits.
func validSHA(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// zeroSHA is the "after" of a deleted ref.
func zeroSHA(s string) bool { return strings.Trim(s, "0") == "" }

// pullOf picks the pull request of a check suite or run that targets this
// repository (a suite lists the pull requests its head is part of).
func pullOf(list []pullJSON, repoID int64) *pullJSON {
	for i := range list {
		if list[i].Base.Repo == nil || list[i].Base.Repo.ID == repoID {
			return &list[i]
		}
	}
	return nil
}

// triggerOf returns the scan a push, pull_request, check_suite or
// check_run delivery asks for, or why it asks for none.
func triggerOf(event string, p *payload, scanTags bool) (*trigger, string) {
	if p.Repository == nil || p.Repository.ID <= 0 || !strings.Contains(p.Repository.FullName, "/") {
		return nil, "the payload names no repository"
	}
	t := &trigger{Event: event, Action: p.Action, Installation: p.Installation.ID, Repo: p.Repository.core()}
	switch event {
	case "push":
		if p.Deleted || zeroSHA(p.After) {
			return nil, "a deleted ref has nothing to scan"
		}
		switch {
		case strings.HasPrefix(p.Ref, "refs/heads/"):
			t.Branch = strings.TrimPrefix(p.Ref, "refs/heads/")
		case strings.HasPrefix(p.Ref, "refs/tags/") && scanTags:
		case strings.HasPrefix(p.Ref, "refs/tags/"):
			return nil, "tag pushes are not scanned (BULWARK_GITHUB_SCAN_TAGS)"
		default:
			return nil, "not a branch push"
		}
		t.HeadSHA = p.After
	case "pull_request":
		switch p.Action {
		case "opened", "synchronize", "reopened":
		default:
			return nil, "pull_request action " + p.Action + " needs no scan"
		}
		if p.PullRequest == nil {
			return nil, "the payload has no pull_request"
		}
		pr := p.PullRequest
		t.Pull, t.HeadSHA, t.BaseSHA, t.BaseRef, t.Branch = pr.Number, pr.Head.SHA, pr.Base.SHA, pr.Base.Ref, pr.Head.Ref
	case "check_suite":
		switch p.Action {
		case "requested":
		case "rerequested":
			t.Rerun = true
		default:
			return nil, "check_suite action " + p.Action + " needs no scan"
		}
		if p.CheckSuite == nil {
			return nil, "the payload has no check_suite"
		}
		t.HeadSHA = p.CheckSuite.HeadSHA
		if p.CheckSuite.HeadBranch != nil {
			t.Branch = *p.CheckSuite.HeadBranch
		}
		if pr := pullOf(p.CheckSuite.PullRequests, t.Repo.ID); pr != nil {
			t.Pull, t.BaseSHA, t.BaseRef = pr.Number, pr.Base.SHA, pr.Base.Ref
		}
	case "check_run":
		switch {
		case p.Action == "rerequested":
		case p.Action == "requested_action" && p.RequestedAction != nil && p.RequestedAction.Identifier == rescanAction:
		default:
			return nil, "check_run action " + p.Action + " needs no scan"
		}
		if p.CheckRun == nil {
			return nil, "the payload has no check_run"
		}
		t.Rerun = true
		t.HeadSHA = p.CheckRun.HeadSHA
		if p.CheckRun.CheckSuite.HeadBranch != nil {
			t.Branch = *p.CheckRun.CheckSuite.HeadBranch
		}
		if pr := pullOf(p.CheckRun.PullRequests, t.Repo.ID); pr != nil {
			t.Pull, t.BaseSHA, t.BaseRef = pr.Number, pr.Base.SHA, pr.Base.Ref
		}
	default:
		return nil, "event " + event + " is not handled"
	}
	if !validSHA(t.HeadSHA) {
		return nil, "the payload has no valid head commit"
	}
	if t.BaseSHA != "" && !validSHA(t.BaseSHA) {
		t.BaseSHA = ""
	}
	return t, ""
}

func decodePayload(b []byte) (*payload, error) {
	p := new(payload)
	if err := json.Unmarshal(b, p); err != nil {
		return nil, err
	}
	return p, nil
}
