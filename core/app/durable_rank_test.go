package app_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// topic is one piece of durable knowledge and the question that needs it.
type topic struct {
	title, body, question, command string
}

var durableTopics = []topic{
	{"Rotate database credentials with vault", "Run vault write -f database/rotate-root/app; never rotate by hand, the app reloads within a minute.", "how do we rotate database credentials", "vault write -f database/rotate-root/app"},
	{"Deploy to staging with make deploy-staging", "make deploy-staging from main; it runs migrations first and waits for health checks.", "how do I deploy to staging", "make deploy-staging"},
	{"Run integration tests with docker compose up first", "The integration tests need docker compose up -d db redis; then go test ./integration/...", "how do I run the integration tests", "go test ./integration/..."},
	{"Regenerate protobuf code with buf generate", "buf generate from the repo root; never edit gen/ by hand.", "how do we regenerate the protobuf code", "buf generate"},
	{"Release: tag vX.Y.Z on main and push the tag", "CI builds and publishes on a v* tag; bump CHANGELOG.md first.", "how do we cut a release", "git tag v1.4.0 && git push --tags"},
	{"Postgres connection pool is capped at 20 per pod", "max_open_conns=20; more exhausts the RDS limit with 30 pods.", "what is the postgres connection pool size", "grep max_open_conns config/*.yaml"},
	{"Feature flags live in LaunchDarkly, project web", "Create flags in LaunchDarkly project web, environment production; keys are kebab-case.", "where do feature flags live", "ld flags list"},
	{"Frontend uses pnpm, never npm", "pnpm install; npm breaks the workspace lockfile.", "which package manager does the frontend use", "pnpm install"},
	{"Log in to the staging cluster with aws sso login", "aws sso login --profile staging, then kubectl config use-context staging.", "how do I log in to the staging kubernetes cluster", "aws sso login --profile staging"},
	{"Reset the local database with make db-reset", "make db-reset drops, recreates and seeds the local database.", "how do I reset my local database", "make db-reset"},
	{"Sentry DSN comes from the SENTRY_DSN secret", "Never hard-code the DSN; it is injected from the SENTRY_DSN secret in each environment.", "where does the sentry dsn come from", "kubectl get secret sentry -o yaml"},
	{"API rate limit is 100 requests per minute per key", "Enforced at the gateway; 429 with Retry-After beyond it.", "what is the api rate limit", "curl -I https://api.example.com/v1/ping"},
	{"Cron jobs are defined in deploy/cron.yaml", "Add a CronJob entry in deploy/cron.yaml; schedules are UTC.", "where are the cron jobs defined", "kubectl get cronjobs"},
	{"Translations are synced with crowdin upload", "crowdin upload sources after adding strings; crowdin download before a release.", "how do we sync translations", "crowdin upload sources"},
	{"Benchmarks: go test -bench with -count 10 and benchstat", "Compare with benchstat old.txt new.txt; a single run is noise.", "how do we compare benchmarks", "go test -bench . -count 10"},
	{"Clear the CDN cache with the purge script", "scripts/purge-cdn.sh PATH purges one path; never purge everything in business hours.", "how do I clear the cdn cache", "scripts/purge-cdn.sh /assets"},
	{"Payments webhooks are verified with the signing secret", "Verify the Stripe-Signature header with STRIPE_WEBHOOK_SECRET before parsing.", "how are payment webhooks verified", "stripe listen --forward-to localhost:8080/webhooks"},
	{"On-call handoff happens Mondays at 10:00 UTC", "Hand off in #oncall with open incidents and muted alerts listed.", "when is the on-call handoff", "pd schedule show"},
	{"Code review needs two approvals for main", "Branch protection: two approvals, CI green, no force pushes.", "how many approvals does a pull request need", "gh pr view --json reviews"},
	{"Search index is rebuilt with the reindex job", "kubectl create job --from=cronjob/reindex reindex-manual; takes ~20 minutes.", "how do I rebuild the search index", "kubectl create job --from=cronjob/reindex reindex-manual"},
	{"Email templates are in templates/email as MJML", "Edit the .mjml source; make emails compiles them to HTML.", "where are the email templates", "make emails"},
	{"Python services use uv, not pip", "uv sync installs from uv.lock; uv add for new dependencies.", "how do I install python dependencies", "uv sync"},
	{"Secrets are managed with sops and age", "sops -e -i secrets.yaml with the team age key; never commit plaintext.", "how do we manage secrets", "sops -d secrets.yaml"},
	{"Load tests run with k6 from the loadtest directory", "k6 run loadtest/checkout.js against staging only, never production.", "how do we run load tests", "k6 run loadtest/checkout.js"},
	{"Database migrations use goose", "goose -dir migrations create NAME sql; goose up runs them; never edit an applied migration.", "how do we write a database migration", "goose -dir migrations up"},
	{"Image builds use the distroless base", "FROM gcr.io/distroless/static; no shell in production images.", "which base image do we use for docker builds", "docker build -t app ."},
	{"Timeouts: outbound HTTP calls get 5 seconds", "http.Client{Timeout: 5 * time.Second}; retries with backoff for idempotent calls only.", "what timeout do outbound http calls use", "grep -rn Timeout internal/http"},
	{"Dependabot PRs are merged on Tuesdays", "Batch-merge green dependabot PRs on Tuesday; majors need an owner.", "when do we merge dependabot pull requests", "gh pr list --author app/dependabot"},
	{"Metrics dashboards are in Grafana folder Backend", "Add panels to the Backend folder; alerts go through Alertmanager, not Grafana.", "where are the metrics dashboards", "open grafana"},
	{"Local HTTPS uses mkcert", "mkcert -install, then mkcert localhost; the dev server picks up the certs in .certs/.", "how do I get https working locally", "mkcert localhost"},
	{"GraphQL schema changes need the schema check", "make schema-check compares against production; breaking changes need a deprecation first.", "how do we change the graphql schema", "make schema-check"},
	{"The monorepo builds with bazel build //...", "bazel build //... ; bazel test //services/... for the services only.", "how do I build the monorepo", "bazel build //..."},
	{"Customer data exports go through the export service", "POST /v1/exports with the account id; never query production for exports.", "how do we export customer data", "curl -X POST /v1/exports"},
	{"Lint with golangci-lint v2 config in .golangci.yml", "golangci-lint run ./... ; the config enables revive and gosec.", "how do I lint the go code", "golangci-lint run ./..."},
	{"Queue consumers retry three times then dead-letter", "After three failures a message goes to the DLQ; replay with scripts/replay-dlq.sh.", "what happens when a queue message fails", "scripts/replay-dlq.sh"},
	{"Time zones: store UTC, render in the user's zone", "Columns are timestamptz in UTC; convert only in the presentation layer.", "how do we handle time zones", "grep -rn timestamptz migrations"},
	{"Access to production needs a break-glass ticket", "Open a BREAKGLASS ticket; access expires after 4 hours.", "how do I get production access", "jira create BREAKGLASS"},
	{"Mobile builds are signed by fastlane match", "fastlane match appstore fetches certificates; never create them in Xcode.", "how are the mobile builds signed", "fastlane match appstore"},
	{"Cache invalidation uses versioned keys", "Bump CACHE_VERSION in config to invalidate every key; never flush redis.", "how do we invalidate the cache", "redis-cli info keyspace"},
	{"Incident postmortems are due within five days", "Write it in docs/postmortems from the template; blameless, with action items.", "when are incident postmortems due", "ls docs/postmortems"},
}

