package store

import (
	"strings"
)

// The developer lexicon: a question asked weeks after a note was written rarely uses the note's
// words ("the app keeps crashing" against a note on a Go panic), and for a developer's notes most
// such pairs fall in a small set of concepts with several everyday names. Each line below is one
// concept; a query word that names it (compared by light stem) also searches the concept's other
// names, in a second, separate ranking whose scores count Ranking.ExpansionWeight of a direct
// match's (see expand.go), so a note holding the query's own words still comes first. The lines
// are hand-written from common developer usage, not learned.
//
// A word is listed in one concept only where its meaning is clear in a developer's notes; words
// that mean many things ("error", "issue", "problem", "fix", "run") are left out, since searching
// every note that says "error" for a query saying "exception" adds noise, not recall. The same
// holds for a word whose light stem is an everyday word's: "worker" (work, works, working),
// "pager" (page), "serving" (server), "locale" (local), "drawer" (draw), "fastly" (fast),
// "https" (http) and "breaking" (broken) would name a concept for questions that do not.
//
// The lines were extended on a developer question set of our own (core/eval/testdata/tune3, the
// tuning set) by writing whole concepts from common usage, never on the held-out sets, which only
// measure whether what helped there carries over.
var lexiconLines = []string{
	"crash panic segfault sigsegv coredump abort died dies",
	"slow slowness slowdown sluggish latency laggy perf performance",
	"db database datastore",
	"postgres postgresql psql",
	"sqlite sqlite3",
	"auth authentication authn login signin logon sso saml oidc unauthenticated",
	"credential password passphrase",
	"authorization authz permission rbac acl forbidden",
	"deploy deployment release rollout ship",
	"flaky flake intermittent sporadic nondeterministic",
	"config configuration settings setting conf preferences",
	"hang hung stuck freeze frozen unresponsive deadlock anr",
	"timeout deadline",
	"oom oomkilled leak",
	"cache caching memoize memoization",
	"log logs logging logger",
	"test tests testing unittest spec",
	"ci pipeline workflow",
	"dependency dependencies deps",
	"upgrade bump",
	"migration migrations schema",
	"queue broker kafka rabbitmq sqs",
	"docker container podman dockerfile",
	"kubernetes k8s kubectl pod pods",
	"secret secrets apikey vault",
	"ratelimit throttle throttling 429",
	"retry retries backoff",
	"duplicate duplicates dedupe dedup idempotent idempotency twice double doubled",
	"tls ssl certificate cert x509",
	"dns hostname resolver cname nameserver",
	"email emails mail smtp inbox",
	"payment payments billing charge charged",
	"refund refunds chargeback dispute disputes",
	"endpoint route",
	"frontend ui",
	"disk storage volume filesystem",
	"alert alerts alerting pagerduty oncall",
	"outage incident downtime postmortem rca",
	"rollback revert",
	"mobile ios android",
	"gpu cuda vram graphics",
	"inference prediction",
	"finetune finetuning fine-tune lora qlora peft",
	"elasticsearch opensearch",
	"cron crontab scheduler scheduled",
	"celery sidekiq",
	"encoding charset utf8 utf-8 unicode",
	"timezone tz utc dst",
	"backup backups snapshot restore recover recovery",
	"pagination paginate",
	"upload uploads attachment",
	"race concurrency",
	"mutex lock contention",
	"docs documentation readme wiki",
	"lint linter eslint ruff golangci",
	"formatter formatting prettier gofmt",
	"typecheck mypy tsc",
	"npm yarn pnpm",
	"prod production",
	"staging preprod pre-production",
	"websocket websockets realtime",
	"restart reboot",
	"cleanup prune purge",
	"flag flags toggle killswitch",
	// Added with the tuning set (see above): general concepts a developer names in everyday words,
	// most of which no question of that set names.
	"vulnerability vulnerabilities vuln cve exploit exploited pentest attacker attackers",
	"injection sqli",
	"sanitize sanitise sanitization",
	"spam junk",
	"reject rejected rejects refuse refused refusing denied",
	"failover switchover standby",
	"overload overloaded overwhelmed surge spike spikes",
	"proxy nginx haproxy envoy loadbalancer lb",
	"5xx 502 503 504",
	"autoscaling autoscaler autoscale hpa keda",
	"infrastructure infra iac terraform pulumi cloudformation",
	"modal modals dialog popup overlay lightbox",
	"loop infinite endless looping",
	"repo repository repositories",
	"approve approval approvals approver signoff sign-off",
	"delete deleted deletion wipe wiped erase erased",
	"startup boot bootup",
	"battery batteries overheating overheat",
	"clock clocks ntp chrony skew",
	"nan diverge diverged divergence exploding",
	"overfitting overfit",
	"training trained retrain retraining",
	"warehouse bigquery snowflake redshift",
	"pii gdpr privacy",
	"airflow dag dags",
	"spark pyspark databricks",
	"cdn cloudfront akamai cloudflare",
	"stale outdated",
	"bundle bundler webpack vite esbuild",
	"javascript js",
	"typescript ts",
	"css stylesheet stylesheets scss sass",
	"accessibility a11y wcag aria screenreader",
	"sidebar sidenav slide-out",
	"notification notifications fcm apns",
	"deeplink deeplinks deep-link applinks",
	"appstore playstore testflight",
	"gps geolocation",
	"proguard r8 minify obfuscation",
	"emulator simulator",
	"stacktrace traceback backtrace",
	"nil null nullable npe nullpointer",
	"regex regexp",
	"serialize serialization marshal unmarshal",
	"compile compiler compilation recompile",
	"debugger debugging breakpoint breakpoints gdb delve",
	"profiler profiling flamegraph",
	"e2e playwright cypress selenium",
	"lockfile lockfiles",
	"pr prs",
	"convention conventions guideline guidelines styleguide",
	"indentation indent",
	"handoff handover",
	"hotfix hotfixes",
	"sprint sprints iteration",
	"ticket tickets jira",
	"adr rfc",
	"standup standups retro retrospective",
	"expire expired expires expiry expiration",
	"2fa mfa otp totp",
	"encrypt encryption encrypted decrypt cipher",
	"i18n l10n localization translation translations",
	"invoice invoices receipt receipts",
	"subscription subscriptions recurring",
	"checkout purchase purchases cart basket",
	"discount coupon coupons promo voucher",
	"recommendation recommendations recommender",
	"churn attrition",
	"hyperparameter hyperparameters hparams",
	"dataset datasets corpus",
	"annotation annotations annotator annotators",
	"notebook notebooks jupyter ipynb",
	"dataframe dataframes pandas",
	"csv tsv spreadsheet excel",
	"shard shards sharding",
	"vacuum autovacuum bloat",
	"ide vscode intellij",
	"orm sqlalchemy activerecord gorm prisma",
	"grpc protobuf proto",
	"shutdown sigterm sigkill",
	"healthcheck liveness readiness probe probes",
	"env envvar dotenv",
	"monitoring monitor observability",
	"sla slo sli",
	"uptime availability",
	"quota quotas",
	"serverless faas",
	"vpc subnet subnets",
	"firewall iptables",
	"photo photos picture pictures",
	"thumbnail thumbnails",
	"font fonts typography",
	"spinner throbber",
	"theme themes theming darkmode",
	"experiment experiments abtest",
	"telemetry instrumentation",
	"typo typos misspelling misspelled",
	"deprecate deprecated deprecation sunset eol",
	"incompatible incompatibly incompatibility compat compatibility",
	"qps rps tps",
	"autocomplete typeahead autosuggest",
	"crawler crawlers scraper scrapers scraping",
	"audit audits auditing",
	"compliance soc2 hipaa pci",
	"license licensing",
	"severity sev sev1 sev2 p0 p1",
	"escalate escalated escalation",
	"helpdesk zendesk",
	"apk aab",
	"codesign codesigning provisioning",
	"sentry crashlytics bugsnag",
	"invalidate invalidated invalidation",
	"compression compress compressed gzip brotli zstd",
	"tax taxes vat",
	"ingest ingestion etl elt",
	"anomaly anomalies outlier outliers",
	"quantization quantize quantized int8",
	"hallucination hallucinations hallucinate",
}

// lexicon maps a word's light stem to the concepts it names (indexes into lexiconLines' words).
var lexicon = func() map[string][][]string {
	m := map[string][][]string{}
	for _, line := range lexiconLines {
		words := strings.Fields(line)
		for _, w := range words {
			st := lightStem(w)
			m[st] = append(m[st], words)
		}
	}
	return m
}()

// maxExpansions caps the extra words one query searches: each is one more posting list to score.
const maxExpansions = 12

// expansions are the other names of the concepts the query's words name, without the query's own
// words (by light stem), in lexicon order, at most maxExpansions of them.
func expansions(toks []term) []string {
	own := map[string]bool{}
	for _, t := range toks {
		own[lightStem(t.word)] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, t := range toks {
		for _, concept := range lexicon[lightStem(t.word)] {
			for _, w := range concept {
				st := lightStem(w)
				if own[st] || seen[st] {
					continue
				}
				seen[st] = true
				if len(out) < maxExpansions {
					out = append(out, w)
				}
			}
		}
	}
	return out
}
