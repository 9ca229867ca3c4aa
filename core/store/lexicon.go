package store

import (
	"slices"
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
// "https" (http) and "breaking" (broken) would name a concept for questions that do not. A word
// written "=word" names its concept only as itself, not by stem, where the stem is an everyday
// word's and the word is too useful to leave out: "=container" (contains), "=resolver" (resolved),
// "=staging" (staged), "=profiler" (profile), "=spinner" (spinning). Words that mean another thing
// in a developer's notes as often as the concept's are left out: "leak" (a leaked secret),
// "injection" (dependency injection), "loop" and "infinite" (event loop, infinite scroll), "wipe"
// (stem "wip"), "skew" (data skew), "double" (double-check), "checkout" (git), "iteration",
// "subscription" (pub/sub), "annotation" (type annotations), "provisioning" (infrastructure),
// "overload" (method overloading), "bloat" (bundle size).
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
	"oom oomkilled",
	"cache caching memoize memoization",
	"log logs logging logger",
	"test tests testing unittest spec",
	"ci pipeline workflow",
	"dependency dependencies deps",
	"upgrade bump",
	"migration migrations schema",
	"queue broker kafka rabbitmq sqs",
	"docker =container =containers podman dockerfile",
	"kubernetes k8s kubectl pod pods",
	"secret secrets apikey vault",
	"ratelimit throttle throttling 429",
	"retry retries backoff",
	"duplicate duplicates dedupe dedup idempotent idempotency twice",
	"tls ssl certificate cert x509",
	"dns hostname =resolver cname nameserver",
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
	"=staging preprod pre-production",
	"websocket websockets realtime",
	"restart reboot",
	"cleanup prune purge",
	"flag flags toggle killswitch",
	// Added with the tuning set (see above): general concepts a developer names in everyday words,
	// most of which no question of that set names.
	"vulnerability vulnerabilities vuln cve exploit exploited pentest attacker attackers",
	"sanitize sanitise sanitization",
	"spam junk",
	"reject rejected rejects refuse refused refusing denied",
	"failover switchover standby",
	"overwhelmed surge spike spikes",
	"proxy nginx haproxy envoy loadbalancer lb",
	"5xx 502 503 504",
	"autoscaling autoscaler autoscale hpa keda",
	"infrastructure infra iac terraform pulumi cloudformation",
	"modal modals dialog popup overlay lightbox",
	"repo repository repositories",
	"approve approval approvals approver signoff sign-off",
	"delete deleted deletion erase erased",
	"startup boot bootup",
	"battery batteries overheating overheat",
	"clock clocks ntp chrony",
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
	"=profiler =profiling flamegraph",
	"e2e playwright cypress selenium",
	"lockfile lockfiles",
	"pr prs",
	"convention conventions guideline guidelines styleguide",
	"indentation indent",
	"handoff handover",
	"hotfix hotfixes",
	"sprint sprints",
	"ticket tickets jira",
	"adr rfc",
	"standup standups retro retrospective",
	"expire expired expires expiry expiration",
	"2fa mfa otp totp",
	"encrypt encryption encrypted decrypt cipher",
	"i18n l10n localization translation translations",
	"invoice invoices receipt receipts",
	"purchase purchases cart basket",
	"discount coupon coupons promo voucher",
	"recommendation recommendations recommender",
	"churn attrition",
	"hyperparameter hyperparameters hparams",
	"dataset datasets corpus",
	"notebook notebooks jupyter ipynb",
	"dataframe dataframes pandas",
	"csv tsv spreadsheet excel",
	"shard shards sharding",
	"vacuum autovacuum",
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
	"=spinner throbber",
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
	"codesign codesigning",
	"sentry crashlytics bugsnag",
	"invalidate invalidated invalidation",
	"compression compress compressed gzip brotli zstd",
	"tax taxes vat",
	"ingest ingestion etl elt",
	"anomaly anomalies outlier outliers",
	"quantization quantize quantized int8",
	"hallucination hallucinations hallucinate",
}

// lexicon maps a word's light stem to the concepts it names, and lexiconExact a word marked
// "=word" (as itself) to its concept; a concept is its words without the marks.
var lexicon, lexiconExact = func() (map[string][][]string, map[string][][]string) {
	byStem, exact := map[string][][]string{}, map[string][][]string{}
	for _, line := range lexiconLines {
		var words []string
		for _, w := range strings.Fields(line) {
			words = append(words, strings.TrimPrefix(w, "="))
		}
		for i, w := range strings.Fields(line) {
			if strings.HasPrefix(w, "=") {
				exact[words[i]] = appendConcept(exact[words[i]], words)
			} else {
				st := lightStem(w)
				byStem[st] = appendConcept(byStem[st], words)
			}
		}
	}
	return byStem, exact
}()

// appendConcept adds concept to concepts unless it is there already (two words of one concept
// share a stem: profiler, profiling).
func appendConcept(concepts [][]string, concept []string) [][]string {
	for _, c := range concepts {
		if &c[0] == &concept[0] {
			return concepts
		}
	}
	return append(concepts, concept)
}

// conceptsOf is what a query word names: the concepts of its light stem, and of the word itself
// where a concept lists it as "=word".
func conceptsOf(word string) [][]string {
	byStem := lexicon[lightStem(word)]
	exact := lexiconExact[strings.ToLower(word)]
	if len(exact) == 0 {
		return byStem
	}
	out := slices.Clone(byStem)
	for _, c := range exact {
		out = appendConcept(out, c)
	}
	return out
}

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
		for _, concept := range conceptsOf(t.word) {
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
