package redact

import "strings"

// Capability URLs (issue 15, sixth round): a URL that is itself the credential, because whoever
// holds it can post to a chat, trigger a build or feed a log. What says so is the URL's own
// words, not the provider: a path or host word naming a hook (hooks, webhooks, build_hooks,
// webhookb2, hook.<region>.make.com), an incoming endpoint, a trigger, a deploy hook, a log
// input, or a key or token carried in the path (…/with/key/<key>) or the query (?key=…,
// &token=…). After such a word, the path's generated segments are the secret: a segment with
// digits or mixed case, a UUID, hex — while words (tag/http, backup_done) and numeric ids
// (GitHub's /hooks/12345678) stay. Anywhere else a random path segment is a document's or a
// resource's id and is kept (inURLPath).
func capabilityRules() []*rule {
	return []*rule{
		near(withPick(mk("capability-url", `(?i)\b[a-z][a-z0-9+.-]*://([^/\s'"<>?#\x60]+)([^\s'"<>\x60]*)`, "://"), capabilityPick), 32, 1024),
	}
}

// hookWords in a URL's path or first host label say the URL triggers something: the segments
// after them are its secret.
var hookWords = map[string]bool{"incoming": true, "trigger": true, "triggers": true, "catch": true,
	"deploy": true, "inputs": true, "input": true, "ingest": true, "key": true, "keys": true, "token": true,
	"tokens": true, "callback": true, "notify": true,
	// Round 8: a push or receiver endpoint (a status page's /api/push/<token>, a log
	// collector's /receiver/v1/http/<token>) and a path that says the URL is signed
	// (…/authenticated/s--<signature>--/…).
	"push": true, "receiver": true, "receivers": true, "authenticated": true, "signed": true,
	// Round 14: an account flow's link, which whoever holds it can complete: a password
	// reset (Django's /reset/<uid>/<token>/), a confirmation, a verification, an activation,
	// an invitation, a magic sign-in link, an unsubscribe link.
	"reset": true, "password-reset": true, "password_reset": true, "reset-password": true,
	"reset_password": true, "confirm": true, "confirmation": true, "verify": true,
	"verification": true, "activate": true, "activation": true, "invite": true, "invites": true,
	"invitation": true, "invitations": true, "magic": true, "magic-link": true, "magic_link": true,
	"unsubscribe": true}

// flowWords are the hookWords of account flows: after them only a token's length of generated
// characters (16 or more) is the secret, where a manual's /magic/man2html/1/nm is a path.
var flowWords = map[string]bool{"reset": true, "password-reset": true, "password_reset": true,
	"reset-password": true, "reset_password": true, "confirm": true, "confirmation": true,
	"verify": true, "verification": true, "activate": true, "activation": true, "invite": true,
	"invites": true, "invitation": true, "invitations": true, "magic": true, "magic-link": true,
	"magic_link": true, "unsubscribe": true}

// actionSuffixes end a path segment that is a key followed by what to do with it, as push
// services take it (<key>.send): the part before is the key.
var actionSuffixes = []string{".send", ".push", ".notify"}

// queryCredentialParts end a query parameter's name whose value is a credential (key=,
// dd-api-key=, access_token=, sig=); pagingWords before "token" name a page cursor instead
// (page_token=, next_token=).
var queryCredentialParts = map[string]bool{"key": true, "apikey": true, "token": true, "auth": true,
	"secret": true, "sig": true, "signature": true, "password": true, "pass": true, "pwd": true}

var pagingWords = map[string]bool{"page": true, "next": true, "continuation": true, "sync": true,
	"pagination": true, "cursor": true, "prev": true, "resume": true}

func queryCredentialName(name string) bool {
	parts := nameParts(name)
	n := len(parts)
	if n == 0 || !queryCredentialParts[parts[n-1]] {
		return false
	}
	return n == 1 || !pagingWords[parts[n-2]]
}

func hookWord(w string) bool {
	w = strings.ToLower(w)
	return strings.Contains(w, "hook") || hookWords[w]
}

