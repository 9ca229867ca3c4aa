package redact

// Tuning cases for the sixth round (issue 15): each mechanism found from the fresh4 table's
// misses and false positives (fresh4 was blind until round 6 read it), written with other
// services, tools and shapes than fresh4's own, and look-alikes on the other side of each
// mechanism's boundary.

func mechanismSecrets11(g *gen) []secretCase {
	a := func(n int) string { return g.s(alnum, n) }
	return []secretCase{
		// Capability URLs: after a hook word in the path or the host, the generated segments;
		// a credential-named query parameter's generated value.
		sc("hooks path lower+digits", "POST https://chat.example.org/hooks/%s", g.s(lowNum, 26)),
		sc("webhooks two segments", "https://notify.example.com/api/webhooks/%s/%s", a(12), a(40)),
		sc("incoming base64 with slashes", "curl -d @msg.json https://im.example.net/v2/incoming/%s", a(30)+"/"+a(5)+"/"+a(20)+"/x"+a(1)+"/"+a(14)),
		sc("hook host", "https://hook.us2.example.io/%s", g.s(lowNum, 32)),
		sc("trigger with key", "https://events.example.com/trigger/nightly_sync/with/key/%s", g.s(b64url, 22)),
		sc("build hook hex", "curl -X POST -d {} https://ci.example.dev/build_hooks/%s", g.s(hexLow, 24)),
		sc("deploy hook", "https://paas.example.com/v1/deploy/%s", a(18)),
		sc("ingest uuid", "https://logs.example.com/ingest/%s/tag/app/", g.uuid()),
		sc("query key short", "https://api.example.com/deploy/svc-1?key=%s", a(11)),
		sc("query token amp", "https://status.example.com/feed?format=json&token=%s", a(24)),
		sc("webhookb2 path", "https://acme.example.com/webhookb2/%s@%s", g.uuid(), g.uuid()),
	}
}

func mechanismInnocent11(g *gen) []string {
	return []string{
		// URLs whose hook words are followed by ids, words or nothing generated.
		"GET https://api.github.com/repos/acme/app/hooks/" + g.digitsN(9) + "/deliveries",
		"https://docs.example.com/webhooks/incoming/getting-started",
		"https://events.example.com/trigger/nightly_sync/with/key/{your_key}",
		"https://hooks.example.com/",
		"see https://example.com/deploy/production/v2.14.3/notes",
		"https://github.com/acme/app/blob/" + g.s(hexLow, 40) + "/docs/hooks.md",
		"https://registry.example.com/v2/app/blobs/sha256:" + g.s(hexLow, 64),
		"https://example.com/search?q=token&page=2",
		"https://example.com/api?key=value&sort=asc",
		"https://ci.example.dev/build_hooks/release2024",
		"https://kv.example.net/secrets/db-password/",
	}
}
