package redact

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// genericRules find what has no issuer's mark: values assigned to secret-sounding names, and
// long strings random enough to be credentials.
func genericRules() []*rule {
	return []*rule{
		// NAME=value, NAME: value, "name": "value", name = 'value', ?name=value&: only the value
		// is replaced. Leading underscores (.npmrc's _authToken) belong to the name.
		// Where secret-assignment's named cases fall through, the scorer (score.go) judges the
		// same match: an open vocabulary of secret-ish names, graded, against how generated the
		// value looks; it marks what it takes generic-secret.
		{name: "secret-assignment", re: assignmentRE(), pick: assignment, rescan: 3,
			fallback: scoredAssignment, fallbackName: "generic-secret",
			keywords: append(append(append([]string(nil), assignmentWords...), providerNames...), scorerKeywords...), guard: beforeSeparator, after: 1024, lineEnd: true},
		declarationRule(),
		revealRule(),
		// Anything else that looks random enough to be a credential.
		{name: "high-entropy", find: tokenRuns, pick: entropyPick, generic: true},
	}
}

// assignmentRE is NAME=value, NAME: value, "name": "value", name = 'value', ?name=value&,
// name = @"value" (Objective-C); a YAML anchor before the value (key: &name value) is the
// separator's, not the value (round 13).
var assignmentRE = lazyRE(`(?:^|[^A-Za-z0-9_])(_*[A-Za-z][A-Za-z0-9]*(?:(?:__|[_.-])[A-Za-z0-9]+)*)(["']?\]?[ \t]*(?:::=|:=|=>|=|:|<<?-|\?=)[ \t]*(?:&[A-Za-z_][A-Za-z0-9_-]*[ \t]+)?)("[^"\n]*"|'[^'\n]*'|@"[^"\n]*"|[^\s,;'"}\])&]+)`)

// scorerKeywords are the stems the scorer's names hold (strongStems, strongParts, weakParts, and
// "key"), lower case: the cheap pre-filter of generic-secret.
var scorerKeywords = []string{"pass", "pw", "secret", "token", "cookie", "bearer", "hmac", "priv",
	"key", "mnemonic", "cred", "psk", "otp", "pin", "salt", "seed", "sig", "auth", "session", "sid", "login", "signed", "hmac", "phrase", "community"}

// assignmentWords are the keywords of secret-assignment: every secret-sounding name holds one
// (see secretSuffixes and secretParts).
var assignmentWords = []string{"token", "secret", "pass", "pw", "key", "cred", "dsn", "auth", "pat", "sig", "webhook", "psk", "login", "session", "signature",
	"_ak", "-ak", ".ak", "_sk", "-sk", ".sk", "username", "mnemonic", "phrase", "macaroon",
	// Review of round 15: a long random salt (WordPress's define('NONCE_SALT', …)) is judged by secretAssignment.
	"salt"}

// entropyPick judges a run of token characters; a run that is NAME=value (client_secret=4f9d…,
// STRIPE_KEY=rk9F…: "=" and "_" are token characters) is judged, and redacted, on its value, so
// that the name stays readable.
func entropyPick(text string, m []int) [][2]int {
	s, e := m[0], m[1]
	run := text[s:e]
	if k := strings.IndexByte(run, '='); k > 0 && k < len(run)-1 && run[k+1] != '=' && identifier().MatchString(run[:k]) {
		s += k + 1
	}
	if !highEntropy(text[s:e]) || publicNamed(plistKeyBefore(text, s)) || shippedClientKey(text, s) || logRecordID(text, s, e) || idNamed(text, s) && !envTagged(text[s:e]) {
		return nil
	}
	return [][2]int{{compoundKeyStart(text, s), dottedTail(text, e)}}
}

// plistKeyBefore is the <key> a property list's <string> or <data> starting just before s sits
// under, or "": the key names its value as a setting's name does, and a key that says public
// (Sparkle's SUPublicEDKey, an app's PublicKey) keeps its value.
func plistKeyBefore(text string, s int) string {
	i := s
	for _, tag := range []string{"<string>", "<data>"} {
		if strings.HasSuffix(text[:i], tag) {
			i -= len(tag)
			break
		}
	}
	if i == s {
		return ""
	}
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t' || text[i-1] == '\n' || text[i-1] == '\r') {
		i--
	}
	if !strings.HasSuffix(text[:i], "</key>") {
		return ""
	}
	i -= len("</key>")
	k := strings.LastIndex(text[max(0, i-64):i], "<key>")
	if k < 0 {
		return ""
	}
	return text[max(0, i-64)+k+len("<key>") : i]
}

// dottedTail extends a random run over the segments a dot joins to it when each is random too
// (a key id and its secret written "<id>.<secret>", a token in two halves): the half after the
// dot is as much the credential. A file's extension or a host's labels (words) stay.
func dottedTail(text string, e int) int {
	for n := 0; n < 3 && e+1 < len(text) && text[e] == '.'; n++ {
		j := e + 1
		for j < len(text) && isTokenByte(text[j]) && text[j] != '=' {
			j++
		}
		if seg := text[e+1 : j]; len(seg) < 16 || !randomValue16(seg) {
			break
		}
		e = j
	}
	return e
}

// compoundKeyStart extends a random run to the key id glued before it with a colon, when the
// two stand alone in a literal or a word: Ably's "appId.keyId:secret", "<key id>:<secret>"
// pairs given as one string. The id half is part of the credential. A word (admin:…, a
// scheme, a digest's algorithm) stays readable.
func compoundKeyStart(text string, s int) int {
	if s < 2 || text[s-1] != ':' {
		return s
	}
	i := s - 1
	for i > 0 && s-1-i < 64 && (isAlnum(text[i-1]) || text[i-1] == '.' || text[i-1] == '_' || text[i-1] == '-') {
		i--
	}
	id := text[i : s-1]
	if len(id) < 8 || i > 0 && strings.IndexByte("\"'` \t=(", text[i-1]) < 0 {
		return s
	}
	upper := strings.IndexFunc(id, unicode.IsUpper) >= 0
	lower := strings.IndexFunc(id, unicode.IsLower) >= 0
	if !(hasDigit(id) || strings.Contains(id, ".")) || !upper || !lower || readableShare(id) >= 0.5 {
		return s
	}
	return i
}

// providerNames are services whose name, in a setting's name, says its value is that service's
// credential when the value is random (HEROKU=<uuid>, sendbird: <hex>, LOOKER_CLIENT=<random>):
// the provider keywords of gitleaks' context rules (config/gitleaks.toml, MIT), and other
// common services. A name alone is not enough: the value must be random, and names that say
// what else the setting holds (…_URL, …_REGION, …_ID with a number) are kept.
var providerNames = []string{"adafruit", "adobe", "airtable", "algolia", "alibaba", "artifactory", "asana",
	"atlassian", "beamer", "bintray", "bitbucket", "bittrex", "cloudflare", "codecov", "cohere", "coinbase",
	"confluence", "confluent", "contentful", "datadog", "discord", "droneci", "dropbox", "etsy", "facebook",
	"fastly", "finicity", "finnhub", "flickr", "freshbooks", "gitter", "gocardless", "heroku", "hubspot",
	"intercom", "jfrog", "jira", "kraken", "kucoin", "launchdarkly", "linear", "linkedin", "looker",
	"mailchimp", "mailgun", "mapbox", "mattermost", "meraki", "messagebird", "netlify", "newrelic",
	"nytimes", "okta", "plaid", "rapidapi", "sendbird", "sentry", "snyk", "sonar", "squarespace", "sumo",
	"telegram", "travis", "twitch", "twitter", "yandex", "zendesk", "twilio", "stripe", "slack", "openai",
	"anthropic", "mistral", "pinecone", "segment", "mixpanel", "amplitude", "pagerduty", "opsgenie",
	"vercel", "supabase", "firebase", "auth0", "sendgrid", "mailjet", "postmark", "sparkpost", "pusher",
	"circleci", "buildkite", "databricks", "shopify", "paypal", "braintree", "mapquest", "privateai"}