// capabilityPick redacts the generated segments of a capability URL's path after its hook word
// (or all of them when the host says hook), and generated credential values in its query.
func capabilityPick(text string, m []int) [][2]int {
	host := strings.ToLower(text[m[2]:m[3]])
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		host = host[at+1:]
	}
	label := host
	if k := strings.IndexByte(label, '.'); k >= 0 {
		label = label[:k]
	}
	ps, pe := m[4], m[5]
	path := text[ps:pe]
	query := ""
	if k := strings.IndexAny(path, "?#"); k >= 0 {
		query = path[k:]
		pe = ps + k
		path = path[:k]
	}
	var out [][2]int
	armed := strings.Contains(label, "hook") || strings.Contains(label, "ping") // hook.…, hc-ping.…
	// flowArmed: armed by an account flow's word only, which takes a token's length.
	flowArmed := false
	var run [2]int
	inRun := false
	flush := func() {
		if inRun {
			out = append(out, run)
		}
		inRun = false
	}
	pos := ps
	for _, seg := range strings.Split(path, "/") {
		s, e := pos, pos+len(seg)
		pos = e + 1
		if seg == "" {
			continue
		}
		if armed && generatedSegment(seg, inRun) && (!flowArmed || len(seg) >= 16) {
			if !inRun {
				run = [2]int{s, e}
				inRun = true
			} else {
				run[1] = e
			}
			continue
		}
		flush()
		if k := actionKey(seg); k > 0 {
			out = append(out, [2]int{s, s + k})
			continue
		}
		if hookWord(seg) {
			flowArmed = !armed && flowWords[strings.ToLower(seg)] || flowArmed && armed
			armed = true
		}
	}
	flush()
	if len(out) == 0 {
		if k := endpointKeySegment(host, path); k >= 0 {
			out = append(out, [2]int{ps + k, trimClose(text, ps+k, pe)})
		}
	}
	// Trailing punctuation of a sentence is not the URL's.
	if n := len(out); n > 0 && out[n-1][1] == pe {
		out[n-1][1] = trimClose(text, out[n-1][0], out[n-1][1])
	}
	if query != "" && !browserLoaded(text, m[0]) {
		qs := pe + 1
		for _, pair := range strings.FieldsFunc(query[1:], func(r rune) bool { return r == '&' || r == ';' }) {
			k := strings.Index(text[qs:], pair)
			start := qs + k
			qs = start + len(pair)
			name, val, ok := strings.Cut(pair, "=")
			if !ok || !queryCredentialName(name) {
				continue
			}
			vs := start + len(name) + 1
			ve := trimClose(text, vs, vs+len(val))
			// Generated, or a password-like value (a build trigger's token=deploy2024x): a plain
			// word, a version or a placeholder stays.
			if v := text[vs:ve]; len(v) >= 6 && (generatedSegment(v, false) || weakPassword(v) && hasDigit(v)) && !isPlaceholder(v) {
				out = append(out, [2]int{vs, ve})
			}
		}
	}
	return out
}

// generatedSegment is a path segment a machine made: a UUID, hex, or eight or more characters
// with digits or mixed case and not a version. Inside a run of such segments (base64 holding
// "/"), any segment that is not a lower-case word continues the run.
func generatedSegment(seg string, inRun bool) bool {
	seg = strings.TrimRight(seg, ".,;:)]")
	if seg == "" || isDigits(seg) || strings.ContainsAny(seg, `[]{}()\*+?|^$<>%`) {
		return false // a pattern or a template written as a URL (hooks/catch/\d+/[A-Za-z0-9]+)
	}
	if inRun {
		return !(isPathWord(seg) && readableShare(seg) >= 0.5)
	}
	if len(seg) < 8 || isVersion(seg) || isPlaceholder(seg) {
		return false
	}
	if uuidShape().MatchString(seg) || isHex(seg) && len(seg) >= 16 {
		return true
	}
	hasUpper := strings.IndexFunc(seg, func(r rune) bool { return r >= 'A' && r <= 'Z' }) >= 0
	hasLower := strings.IndexFunc(seg, func(r rune) bool { return r >= 'a' && r <= 'z' }) >= 0
	if !(hasDigit(seg) || hasUpper && hasLower) {
		return false
	}
	if hasUpper && hasLower {
		return readableShare(seg) < 0.6 || hasDigit(seg) && wordShare(seg) < 0.5
	}
	// One case and digits: generated when digits stand among the letters; a readable name with
	// a number at an end (release2024, v2backup) is a name.
	inner := strings.Trim(seg, "0123456789")
	return hasDigit(inner) && readableShare(seg) < 0.8
}

