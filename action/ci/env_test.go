package ci_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action/apitest"
	"github.com/bulwark-sec/bulwark/action/ci"
)

func envOf(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
}

func TestDetectCI(t *testing.T) {
	event := filepath.Join(apitest.SharedDir(t), "fixtures", "github-webhooks", "pull_request.opened.json")
	tests := []struct {
		name string
		env  map[string]string
		want ci.CIContext
	}{
		{"github pull request from the event payload", map[string]string{
			"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "Codertocat/Hello-World", "GITHUB_SHA": "mergesha",
			"GITHUB_REF_NAME": "2/merge", "GITHUB_HEAD_REF": "changes", "GITHUB_BASE_REF": "master",
			"GITHUB_EVENT_NAME": "pull_request", "GITHUB_RUN_ID": "42", "GITHUB_JOB": "scan", "GITHUB_ACTOR": "octo",
			"GITHUB_SERVER_URL": "https://github.com", "GITHUB_EVENT_PATH": event},
			ci.CIContext{Provider: "github-actions", Repository: "Codertocat/Hello-World", Branch: "changes",
				Commit: "ec26c3e57ca3a959ca5aad62de7213c562f8c821", PullRequest: 2, BaseBranch: "master",
				Event: "pull_request", BuildID: "42", BuildURL: "https://github.com/Codertocat/Hello-World/actions/runs/42",
				Job: "scan", Actor: "octo", BaseCommit: "f95f852bd8fca8fcc58a9a2d6c842781e32a215e", ServerURL: "https://github.com"}},
		{"github push without payload", map[string]string{"GITHUB_ACTIONS": "true", "GITHUB_REF_NAME": "main",
			"GITHUB_SHA": "abc1234", "GITHUB_EVENT_NAME": "push"},
			ci.CIContext{Provider: "github-actions", Branch: "main", Commit: "abc1234", Event: "push", ServerURL: "https://github.com"}},
		{"gitlab merge request", map[string]string{"GITLAB_CI": "true", "CI_PROJECT_PATH": "g/p",
			"CI_COMMIT_REF_NAME": "feat", "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "feat-mr", "CI_COMMIT_SHA": "c1c1c1c1",
			"CI_MERGE_REQUEST_IID": "7", "CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "main", "CI_PIPELINE_SOURCE": "merge_request_event",
			"CI_PIPELINE_ID": "99", "CI_JOB_URL": "https://gitlab.com/g/p/-/jobs/5", "CI_JOB_NAME": "bulwark",
			"GITLAB_USER_LOGIN": "dev", "CI_MERGE_REQUEST_DIFF_BASE_SHA": "b1b1b1b1", "CI_SERVER_URL": "https://gitlab.com"},
			ci.CIContext{Provider: "gitlab", Repository: "g/p", Branch: "feat-mr", Commit: "c1c1c1c1", PullRequest: 7,
				BaseBranch: "main", Event: "merge_request_event", BuildID: "99", BuildURL: "https://gitlab.com/g/p/-/jobs/5",
				Job: "bulwark", Actor: "dev", BaseCommit: "b1b1b1b1", ServerURL: "https://gitlab.com"}},
		{"jenkins multibranch pull request", map[string]string{"JENKINS_URL": "https://ci/", "GIT_URL": "https://git/r.git",
			"CHANGE_BRANCH": "pr-branch", "BRANCH_NAME": "PR-12", "GIT_COMMIT": "c2c2c2c2", "CHANGE_ID": "12", "CHANGE_TARGET": "main",
			"BUILD_NUMBER": "3", "BUILD_URL": "https://ci/job/r/3/", "JOB_NAME": "r/PR-12", "CHANGE_AUTHOR": "ann"},
			ci.CIContext{Provider: "jenkins", Repository: "https://git/r.git", Branch: "pr-branch", Commit: "c2c2c2c2",
				PullRequest: 12, BaseBranch: "main", BuildID: "3", BuildURL: "https://ci/job/r/3/", Job: "r/PR-12", Actor: "ann"}},
		{"jenkins plain branch", map[string]string{"JENKINS_URL": "https://ci/", "GIT_BRANCH": "origin/dev", "GIT_COMMIT": "c3c3c3c3"},
			ci.CIContext{Provider: "jenkins", Branch: "dev", Commit: "c3c3c3c3"}},
		{"circleci", map[string]string{"CIRCLECI": "true", "CIRCLE_BRANCH": "f", "CIRCLE_SHA1": "c4c4c4c4",
			"CIRCLE_PULL_REQUEST": "https://github.com/o/r/pull/88", "CIRCLE_PROJECT_USERNAME": "o", "CIRCLE_PROJECT_REPONAME": "r",
			"CIRCLE_BUILD_NUM": "5", "CIRCLE_BUILD_URL": "https://circleci.com/gh/o/r/5", "CIRCLE_JOB": "scan", "CIRCLE_USERNAME": "u"},
			ci.CIContext{Provider: "circleci", Repository: "o/r", Branch: "f", Commit: "c4c4c4c4", PullRequest: 88, BuildID: "5",
				BuildURL: "https://circleci.com/gh/o/r/5", Job: "scan", Actor: "u"}},
		{"bitbucket", map[string]string{"BITBUCKET_BUILD_NUMBER": "17", "BITBUCKET_REPO_FULL_NAME": "team/repo",
			"BITBUCKET_BRANCH": "b", "BITBUCKET_COMMIT": "c5c5c5c5", "BITBUCKET_PR_ID": "4", "BITBUCKET_PR_DESTINATION_BRANCH": "main",
			"BITBUCKET_STEP_UUID": "{s}"},
			ci.CIContext{Provider: "bitbucket", Repository: "team/repo", Branch: "b", Commit: "c5c5c5c5", PullRequest: 4,
				BaseBranch: "main", BuildID: "17", BuildURL: "https://bitbucket.org/team/repo/pipelines/results/17", Job: "{s}",
				ServerURL: "https://bitbucket.org"}},
		{"azure pipelines pull request", map[string]string{"TF_BUILD": "True", "BUILD_REPOSITORY_NAME": "repo",
			"BUILD_SOURCEBRANCH": "refs/pull/9/merge", "SYSTEM_PULLREQUEST_SOURCEBRANCH": "refs/heads/feature/x",
			"BUILD_SOURCEVERSION": "c6c6c6c6", "SYSTEM_PULLREQUEST_PULLREQUESTID": "9",
			"SYSTEM_PULLREQUEST_TARGETBRANCH": "refs/heads/main", "BUILD_REASON": "PullRequest", "BUILD_BUILDID": "123",
			"SYSTEM_COLLECTIONURI": "https://dev.azure.com/org/", "SYSTEM_TEAMPROJECT": "proj", "SYSTEM_JOBDISPLAYNAME": "scan",
			"BUILD_REQUESTEDFOR": "Ann"},
			ci.CIContext{Provider: "azure-pipelines", Repository: "repo", Branch: "feature/x", Commit: "c6c6c6c6", PullRequest: 9,
				BaseBranch: "main", Event: "PullRequest", BuildID: "123",
				BuildURL: "https://dev.azure.com/org/proj/_build/results?buildId=123", Job: "scan", Actor: "Ann"}},
		{"generic", map[string]string{"CI": "true"}, ci.CIContext{Provider: "generic"}},
		{"local", map[string]string{"CI": "false"}, ci.CIContext{Provider: "local"}},
		{"values the service refuses are dropped", map[string]string{"JENKINS_URL": "x", "GIT_COMMIT": "not-a-sha",
			"BUILD_URL": "ftp://ci/job/1", "GIT_BRANCH": "main"},
			ci.CIContext{Provider: "jenkins", Branch: "main"}},
		{"values are bounded", map[string]string{"CIRCLECI": "true", "CIRCLE_BRANCH": strings.Repeat("b", 1000)},
			ci.CIContext{Provider: "circleci", Branch: strings.Repeat("b", 255)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ci.DetectCI(envOf(tt.env))); diff != "" {
				t.Errorf("context (-want +got):\n%s", diff)
			}
		})
	}
}
