package redact

import (
	"math"
	"strings"
	"unicode"
)

// This file holds round 7's scorer: one decision for "is this value a credential" where the
// named rules fall through. Earlier rounds answered each missed case with a rule of its own, and
// every new blind table came in at the same 80-84 %: rules keyed to strings do not generalise.
// The scorer instead grades two general notions and combines them:
//
//   - how strongly the name says "credential" (nameGrade): an open vocabulary of stems (pass,
//     pwd, secret, token, cookie, bearer, hmac, psk, salt, seed, otp, pin, …key) rather than a
//     list of whole names, minus the words that describe a secret without holding it (its id,
//     type, length, where it lives, public halves);
//   - how much the value looks generated (valueShape, 0..1): length, how close its entropy per
//     character comes to the maximum of the alphabet it draws from, how many character classes
//     it mixes, and how little of it reads as words; known-harmless shapes (placeholders, masks,
//     paths, constants, calls, versions) score 0.
//
// A strongly named slot needs a moderately random value, a weakly named one a clearly random
// value. Every span it decides is marked [REDACTED:generic-secret], so a reader can tell the
// scorer's decisions from the named rules'.

// grade is how strongly a name says its value is a credential.
type grade int

const (
	gradeNone grade = iota
	gradeWeak
	gradeStrong
)

// Thresholds of valueShape for each grade, set by reasoning and then checked on the tables: a
// strong name (cookie, hmac) takes a value of 8+ characters that is not words (shape ≈ 0.45);
// a weak name (…key, auth) takes only what is long and random (≈ 0.65).
const (
	strongShapeMin = 0.45
	weakShapeMin   = 0.65
)

// strongStems mark a credential wherever they stand inside a name part: erlang_cookie,
// SESSIONCOOKIE, x-hmac, hmacSecret, bearer, privkey, wifipsk, mnemonic.
var strongStems = []string{"passw", "passphrase", "secret", "token", "cookie", "bearer", "hmac",
	"privkey", "privatekey", "apikey", "mnemonic", "credential", "psk", "passcode",
	// A macaroon is a bearer credential with caveats (LND, Ory, Juju).
	"macaroon"}

// joinedStems are strong names of two words, found across parts (github-recovery-codes).
var joinedStems = []string{"recoverycode", "backupcode", "recoverykey", "seedphrase", "recoveryphrase", "secretphrase",
	// A pre-shared key (Wi-Fi PreSharedKey, IPsec pre_shared_key, WireGuard PresharedKey) is a
	// password whatever tool holds it, not a key of the weak "…key" kind.
	"presharedkey"}

// strongParts mark a credential only as a whole part: otp, not hotpot; pin, not spinner.
var strongParts = map[string]bool{"pwd": true, "pw": true, "pass": true, "otp": true, "pin": true,
	"seed": true, "sig": true, "signature": true, "cred": true, "creds": true,
	"totp": true, "hotp": true, "priv": true,
	// Round 15: an SNMP community is the v1/v2c password, in any syntax that names it as
	// SNMP's (snmp-community-string X, snmp_community: X, ro_community_string: X); a bare
	// "community" is prose's ("the community leaders").
	"community": true}

// weakParts mark a credential when the value is clearly random: auth=…, session=…, a key.
var weakParts = map[string]bool{"auth": true, "session": true, "sid": true, "login": true,
	"signed": true, "authorization": true,
	// Round 15: a salt is stored beside the hash it salts and a framework's signing or
	// encryption salt (Phoenix's signing_salt of eight characters) is in its source on purpose; only
	// a long random one is a key under another name (Drupal's hash_salt, a payment merchant's).
	"salt": true}

// notKeyWords end in "key" without naming a key.
var notKeyWords = map[string]bool{"keyboard": true, "monkey": true, "donkey": true, "turkey": true,
	"whiskey": true, "hockey": true, "jockey": true, "hotkey": true}

