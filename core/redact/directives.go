package redact

import "strings"

// Configuration directives of network devices and daemons (issue 15, sixth round): the slot is
// said by the directive's grammar rather than by a NAME=value.
//   - a type number between a secret word and its value (Cisco IOS: password 7 <hex>,
//     enable secret 9 <hash>, key 7 <hex>, pre-shared-key 0 <psk>);
//   - an SNMP community (snmp-server community X RO, rocommunity X): the v1/v2c password;
//   - a line of its own that is a key or secret directive and its value (TACACS+ and RADIUS
//     "key X", "server-key X", "secret X");
//   - strongSwan/libreswan ipsec.secrets: "<ids> : PSK "x"" (also XAUTH, EAP, PIN);
//   - NTP and chrony key files: "<id> <algorithm> <key>";
//   - a password scheme tag before the value ({PLAIN}x, {SSHA}…, {SHA512-CRYPT}…) in Dovecot
//     passdbs, LDAP userPassword and friends: the password or its hash;
//   - IRC's NickServ IDENTIFY [nick] <password>.
func directiveRules() []*rule {
	return []*rule{
		onLine(withPick(mk("password-word", `(?i)\b(?:password|secret|key|key-string|pre-shared-key|authentication-key|md5|community)[ \t]+[056789][ \t]+([^\s'"\x60]+)`, "password", "secret", "key", "md5", "community"), firstGroup(func(v string) bool {
			// "enter the password 5 times": a plain word after the number is prose.
			v = strings.TrimRight(v, ".,;:)]`")
			return len(v) >= 4 && slotValue(v) && !isPlainWord(v)
		}, 1)), typeNumberAhead),
		// Round 15: a word in the type number's place says how the device stores the value
		// (Comware's and Huawei's "password simple X", "password cipher X", "password
		// irreversible-cipher X", Junos' "authentication-key ascii-text X", "secret plaintext X").
		// The value ends its line, as a device's setting does (Junos' with its ";"): the review
		// of round 15 found prose ("configure the password cipher AES256 on every node") read.
		onLine(withPick(mk("password-word", `(?im)\b(?:password|secret|key|key-string|pre-shared-key|authentication-key|community)[ \t]+(?:simple|cipher|plain|plaintext|clear|cleartext|irreversible-cipher|unencrypted|ascii-text)[ \t]+([^\s'"\x60]+)[ \t]*;?[ \t]*\r?$`, "password", "secret", "key", "community"), firstGroup(func(v string) bool {
			v = strings.TrimRight(v, ".,;:)]`")
			return len(v) >= 4 && slotValue(v) && !isPlainWord(v)
		}, 1)), nil),
		onLine(near(withPick(mk("password-word", `(?i)\b(?:snmp-server[ \t]+community|rocommunity6?|rwcommunity6?)[ \t]+([^\s'"\x60]+)`, "community"), firstGroup(communityString, 1)), 24, 256), nil),
		lineStart(onLine(withPick(mk("password-word", `(?m)^[ \t]*((?:[a-z0-9]+-)?(?:key|secret|psk|pre-shared-key))[ \t]+(?:([^\s'"\x60]+)|"([^"\n]+)";?)[ \t]*$`, "key", "secret", "psk"), keyDirectivePick), directiveStart)),
		onLine(near(withPick(mk("password-word", `(?i)(?:^|\s):[ \t]*(?:PSK|XAUTH|EAP|PIN)[ \t]+(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'\x60]+))`, "psk", "xauth", "eap", "pin"), firstGroup(slotValue, 1, 2, 3)), 8, 256), nil),
		lineStart(onLine(withPick(mk("password-word", `(?im)^[ \t]*\d{1,5}[ \t]+(?:MD5|SHA1?|SHA256|SHA384|SHA512|AES128CMAC|AES256CMAC)[ \t]+(?:HEX:|ASCII:)?([^\s#\x60]{4,})[ \t]*(?:#.*)?$`, "md5", "sha", "cmac"), firstGroup(func(v string) bool {
			return !(isPlainWord(v) && len(v) < 10) && !isPlaceholder(v)
		}, 1)), nil)),
		onLine(withPick(mk("password-hash", `\{([A-Z][A-Z0-9.-]{1,24})\}([^\s:'",<>\x60]{4,})`, passwordSchemeKeywords()...), schemePick), nil),
		onLine(withPick(mk("protocol-password", `(?im)(?:\bnickserv\b|/ns\b)[^\n]{0,16}?\bidentify[ \t]+(?:[^\s]+[ \t]+)?([^\s]+)[ \t]*(?:$|[\x60'"])`, "nickserv", "/ns"), firstGroup(func(v string) bool {
			return len(v) >= 4 && slotValue(strings.TrimRight(v, ".,;:)]`"))
		}, 1)), nil),
	}
}

