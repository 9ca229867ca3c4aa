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
// are hand-written from common developer usage, not learned from any question set.
//
// A word is listed in one concept only where its meaning is clear in a developer's notes; words
// that mean many things ("error", "issue", "problem", "fix", "run") are left out, since searching
// every note that says "error" for a query saying "exception" adds noise, not recall.
var lexiconLines = []string{
	"crash panic segfault sigsegv coredump abort",
	"slow slowness sluggish latency laggy perf performance",
	"db database datastore",
	"postgres postgresql psql",
	"sqlite sqlite3",
	"auth authentication authn login signin logon sso",
	"credential password passphrase",
	"authorization authz permission rbac acl",
	"deploy deployment release rollout ship",
	"flaky flake intermittent sporadic nondeterministic",
	"config configuration settings setting conf",
	"hang hung stuck freeze frozen unresponsive deadlock",
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
	"docker container podman",
	"kubernetes k8s kubectl",
	"secret secrets apikey vault",
	"ratelimit throttle throttling 429",
	"retry retries backoff",
	"duplicate duplicates dedupe dedup idempotent idempotency twice",
	"tls ssl certificate cert https",
	"dns hostname resolver",
	"email mail smtp",
	"payment payments billing charge charged",
	"refund refunds chargeback",
	"endpoint route",
	"frontend ui",
	"disk storage volume filesystem",
	"alert alerts alerting pager pagerduty oncall",
	"outage incident downtime postmortem",
	"rollback revert",
	"mobile ios android",
	"gpu cuda",
	"inference serving prediction",
	"finetune finetuning fine-tune",
	"elasticsearch opensearch",
	"cron crontab scheduler scheduled",
	"worker workers celery sidekiq",
	"encoding charset utf8 utf-8 unicode",
	"timezone tz utc dst",
	"backup backups snapshot restore",
	"pagination paginate paging",
	"upload uploads attachment",
	"race concurrency",
	"mutex lock contention",
	"docs documentation readme wiki",
	"lint linter eslint ruff golangci",
	"formatter prettier gofmt",
	"typecheck mypy tsc",
	"npm yarn pnpm",
	"prod production",
	"staging preprod",
	"websocket websockets realtime",
	"restart reboot",
	"cleanup prune purge",
	"flag flags toggle",
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