// describingWords, as a name's last part, describe a credential without holding it:
// token_type, key_id, password_min_length, secret_name, cookie_domain, session_timeout.
var describingWords = map[string]bool{"id": true, "ids": true, "type": true, "types": true,
	"min": true, "max": true, "minlength": true, "maxlength": true, "policy": true, "hint": true,
	"required": true, "label": true, "field": true, "env": true, "var": true, "ref": true,
	"store": true, "manager": true, "provider": true, "domain": true, "timeout": true,
	"secure": true, "httponly": true, "samesite": true, "lifetime": true, "age": true,
	"maxage": true, "endpoint": true, "host": true, "port": true, "user": true, "username": true,
	"scope": true, "scopes": true, "audience": true, "issuer": true, "usage": true, "method": true,
	"strategy": true, "backend": true, "source": true, "location": true, "dir": true, "directory": true,
	"count": true, "limit": true, "budget": true, "index": true, "size": true, "len": true,
	"length": true, "name": true, "path": true, "file": true, "url": true, "uri": true, "format": true,
	"version": true, "ttl": true, "expiry": true, "expires": true, "hash": true, "digest": true,
	"checksum": true, "fingerprint": true, "algorithm": true, "alg": true, "kind": true, "mode": true,
	"enabled": true, "header": true, "prefix": true, "reset": true, "rotation": true, "created": true,
	"updated": true, "at": true, "accessor": true, "status": true, "style": true, "color": true, "class": true,
	// How a credential is checked, not the credential (authMechanism=SCRAM-SHA-256, auth_scheme).
	"mechanism": true, "mechanisms": true, "scheme": true,
	// Round 15: the code that handles a secret, not the secret: PASSWORD_HASHERS,
	// Argon2PasswordHasher, token_validator, passwordEncoder, secret_generator, a strength
	// meter, a prompt or a form.
	"hasher": true, "hashers": true, "validator": true, "validators": true, "encoder": true,
	"generator": true, "checker": true, "handler": true, "strength": true, "complexity": true,
	"prompt": true, "dialog": true, "widget": true, "form": true,
	// Round 15: what is public about a secret or travels beside it — a key's thumbprint, a
	// certificate's serial, a cipher's nonce, a secret's region or ARN. (An iv is kept out: some
	// apps keep theirs with the key, as PrestaShop's cookie_iv.)
	"thumbprint": true, "serial": true, "nonce": true, "region": true, "arn": true,
	// When a secret was set, changed or last used: password_last_changed, token_rotated.
	"changed": true, "modified": true, "rotated": true, "since": true, "date": true,
	"time": true, "timestamp": true, "used": true}

// publicWords in a name make its value public by design.
var publicNameWords = map[string]bool{"public": true, "pub": true, "publishable": true, "pubkey": true,
	"publickey": true, "sitekey": true,
	// The anonymous role's key (SUPABASE_ANON_KEY) is handed to every browser.
	"anon": true}

// nameGrade grades a setting's name split into lower-case parts.
func nameGrade(parts []string) grade {
	if len(parts) == 0 || describingWords[parts[len(parts)-1]] {
		return gradeNone
	}
	if n := len(parts); n >= 2 && pagingWords[parts[n-2]] {
		return gradeNone // page_token, next_cursor_key: a page cursor
	}
	if n := len(parts); n >= 2 && parts[n-1] == "key" && notCredentialKeys[parts[n-2]] {
		return gradeNone // Idempotency-Key, cache_key: a key that opens nothing (round 13)
	}
	if joined := strings.Join(parts, ""); containsAny(joined, joinedStems) {
		return gradeStrong // recovery codes, backup code, seed phrase: words that meet across parts
	}
	best := gradeNone
	for _, p := range parts {
		if publicNameWords[p] || digestName(p) {
			return gradeNone // a public half, or a digest (pin-sha256, md5)
		}
		switch {
		case strongParts[p] && (p != "community" || snmpQualified(parts)) || gluedPass(p):
			best = gradeStrong
		case containsAny(p, strongStems) && !gluedDescribing(p):
			best = gradeStrong
		case weakParts[p] || strings.HasSuffix(p, "key") && !notKeyWords[p] && !strings.HasSuffix(p, "publickey"):
			if best < gradeWeak {
				best = gradeWeak
			}
		}
	}
	return best
}

// valueShape scores how much v looks generated rather than written, from 0 (a word, a path, a
// placeholder) to 1 (a long random draw from a rich alphabet).
func valueShape(v string) float64 {
	n := len(v)
	if n < 6 || n > 512 {
		return 0
	}
	// The harmless shapes are dearer to test than the score: only a value over the lowest bar
	// is looked at for them.
	if sh := rawShape(v); sh < strongShapeMin || harmlessValue(v) {
		return min(sh, strongShapeMin/2)
	} else {
		return sh
	}
}

