package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/go-github/v62/github"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// Task types.
const (
	// TypeEvent scans the commit of one delivery: check run in progress,
	// tarball, upload, scan, gate evaluation.
	TypeEvent = "github:event"
	// TypeReport answers on GitHub once the scan finished: check run
	// completed, commit status, pull-request comment.
	TypeReport = "github:report"
)

// CheckName is the check run's name; StatusContext the commit status's.
const (
	CheckName     = "bulwark"
	StatusContext = "bulwark/quality-gate"
	rescanAction  = "rescan"
)

// lateReport is when a report is looked at again in case the scan's hook
// was missed (a Redis blip as the scan finished).
const lateReport = 20 * time.Minute

func (a *App) enqueueEvent(ctx context.Context, t *trigger) error {
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	_, err = a.queue.EnqueueContext(ctx, asynq.NewTask(TypeEvent, b), asynq.Queue("default"),
		asynq.TaskID("github-event:"+t.Delivery), asynq.MaxRetry(8), asynq.Timeout(10*time.Minute),
		asynq.Retention(time.Hour))
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}

type reportTask struct {
	Run uuid.UUID `json:"run"`
}

func (a *App) enqueueReport(ctx context.Context, run uuid.UUID, late bool) error {
	b, _ := json.Marshal(reportTask{Run: run})
	opts := []asynq.Option{asynq.Queue("default"), asynq.MaxRetry(8), asynq.Timeout(5 * time.Minute),
		asynq.TaskID("github-report:" + run.String())}
	if late {
		opts = append(opts, asynq.ProcessIn(lateReport), asynq.TaskID("github-report-late:"+run.String()))
	}
	_, err := a.queue.EnqueueContext(ctx, asynq.NewTask(TypeReport, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}

// ScanFinished is the core.Service hook: a scan the App started has
// finished, so its report is queued.
func (a *App) ScanFinished(ctx context.Context, scanID uuid.UUID) {
	run := new(db.GitHubRun)
	err := a.svc.DB.NewSelect().Model(run).Column("id").Where("scan_id = ?", scanID).Limit(1).Scan(ctx)
	if err != nil {
		if !errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
			a.log.Error("find github run of scan", "scan_id", scanID, "err", err)
		}
		return
	}
	if err := a.enqueueReport(context.WithoutCancel(ctx), run.ID, false); err != nil {
		a.log.Error("queue github report; the late check will send it", "run", run.ID, "err", err)
	}
}

// lastAttempt reports whether the task will not be retried after this.
func lastAttempt(ctx context.Context) bool {
	n, ok1 := asynq.GetRetryCount(ctx)
	max, ok2 := asynq.GetMaxRetry(ctx)
	return ok1 && ok2 && n >= max
}

// taskErr turns a run's failure into the task's answer: permanent ones
// were reported on GitHub already and are not retried.
func taskErr(err error) error {
	if err == nil || isRetryable(err) {
		return err
	}
	return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
}

func (a *App) processEvent(ctx context.Context, task *asynq.Task) error {
	var t trigger
	if err := json.Unmarshal(task.Payload(), &t); err != nil {
		return fmt.Errorf("%w: bad github:event payload: %v", asynq.SkipRetry, err)
	}
	return taskErr(a.runEvent(ctx, &t, lastAttempt(ctx)))
}

// runEvent does the scanning half of a delivery.
func (a *App) runEvent(ctx context.Context, t *trigger, last bool) error {
	in, err := a.svc.GitHubInstallation(ctx, t.Installation)
	if core.IsCode(err, core.CodeNotFound) {
		return nil
	}
	if err != nil {
		return &retryable{err: err}
	}
	if !in.Active() {
		a.log.Info("github event dropped: installation inactive", "installation", in.ID, "delivery", t.Delivery)
		return nil
	}
	pr, err := a.svc.GitHubProject(ctx, in, t.Repo, a.cfg.WebURL, t.Delivery)
	if core.IsCode(err, core.CodeNotFound) {
		a.log.Info("github event dropped: repository not granted", "repository", t.Repo.FullName, "delivery", t.Delivery)
		return nil
	}
	if err != nil {
		return &retryable{err: err}
	}
	run, err := a.startRun(ctx, in, pr, t)
	if err != nil || run == nil {
		return err
	}
	if run.ScanID != nil || run.CompletedAt != nil {
		return nil // a retry of a task that got this far
	}
	gh, err := a.client(in.ID)
	if err != nil {
		return err
	}
	if run.CheckRunID == 0 && !run.Silent {
		cr, resp, err := gh.Checks.CreateCheckRun(ctx, t.owner(), t.name(), github.CreateCheckRunOptions{
			Name: CheckName, HeadSHA: t.HeadSHA, Status: github.String("in_progress"),
			ExternalID: github.String(run.ID.String()), StartedAt: &github.Timestamp{Time: time.Now()},
			Output: &github.CheckRunOutput{Title: github.String("Scanning"),
				Summary: github.String("bulwark is scanning " + shortSHA(t.HeadSHA) + ".")},
		})
		if err != nil {
			return a.failed(ctx, gh, run, ghErr(resp, err), last)
		}
		run.CheckRunID = cr.GetID()
		if _, err := a.svc.DB.NewUpdate().Model(run).Column("check_run_id").WherePK().Exec(ctx); err != nil {
			return &retryable{err: err}
		}
	}
	co, err := a.fetch(ctx, gh, t, a.languages())
	if err != nil {
		return a.failed(ctx, gh, run, err, last)
	}
	run.Notes, run.FailOn = co.Notes, co.Config.FailOn
	if len(co.Files) == 0 {
		run.Notes = append(run.Notes, "no source files of a supported language were selected")
		return a.finishEmpty(ctx, gh, run)
	}
	// The base's run is recorded before the head's scan exists, so the
	// head's report always finds it (pending) and waits for it.
	if err := a.scanBase(ctx, in, pr, t); err != nil {
		a.log.Error("queue the scan of a pull request's base", "run", run.ID, "err", err)
	}
	org, err := db.GetOrganization(ctx, a.svc.DB, in.OrganizationID)
	if err != nil {
		return &retryable{err: err}
	}
	p := core.AppPrincipal(in.OrganizationID, org.Plan, t.Delivery)
	ct, err := a.svc.UploadFiles(ctx, p, pr.ID, fmt.Sprintf("%s@%s", t.Repo.FullName, shortSHA(t.HeadSHA)), co.Files)
	if err != nil {
		return a.failed(ctx, gh, run, coreErr(err), last)
	}
	sc, err := a.svc.CreateScan(ctx, p, core.ScanInput{ContractID: ct.ID, Preset: co.Config.Preset})
	if err != nil {
		return a.failed(ctx, gh, run, coreErr(err), last)
	}
	run.ScanID = &sc.ID
	trig := "github-app"
	ev, err := a.svc.EvaluateQualityGate(ctx, p, pr.ID, core.EvaluateInput{ScanID: &sc.ID, TriggeredBy: &trig,
		CIContext: a.ciContext(t, in.ID, run.CheckRunID)})
	switch {
	case err == nil:
		run.EvaluationID = &ev.ID
	case core.IsCode(err, core.CodeNotFound), core.IsCode(err, core.CodePermissionDenied):
		// No gate applies: no gate configured, or a plan without gates.
	default:
		a.log.Error("evaluate quality gate for github run", "run", run.ID, "err", err)
	}
	if _, err := a.svc.DB.NewUpdate().Model(run).Column("scan_id", "evaluation_id", "notes", "fail_on").WherePK().Exec(ctx); err != nil {
		return &retryable{err: err}
	}
	// The scan may have finished before the run named it, when the hook
	// found no run; the late task covers a hook that was lost.
	if err := a.enqueueReport(ctx, run.ID, true); err != nil {
		a.log.Error("queue late github report", "run", run.ID, "err", err)
	}
	if done, _ := a.scanDone(ctx, sc.ID); done {
		return a.enqueueReport(ctx, run.ID, false)
	}
	return nil
}

// scanBase records and queues a silent scan of a pull request's base
// commit when its branch has no run yet, so the comment compares against
// the real base instead of calling every finding new.
func (a *App) scanBase(ctx context.Context, in *db.GitHubInstallation, pr *db.Project, t *trigger) error {
	if t.Pull == 0 || t.BaseRef == "" || !validSHA(t.BaseSHA) {
		return nil
	}
	seen, err := a.svc.DB.NewSelect().Model((*db.GitHubRun)(nil)).
		Where("project_id = ? AND pull_number = 0 AND branch = ?", pr.ID, t.BaseRef).Exists(ctx)
	if err != nil || seen {
		return err
	}
	base := *t
	base.Delivery, base.Event, base.Action = t.Delivery+"-base", "base", ""
	base.HeadSHA, base.Branch, base.Pull, base.BaseSHA, base.BaseRef = t.BaseSHA, t.BaseRef, 0, "", ""
	base.Rerun, base.Silent = false, true
	run, err := a.startRun(ctx, in, pr, &base)
	if err != nil || run == nil {
		return err // nil run: that commit is scanned already
	}
	return a.enqueueEvent(ctx, &base)
}

func (a *App) scanDone(ctx context.Context, id uuid.UUID) (bool, error) {
	return a.svc.DB.NewSelect().Model((*db.Scan)(nil)).
		Where("id = ? AND status NOT IN (?)", id, bun.List(core.ActiveScanStatuses)).Exists(ctx)
}

// languages are the languages the engine scans.
func (a *App) languages() map[string]bool {
	m := map[string]bool{}
	for _, l := range a.svc.Engine.Languages() {
		m[l.Name()] = true
	}
	return m
}

func (a *App) ciContext(t *trigger, installation, checkRun int64) map[string]any {
	ci := map[string]any{"provider": "github-app", "repository": t.Repo.FullName, "commit": t.HeadSHA,
		"installation_id": installation, "delivery_id": t.Delivery, "event": t.Event}
	if t.Branch != "" {
		ci["branch"] = t.Branch
	}
	if t.Pull > 0 {
		ci["pull_request"] = int64(t.Pull)
		if t.BaseRef != "" {
			ci["base_branch"] = t.BaseRef
		}
		if t.BaseSHA != "" {
			ci["base_sha"] = t.BaseSHA
		}
	}
	if checkRun > 0 {
		ci["build_url"] = fmt.Sprintf("%s/%s/runs/%d", a.cfg.WebURL, t.Repo.FullName, checkRun)
	}
	return ci
}

// coreErr classifies a service error of the scanning half: concurrency
// limits pass (retry later), everything else is shown on the check run.
func coreErr(err error) error {
	var e *core.Error
	if errors.As(err, &e) {
		if e.Code == core.CodeConcurrentLimit {
			return &retryable{err: err, after: 15 * time.Second}
		}
		return &permanent{msg: e.Message}
	}
	return &retryable{err: err}
}

// startRun finds the run of this delivery, or starts one. It returns nil
// when the commit is already being scanned in the same context (a push
// and GitHub's check_suite request for the same commit).
func (a *App) startRun(ctx context.Context, in *db.GitHubInstallation, pr *db.Project, t *trigger) (*db.GitHubRun, error) {
	run := new(db.GitHubRun)
	err := a.svc.DB.NewSelect().Model(run).Where("delivery_id = ?", t.Delivery).Scan(ctx)
	if err == nil {
		return run, nil
	}
	if !errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
		return nil, &retryable{err: err}
	}
	run = &db.GitHubRun{ID: uuid.Must(uuid.NewV7()), OrganizationID: in.OrganizationID, InstallationID: in.ID,
		RepositoryID: t.Repo.ID, FullName: t.Repo.FullName, ProjectID: pr.ID, DeliveryID: t.Delivery, Event: t.Event,
		HeadSHA: t.HeadSHA, Branch: t.Branch, PullNumber: t.Pull, BaseSHA: t.BaseSHA, BaseRef: t.BaseRef,
		Silent: t.Silent, Notes: []string{}, CreatedAt: a.svc.Now()}
	if !t.Rerun {
		key := fmt.Sprintf("%d:%s:%d:%s", t.Repo.ID, t.HeadSHA, t.Pull, pr.ID)
		run.DedupeKey = &key
	}
	res, err := a.svc.DB.NewInsert().Model(run).On("CONFLICT DO NOTHING").Exec(ctx)
	if err != nil {
		return nil, &retryable{err: err}
	}
	if n, _ := res.RowsAffected(); n == 0 {
		// The same delivery raced itself (a redelivered task), or the
		// commit is already being scanned in this context.
		again := new(db.GitHubRun)
		if err := a.svc.DB.NewSelect().Model(again).Where("delivery_id = ?", t.Delivery).Scan(ctx); err == nil {
			return again, nil
		}
		a.log.Info("github event: commit already scanned", "repository", t.Repo.FullName, "sha", t.HeadSHA, "delivery", t.Delivery)
		return nil, nil
	}
	return run, nil
}