// communityString is an SNMP community that is a password: not a placeholder, not the
// factory defaults public/private, which are documented rather than secret.
func communityString(v string) bool {
	if low := strings.ToLower(v); low == "public" || low == "private" {
		return false
	}
	return slotValue(v) && !isPlainWord(v) && len(v) >= 4
}

// passwordSchemes are the scheme tags password stores put before a password or its hash.
var passwordSchemes = []string{"PLAIN", "CLEAR", "CLEARTEXT", "PLAIN-TRUNC", "PLAIN-MD5", "LDAP-MD5", "MD5", "SMD5",
	"SHA", "SSHA", "SHA256", "SSHA256", "SHA512", "SSHA512", "CRYPT", "MD5-CRYPT", "SHA256-CRYPT",
	"SHA512-CRYPT", "BLF-CRYPT", "ARGON2I", "ARGON2ID", "PBKDF2", "PBKDF2-SHA256", "PBKDF2-SHA512",
	"SCRAM-SHA-1", "SCRAM-SHA-256", "CRAM-MD5", "DIGEST-MD5", "NTLM", "LANMAN"}

func passwordSchemeKeywords() []string {
	var kws []string
	for _, s := range passwordSchemes {
		kws = append(kws, "{"+strings.ToLower(s)+"}")
	}
	return kws
}

// schemePick redacts the value after a known password scheme tag.
func schemePick(text string, m []int) [][2]int {
	scheme := text[m[2]:m[3]]
	if k := strings.IndexByte(scheme, '.'); k > 0 {
		scheme = scheme[:k] // {PLAIN.b64}, {SHA512-CRYPT.HEX}: an encoding after the scheme
	}
	for _, s := range passwordSchemes {
		if s == scheme {
			if v := text[m[4]:m[5]]; !isPlaceholder(v) {
				return [][2]int{{m[4], m[5]}}
			}
			return nil
		}
	}
	return nil
}

// keyDirectivePick redacts the value of a key or secret directive standing alone on its line.
// A bare "key" names GPG key ids and map keys as often, so its value must look like a password;
// a compound or secret directive (server-key, secret, psk) takes an ordinary word too.
func keyDirectivePick(text string, m []int) [][2]int {
	if m[6] >= 0 {
		// A quoted value ending a directive (BIND's secret "…";, a quoted psk): the quotes say
		// it is a value, so only a placeholder or the documentation's slot word is kept.
		if v := text[m[6]:m[7]]; len(v) >= 4 && slotValue(v) && !strings.ContainsAny(v, " \t") {
			return [][2]int{{m[6], m[7]}}
		}
		return nil
	}
	name, v := strings.ToLower(text[m[2]:m[3]]), text[m[4]:m[5]]
	if goType(v) || typeWords[strings.ToLower(v)] || name == "key" && !hasDigit(v) && identifier().MatchString(v) {
		return nil // a struct field and its type: "key  Type", "secret string", "key  addressableValue"
	}
	if hexLiteral().MatchString(v) || isHex(v) && (len(v) == 8 || len(v) == 16 || len(v) == 40) {
		return nil // a GPG key id or fingerprint: "key 0x1F2E3D4C"
	}
	ok := (passwordish(v) || weakPassword(v)) && !isHex(v) || isHex(v) && len(v) >= 24
	if name != "key" && !ok && (indented(text, m[2]) || strings.Contains(name, "-")) {
		// Inside a configuration block (radius server R1\n server-key x) an ordinary word is
		// the secret; at a line's start it may be a heading or prose ("secret sauce").
		ok = len(v) >= 4 && slotValue(v) && !proseWords[strings.ToLower(v)] && !looksLikePath(v)
	}
	if !ok {
		return nil
	}
	return [][2]int{{m[4], m[5]}}
}