// providerWords is providerNames as a set, built on first use like the rules.
var providerWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, n := range providerNames {
		m[n] = true
	}
	return m
})

// notCredentialParts end a provider-named setting that holds something else than a credential.
var notCredentialParts = map[string]bool{"url": true, "uri": true, "host": true, "hostname": true,
	"region": true, "endpoint": true, "domain": true, "project": true, "org": true, "organization": true,
	"user": true, "username": true, "email": true, "app": true, "team": true, "workspace": true,
	"channel": true, "env": true, "environment": true, "version": true, "enabled": true, "path": true,
	"dir": true, "file": true, "port": true, "timeout": true, "name": true, "site": true, "account": true,
	"commit": true, "sha": true, "release": true, "build": true, "id": true,
	// A domain's verification value is published in DNS or a page (facebook-domain-verification).
	"verification": true,
	// Round 13: what a chain or a signer publishes under a provider's name: a signature over one
	// message or transaction, its hash, a key's thumbprint or fingerprint, an address.
	"signature": true, "thumbprint": true, "fingerprint": true, "hash": true, "digest": true,
	"checksum": true, "address": true, "txid": true, "tx": true}

// providerCredential reports whether a name naming a provider holds a random value: a UUID, long
// hex, or a random string.
func providerCredential(parts []string, val string) bool {
	named := false
	for _, p := range parts {
		named = named || providerWords()[p]
	}
	if joined := strings.Join(parts, ""); !named && len(joined) <= 32 {
		// A provider's name glued to another word: snykkey, herokutoken.
		for _, n := range providerNames {
			if len(n) >= 4 && strings.Contains(joined, n) {
				named = true
				break
			}
		}
	}
	if !named || notCredentialParts[parts[len(parts)-1]] {
		return false
	}
	val = strings.Trim(val, `"'`)
	if hostPort().MatchString(val) {
		return false // a number: an account, a port, a snowflake id
	}
	return uuidShape().MatchString(val) || isHex(val) && len(val) >= 24 || randomValue16(val) || shortRandom(val)
}

// shortRandom is a key of 14 or more letters and digits with no separator and no readable word
// in most of it (cb5qbrrnnbr0adgci56i).
func shortRandom(v string) bool {
	return len(v) >= 14 && !strings.ContainsAny(v, "._/:- ") && hasDigit(v) && strings.IndexFunc(v, unicode.IsLetter) >= 0 &&
		readableShare(v) < 0.5 && entropy(v) >= 3.2
}