// browserLoaded reports whether the URL at pos is the source of an HTML element that every
// visitor's browser fetches (<script src=…>, <img src=…>, <iframe src=…>): a key in its query is
// served to the public by design (a chat widget's, a map's, an analytics snippet's). The named
// issuer rules still judge a key that has a secret's prefix.
func browserLoaded(text string, pos int) bool {
	lo := max(0, pos-256)
	before := strings.ToLower(text[lo:pos])
	if !strings.HasSuffix(strings.TrimRight(before, `"'`), "src=") {
		return false
	}
	tag := strings.LastIndexByte(before, '<')
	if tag < 0 || strings.IndexByte(before[tag:], '>') >= 0 {
		return false
	}
	for _, t := range []string{"<script", "<img", "<iframe", "<link", "<source", "<embed"} {
		if strings.HasPrefix(before[tag:], t) {
			return true
		}
	}
	return false
}

// inBrowserURL reports whether pos stands in the query of a URL that browserLoaded accepts
// (key=… in a <script src=…>, read as a NAME=value pair).
func inBrowserURL(text string, pos int) bool {
	i := pos
	for i > 0 && pos-i < 1024 && text[i-1] != '"' && text[i-1] != '\'' && text[i-1] != ' ' && text[i-1] != '\n' {
		i--
	}
	return strings.Contains(text[i:pos], "?") && strings.Contains(text[i:pos], "://") && browserLoaded(text, i)
}

// endpointKeySegment returns where a URL's last path segment starts when that segment is the key
// of an endpoint that carries its key in the path (round 13), else -1: a node provider's RPC URL
// (a host label or a path segment that says rpc: rpc.<provider>/eth/<key>, /rpc/<chain>/<key>),
// or a key right after the API's version as the path's end (/v2/<key>, /v3/<key>), where a REST
// path would name a resource first. The segment must be long hex or random; a UUID, a word or a
// number is a resource's id.
func endpointKeySegment(host, path string) int {
	p := strings.TrimRight(path, "/")
	k := strings.LastIndexByte(p, '/')
	if k < 0 {
		return -1
	}
	last := p[k+1:]
	if strings.ContainsAny(last, ".~%") {
		return -1 // a file (<hash>.js), not a key
	}
	if !(isHex(last) && len(last) >= 32 || randomValue16(last) && len(last) >= 24) || uuidShape().MatchString(last) {
		return -1
	}
	segs := strings.Split(strings.Trim(p[:k], "/"), "/")
	rpc := false
	for _, l := range strings.FieldsFunc(host, func(r rune) bool { return r == '.' || r == '-' }) {
		rpc = rpc || l == "rpc"
	}
	for _, seg := range segs {
		rpc = rpc || strings.EqualFold(seg, "rpc")
	}
	if prev := segs[len(segs)-1]; rpc && len(segs) <= 3 || len(prev) >= 2 && (prev[0] == 'v' || prev[0] == 'V') && isDigits(prev[1:]) && len(segs) <= 2 {
		return k + 1
	}
	return -1
}

// actionKey is the length of the key in a segment <key>.send, or 0: a random key of 16 or more
// characters before an action suffix.
func actionKey(seg string) int {
	for _, suf := range actionSuffixes {
		if k := len(seg) - len(suf); k >= 16 && strings.EqualFold(seg[k:], suf) && randomValue16(seg[:k]) {
			return k
		}
	}
	return 0
}