// failed ends a run that cannot go on: a permanent failure, or a
// retryable one on the last attempt, completes the check run as a
// failure with the reason. A retryable failure before that is returned
// for asynq to retry.
func (a *App) failed(ctx context.Context, gh *github.Client, run *db.GitHubRun, err error, last bool) error {
	if isRetryable(err) && !last {
		a.log.Warn("github run: retrying", "run", run.ID, "err", err)
		return err
	}
	msg := err.Error()
	if isRetryable(err) {
		msg = "GitHub or the service stayed unavailable after retries: " + msg
	}
	a.log.Error("github run failed", "run", run.ID, "repository", run.FullName, "sha", run.HeadSHA, "err", msg)
	run.Error = msg
	v := verdict{conclusion: "failure", state: "error", title: "bulwark could not scan this commit",
		description: truncate("Scan failed: "+msg, 140)}
	summary := "### bulwark could not scan " + shortSHA(run.HeadSHA) + "\n\n" + mdEscape(truncate(msg, 2000)) +
		"\n\nRe-run the check to try again."
	if err := a.complete(ctx, gh, run, v, summary, nil, last); err != nil {
		return err
	}
	if err := a.finish(ctx, run, v.conclusion); err != nil {
		return &retryable{err: err}
	}
	return &permanent{msg: msg}
}