// attributeElementRules read an element whose key or name attribute names the setting and
// whose text is its value: <entry key="db.password">x</entry> (Java properties XML),
// <add name="ApiToken">x</add>, <param name="password">x</param>.
func attributeElementRules() []*rule {
	return []*rule{
		onLine(near(withPick(mk("secret-element", `<[A-Za-z][\w:.-]*[ \t][^<>\n]*?\b(?:key|name)=["']([^"'\n]+)["'][^<>\n]*>([^<\n]+)</`, "key=", "name="), func(text string, m []int) [][2]int {
			if v := strings.TrimSpace(text[m[4]:m[5]]); secretAssignment(text[m[2]:m[3]], "=", v) {
				return [][2]int{{m[4], m[5]}}
			}
			return nil
		}), 256, 512), nil),
		// An element named like a secret whose value sits in a neutral child element (Windows
		// unattend's <Password><Value>…</Value>, <AdministratorPassword><Value>…): the child is
		// judged under its parent's name.
		near(withPick(mk("secret-element", `<(_*[A-Za-z][A-Za-z0-9]*(?:[_.:-][A-Za-z0-9]+)*)(?:[ \t][^<>\n]*)?>[ \t]*\r?\n?[ \t]*<(?i:value|data|string|text|content)>([^<\n]+)</`, "pass", "secret", "token", "key", "pwd", "credential", "auth"), elementPick), 64, 512),
	}
}

// tableRules read the aligned "key   value" tables that CLIs print (vault write, consul acl,
// kubectl describe): a name, two or more blanks, one value on the line. The name decides, as
// for NAME=value.
func tableRules() []*rule {
	return []*rule{
		lineStart(onLine(withPick(mk("secret-assignment", `(?m)^[ \t]*([A-Za-z][A-Za-z0-9_.-]*)[ \t]{2,}([^\s]+)[ \t]*$`, "secret", "token", "pass", "key", "pw", "cred", "auth"), func(text string, m []int) [][2]int {
			// The value must be generated or look like a password: aligned Go struct fields
			// (token   string, APIKey    string) are a table of types, not of values.
			v := text[m[4]:m[5]]
			if !goType(v) && secretAssignment(text[m[2]:m[3]], "=", v) && !isPlaceholder(v) && (uuidShape().MatchString(v) || randomValue16(v) || passwordish(v)) {
				return [][2]int{{m[4], m[5]}}
			}
			return nil
		}), tableRowAhead)),
	}
}

// typeNumberAhead accepts a secret word followed (after the rest of its word) by a blank, one
// type digit and a blank: what the type-number rule matches.
func typeNumberAhead(text string, _, end int) bool {
	i := end
	for i < len(text) && (isLetter(text[i]) || text[i] == '-') {
		i++
	}
	return i+2 < len(text) && (text[i] == ' ' || text[i] == '\t') && strings.IndexByte("056789", text[i+1]) >= 0 && (text[i+2] == ' ' || text[i+2] == '\t')
}

// directiveStart accepts a key word that starts its line (after blanks and an optional
// compound prefix such as "server-" or "wpa-") and is followed by a blank.
func directiveStart(text string, start, end int) bool {
	if end >= len(text) || text[end] != ' ' && text[end] != '\t' {
		return false
	}
	i := start
	// A compound directive: server-key, wpa-psk, pre-shared-key, auth-secret.
	if i > 0 && text[i-1] == '-' {
		i--
		for i > 0 && (text[i-1] >= 'a' && text[i-1] <= 'z' || text[i-1] >= '0' && text[i-1] <= '9' || text[i-1] == '-') {
			i--
		}
	}
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	return i == 0 || text[i-1] == '\n'
}

// tableRowAhead accepts a keyword inside the first word of its line when that word is followed
// by two or more blanks and a value: a row of an aligned key/value table.
func tableRowAhead(text string, start, end int) bool {
	i := start
	for i > 0 && (isAlnum(text[i-1]) || strings.IndexByte("_.-", text[i-1]) >= 0) {
		i--
	}
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	if i > 0 && text[i-1] != '\n' {
		return false
	}
	j := end
	for j < len(text) && (isAlnum(text[j]) || strings.IndexByte("_.-", text[j]) >= 0) {
		j++
	}
	k := j
	for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
		k++
	}
	return k-j >= 2 && k < len(text) && text[k] != '\n'
}

// indented reports whether pos is preceded on its line by blanks only, at least one.
func indented(text string, pos int) bool {
	i := pos
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	return i < pos && (i == 0 || text[i-1] == '\n')
}