// rawShape is valueShape before the harmless shapes are set aside.
func rawShape(v string) float64 {
	n := len(v)
	var lower, upper, digit, sym int
	for _, r := range v {
		switch {
		case unicode.IsLower(r):
			lower++
		case unicode.IsUpper(r):
			upper++
		case unicode.IsDigit(r):
			digit++
		default:
			sym++
		}
	}
	classes := 0
	alphabet := 0.0
	for _, c := range []struct {
		n    int
		size float64
	}{{lower, 26}, {upper, 26}, {digit, 10}, {sym, 32}} {
		if c.n > 0 {
			classes++
			alphabet += c.size
		}
	}
	if isHex(v) {
		alphabet = 16 // a hex draw uses 16 symbols, whatever its case
	}
	// Length: short values cannot hold much randomness whatever they look like.
	var length float64
	switch {
	case n >= 20:
		length = 1
	case n >= 12:
		length = 0.8
	case n >= 8:
		length = 0.6
	default:
		length = 0.35
	}
	// Entropy per character against the most this alphabet and length allow: a random draw
	// comes close to it, a word or a repeated pattern does not.
	maxBits := math.Log2(math.Min(alphabet, float64(n)))
	fill := 0.0
	if maxBits > 0 {
		fill = math.Min(1, entropy(v)/maxBits)
	}
	mix := math.Min(float64(classes), 3) / 3
	// Words damp the rest: an identifier of words (DbPasswordLength) is as varied as a key in
	// its letters, but it was written, not drawn.
	words := readableShare(v)
	return length * (0.6*fill + 0.4*mix) * (1 - 0.7*words)
}

// harmlessValue recognises values that stand where a credential would without being one:
// placeholders and masks ([FILTERED], sk-..., your-token), references and calls, paths and
// URLs, constants (WIFI_PASSWORD), versions, and prose.
func harmlessValue(v string) bool {
	switch {
	case isPlaceholder(v) || maskedValue(v):
		return true
	case strings.ContainsAny(v, " \t"):
		return true // prose, not one value
	case strings.HasPrefix(v, "/") && strings.Count(v, "/") >= 2 || strings.HasPrefix(v, "~/") || strings.HasPrefix(v, "./"):
		return true
	case strings.Contains(v, "://") || looksLikePath(v) || looksLikePath(v[strings.IndexByte(v, ':')+1:]):
		return true // a URL, a path, file:~/.aws/credentials
	case secretLabel(v) || upperWordPart(v):
		return true // db-credentials, reset-token-2; user:PASSWORD
	case pathLike(v) || fileName().MatchString(v[strings.LastIndexByte(v, '/')+1:]):
		return true // projects/acme/secrets/db, src/App.test.js
	case upperSnake().MatchString(v) && strings.Contains(v, "_"):
		return true // a constant's name: password = WIFI_PASSWORD
	case isVersion(v[strings.LastIndexByte(v, ':')+1:]):
		return true // 4.2.1, group:artifact:4.2.1
	case hostPort().MatchString(v) && strings.Contains(v, "."):
		return true // repo.example.org:443: where a credential is for
	case cloudResourceName(v):
		return true // arn:aws:iam::123456789012:role/x: which role or secret, not a credential
	case digestValue(v):
		return true // sha384:<base64>, pin-sha256:<base64>: a digest, written with its algorithm
	case urlTail().MatchString(v):
		return true // round 14: "@db:5432/app", a URL's host and path after its user info, joined in code
	case isoTimestamp().MatchString(v):
		return true // round 15: 2024-01-02T10:00:00Z — when a secret was set or changed, written by a machine
	case len(v) == 38 && v[0] == '{' && v[37] == '}' && uuidShape().MatchString(v[1:37]):
		return true // {6B29FC40-CA47-1067-B31D-00DD010662DA}: Windows writes an object's GUID in braces
	}
	return false
}

// maskedValue is a value a tool masked or a document elided: [FILTERED], [MASKED], [secret],
// [use 'op item get …' to reveal] (a bracketed word or aside), "sk-...", "xoxb-your-bot-token".
// A credential never spells "your-", nor ends in an ellipsis after a short prefix.
func maskedValue(v string) bool {
	v = strings.TrimSpace(v)
	if bracketMask().MatchString(v) {
		return true
	}
	low := strings.ToLower(v)
	if strings.Contains(low, "your-") || strings.Contains(low, "your_") {
		return true
	}
	body := strings.TrimRight(strings.TrimSuffix(v, "…"), ".")
	return len(body) < len(v) && len(v)-len(body) >= 3 && len(body) <= 12 || strings.HasSuffix(v, "…") && len(body) <= 12
}

// bracketMask is a bracketed word or the start of a bracketed aside: [FILTERED], [MASKED,
// [secret], [use.
var bracketMask = lazyRE(`^\[[A-Za-z][A-Za-z _-]*\]?$`)