// sessionAsks are how people ask about a topic in sessions: each becomes a captured session
// note that echoes the topic's words in its ask, commands and outcome.
var sessionAsks = []string{"%s?", "%s again, I forgot", "can you remind me %s", "%s for the new service", "%s — it failed last time"}

// TestDurableNotesRankAboveSessionNotes measures issue 16's figure: in a store of 40 durable notes
// and 200 captured sessions (five per topic, each repeating the topic's question in its own words),
// how often is the durable note answering a question among memory_search's top 3? The figure is
// logged (go test -v); the test holds the durable note to the first page (top 8) for every
// question, and to the top 3 for at least 80% of them.
func TestDurableNotesRankAboveSessionNotes(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	st, err := a.Store(ctx)
	if err != nil {
		t.Fatal(err)
	}
	const proj = "github.com/acme/shop"
	durable := make([]string, len(durableTopics))
	for i, tp := range durableTopics {
		typ := "procedural"
		if i%3 == 1 {
			typ = "semantic"
		}
		n, err := write(a, ctx, app.WriteRequest{Type: typ, Title: tp.title, Body: tp.body, Project: proj})
		if err != nil {
			t.Fatal(err)
		}
		durable[i] = n.ID
	}
	sessions := 0
	for i, tp := range durableTopics {
		for j, ask := range sessionAsks {
			s := &capture.Session{
				Asks:     []string{fmt.Sprintf(ask, tp.question), "thanks, that worked"},
				Commands: []string{tp.command, "git status"},
				Files:    []string{fmt.Sprintf("notes/session-%d-%d.md", i, j)},
			}
			title, body := capture.Summarize(s, fmt.Sprintf("To %s I ran `%s`; it worked.", tp.question, tp.command))
			if _, err := st.Write(ctx, store.WriteInput{Type: note.Episodic, Title: title, Body: body, Project: proj,
				Tags: []string{capture.SessionTag, "stop"}, ProvSource: note.SourceSessionEnd, ProvSession: fmt.Sprintf("s-%d-%d", i, j)}); err != nil {
				t.Fatal(err)
			}
			sessions++
		}
	}
	top1, top3, top8 := 0, 0, 0
	for i, tp := range durableTopics {
		page, err := a.Search(ctx, app.SearchRequest{Query: tp.question})
		if err != nil {
			t.Fatal(err)
		}
		rank := -1
		for r, v := range page.Results {
			if v.ID == durable[i] {
				rank = r
			}
		}
		switch {
		case rank == 0:
			top1++
			fallthrough
		case rank >= 0 && rank < 3:
			top3++
		}
		if rank >= 0 {
			top8++
		} else {
			t.Errorf("%q: the durable note %q is not on the first page", tp.question, tp.title)
		}
	}
	n := len(durableTopics)
	t.Logf("%d durable notes, %d session notes: durable note at rank 1 for %d/%d questions, in the top 3 for %d/%d (%.0f%%), in the top 8 for %d/%d",
		n, sessions, top1, n, top3, n, 100*float64(top3)/float64(n), top8, n)
	// Measured 37/40 (92%) with the durable preference and 26/40 (65%) without it.
	if top3*10 < n*8 {
		t.Errorf("the durable note is in the top 3 for only %d of %d questions; want at least 80%%", top3, n)
	}
}