// beforeSeparator accepts a keyword that stands in a name followed by an assignment: the rest of
// the name, an optional quote, blanks, then ':' or '='.
func beforeSeparator(text string, _, end int) bool {
	i := end
	for i < len(text) && (isAlnum(text[i]) || text[i] == '_' || text[i] == '.' || text[i] == '-') {
		i++
	}
	if i < len(text) && (text[i] == '"' || text[i] == '\'') {
		i++
	}
	if i < len(text) && text[i] == ']' {
		i++ // node['db_password'] = …: a subscript's key
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	// R's assignment arrows (password <- "…", token <<- "…") assign as "=" does.
	// make's conditional assignment (PASSWORD ?= …) too.
	return i < len(text) && (text[i] == ':' || text[i] == '=' || strings.HasPrefix(text[i:], "<-") || strings.HasPrefix(text[i:], "<<-") || strings.HasPrefix(text[i:], "?="))
}

func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// assignment redacts the value of one NAME=value match when the name says secret.
func assignment(text string, m []int) [][2]int {
	name, sep, vs, ve, end, ok := assignmentValue(text, m)
	if !ok {
		return nil
	}
	if !secretAssignment(name, sep, text[vs:ve]) && !plainPassword(name, text[vs:ve], text, end) {
		return nil
	}
	if urlHead(text[vs:ve]) {
		return nil // round 14: "amqp://guest:" + pw + "@host": the URL's head, its password elsewhere
	}
	if name == "signingkey" && gpgKeyID(text[vs:ve]) && gitUserSection(text, m[2]) {
		return nil // round 15: git's [user] signingkey names a key by its id; elsewhere it is a key
	}
	if referenceValue(text, sep, vs, ve, vs == m[6]) || publicNamed(name) || notALiteral(text, name, vs, ve) || namesASecret(name, text[vs:ve]) || inEnvelope(text, m[2]) {
		return nil // refers to the secret; or public by its name (PublicSigningKey); or no literal
	}
	if publicKeyName(text, m[2], name) || publishedPrefix(text[vs:ve]) || publicComment(text, ve) {
		return nil // PublicKey = …, "age public key: …": public by design
	}
	return [][2]int{{vs, ve}}
}

// scoredAssignment is generic-secret: the scorer's decision (score.go) on a NAME=value match
// that secret-assignment's named cases left alone.
func scoredAssignment(text string, m []int) [][2]int {
	name, sep, vs, ve, end, ok := assignmentValue(text, m)
	if !ok {
		return nil
	}
	val := text[vs:ve]
	if strings.EqualFold(name, "value") {
		// {"db.password": {"value": "…"}} (an actuator's /env, a settings export): the value
		// of an object named for a password is one, however ordinary it looks.
		if k := enclosingKey(text, m[2]); k != "" && passwordName(k) && secretAssignment(k, sep, val) && !isPlaceholder(val) && !notALiteral(text, k, vs, ve) {
			return [][2]int{{vs, ve}}
		}
	}
	// The cheap tests first: most names grade none, most values fall under the bar. A value
	// under 12 characters can pass only under a strong name, which holds a slot stem.
	if len(val) < 8 || len(val) < 12 && !containsFold(name, slotStems) {
		return nil
	}
	parts := nameParts(name)
	if k := enclosingKey(text, m[2]); k != "" && neutralName(parts) {
		// {"bearer": {"<host>": "<token>"}}: a neutral key inside an object whose key says
		// secret is judged under the object's name.
		parts = nameParts(k)
	}
	if nestedValue(text, m[2]) || !scoredCredential(parts, val) || notALiteral(text, name, vs, ve) {
		return nil
	}
	if secretAssignment(name, sep, val) || plainPassword(name, val, text, end) {
		return nil // secret-assignment's own, which it let go for a reason
	}
	if codeConstant(sep, val) || publicKeyName(text, m[2], name) || publishedPrefix(val) || publicComment(text, ve) || referenceValue(text, sep, vs, ve, vs == m[6]) || publicNamed(name) || inEnvelope(text, m[2]) {
		return nil
	}
	return [][2]int{{vs, ve}}
}

// assignmentValue finds the name, the separator and the value's bounds of one NAME=value match;
// end is where the value's text ends, for plainPassword's look at the rest of the line. It
// reports false for a match that assigns no literal.
func assignmentValue(text string, m []int) (name, sep string, vs, ve, end int, ok bool) {
	name = text[m[2]:m[3]]
	sep = text[m[4]:m[5]]
	end = m[7] // where the value's text ends, for plainPassword's look at the rest of the line
	if strings.EqualFold(name, "key") {
		// "signing private key: …", "secret key = …": the word before names the key.
		if w := lastWord(text, m[2]); w == "private" || w == "secret" {
			name = w + "_key"
		}
	}
	vs, ve = m[6], m[7]
	if strings.Contains(sep, "<-") && text[vs] != '"' && text[vs] != '\'' {
		// An arrow binds a quoted literal in R; a bare word after it is an expression or a
		// Haskell action (password <- getLine), never a literal.
		return name, sep, 0, 0, 0, false
	}
	if strings.HasPrefix(text[vs:ve], "!!") {
		// A YAML core tag (api_key: !!str x, !!binary x) names the value's type; the value
		// follows it.
		tv := tagValue().FindStringSubmatchIndex(text[ve:])
		if tv == nil {
			return name, sep, 0, 0, 0, false
		}
		vs, ve = ve+tv[2], ve+tv[3]
		end = ve
	}
	if text[vs] == '@' && ve-vs >= 3 && text[vs+1] == '"' {
		vs++ // @"…": an Objective-C string literal
	}
	if q := text[vs]; (q == '"' || q == '\'') && ve-vs >= 2 {
		vs, ve = vs+1, ve-1
	} else if k := jsonEscape(text[vs:ve]); k >= 0 {
		ve = vs + k // TOKEN=x\nNEXT=y inside a JSON string: the line, so the value, ends at \n
	} else if k := strings.IndexByte(text[vs:ve], '`'); k > 0 {
		ve = vs + k // `clientSecret: …`: a bare value ends with its code span
		end = ve
	}
	if m[2] >= 2 && text[m[2]-2:m[2]] == "${" && sep == ":" && ve > vs && strings.IndexByte("-=?+", text[vs]) >= 0 {
		vs++ // ${NAME:-default}: the default is the value, "-" is the shell's
	}
	if strings.HasPrefix(strings.TrimLeft(sep, `"'`), "]") && (vs == m[6] || vs == 0) {
		return name, sep, 0, 0, 0, false // raw["token"] = m.Token: a subscript given an expression, not a literal
	}
	if typeBeforeValue(text, vs, ve) || typeAnnotation(sep, text[vs:ve]) {
		return name, sep, 0, 0, 0, false // password: String = "…": the type, not the value (declarations.go)
	}
	if underEncryptedKey(text, m[2]) {
		return name, sep, 0, 0, 0, false // a Sealed Secret's encryptedData: ciphertext meant to be committed
	}
	if inARN(text, m[2]) {
		return name, sep, 0, 0, 0, false // arn:aws:secretsmanager:…:secret:prod/db names a secret, it is not one
	}
	return name, sep, vs, ve, end, true
}

// notALiteral reports whether the value of a NAME=value match is no credential by where it
// stands or what it is (round 8): a per-request proof or protocol value on its line
// (proofLabel); a name that says where the secret comes from (Drone's from_secret, fromSecret:
// the value is the secret's name); a language keyword that starts an expression (const auth =
// new Client(…), token = await fetch(…)); an argument inside a template expression that the line
// goes on to close ({{ lookup('vault', 'secret=path:field') }}); and ciphertext meant to be
// committed, in the forms config tools write it (eyaml's ENC[PKCS7,…], jasypt's ENC(…)).
func notALiteral(text, name string, vs, ve int) bool {
	lo := max(0, vs-pickReach) // the label is on the value's line, within a pick's reach: linear on one long line
	if labelledProof(text[lo:], vs-lo) || windowsSID(text, vs, ve) {
		return true // a Windows SID (SID: S-1-5-21-…) names a principal
	}
	if n := strings.LastIndex(text[max(0, vs-len(name)-8):vs], name); n >= 0 {
		// A prose label's first word qualifies its name as a setting's does (round 13):
		// "continuation token: …" is a page cursor, "object key: …" names a stored object.
		at := max(0, vs-len(name)-8) + n
		if at > 0 && text[at-1] == ' ' {
			if w := lastWord(text, at); pagingWords[w] && lastPart(name) == "token" || notCredentialKeys[w] && lastPart(name) == "key" {
				return true
			}
			// Round 15: the label's earlier words count too, up to three in the same clause:
			// "Restored cache from key: …" names a cache's key; "Encrypted data key: …",
			// "wrapped key: …" name ciphertext, which opens nothing without the key it is
			// encrypted under.
			for _, w := range labelWords(text, at, 3) {
				if keyQualifiers[w] {
					break // "Build cache access key: …", "Sealed secrets master key: …": a credential's own word is nearer
				}
				if notCredentialKeys[w] && lastPart(name) == "key" || ciphertextWords[w] {
					return true
				}
			}
		}
	}
	if parts := nameParts(name); len(parts) > 1 && parts[0] == "from" {
		return true
	}
	if parts := nameParts(name); len(parts) > 1 && slices.Contains(parts, "existing") && !heldSecret(name, parts) {
		// Round 15: Helm charts' existingSecret, existingPasswordSecret, auth.existingSecret
		// and Terraform's use_existing_secret name a secret object that is already there; the
		// value is the object's name.
		return true
	}
	v := text[vs:ve]
	if k := strings.IndexByte(v, '='); k > 0 && (cookieAttributes[strings.ToLower(v[:k])] || affinityCookie(strings.ToLower(v[:k]))) {
		return true // Set-Cookie: AWSALB=…: a stickiness cookie, or an attribute
	}
	if codeKeywords[v] && ve+1 < len(text) && text[ve] == ' ' && (isLetter(text[ve+1]) || text[ve+1] == '_') {
		return true
	}
	if strings.HasPrefix(v, "ENC[") || strings.HasPrefix(v, "ENC(") {
		return true
	}
	if strings.HasPrefix(v, "arn:aws") || strings.HasPrefix(v, "arn:aws-") {
		return true // round 13: an ARN names a role or a secret's place, it holds none
	}
	ls := strings.LastIndexByte(text[:vs], '\n') + 1
	if o := strings.LastIndex(text[ls:vs], "{{"); o >= 0 && !strings.Contains(text[ls+o:vs], "}}") {
		le := strings.IndexByte(text[ve:], '\n')
		if le < 0 {
			le = len(text) - ve
		}
		return strings.Contains(text[ve:ve+le], "}}")
	}
	return false
}

// codeKeywords start an expression where a value would stand.
var codeKeywords = map[string]bool{"new": true, "await": true, "yield": true, "typeof": true, "function": true, "async": true, "lambda": true}

// jsonEscape returns where a JSON string's escaped line break or tab (\n, \r, \t) starts in v,
// or -1.
func jsonEscape(v string) int {
	for i := 0; i+1 < len(v); i++ {
		if v[i] == '\\' && (v[i+1] == 'n' || v[i+1] == 'r' || v[i+1] == 't') {
			return i
		}
	}
	return -1
}

// inARN reports whether pos stands inside an Amazon resource name (arn:partition:service:…).
func inARN(text string, pos int) bool {
	i := pos
	for i > 0 && pos-i < 256 && !isDelimiter(text[i-1]) {
		i--
	}
	// The run may start with the setting that holds the ARN (SECRET_ARN=arn:…).
	k := strings.Index(text[i:pos], "arn:")
	return k >= 0 && (k == 0 || !isAlnum(text[i+k-1]) && text[i+k-1] != '_')
}

// plainPassword accepts an ordinary word as the value of a password-named key written with a
// colon (password: hunter), which secretAssignment leaves as prose: the word must end its line
// (or its JSON string), so that "password: see below" stays, and be no word of prose or type
// ("password: required", "password: string").
func plainPassword(name, val, text string, end int) bool {
	if len(val) < 4 || !isPlainWord(val) || proseWords[val] || typeWords[val] || isPlaceholder(val) {
		return false
	}
	parts := nameParts(name)
	if len(parts) == 0 {
		return false
	}
	switch parts[len(parts)-1] {
	case "password", "passwd", "pwd", "pass", "passphrase":
	default:
		return false
	}
	rest := text[end:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimSpace(rest)
	quoted := end > 0 && (text[end-1] == '"' || text[end-1] == '\'')
	// A quoted value may be followed by the rest of its JSON object; a bare one ends its line
	// ("a password: sshpass, registry logins" is prose).
	return rest == "" || strings.HasPrefix(rest, "#") || strings.HasPrefix(rest, "`") || quoted && strings.IndexAny(rest[:1], ",}]") == 0
}

// typeWords name a value's type in a schema (password: string): not a value.
var typeWords = map[string]bool{"string": true, "str": true, "text": true, "bytes": true, "int": true,
	"integer": true, "bool": true, "boolean": true, "number": true, "object": true, "array": true,
	"any": true, "secret": true, "password": true, "sensitive": true, "required": true, "optional": true}

// secretSuffixes end a name (lower-cased, separators removed) whose value is a secret:
// PGPASSWORD, identitytoken, clientSecret, AWS_SECRET_ACCESS_KEY.
var secretSuffixes = []string{"token", "secret", "password", "passwd", "passphrase", "passcode", "apikey",
	"credential", "credentials", "accesskey", "secretkey", "privatekey", "authkey", "sharedaccesskey",
	"accountkey", "masterkey", "signingkey", "encryptionkey", "webhookurl", "dsn", "authtok", "pw",
	// A wallet's recovery words are its private key.
	"mnemonic", "seedphrase", "recoveryphrase",
	// A pre-shared key spelled out is a psk (Wi-Fi PreSharedKey, IPsec pre_shared_key).
	"presharedkey"}

// secretParts are short words that mark a secret only as a whole part of the name (pat, not
// compat; auth, not oauth2_enabled's "enabled").
var secretParts = map[string]bool{"pwd": true, "pass": true, "auth": true, "pat": true, "sig": true, "pw": true, "psk": true,
	"tok": true, "cred": true, "creds": true}

// secretWords mark a name as a secret's wherever they stand in it, when its value is random:
// secret_key_base, MJ_APIKEY_PRIVATE, private_key_id, token_for_ci. Only random values count
// there ("token_budget = 2000", "secret_version: latest" are settings about a secret).
var secretWords = map[string]bool{"secret": true, "password": true, "passwd": true, "passphrase": true, "passcode": true,
	"pwd": true, "token": true, "apikey": true, "credential": true, "credentials": true, "private": true,
	"secretkey": true, "accesskey": true, "privatekey": true, "authtoken": true, "authtok": true}

// describingParts end a name that describes a secret rather than holding it: its hash, its
// length, where it lives, when it expires.
// idOfSecret are the secrets whose "…_id" names the secret rather than holding it.
var idOfSecret = map[string]bool{"key": true, "token": true, "credential": true, "cert": true, "certificate": true}

var describingParts = map[string]bool{"hash": true, "hashed": true, "digest": true, "checksum": true,
	"sha": true, "fingerprint": true, "length": true, "len": true, "count": true, "size": true,
	"ttl": true, "expiry": true, "expires": true, "url": true, "uri": true, "path": true, "file": true,
	"name": true, "type": true, "version": true, "format": true, "prefix": true, "algorithm": true,
	"alg": true, "kind": true, "mode": true, "enabled": true, "rotation": true, "header": true,
	// Round 13: a token's accessor (Vault) names the token for revocation without granting it.
	"accessor": true,
	// Round 15: what is public about a secret or sent beside it: a key's thumbprint, a
	// certificate's serial, a cipher's nonce, where it lives (region, arn).
	"thumbprint": true, "serial": true, "nonce": true, "region": true, "arn": true,
	// A reference to a secret names it (secretRef, token_reference).
	"ref": true, "reference": true}

// weakNames name a value that is a credential only when it looks random: login=ab12…, the key
// of a JSON credentials file, a session id. login=alice and session=main stay.
var weakNames = map[string]bool{"key": true, "login": true, "session": true, "sid": true, "sessionid": true, "signature": true}

// secretAssignment decides whether name = val is a secret being set.
func secretAssignment(name, sep, val string) bool {
	parts := nameParts(name)
	if len(parts) == 0 || len(val) < 3 {
		return false
	}
	joined := strings.Join(parts, "")
	last := parts[len(parts)-1]
	if last == "token" && len(parts) >= 2 && pagingWords[parts[len(parts)-2]] {
		return false // page_token, next_token: a page cursor, not a credential
	}
	if last == "key" && len(parts) >= 2 && notCredentialKeys[parts[len(parts)-2]] {
		return false // Idempotency-Key, cache_key, object_key: a key that opens nothing (round 13)
	}
	if joined == "usersigningkey" && gpgKeyID(strings.Trim(val, `"'`)) {
		// round 14: git's user.signingkey 3AA5C34371567BD2 names which key signs: a key id. Only
		// git's own spelling (user.signingkey; signingkey in a [user] section, which assignment
		// judges with the text around it): the review found a request's signing key of eight
		// hex digits kept.
		return false
	}
	secret := secretParts[last] || gluedPass(last)
	for _, s := range secretSuffixes {
		if strings.HasSuffix(joined, s) && gluedPW(last) {
			secret = true
			break
		}
	}
	switch {
	case last == "pass" && len(parts) == 1 && !strings.Contains(sep, "="):
		// "PASS: TestPush" is a test result; a bare pass: takes only a password-looking value —
		// or, as a record's quoted key holding a word with a digit (round 13: a
		// database export's {"user": "bob", "pass": "…"}), any word a person would choose: a
		// test's result is no quoted field of a record.
		if v := strings.Trim(val, `"'`); !passwordish(val) && !(strings.HasPrefix(sep, `"`) && weakPassword(v) && hasDigit(v) && len(v) >= 6) {
			return false
		}
	case secret:
	case strings.HasSuffix(last, "pass") && last != "bypass" && last != "compass":
		// SSHPASS, become_pass, keystorepass: a password when it looks like one.
		if !passwordish(val) {
			return false
		}
	case last == "salt":
		// Round 15 made salt a weak word (Phoenix's eight-character signing_salt is in source
		// on purpose); the review found WordPress's define('AUTH_SALT', '<64 random>') lost
		// with it: a long random salt is a key under another name.
		if v := strings.Trim(val, `"'`); len(v) < 16 || !randomValue(v) && valueShape(v) < strongShapeMin {
			return false
		}
	case weakNames[last] && (len(parts) == 1 || last != "key"):
		if !randomValue(val) || last == "key" && wordsThenHex(val) {
			return false
		}
	case last == "key" && len(parts) > 1:
		// FOO_KEY is a secret only when the value looks like one: sort_key=created_at is not,
		// LICENSE_KEY=54TSBXK7W7 is.
		if !(len(val) >= 12 && (hasDigit(val) || entropy(val) >= 3.5) && !strings.ContainsAny(val, " /") && wordShare(val) < 0.5) && !(len(val) >= 8 && shortKeyShape(val)) {
			return false
		}
	case (last == "ak" || last == "sk" || strings.HasSuffix(joined, "accesskeyid")) && len(parts) > 1:
		// HUAWEICLOUD_SDK_AK, OBS_SK, AccessKeyId: an access key pair's abbreviations, when the
		// value is generated.
		if v := strings.Trim(val, `"'`); !randomValue16(v) && !(len(v) >= 16 && shortKeyShape(v)) {
			return false
		}
	case last == "id" && len(parts) > 1 && parts[len(parts)-2] == "secret":
		// Vault's secret_id, Consul's SecretID: a secret that has an id's shape (a UUID).
		if v := strings.Trim(val, `"'`); !uuidShape().MatchString(v) && !randomValue16(v) && !(isHex(v) && len(v) >= 16) {
			return false
		}
	case (last == "username" || last == "user") && keyIDShape(strings.Trim(val, `"'`)):
		// sasl.username=<16 upper-case letters and digits>: an API key's id given as the user.
	case secretWordInside(parts) && !describingParts[last] && !(last == "id" && idOfSecret[parts[len(parts)-2]] && parts[0] != "private") && randomValue16(strings.Trim(val, `"'`)):
		// Round 14: a key's id (secretKeyId, signing_key_id) names the key, as key_id does —
		// but a service account file's private_key_id travels with its key and is kept secret.
		// Round 15: so does a token's or a credential's id (token_id, credentialId: WebAuthn's
		// is public); a session's id is its credential and stays one.
	case providerCredential(parts, val):
	default:
		return false
	}
	if k := strings.LastIndexByte(val, ':'); isVersion(val[k+1:]) {
		return false // group:artifact:21.0.0, a Maven coordinate's version
	}
	if codeConstant(sep, val) {
		return false // SCM_CREDS = 0x4, x := C.PIDFD_INFO_CREDS, creds := h.config.Credentials
	}
	if strings.HasSuffix(val, ":") && !strings.Contains(sep, "=") {
		return false // "DBPassword: Type: String": the next key, not a value (joined YAML lines)
	}
	if isPlaceholder(val) {
		return false // judged after the name: most names are no secret's, and this is dearer
	}
	if strings.HasSuffix(last, "pwd") && (strings.HasPrefix(val, "/") || strings.HasPrefix(val, "~") || strings.Contains(val, `:\`)) {
		return false // the shell's PWD is a directory
	}
	// In prose ("token: expired", "password: see below", "password: (Windows tools)") a colon is
	// followed by a plain word or an aside.
	if strings.Contains(sep, ":") && !strings.Contains(sep, "=") && (isPlainWord(val) || strings.HasPrefix(val, "(")) {
		return false
	}
	return true
}

// gluedPW rejects a name part that ends in "pw" or "pwd" glued to one or two letters (zipw,
// cpw): a word such as bind, root or admin glued to pw (bindpw) names a password; a fragment does
// not.
func gluedPW(part string) bool {
	for _, suf := range []string{"pwd", "pw"} {
		if strings.HasSuffix(part, suf) {
			n := len(part) - len(suf)
			return n == 0 || n >= 3 || shortPWPrefixes[part[:n]]
		}
	}
	return true
}

// gluedPass is a name part made of a service's or an account's name glued to "pass"
// (mysqlpass, dbpass, smtppass, rootpass, redispass, ldappass), as ini files and old configs
// write a password's setting (round 15). The prefix must be such a name: bypass, compass,
// surpass, a compiler's or a renderer's onepass/subpass/renderpass are words, and pgpass is
// the name of PostgreSQL's password file; userpass is code's name for a user:password pair.
func gluedPass(part string) bool {
	p, ok := strings.CutSuffix(part, "pass")
	return ok && passOwners[p]
}

// passOwners are the services and accounts whose password settings are written glued to pass.
var passOwners = map[string]bool{"db": true, "mysql": true, "maria": true, "postgres": true,
	"psql": true, "sql": true, "mssql": true, "ora": true, "oracle": true, "mongo": true, "redis": true,
	"smtp": true, "mail": true, "imap": true, "pop": true, "ldap": true, "bind": true, "ftp": true,
	"sftp": true, "admin": true, "root": true, "sa": true, "master": true,
	"proxy": true, "vnc": true, "rdp": true, "wifi": true, "wlan": true, "mq": true, "amqp": true,
	"rabbit": true, "kafka": true, "es": true, "elastic": true, "cache": true, "app": true, "api": true,
	"svc": true, "sys": true, "jdbc": true, "http": true, "web": true, "site": true, "nas": true, "key": true}

// shortPWPrefixes are the two-letter abbreviations glued to pw in real settings (dbpw, pgpw).
var shortPWPrefixes = map[string]bool{"db": true, "pg": true, "ad": true, "sa": true, "ds": true}

// secretWordInside reports whether a part of the name, or two adjacent parts joined (api key),
// is a secret word.
func secretWordInside(parts []string) bool {
	for i, p := range parts {
		if secretWords[p] || i > 0 && secretWords[parts[i-1]+p] {
			return true
		}
	}
	return false
}

// randomValue is a value random enough to be a credential whatever its name: long, with digits
// and letters, not made of words, not a path.
func randomValue(v string) bool {
	return len(v) >= 20 && hasDigit(v) && strings.IndexFunc(v, unicode.IsLetter) >= 0 &&
		!strings.ContainsAny(v, " /.") && readableShare(v) < 0.5 && entropy(v) >= 3.3
}

// nameParts splits an identifier into lower-case words: MY_APP_TOKEN, myAppToken, my-app.token.
func nameParts(name string) []string {
	var parts []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			parts = append(parts, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.':
			flush()
		case unicode.IsUpper(r) && i > 0 && unicode.IsLower(rs[i-1]):
			flush()
			cur = append(cur, r)
		case unicode.IsUpper(r) && i > 0 && unicode.IsUpper(rs[i-1]) && i+2 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsLower(rs[i+2]):
			// An acronym ends where a capitalised word starts: SUPublicEDKey is su, public,
			// ed, key; DBPassword is db, password (two lower-case letters, so IDs stays whole).
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	// A qualifier after the name does not change what it names: DB_PASSWORD_PROD,
	// api_token_value, password2 and ApiKeyV2 name a password, a token and a key.
	for len(parts) > 1 && (qualifiers[parts[len(parts)-1]] || versionPart().MatchString(parts[len(parts)-1])) {
		parts = parts[:len(parts)-1]
	}
	if n := len(parts); n > 0 {
		if t := strings.TrimRight(parts[n-1], "0123456789"); t != "" && len(t) >= 3 {
			parts[n-1] = t
		}
	}
	// yarn's npmAuthIdent is npmAuth's user:password: "ident" after "auth" names the same
	// credential (TokenIdent, a token's kind, does not).
	if n := len(parts); n >= 2 && parts[n-1] == "ident" && parts[n-2] == "auth" {
		parts = parts[:n-1]
	}
	// "apiKey" and "api_key" both end in "key" after "api": treat the pair as apikey.
	if n := len(parts); n >= 2 && parts[n-1] == "key" && parts[n-2] == "api" {
		parts = append(parts[:n-2], "apikey")
	}
	return parts
}

// qualifiers follow a secret's name to say which one it is: the environment, the version, the
// encoding.
var qualifiers = map[string]bool{"prod": true, "production": true, "dev": true, "development": true,
	"staging": true, "stage": true, "stg": true, "test": true, "testing": true, "qa": true, "uat": true,
	"live": true, "sandbox": true, "local": true, "old": true, "new": true, "current": true, "prev": true,
	"previous": true, "next": true, "primary": true, "secondary": true, "backup": true, "alt": true,
	"value": true, "val": true, "plain": true, "plaintext": true, "raw": true, "b64": true,
	"base64": true, "hex": true, "encoded": true, "str": true}

var versionPart = lazyRE(`^(?:v?\d+)$`)

// shortKeyShape is a short random key: eight or more letters and digits, no word in it.
func shortKeyShape(v string) bool {
	if strings.ContainsAny(v, "._/:-") || !hasDigit(v) || strings.IndexFunc(v, unicode.IsLetter) < 0 {
		return false
	}
	return wordShare(v) < 0.3 && entropy(v) >= 2.8
}

// placeholders: a reference, a template, a mask, a dummy word, a call or a lookup. Round 13
// added the substitution variables of SAS and SQL*Plus (&name, &&name, &name.), SQL's bind
// variables (:name) and YAML's aliases (*name), written with letters only: a value that goes on
// with digits (*Quartz367fjord) is a password that starts with a symbol.
var placeholders = lazyRE(`(?i)^(?:` + varRef + `|<[^>]*>|<[a-z_ -]*|\{\{.*|\{[A-Za-z_][A-Za-z0-9_.]*\}|%[A-Za-z_]+%|%\([A-Za-z_][A-Za-z0-9_]*(?:\)[sdr])?|![A-Za-z][A-Za-z0-9:]*|[•●]{3,}|x{3,}|\*{3,}|\.{3,}|…|null|none|nil|true|false|yes|no|on|off|undefined|changeme|change[_-]me|change[_-]?it|dummy|sample|example|todo|tbd|fixme|redacted|\[redacted.*|your[_-].*|replace[_-]?me|placeholder|#\{.*|@@?[A-Za-z0-9_.-]+@@?|%%[A-Za-z_][A-Za-z0-9_]*%%|\[\[ *[.$A-Za-z_].*|(?:var|local|data|module)\.[A-Za-z0-9_.\["\]-]+|os\.(?:getenv|environ).*|process\.env.*|env\..*|secrets\..*|@?[A-Za-z_][A-Za-z0-9_]*(?:(?:\.|::|->)[A-Za-z_][A-Za-z0-9_]*)*(?:(?:::)?<[A-Za-z0-9_.,\[\] ]+>)?[!?]?\.?\(.*|<%.*|\{%.*|%[A-Za-z_]+\([^)]*\)%|env:[A-Za-z_][A-Za-z0-9_]*|(?-i:#[A-Z][A-Za-z_]*)|#[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+(?:\([^)]*\))?#|#[A-Za-z_]+#|(?-i:__[A-Z][A-Z0-9_.]*__)|&&?[A-Za-z_]+\.?|:[A-Za-z_]+|(?-i:\*[a-z_][a-z_-]*)|\(.*|[A-Za-z_][A-Za-z0-9_.]*\[[^\]]*\]?|\{[A-Za-z_][A-Za-z0-9_]*:?|\[\][A-Za-z].*|` + psCall + `|` + envReader + `)$`)

// Round 15 also adds Ant's and Gradle's @@NAME@@, a batch file's escaped %%NAME%%, and Go
// templates with other delimiters ([[ .Env.X ]], as Nomad and Levant write them).
//
// Round 15 adds a call given type arguments (TypeScript's, Java's, C#'s `c.get<string>("X")`,
// Rust's `parse::<u32>()`), the tags of ERB, EJS, ASP and JSP (`<%= … %>`, any value starting
// "<%") and Jinja's and Liquid's statements (`{% … %}`), and Symfony's parameter functions
// (`%env(APP_SECRET)%`, `%env(file:X)%`): each computes the value where it is used.
//
// Round 14 adds the template delimiters of other tools: ColdFusion's #scope.name# (also
// #fn(x)#) and a letters-only #name#, and the __NAME__ tokens release pipelines replace (in
// capitals: the review of round 14 found __Pa55word__ kept as one).
//
// varRef is a reference to a variable, as shells, PowerShell, Make and templates write one: $VAR,
// ${VAR}, $(cmd), $env:VAR, $VAR/path, $1. A value that merely starts with "$" and goes on with
// symbols ($1_n7m1cvh*#32v) is a secret that starts with a dollar, not a reference.
const varRef = `\$\{?[A-Za-z_][A-Za-z0-9_]*\}?(?:[:@/,;.-]\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)+|\$\{.*|\$\(.*|\$[A-Za-z_][A-Za-z0-9_]*\{.*|\$[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z_][A-Za-z0-9_]*)?(?:(?:\.|->)[A-Za-z_][A-Za-z0-9_]*)*(?:\[[^\]]*\]|\([^)]*\)|->[A-Za-z_][A-Za-z0-9_]*\(.*)?(?:[/\\].*)?|\$\d|\$[@*#?!$]`

// psCall is a PowerShell cmdlet call (Verb-Noun, an approved verb) standing where a value would:
// $pw = Read-Host -AsSecureString, $c = Get-Credential.
// envReader is a reference to the environment or a secret store that a placeholder's call
// pattern misses: a function applied without parentheses (F#'s Environment.GetEnvironmentVariable
// "X", OCaml's Sys.getenv "X", Haskell's getEnv "X"), whose argument the value stops before, and
// the environment as a hash (Perl's %ENV{X}, Raku's %*ENV<X>, Crystal's ENV["X"]).
const envReader = `(?:[A-Za-z_][A-Za-z0-9_]*(?:\.|::))*(?:get_?env[a-z_]*|getenvironmentvariable|lookup_?env|get_?secret[a-z_]*|env_?var)|[%$@]\*?ENV[{<\[].*`

const psCall = `(?-i:(?:Get|Set|New|Read|ConvertTo|ConvertFrom|Import|Export|Invoke|Select|Join|Resolve|Test|Format|Out|Write|Start|Add|Remove|Find|Search|Request|Unprotect|Protect)-[A-Z][A-Za-z]+)`

// isPlaceholder recognizes values that stand for a secret without being one: ${VAR}, <token>,
// os.environ[...], a function call.
func isPlaceholder(v string) bool {
	v = strings.TrimSpace(v)
	return placeholders().MatchString(v) || secretReference(v) || commandSubstitution(v) || wrappedMaskWord(v)
}

// maskWords are what loggers and debug printers write in a secret's place.
var maskWords = map[string]bool{"redacted": true, "filtered": true, "hidden": true, "masked": true,
	"removed": true, "omitted": true, "elided": true, "scrubbed": true, "sensitive": true, "obfuscated": true}

// wrappedMaskWord reports whether a value is a mask word in a mask's punctuation, as debug
// printers of many languages write a hidden field: Elixir's **redacted**, <redacted>,
// (hidden), --FILTERED--, #masked#. The bare word with nothing around it is left to the
// placeholders: "hidden" may be a value.
func wrappedMaskWord(v string) bool {
	inner := strings.Trim(v, "*<>()[]{}#-_~ ")
	return len(inner) < len(v) && maskWords[strings.ToLower(inner)]
}

// commandSubstitution reports whether a value is a backquoted command (`pass show mail/work`,
// `security find-generic-password -w …`): shells, mutt, make and Perl run it and use its
// output, as with $(cmd). The value may be cut at the command's first blank ("`pass"). A
// command has arguments: one backquoted word (`May2025!`) is Markdown's code span, which holds
// the value itself.
func commandSubstitution(v string) bool {
	if len(v) < 3 || v[0] != '`' || !isLetter(v[1]) {
		return false
	}
	k := strings.IndexByte(v[1:], '`')
	return k < 0 || k+2 == len(v) && strings.ContainsAny(v[1:k+1], " \t")
}

func isPlainWord(v string) bool {
	for _, r := range v {
		// Round 14: a word of a script without case (Arabic, Hebrew, Devanagari, Thai, Han) is
		// a word as a lower-case one is: "… در متغیر DB_PASSWORD است" ends on Persian's "is".
		if !unicode.IsLower(r) && !(r >= utf8.RuneSelf && (unicode.IsMark(r) || unicode.IsLetter(r) && !unicode.IsUpper(r) && !unicode.IsTitle(r))) {
			return false
		}
	}
	return true
}

func hasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

// randomish accepts a provider-shaped match whose body is not made of words: it has a digit
// and little of it is word runs.
func randomish(s string) bool { return hasDigit(s) && readableShare(s) < 0.5 }

// tokenRuns finds the runs of 24 or more token characters ([A-Za-z0-9+/=_-]), as a regular
// expression would, in one pass without one.
func tokenRuns(text string) [][]int {
	var out [][]int
	start := -1
	for i := 0; i <= len(text); i++ {
		if i < len(text) && isTokenByte(text[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start >= 24 {
			out = append(out, []int{start, i})
		}
		start = -1
	}
	return out
}

var tokenBytes = func() (t [256]bool) {
	for _, b := range []byte(alphaNum + "+/=_-") {
		t[b] = true
	}
	return t
}()

const alphaNum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

func isTokenByte(b byte) bool { return tokenBytes[b] }

// publicKeyName reports whether a key's name says public: its parts end in public key
// (PublicKey, public_key, pubkey), or the word before a bare "key" is a public word ("age public
// key: …", "verifying key = …").
func publicKeyName(text string, start int, name string) bool {
	if !strings.Contains(strings.ToLower(name), "key") {
		return false
	}
	parts := nameParts(name)
	n := len(parts)
	if n == 0 {
		return false
	}
	switch parts[n-1] {
	case "pubkey", "publickey":
		return true
	case "key", "keys":
		if n >= 2 {
			return publicWords[parts[n-2]]
		}
		return publicWords[lastWord(text, start)]
	}
	return false
}

// codeConstant reports whether a value assigned in code is a number literal or a reference to
// another name rather than a literal secret: 0x1a, C.SCM_CREDS, and after Go's ":=" any dotted
// path (h.config.Credentials).
func codeConstant(sep, val string) bool {
	if hexLiteral().MatchString(val) {
		return true
	}
	if !dottedPath().MatchString(val) {
		return false
	}
	if strings.Contains(sep, ":=") {
		return true
	}
	last := val[strings.LastIndexByte(val, '.')+1:]
	return upperSnake().MatchString(last)
}

var hexLiteral = lazyRE(`^0[xX][0-9a-fA-F]{1,16}$`)
var dottedPath = lazyRE(`^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$`)
var upperSnake = lazyRE(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`)

// keyIDShape is a generated key id given where a user name stands: 16 or more upper-case
// letters and digits, several of each, with no separator and as varied as a random draw.
func keyIDShape(v string) bool {
	if len(v) < 16 || len(v) > 40 {
		return false
	}
	letters, digitN := 0, 0
	for i := 0; i < len(v); i++ {
		switch b := v[i]; {
		case b >= 'A' && b <= 'Z':
			letters++
		case b >= '0' && b <= '9':
			digitN++
		default:
			return false
		}
	}
	// Digits among the letters, not a name with a number at an end (ADMINISTRATOR2024).
	return letters >= 3 && digitN >= 3 && entropy(v) >= 3.3 && hasDigit(strings.Trim(v, "0123456789"))
}

// goType is a Go type where a struct field's value would stand (token   string, key  Type,
// pass *analysis.Pass, secret []byte): aligned struct fields read as a table or a directive.
func goType(v string) bool { return goTypeOf(v, true) }

// goTypeOf is goType; with named false, a bare capitalized word (Hunter) is not taken for a
// type unless a pointer or a slice marks it (*Hunter, []Hunter).
func goTypeOf(v string, named bool) bool {
	marked := false
	for {
		switch {
		case strings.HasPrefix(v, "*"):
			v, marked = v[1:], true
			continue
		case strings.HasPrefix(v, "[]"):
			v, marked = v[2:], true
			continue
		case strings.HasPrefix(v, "map["):
			return true
		}
		break
	}
	switch v {
	case "string", "bool", "byte", "rune", "error", "any", "int", "uint", "uintptr", "int8", "int16", "int32", "int64",
		"uint8", "uint16", "uint32", "uint64", "float32", "float64", "complex64", "complex128":
		return true
	}
	return (named || marked || strings.Contains(v, ".")) && goTypeName().MatchString(v)
}

// goTypeName is a named type: Type, pkg.Type (no digits: passwords mix them in).
var goTypeName = lazyRE(`^(?:[A-Z][A-Za-z_]*|[a-z][A-Za-z_]*\.[A-Z][A-Za-z_]*)$`)

// tagValue is the value after a YAML tag: blanks, then a quoted or bare scalar.
var tagValue = lazyRE(`^[ \t]+("[^"\n]*"|'[^'\n]*'|[^\s#,}\]]+)`)

// lastPart is the last part of a name, lower case.
func lastPart(name string) string {
	parts := nameParts(name)
	if len(parts) == 0 {
		return ""
	}
	return parts[len(parts)-1]
}

// shippedClientKey reports whether the run at s is the value of an Android manifest's
// <meta-data android:name="X" android:value="…"> whose name does not say secret (round 14): the
// manifest ships inside the app to every device, so an SDK's key there (a Branch key, a maps
// key) is a client key, public by where it stands. A name that says token, secret or password
// (io.embrace.api_token) still marks a credential someone shipped by mistake.
func shippedClientKey(text string, s int) bool {
	const attr = `android:value="`
	if !strings.HasSuffix(text[:s], attr) {
		return false
	}
	before := text[max(0, s-len(attr)-200) : s-len(attr)]
	k := strings.LastIndex(before, `android:name="`)
	if k < 0 || !strings.Contains(before[:k], "<meta-data") {
		return false
	}
	name, _, ok := strings.Cut(before[k+len(`android:name="`):], `"`)
	if !ok {
		return false
	}
	parts := nameParts(strings.NewReplacer(".", "_").Replace(name))
	return nameGrade(parts) < gradeStrong && !secretWordInside(parts)
}

// logRecordID reports whether the run at s..e is the unnamed id of a log record (round 14):
// it stands right after a bracketed time stamp and right before an IP address, as an audit
// log's header writes a transaction's unique id ([27/Nov/2026:18:02:11 +0000] <id> 10.0.3.9 …).
func logRecordID(text string, s, e int) bool {
	if s < 2 || text[s-1] != ' ' || text[s-2] != ']' {
		return false
	}
	open := strings.LastIndexByte(text[max(0, s-64):s-2], '[')
	if open < 0 || !clockTime().MatchString(text[max(0, s-64)+open:s-2]) {
		return false
	}
	return e < len(text) && text[e] == ' ' && ipv4Start().MatchString(text[e+1:min(len(text), e+17)])
}

var clockTime = lazyRE(`\d{1,2}:\d{2}:\d{2}`)

var ipv4Start = lazyRE(`^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b`)

// urlHead is a quoted URL cut after its user name's colon ("amqp://guest:"), as code writes the
// head of a URL it joins to a password read elsewhere: it holds no password itself.
func urlHead(v string) bool {
	v = strings.Trim(v, `"'`)
	k := strings.Index(v, "://")
	return k > 0 && strings.HasSuffix(v, ":") && !strings.ContainsAny(v[k+3:len(v)-1], ":@/")
}

// idNamed reports whether the run at s is the value of a setting whose name says what the
// value is and that it is no credential (round 14): an id (encryption_key_id = …,
// "signingKeyId": "…", client_id: …), a reference or a cursor (photo_reference, next_cursor),
// a version tag (etag, revision, _rev), a digest (blockhash, avatar_hash, fingerprint) or a
// nonce. A name that also names a secret keeps its value a secret (secret_id, Vault's and
// Consul's secret with an id's shape; session_id), except that a digest of a secret is a digest
// (password_hash) and a key's id is an id.
func idNamed(text string, s int) bool {
	i := s
	for n := 0; i > 0 && n < 6 && strings.IndexByte("\"' \t:=", text[i-1]) >= 0; n++ {
		i--
	}
	if i == s || !strings.ContainsAny(text[i:s], ":=") {
		return false
	}
	j := i
	for j > 0 && i-j < 64 && (isAlnum(text[j-1]) || text[j-1] == '_' || text[j-1] == '-' || text[j-1] == '.') {
		j--
	}
	parts := nameParts(text[j:i])
	n := len(parts)
	if n == 0 {
		return false
	}
	last := parts[n-1]
	if strings.HasSuffix(last, "hash") || digestWords[last] || clickIDs[strings.Join(parts, "_")] {
		return true
	}
	if n >= 2 && (last == "key" && notCredentialKeys[parts[n-2]] || last == "response" && containsAny(strings.Join(parts, ""), []string{"captcha", "turnstile"})) {
		return true // dedupeKey, a grouping key; g-recaptcha-response, a challenge's answer
	}
	if !identityWords[last] || n == 1 && (last == "id" || last == "ids") {
		return false
	}
	for _, p := range parts {
		if p == "session" || p == "sid" || weakParts[p] {
			return false
		}
	}
	return n >= 2 && parts[n-2] == "key" || !secretWordInside(parts)
}

// digestWords and identityWords end the names idNamed reads.
var digestWords = map[string]bool{"digest": true, "checksum": true, "fingerprint": true, "thumbprint": true}

// clickIDs are the query parameters ad and mail platforms append to a link to count a click
// (fbclid, gclid, msclkid, …): a visit's id, which every browser that follows the link sends.
var clickIDs = map[string]bool{"fbclid": true, "gclid": true, "gbraid": true, "wbraid": true,
	"msclkid": true, "dclid": true, "ttclid": true, "twclid": true, "yclid": true, "igshid": true,
	"mc_eid": true, "hsenc": true, "hsmi": true, "srsltid": true, "li_fat_id": true, "epik": true}

var identityWords = map[string]bool{"id": true, "ids": true, "reference": true, "ref": true,
	"cursor": true, "etag": true, "revision": true, "rev": true, "nonce": true}

// gpgKeyID is an OpenPGP key's short or long id or its fingerprint: 8, 16 or 40 hex digits,
// perhaps after 0x.
func gpgKeyID(v string) bool {
	v = strings.TrimPrefix(strings.TrimPrefix(v, "0x"), "0X")
	return (len(v) == 8 || len(v) == 16 || len(v) == 40) && isHex(v)
}

// gitUserSection reports whether the setting at pos is in a git config file's [user] section
// (the nearest section header above it, within 1 KB), or on a git config command line.
func gitUserSection(text string, pos int) bool {
	lo := max(0, pos-1024)
	ls := lo + strings.LastIndexByte(text[lo:pos], '\n') + 1
	if strings.Contains(text[ls:pos], "git config") {
		return true
	}
	for end := ls; end > lo; {
		s := lo + strings.LastIndexByte(text[lo:end-1], '\n') + 1
		line := strings.TrimSpace(text[s : end-1])
		if strings.HasPrefix(line, "[") {
			return strings.EqualFold(strings.Trim(line, "[] \t"), "user")
		}
		end = s
	}
	return false
}

// ciphertextWords before a key's name say the value is encrypted under another key.
var ciphertextWords = map[string]bool{"encrypted": true, "wrapped": true, "sealed": true, "ciphertext": true}

// labelWords returns up to n lower-case words before at on its line, nearest first, stopping at
// any mark that ends a clause (a colon, a comma, a quote, a bracket).
func labelWords(text string, at, n int) []string {
	var out []string
	i := at
	for len(out) < n {
		for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
			i--
		}
		j := i
		for j > 0 && i-j < 32 && isLetter(text[j-1]) {
			j--
		}
		if j == i {
			break
		}
		out = append(out, strings.ToLower(text[j:i]))
		i = j
	}
	return out
}

// heldSecret reports whether a name holds the secret itself rather than naming a stored object
// (review of round 15): existing_password and existingPassword in a change-password request are
// the user's current password, existing_api_token a token; existingSecret names a Secret.
func heldSecret(name string, parts []string) bool {
	switch parts[len(parts)-1] {
	case "password", "passwd", "pwd", "pass", "passphrase", "passcode", "token", "pin", "otp":
		return true
	}
	return passwordName(name)
}

// keyQualifiers are words that, nearer a key's name than a cache's or a ciphertext's word,
// make it a credential (review of round 15): "Cache server API key", "Build cache access key",
// "Sealed secrets master key" name the key that opens the thing, not the thing's key.
var keyQualifiers = map[string]bool{"api": true, "access": true, "secret": true, "secrets": true,
	"private": true, "master": true, "signing": true, "auth": true, "admin": true, "license": true,
	"encryption": true, "root": true, "deploy": true, "client": true, "service": true}