// finishEmpty completes a run that had nothing to scan.
func (a *App) finishEmpty(ctx context.Context, gh *github.Client, run *db.GitHubRun) error {
	v := verdict{conclusion: "neutral", state: "success", title: "No contracts to scan",
		description: "No source files of a supported language were selected"}
	summary := "### Nothing to scan\n\n" + notesMarkdown(run.Notes)
	if err := a.complete(ctx, gh, run, v, summary, nil, false); err != nil {
		return err
	}
	return a.finish(ctx, run, v.conclusion)
}

// complete sends the check run's completion (annotations in batches) and
// the commit status, recording each step, then marks the run completed.
// A retryable failure before the last attempt is returned, and the retry
// resends only the steps GitHub did not take; on the last attempt, or for
// a permanent failure, it is logged and the run is closed anyway, so a
// GitHub outage never turns into an endless retry.
func (a *App) complete(ctx context.Context, gh *github.Client, run *db.GitHubRun, v verdict, summary string,
	anns []*github.CheckRunAnnotation, last bool) error {
	owner, name := splitRepo(run.FullName)
	link := ""
	if run.ScanID != nil {
		link = a.svc.Reports.URL(*run.ScanID, a.svc.Now())
	}
	step := func(err error, what string) error {
		if err == nil {
			return nil
		}
		if isRetryable(err) && !last {
			return err
		}
		a.log.Error("github report step failed; giving up", "run", run.ID, "step", what, "err", err)
		return nil
	}
	if run.CheckRunID != 0 {
		if err := step(a.completeCheckRun(ctx, gh, owner, name, run, v, summary, link, anns), "check run"); err != nil {
			return err
		}
	}
	if !run.StatusDone && !run.Silent {
		st := &github.RepoStatus{State: github.String(v.state), Context: github.String(StatusContext),
			Description: github.String(truncate(v.description, 140))}
		if link != "" {
			st.TargetURL = github.String(link)
		}
		_, resp, err := gh.Repositories.CreateStatus(ctx, owner, name, run.HeadSHA, st)
		if err == nil {
			run.StatusDone = true
			a.saveProgress(ctx, run)
		}
		if err := step(ghErr(resp, err), "status"); err != nil {
			return err
		}
	}
	return nil
}