// scoredCredential is the scorer's decision for a value under a name.
func scoredCredential(parts []string, val string) bool {
	g := nameGrade(parts)
	// The length factor bounds the shape: under 8 characters it stays under the strong bar,
	// under 12 under the weak one, so those are decided without measuring the value.
	if g == gradeNone || len(val) < 8 || g == gradeWeak && len(val) < 12 {
		return false
	}
	switch g {
	case gradeStrong:
		return valueShape(val) >= strongShapeMin
	case gradeWeak:
		// A cache key or build key is words, then a content hash (v1-deps-<sha>): named,
		// not drawn.
		return !wordsThenHex(val) && valueShape(val) >= weakShapeMin
	}
	return false
}

// gluedDescribing is a name part made of a stem and a describing word glued together
// (secretsmanager, tokenstore, passwordfile): it names where or what, not the value.
func gluedDescribing(p string) bool {
	for w := range describingWords {
		if len(w) >= 4 && len(p) > len(w) && strings.HasSuffix(p, w) {
			return true
		}
	}
	return false
}

// digestName is a hash algorithm's name (sha256, sha1, md5, blake2b, crc32): what follows it is
// a digest.
func digestName(p string) bool {
	if p == "sha" {
		return true // sha-256 split into parts
	}
	for _, a := range []string{"sha", "md", "blake", "crc", "xxh"} {
		if strings.HasPrefix(p, a) && len(p) > len(a) && strings.Trim(p[len(a):], "0123456789b") == "" {
			return true
		}
	}
	return false
}

// nestedValue reports whether the name starting at pos opens another assignment's quoted value
// ("PublicKey": "nodekey:…"): the outer name decides, and the scorer does not second-guess it.
func nestedValue(text string, pos int) bool {
	if pos == 0 || text[pos-1] != '"' && text[pos-1] != '\'' {
		return false
	}
	i := pos - 1
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	return i > 0 && (text[i-1] == ':' || text[i-1] == '=')
}

// secretLabel is a secret's name rather than its value: lower-case words joined by hyphens or
// underscores, no digit, every word pronounceable (db-pass, api_token, prod-db-password).
func secretLabel(v string) bool {
	if !lowerWords().MatchString(v) {
		return false
	}
	for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '_' }) {
		if strings.TrimLeft(w, "v0123456789") == "" {
			continue // a version or a number: db-password-v2
		}
		if len(w) > 3 && !pronounceable(w) && !strongParts[w] {
			return false
		}
	}
	return true
}

var lowerWords = lazyRE(`^[a-z]{2,}(?:[-_](?:[a-z]{2,}|v?[0-9]{1,3}))+$`)

// upperWordPart is a value one of whose colon-separated parts spells a secret's name in capitals
// (user:PASSWORD, TOKEN): a template's stand-in.
func upperWordPart(v string) bool {
	for _, p := range strings.Split(v, ":") {
		if len(p) >= 3 && strings.ToUpper(p) == p && strings.IndexFunc(p, unicode.IsDigit) < 0 && nameGrade(nameParts(p)) == gradeStrong {
			return true
		}
	}
	return false
}

// pathLike is a relative path of words (projects/acme/secrets/db-password/versions/3).
func pathLike(v string) bool {
	_, ok := pathSegments(v)
	return ok && strings.Count(v, "/") >= 2
}

// referenceValue reports whether the value of a secret-named setting refers to the secret
// instead of holding it: an absolute path of words (a credential file), the name of a constant
// written bare (password = WIFI_PASSWORD), or prose after a colon (db_password: Creation
// complete after 2s).
func referenceValue(text, sep string, vs, ve int, bare bool) bool {
	v := text[vs:ve]
	if strings.HasPrefix(v, "/") && strings.Count(v, "/") >= 2 {
		if _, ok := pathSegments(v); ok {
			return true
		}
	}
	if bare && upperSnake().MatchString(v) && strings.Contains(v, "_") &&
		(nameGrade(nameParts(v)) == gradeStrong || readableShare(strings.ToLower(strings.ReplaceAll(v, "_", ""))) >= 0.6) {
		return true
	}
	if bare && strings.Contains(sep, ":") && !strings.Contains(sep, "=") && capitalWord().MatchString(v) &&
		ve+2 < len(text) && text[ve] == ' ' && text[ve+1] >= 'a' && text[ve+1] <= 'z' {
		return true
	}
	return false
}

var capitalWord = lazyRE(`^[A-Z][a-z]{2,}$`)

// publicNamed is a name one of whose parts says public (PublicSigningKey, pub_key,
// publishable_token): its value is published on purpose.
func publicNamed(name string) bool {
	parts := nameParts(name)
	for i, p := range parts {
		// Round 15: a public word split in two (recaptcha_site_key, publishable-key's
		// "public"+"key") is the same word.
		if publicNameWords[p] || i > 0 && publicNameWords[parts[i-1]+p] {
			return true
		}
	}
	return false
}

