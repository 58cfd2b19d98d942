package ci

import (
	"encoding/json"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// CIContext is the ci_context recorded with a gate evaluation: where the
// build ran and for which change.
type CIContext struct {
	Provider    string `json:"provider"`
	Repository  string `json:"repository,omitempty"`
	Branch      string `json:"branch,omitempty"`
	Commit      string `json:"commit,omitempty"`
	PullRequest int    `json:"pull_request,omitempty"`
	BaseBranch  string `json:"base_branch,omitempty"`
	Event       string `json:"event,omitempty"`
	BuildID     string `json:"build_id,omitempty"`
	BuildURL    string `json:"build_url,omitempty"`
	Job         string `json:"job,omitempty"`
	Actor       string `json:"actor,omitempty"`

	// BaseCommit is the merge base for --changed-only; not sent.
	BaseCommit string `json:"-"`
	// ServerURL is the forge's web root, for file links; not sent.
	ServerURL string `json:"-"`
}

// maxContextField bounds each value, so a hostile branch name cannot bloat
// the evaluation record.
const maxContextField = 255

var commitSHA = regexp.MustCompile(`^[0-9a-fA-F]{7,64}$`)

// DetectCI reads the CI system's own variables through getenv (os.Getenv
// when nil): GitHub Actions, GitLab CI, Jenkins, CircleCI, Bitbucket
// Pipelines, Azure Pipelines, else "generic" under CI=true, else "local".
func DetectCI(getenv func(string) string) CIContext {
	if getenv == nil {
		getenv = os.Getenv
	}
	g := getenv
	var c CIContext
	switch {
	case g("GITHUB_ACTIONS") == "true":
		c = github(g)
	case g("GITLAB_CI") != "":
		c = CIContext{Provider: "gitlab", Repository: g("CI_PROJECT_PATH"),
			Branch: first(g("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME"), g("CI_COMMIT_REF_NAME")),
			Commit: g("CI_COMMIT_SHA"), PullRequest: atoi(g("CI_MERGE_REQUEST_IID")),
			BaseBranch: g("CI_MERGE_REQUEST_TARGET_BRANCH_NAME"), Event: g("CI_PIPELINE_SOURCE"),
			BuildID: g("CI_PIPELINE_ID"), BuildURL: first(g("CI_JOB_URL"), g("CI_PIPELINE_URL")),
			Job: g("CI_JOB_NAME"), Actor: g("GITLAB_USER_LOGIN"),
			BaseCommit: g("CI_MERGE_REQUEST_DIFF_BASE_SHA"), ServerURL: g("CI_SERVER_URL")}
	case g("JENKINS_URL") != "":
		c = CIContext{Provider: "jenkins", Repository: g("GIT_URL"),
			Branch: first(g("CHANGE_BRANCH"), g("BRANCH_NAME"), strings.TrimPrefix(g("GIT_BRANCH"), "origin/")),
			Commit: g("GIT_COMMIT"), PullRequest: atoi(g("CHANGE_ID")), BaseBranch: g("CHANGE_TARGET"),
			BuildID: g("BUILD_NUMBER"), BuildURL: g("BUILD_URL"), Job: g("JOB_NAME"),
			Actor: g("CHANGE_AUTHOR"), BaseCommit: g("GIT_PREVIOUS_SUCCESSFUL_COMMIT")}
	case g("CIRCLECI") == "true":
		pr := atoi(g("CIRCLE_PR_NUMBER"))
		if u := g("CIRCLE_PULL_REQUEST"); pr == 0 && u != "" {
			pr = atoi(u[strings.LastIndex(u, "/")+1:])
		}
		repo := g("CIRCLE_PROJECT_USERNAME")
		if n := g("CIRCLE_PROJECT_REPONAME"); n != "" {
			repo += "/" + n
		}
		c = CIContext{Provider: "circleci", Repository: repo, Branch: g("CIRCLE_BRANCH"), Commit: g("CIRCLE_SHA1"),
			PullRequest: pr, BuildID: g("CIRCLE_BUILD_NUM"), BuildURL: g("CIRCLE_BUILD_URL"),
			Job: g("CIRCLE_JOB"), Actor: g("CIRCLE_USERNAME")}
	case g("BITBUCKET_BUILD_NUMBER") != "":
		repo := g("BITBUCKET_REPO_FULL_NAME")
		c = CIContext{Provider: "bitbucket", Repository: repo, Branch: g("BITBUCKET_BRANCH"),
			Commit: g("BITBUCKET_COMMIT"), PullRequest: atoi(g("BITBUCKET_PR_ID")),
			BaseBranch: g("BITBUCKET_PR_DESTINATION_BRANCH"), BuildID: g("BITBUCKET_BUILD_NUMBER"),
			Job: g("BITBUCKET_STEP_UUID"), ServerURL: "https://bitbucket.org"}
		if repo != "" {
			c.BuildURL = "https://bitbucket.org/" + repo + "/pipelines/results/" + c.BuildID
		}
	case strings.EqualFold(g("TF_BUILD"), "true"):
		c = CIContext{Provider: "azure-pipelines", Repository: g("BUILD_REPOSITORY_NAME"),
			Branch:      strings.TrimPrefix(first(g("SYSTEM_PULLREQUEST_SOURCEBRANCH"), g("BUILD_SOURCEBRANCH")), "refs/heads/"),
			Commit:      g("BUILD_SOURCEVERSION"),
			PullRequest: atoi(first(g("SYSTEM_PULLREQUEST_PULLREQUESTNUMBER"), g("SYSTEM_PULLREQUEST_PULLREQUESTID"))),
			BaseBranch:  strings.TrimPrefix(g("SYSTEM_PULLREQUEST_TARGETBRANCH"), "refs/heads/"),
			Event:       g("BUILD_REASON"), BuildID: g("BUILD_BUILDID"), Job: g("SYSTEM_JOBDISPLAYNAME"),
			Actor: g("BUILD_REQUESTEDFOR")}
		if col, proj := g("SYSTEM_COLLECTIONURI"), g("SYSTEM_TEAMPROJECT"); col != "" && c.BuildID != "" {
			c.BuildURL = strings.TrimSuffix(col, "/") + "/" + proj + "/_build/results?buildId=" + c.BuildID
		}
	case g("CI") != "" && g("CI") != "false" && g("CI") != "0":
		c = CIContext{Provider: "generic"}
	default:
		c = CIContext{Provider: "local"}
	}
	c.bound()
	return c
}

// github reads GitHub Actions' variables and, for pull requests, the event
// payload: GITHUB_SHA is then the merge commit, the head sha is the commit
// a reviewer sees.
func github(g func(string) string) CIContext {
	c := CIContext{Provider: "github-actions", Repository: g("GITHUB_REPOSITORY"),
		Branch: first(g("GITHUB_HEAD_REF"), g("GITHUB_REF_NAME")), Commit: g("GITHUB_SHA"),
		BaseBranch: g("GITHUB_BASE_REF"), Event: g("GITHUB_EVENT_NAME"), BuildID: g("GITHUB_RUN_ID"),
		Job: g("GITHUB_JOB"), Actor: g("GITHUB_ACTOR"), ServerURL: first(g("GITHUB_SERVER_URL"), "https://github.com")}
	if c.Repository != "" && c.BuildID != "" {
		c.BuildURL = c.ServerURL + "/" + c.Repository + "/actions/runs/" + c.BuildID
	}
	if p := g("GITHUB_EVENT_PATH"); p != "" {
		if b, err := os.ReadFile(p); err == nil {
			var ev struct {
				Number      int `json:"number"`
				PullRequest *struct {
					Number int `json:"number"`
					Head   struct {
						Ref string `json:"ref"`
						SHA string `json:"sha"`
					} `json:"head"`
					Base struct {
						Ref string `json:"ref"`
						SHA string `json:"sha"`
					} `json:"base"`
				} `json:"pull_request"`
				Before string `json:"before"`
			}
			if json.Unmarshal(b, &ev) == nil {
				if pr := ev.PullRequest; pr != nil {
					c.PullRequest = first(pr.Number, ev.Number)
					c.Branch = first(pr.Head.Ref, c.Branch)
					c.Commit = first(pr.Head.SHA, c.Commit)
					c.BaseBranch = first(pr.Base.Ref, c.BaseBranch)
					c.BaseCommit = pr.Base.SHA
				} else if ev.Before != "" && strings.Trim(ev.Before, "0") != "" {
					c.BaseCommit = ev.Before // a push: compare with the previous tip
				}
			}
		}
	}
	return c
}

// bound trims every value to maxContextField and drops values the service
// would refuse (a commit that is not a SHA, a build URL that is not http),
// so an odd CI variable cannot turn a gate evaluation into a 422.
func (c *CIContext) bound() {
	if !commitSHA.MatchString(c.Commit) {
		c.Commit = ""
	}
	if !commitSHA.MatchString(c.BaseCommit) {
		c.BaseCommit = ""
	}
	if u, err := url.Parse(c.BuildURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		c.BuildURL = ""
	}
	for _, s := range []*string{&c.Provider, &c.Repository, &c.Branch, &c.Commit, &c.BaseBranch, &c.Event,
		&c.BuildID, &c.BuildURL, &c.Job, &c.Actor, &c.BaseCommit} {
		if len(*s) > maxContextField {
			*s = (*s)[:maxContextField]
		}
	}
}

func first[T comparable](vs ...T) T {
	var zero T
	for _, v := range vs {
		if v != zero {
			return v
		}
	}
	return zero
}

func atoi(s string) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 {
		return 0
	}
	return n
}