// finish marks the run completed.
func (a *App) finish(ctx context.Context, run *db.GitHubRun, conclusion string) error {
	now := a.svc.Now()
	run.CompletedAt, run.Conclusion = &now, conclusion
	_, err := a.svc.DB.NewUpdate().Model(run).Column("completed_at", "conclusion", "error", "notes").WherePK().Exec(ctx)
	return err
}

func (a *App) saveProgress(ctx context.Context, run *db.GitHubRun) {
	if _, err := a.svc.DB.NewUpdate().Model(run).Column("check_done", "annotations_sent", "status_done").WherePK().Exec(ctx); err != nil {
		a.log.Error("record github report progress", "run", run.ID, "err", err)
	}
}

// completeCheckRun completes the check run with the first 50 annotations
// and sends the rest in further updates of 50 (GitHub's limit per
// request; annotations accumulate).
func (a *App) completeCheckRun(ctx context.Context, gh *github.Client, owner, name string, run *db.GitHubRun, v verdict,
	summary, link string, anns []*github.CheckRunAnnotation) error {
	if !run.CheckDone {
		first := anns
		if len(first) > maxAnnotationsPerRequest {
			first = anns[:maxAnnotationsPerRequest]
		}
		opt := github.UpdateCheckRunOptions{Name: CheckName, Status: github.String("completed"),
			Conclusion: github.String(v.conclusion), CompletedAt: &github.Timestamp{Time: time.Now()},
			Output: &github.CheckRunOutput{Title: github.String(truncate(v.title, 255)), Summary: github.String(summary),
				Annotations: first},
			Actions: []*github.CheckRunAction{{Label: "Re-scan", Description: "Scan this commit again", Identifier: rescanAction}},
		}
		if link != "" {
			opt.DetailsURL = github.String(link)
		}
		if _, resp, err := gh.Checks.UpdateCheckRun(ctx, owner, name, run.CheckRunID, opt); err != nil {
			return ghErr(resp, err)
		}
		run.CheckDone, run.AnnotationsSent = true, len(first)
		a.saveProgress(ctx, run)
	}
	for run.AnnotationsSent < len(anns) {
		end := min(run.AnnotationsSent+maxAnnotationsPerRequest, len(anns))
		more := github.UpdateCheckRunOptions{Name: CheckName, Output: &github.CheckRunOutput{
			Title: github.String(truncate(v.title, 255)), Summary: github.String(summary), Annotations: anns[run.AnnotationsSent:end]}}
		if _, resp, err := gh.Checks.UpdateCheckRun(ctx, owner, name, run.CheckRunID, more); err != nil {
			return ghErr(resp, err)
		}
		run.AnnotationsSent = end
		a.saveProgress(ctx, run)
	}
	return nil
}

func (a *App) processReport(ctx context.Context, task *asynq.Task) error {
	var rt reportTask
	if err := json.Unmarshal(task.Payload(), &rt); err != nil {
		return fmt.Errorf("%w: bad github:report payload: %v", asynq.SkipRetry, err)
	}
	return taskErr(a.report(ctx, rt.Run))
}