// neutralName is a name that says nothing either way: no secret stem, no describing or public
// word, no digest (raw, value, data, a host name used as a key).
func neutralName(parts []string) bool {
	if len(parts) == 0 || describingWords[parts[len(parts)-1]] {
		return false
	}
	for _, p := range parts {
		if publicNameWords[p] || digestName(p) || strongParts[p] || weakParts[p] || containsAny(p, strongStems) || strings.HasSuffix(p, "key") {
			return false
		}
	}
	return true
}

// enclosingKey returns the key of the object that encloses pos on its line ("bearer" in
// {"bearer": {"host": "…"}}), or "".
func enclosingKey(text string, pos int) string {
	ls := strings.LastIndexByte(text[:pos], '\n') + 1
	depth := 0
	for i := pos - 1; i >= ls; i-- {
		switch text[i] {
		case '}':
			depth++
		case '{':
			if depth > 0 {
				depth--
				continue
			}
			j := i
			for j > ls && (text[j-1] == ' ' || text[j-1] == '\t') {
				j--
			}
			if j == ls || text[j-1] != ':' {
				return ""
			}
			j--
			for j > ls && (text[j-1] == ' ' || text[j-1] == '"' || text[j-1] == '\'') {
				j--
			}
			e := j
			for j > ls && (isAlnum(text[j-1]) || text[j-1] == '_' || text[j-1] == '-') {
				j--
			}
			return text[j:e]
		}
	}
	return ""
}

// cloudResourceName is a cloud's name for a resource (round 11): an Amazon resource name
// (arn:aws:…, arn:aws-cn:…, arn:aws-us-gov:…) says which role, key or secret is meant, and is
// printed in consoles, policies and logs; it holds nothing that grants access.
func cloudResourceName(v string) bool {
	if !strings.HasPrefix(v, "arn:aws") || strings.Count(v, ":") < 5 {
		return false
	}
	p := v[len("arn:aws"):]
	return p[0] == ':' || p[0] == '-'
}

// publicComment reports whether the comment that ends the value's line says the value is public
// (round 11): `WRITE_KEY=… # the browser SDK's key, public in the page`, `// publishable, safe to
// commit`. A writer's note outranks the shape of the name; a note that warns ("never make
// public", "keep private", "do not share") says the opposite and keeps the value a secret.
func publicComment(text string, end int) bool {
	le := end
	for le < len(text) && le-end < 256 && text[le] != '\n' {
		le++
	}
	rest := text[end:le]
	k := strings.Index(rest, " #")
	if j := strings.Index(rest, " //"); j >= 0 && (k < 0 || j < k) {
		k = j
	}
	if k < 0 {
		return false
	}
	c := strings.ToLower(rest[k:])
	if !containsAny(c, []string{"public", "publishable", "safe to share", "safe to commit", "safe to expose", "not a secret", "not secret"}) {
		return false
	}
	return !containsAny(c, []string{"not public", "never", "don't", "do not", "keep", "private", "leak", "must not", "shouldn't", "should not"})
}

// digestValue reports whether a value is a digest written after its algorithm's name
// (sha256:…, sha384:…, pin-sha256:… for a pinned public key, blake2b:…): a hash of public or
// content data, as container digests, SRI and key pins write them.
func digestValue(v string) bool {
	k := strings.IndexByte(v, ':')
	if k < 3 || k > 12 || len(v)-k < 20 {
		return false
	}
	name := strings.TrimPrefix(strings.ToLower(v[:k]), "pin-")
	return digestName(strings.ReplaceAll(name, "-", ""))
}

// urlTail is the rest of a URL after its user info: "@" and a host, a port, a path — what code
// joins after a password it reads elsewhere ("postgres://app:" + pw + "@db:5432/app").
var urlTail = lazyRE(`^@[A-Za-z0-9][A-Za-z0-9.-]*(?::\d{1,5})?(?:/[^\s]*)?$`)

// isoTimestamp is an ISO 8601 date and time as machines write one (with the T or a blank, and
// seconds or a zone): no one chooses it as a password, as people do a birth date.
var isoTimestamp = lazyRE(`^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$`)

// snmpQualified reports whether a name holding "community" says it is SNMP's: snmp, a
// read-only or read-write mark, or "string" among its parts.
func snmpQualified(parts []string) bool {
	for _, p := range parts {
		switch p {
		case "snmp", "string", "ro", "rw", "snmpv2", "snmpv1", "v2c", "trap":
			return true
		}
	}
	return false
}
