package redact

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Round 12: slots that the earlier rules read in one context only, read in more. A password
// named in prose in another language than English ("La contraseña … es X", "Heslo k databázi je
// X", "パスワードは X"), a PIN told in prose, a form's field drawn as text (Password [ X ]), the
// DOMAIN\user:password notation of Windows tools and of the security tools that print it, a
// passwd(5)-format line whose password field holds a password, and a token given as the user
// name with a dummy password.

// foreignPasswordWords are the words for password in the languages users write in, lower case;
// they double as the rule's keywords (the keyword scanner folds ASCII case only, so a word that
// starts with a non-ASCII capital is listed in both cases).
var foreignPasswordWords = []string{
	"contraseña", "contrasena", "senha", "hasło", "haslo", "lösenord", "losenord", "heslo",
	"passwort", "kennwort", "mot de passe", "wachtwoord", "şifre", "sifre", "Şifre",
	"salasana", "lozinka", "geslo", "jelszó", "jelszo", "passord", "adgangskode", "пароль",
	"Пароль", "κωδικός", "Κωδικός",
	// Round 14: the scripts and languages round 12 did not list — Arabic, Persian, Urdu,
	// Hebrew, Hindi, Bengali, Tamil, Vietnamese, Indonesian and Malay, Romanian, Catalan,
	// Lithuanian, Estonian, Bulgarian and Serbian Cyrillic, Georgian, Armenian. Words that mean
	// something else in a neighbouring language (Italian parola, French parole) are left out.
	"كلمة المرور", "كلمة السر", "رمز عبور", "گذرواژه", "پاس ورڈ", "סיסמה", "סיסמא", "הסיסמה",
	"पासवर्ड", "পাসওয়ার্ড", "கடவுச்சொல்", "mật khẩu", "Mật khẩu", "kata sandi", "kata laluan",
	"parolă", "contrasenya", "slaptažodis", "parool", "парола", "лозинка", "Лозинка", "პაროლი",
	"գաղտնաբառ",
	// Round 15: more languages and scripts — Amharic, Mongolian, Kazakh and Kyrgyz, Swahili,
	// Zulu, Afrikaans, Icelandic, Albanian, Welsh, Basque, Galician, Azerbaijani, Sinhala,
	// Telugu, Kannada, Malayalam, Gujarati, Punjabi. Words that mean something else in a
	// neighbouring language (Latvian parole, Uzbek parol) are left out, as before.
	"የይለፍ ቃል", "ይለፍ ቃል", "нууц үг", "Нууц үг", "құпия сөз", "Құпия сөз", "сырсөз", "Сырсөз",
	"nenosiri", "iphasiwedi", "wagwoord", "lykilorð", "fjalëkalim", "cyfrinair", "pasahitz",
	"contrasinal", "şifrə", "Şifrə", "මුරපදය", "పాస్\u200cవర్డ్", "పాస్వర్డ్", "ಪಾಸ್\u200cವರ್ಡ್", "ಪಾಸ್ವರ್ಡ್",
	"പാസ്\u200cവേഡ്", "പാസ്വേഡ്", "પાસવર્ડ", "ਪਾਸਵਰਡ",
}

// cjkPasswordWords are the words for password in scripts written without blanks between
// words: no word boundary is looked for around them.
var cjkPasswordWords = []string{"パスワード", "비밀번호", "암호", "密码", "密碼", "口令", "รหัสผ่าน",
	// Round 15: Khmer, Lao and Burmese, written without blanks between words as Thai is.
	"ពាក្យសម្ងាត់", "ລະຫັດຜ່ານ", "စကားဝှက်"}

// foreignTokenWords name a token or a secret key in scripts whose words the English names do
// not match: トークン, 토큰, 令牌, 密钥, токен. The value after them must look random, as a
// token does.
var foreignTokenWords = []string{"トークン", "토큰", "令牌", "密钥", "密鑰", "токен", "Токен"}

// foreignCopulas end the phrase that names whose password it is and start the value: "is" in
// the languages above, a colon, or the topic particles of Japanese and Korean and the copulas
// of Chinese.
// Round 14: the copulas of the languages added (هي, هو, است, है, là, adalah, היא, este,
// yra, คือ), a copula followed by a colon ("सर्वर का पासवर्ड है: X"), and a dash as Slavic
// prose writes "is" ("пароль — X"). Hungarian's és is "and", not "is" ("jelszó és PIN kód"):
// dropped after the review.
//
// Round 15: Bengali's হলো/হল, Georgian's არის, Greek's είναι/ήταν, Swahili's ni, Albanian's është, Welsh's yw and
// ydy, Tagalog's ay, the Ethiopic colons (፦, ፡), and Khmer's គឺ and Lao's ແມ່ນ, written
// without blanks as Thai's คือ is.
const foreignCopulas = `(?:[ \t](?:es|era|é|è|ist|lautet|war|est|était|is|was|är|var|je|jest|to|on|er|var|dır|dir|olarak|هي|هو|است|है|था|là|adalah|ialah|היא|הוא|este|yra|on|হলো|হল|არის|ni|është|yw|ydy|ay|είναι|ήταν|—|–)(?:[ \t]*[:：])?[ \t]|[ \t]*[:：=፦፡][ \t]*|[ \t]*(?:は|는|은|是|为|為|：|คือ|គឺ|ແມ່ນ)[ \t]*)`

func proseRules() []*rule {
	// The keyword scanner folds ASCII case only: a word whose first letter is a non-ASCII
	// capital (Пароль, Şifre, Κωδικός) is found by the rest of it.
	words := make([]string, 0, len(foreignPasswordWords)+len(cjkPasswordWords))
	for _, w := range append(append([]string(nil), foreignPasswordWords...), cjkPasswordWords...) {
		if r, n := utf8.DecodeRuneInString(w); r >= utf8.RuneSelf && unicode.IsUpper(r) {
			w = w[n:]
		}
		words = append(words, w)
	}
	alt := strings.Join(foreignPasswordWords, "|")
	// A word of a spaced script starts a word (HasLowRes is not hasło) and may take an
	// inflection (Lösenordet, şifresi, Passordet); the phrase naming whose password it is
	// follows after a non-letter.
	// Round 15: the phrase is optional lazily, so the first copula after the word is the one
	// read: "… পাসওয়ার্ড হলো X — …" is "is X", not a phrase up to the dash.
	spaced := `(?:^|[^\p{L}\p{N}_])(?:` + alt + `)\p{L}{0,4}(?:[^\p{L}\p{N}_\n:：。.!?][^\n:：。.!?]{0,59}?)??`
	cjk := `(?:` + strings.Join(cjkPasswordWords, "|") + `)[^\n:：。.!?]{0,60}?`
	return []*rule{
		// A password named in prose in another language: the word, up to a clause naming whose
		// it is, the language's "is" or a colon, then a value that looks like a password (a
		// plain word, "admin" after "the user is", stays).
		onLine(withPick(mk("password-word", `(?i)(?:`+spaced+`|`+cjk+`)`+foreignCopulas+`([^\s'"「」『』。、，,;（）【】]+)`, words...), prosePasswordPick), nil),
		// Round 15: the English word borrowed by languages that write "password" as their own
		// (Tagalog "ang password ng admin ay X", Italian "la password del server è X", Swahili
		// "password ya wifi ni X"), before their copulas. English's own "is" is the English
		// rule's; only other languages' copulas are read here.
		onLine(withPick(mk("password-word", `(?i)(?:^|[^\p{L}\p{N}_])password(?:[ \t][^\n:：。.!?]{0,59}?)??[ \t](?:ay|ni|è|é|es|est|ist|adalah|ialah|là|är|era|eh|ነው)[ \t]+([^\s'"「」『』。、，,;（）【】]+)`, "password"), prosePasswordPick), nil),
		onLine(withPick(mk("generic-secret", `(?i)(?:`+strings.Join(foreignTokenWords, "|")+`)[^\n:：。.!?]{0,40}?`+foreignCopulas+`([A-Za-z0-9._~+/=-]{16,256})`, "トークン", "토큰", "令牌", "密钥", "密鑰", "окен"), firstGroup(func(v string) bool { return !isPlaceholder(v) && (passwordish(v) || randomValue(v)) }, 1)), nil),
		// The English word in a sentence of another language: "La password del server è X",
		// "das Password für X lautet Y" (English "is" is password-word's).
		onLine(withPick(mk("password-word", `(?i)\bpassword(?:[^\n:：。.!?]{0,60}?)(?:[ \t](?:es|é|è|ist|lautet|est|är|je|jest|er)[ \t]|[ \t]*(?:は|는|은|是|为|為|：)[ \t]*)([^\s'"「」『』。、，,;]+)`, "password"), prosePasswordPick), nil),
		// A PIN told in prose or a note: "the alarm PIN is 2580", "SIM PIN: 4821", "passcode
		// 482913" (round 13: a passcode needs no "is"). Four
		// to eight digits; a PIN is all digits, which no password rule takes on its own. The word
		// in capitals or "pin code": a board's "GPIO pin: 1234" is a pin's number.
		onLine(withPick(mk("password-word", `\b(?:(?:PIN|(?i:pin)[ \t-]?(?i:code))(?:[ \t]+(?:is|was|(?:(?:was|has been)[ \t]+)?(?:changed|set|reset)[ \t]+to)[ \t]+|[ \t]*[:=][ \t]*)|(?i:passcode)(?:(?:[ \t]+(?:is|was|(?:(?:was|has been)[ \t]+)?(?:changed|set|reset)[ \t]+to)[ \t]+|[ \t]*[:=][ \t]*)|[ \t]+))(\d{4,8})(?:[^\w.,-]|[.,](?:\s|$)|$)`, "pin", "passcode"), firstGroup(func(v string) bool { return !factoryPIN(v) }, 1)), wholeWord),
		// Round 14: the code that opens a lock, told in prose or set in a config: "door code is
		// 4821", "safe combination: 16-22-37", "gate PIN 7305"; and a code: key of 4 to 8 digits
		// in a block about an alarm, a lock or a keypad (a home automation's alarm panel, a
		// smart lock's settings). A "status code: 4040" or an error code is no lock's.
		onLine(near(withPick(mk("password-word", `(?i)\b(?:alarm|door|gate|keypad|lock|safe|garage|disarm|arming|locker|padlock|lockbox|key[ \t-]?safe)[ \t]+(?:code|combination|combo|pin)(?:[ \t]+(?:is|was|(?:(?:was|has been)[ \t]+)?(?:changed|set|reset)[ \t]+to)[ \t]+|[ \t]*[:=][ \t]*)["']?(\d{2,8}(?:[- ]\d{1,4}){0,4})\b`, "code", "combination", "combo", "pin"), firstGroup(func(v string) bool {
			d := strings.NewReplacer("-", "", " ", "").Replace(v)
			return len(d) >= 4 && !factoryPIN(d) && !yearShaped(d)
		}, 1)), 24, 96), nil),
		lineStart(onLine(withPick(mk("password-word", `(?im)^[ \t]*(?:-[ \t]+)?(?:code|pin|passcode|disarm_code|arm_code|user_code)[ \t]*:[ \t]*["']?(\d{4,8})["']?[ \t]*$`, "code", "pin"), lockCodePick), nil)),
		// A login form drawn as text (a screenshot's OCR, a TUI): the label, then the field's
		// box holding what was typed — Password [ X ], Passwort: [ X ], PIN [ 4821 ]. The box is
		// padded with blanks, as forms are drawn; pin[GPIO17] and a Markdown table's | pin | stay.
		onLine(withPick(mk("password-word", `(?i)(?:\b(?:password|passwort|passphrase|passcode|pin)|(?:^|[^\p{L}\p{N}_])(?:`+alt+`)|`+strings.Join(cjkPasswordWords, "|")+`)[ \t]*:?[ \t]*\[[ \t]+([^\s\]]+)[ \t]*\]`, append([]string{"password", "passphrase", "passcode", "pin"}, words...)...), firstGroup(func(v string) bool { return strongValue(v) && !maskedField(v) }, 1)), nil),
		// DOMAIN\user:password, the notation of Windows credentials that impacket, CrackMapExec,
		// NetExec, secretsdump and hydra print and take: after a NetBIOS domain and a user, the
		// value up to the next blank is the password (a following ":<rid>:<hash>" is a hash
		// line, which password-hash and high-entropy judge).
		onLine(withPick(mk("password-word", `(?:^|[\s\]\[(>'"])[A-Za-z][A-Za-z0-9.-]{0,30}\\{1,2}([A-Za-z0-9._$-]{1,64}):([^\s:'"]+)(?:[\s'")]|$)`, `\`), domainUserPick), domainUserAt),
		// Typing automation types a password into a window or a terminal's prompt: xdotool type,
		// tmux send-keys, screen's stuff, ydotool, wtype, AutoHotkey's Send. The typed string is a
		// password when it is one token that looks like one (a command typed is words).
		lineStart(onLine(withPick(mk("stdin-password", `(?i)(?:\b(?:xdotool\b[^\n|;&]*?\btype|ydotool\b[^\n|;&]*?\btype|wtype|send-keys|SendText|SendRaw|SendInput)|\s-X[ \t]+stuff)(?:[ \t]+-{1,2}[a-z-]+(?:[ \t]+(?:\d+|[A-Za-z0-9:._%-]+))?)*?[ \t]+(?:'([^'\s]+)'|"([^"\s]+)"|\{([^}\s]+)\})`, "xdotool", "ydotool", "wtype", "send-keys", "stuff", "sendtext", "sendraw", "sendinput"), typedPick), nil)),
		// A login verb given a user and a password as its arguments: bw login <email>
		// <password>, mega-login <email> <password>, a game server tool's +login <user> <password>.
		onLine(withPick(mk("cli-password", `(?:^|[\s+-])login[ \t]+[A-Za-z0-9._@][A-Za-z0-9._@+-]{1,63}[ \t]+(?:'([^'\n]+)'|"([^"\n]+)"|([^\s'"+-][^\s'"]*))`, "login"), firstGroup(func(v string) bool { return passwordish(v) || weakPassword(v) && hasDigit(v) }, 1, 2, 3)), nil),
		// A chat client's encrypted store of secrets: WeeChat's /secure set <name> <value>; the
		// value is there because it is secret, whatever it looks like.
		onLine(withPick(mk("cli-password", `(?:^|\s)/secure[ \t]+set[ \t]+[A-Za-z0-9._-]+[ \t]+(\S+)`, "/secure"), firstGroup(func(v string) bool { return len(v) >= 4 && !isPlaceholder(v) }, 1)), nil),
		// A user and a password written with a slash between them, on a line that says login
		// or credentials ("login for the box is admin / X", "authenticate … with svc / X") or as
		// a labelled line or list item ("1. laptop: sam / X", "Wi-Fi: GuestNet / X"). The password must look like one: a slash
		// between two words ("read / write", "TCP / UDP") is not a pair.
		lineStart(onLine(withPick(mk("password-word", `(?im)(?:\b(?:log[ -]?in|logon|credentials?|creds|authenticate|sign[ -]?in|account|(?:basic|http|proxy)[ -]?auth|auth)\b[^\n]{0,80}?|^[ \t]*(?:(?:[-*•]|\d{1,2}[.)])[ \t]+)?[^\n:]{1,40}:)[ \t]*[A-Za-z][A-Za-z0-9._@-]{1,40}[ \t]+/[ \t]+([^\s/"]+)`, " / "), slashPairPick), nil)),
		// A client opened with a host, a user and a password as positional literals:
		// MySQLdb.connect("localhost", "root", "…"), ftplib.FTP_TLS("ftp.example.org", "user",
		// "…"), an SDK's Client("host", "admin", "…"). The first must look like a host and the
		// third like a password.
		onLine(withPick(mk("secret-assignment", `(?i)(?:client|connect|connection|session|ftp|ftp_tls|smtp|smtp_ssl|imap4|imap4_ssl|pop3|pop3_ssl)[ \t]*\([ \t]*["']([^"'\s]{2,128})["'][ \t]*,[ \t]*["']([^"'\s]{1,64})["'][ \t]*,[ \t]*(?:"([^"\n]{1,128})"|'([^'\n]{1,128})')`, "client", "connect", "session", "ftp", "smtp", "imap4", "pop3"), hostUserPassPick), nil),
		// Debug prints' and configs' field syntaxes the assignment rules do not read: Erlang's
		// and Elixir's tuple {password, "…"} or {password, <<"…">>} (sys.config, a term
		// printed in a crash report) and PHP's var_dump ["password"]=> string(11) "…".
		onLine(near(withPick(mk("secret-assignment", `\{[ \t]*'?([a-z_][A-Za-z0-9_]*)'?[ \t]*,[ \t]*(?:<<)?(?:"([^"\n]*)")(?:>>)?[ \t]*\}`, assignmentWords...), tuplePick), 64, 256), nil),
		near(withPick(mk("secret-assignment", `\["([A-Za-z_][A-Za-z0-9_.-]*)"\]=>[ \t]*\r?\n?[ \t]*string\(\d+\)[ \t]+"([^"\n]*)"`, "]=>"), tuplePick), 128, 256),
		// Round 13: a credential named earlier in the clause than its value: "the Gorgias key;
		// current one is X", "label studio token for the annotators: X", "the new API secret we
		// got from support is X". The noun, up to 48 characters of the same clause (words,
		// blanks, commas, an aside in parentheses: a sentence's, not code's operators), "is"/"was"/a colon or an equals sign before a blank, then a random value. The
		// clause must not name the value as something else ("the key's fingerprint is …", "the
		// token's id: …"), nor the key as one that is no credential (a cache key, a primary key).
		onLine(near(withPick(mk("generic-secret", `(?i)\b(api[ _-]?key|access[ _-]?key|secret(?:[ _-]?key)?|token|key|credentials?)\b([ \t;,(](?:[A-Za-z0-9 \t;,('’-]|\([A-Za-z0-9 ._-]+\)){0,47}?)(?:[ \t]+(?:is|was|are|=)(?:[ \t]+now)?[ \t]+|[ \t]*[:=][ \t]+)(['"\x60]?)([A-Za-z0-9._~+/=-]{16,200})(?:['"\x60]|\b|$)`, "key", "secret", "token", "credential"), clauseSecretPick), 16, 128), clauseAhead),
		// Round 13: a token given as the user of an SSH destination, as tunnel services take
		// it (ssh -R0:localhost:3000 <token>+tcp@<host>, <token>@<host>): the user part is the
		// credential when it is random — mixed case and digits, no word — where user names are
		// words, numbers with a letter (u123456) or a role (ec2-user).
		onLine(withPick(mk("cli-password", `(?:^|[\s\x60'"(])(?:ssh|autossh|scp|sftp|mosh)[ \t][^\n|;&]{0,200}?(?:^|[ \t])([A-Za-z0-9_]{10,64})(?:\+[a-z0-9]+)*@[A-Za-z0-9][A-Za-z0-9.-]*`, "ssh", "scp", "sftp", "mosh"), firstGroup(tokenUser, 1)), nil),
		// Round 13: a user and a password told after a login word in any of the ways people
		// join them — "creds for staging -> admin:X", "log in with admin and X", "the login is
		// admin, pass X", "sign in: ops@example.org  X" (two blanks, as a table's cells). The
		// value must look like a password: "sign in with Google and GitHub" stays.
		onLine(withPick(mk("password-word", `(?i)\b(?:log[ -]?in|logon|sign[ -]?in|creds|credentials?)\b[^\n]{0,60}?[ \t:>]([A-Za-z0-9][A-Za-z0-9._@+-]{1,63})(?::|[ \t]*,?[ \t]*(?:pass(?:word)?|pwd|pw)[ \t]*[:=]?[ \t]*|[ \t]+(?:and|with|/)[ \t]+|[ \t]{2,}|\t)([^\s'"]+)`, "login", "log in", "log-in", "logon", "sign in", "sign-in", "signin", "creds", "credential"), loginPairPick), nil),
		// Round 13: a wireless network's key told in prose is its passphrase, which people
		// choose: "the wifi key is X", "WPA2 key: X", "hotspot passphrase = X". The value must
		// look like a password.
		onLine(withPick(mk("password-word", `(?i)\b(?:wi-?fi|wlan|wpa[23]?|wep|wireless|hotspot|router)(?:[ \t]+network)?[ \t]+(?:key|passphrase|pass|psk)(?:[ \t]+(?:is|was)[ \t]+|[ \t]*[:=][ \t]*)([^\s'"]+)`, "wifi", "wi-fi", "wlan", "wpa", "wep", "wireless", "hotspot", "router"), firstGroup(func(v string) bool {
			v = strings.TrimRight(v, ".,;)")
			return passwordish(v) || weakPassword(v) && hasDigit(v)
		}, 1)), nil),
		// A passwd(5)-format line whose password field holds neither x nor a lock (* or !): an
		// old passwd file, unshadow's and john --show's output. The field is the password.
		passwdLine(lineStart(onLine(withPick(mk("password-word", `(?m)^([a-z_][a-z0-9_.-]{0,31}):([^\s:]{4,128}):\d{1,10}:\d{1,10}:[^:\n]*:/[^:\n]*:[^:\n]*$`, ":"), firstGroup(func(v string) bool {
			return v != "x" && !strings.HasPrefix(v, "*") && !strings.HasPrefix(v, "!") && !isPlaceholder(v)
		}, 2)), nil))),
	}
}

// slashPairPick judges the password of a "user / password" pair. After a login word, or on a
// list item, an ordinary password with a digit will do; on a bare labelled line it will only
// when the label names access (Guest Wi-Fi: Lobby-5G / …, VPN: …): "Status: done / pending4",
// "Build: debug / release64" are a label's alternatives (the review of round 13).
func slashPairPick(text string, m []int) [][2]int {
	v := strings.TrimRight(text[m[2]:m[3]], ".,;)")
	if !passwordish(v) && !(weakPassword(v) && hasDigit(v) && strings.IndexFunc(v, unicode.IsLower) >= 0 && !isVersion(v)) {
		return nil
	}
	out := [][2]int{{m[2], m[2] + len(v)}}
	head := strings.ToLower(text[m[0]:m[2]])
	if loginWords().MatchString(head) {
		return out
	}
	line := strings.TrimLeft(head, " \t\n")
	if line != "" && (strings.IndexByte("-*•", line[0]) >= 0 || strings.HasPrefix(line, "•") || line[0] >= '0' && line[0] <= '9') {
		return out // a list item: "1. laptop: sam / X"
	}
	// A bare labelled line: the label must name access, or the value be a password no label's
	// alternative is (a symbol, not a camelCase name as in "Ratio: ioWait / cpuTime2").
	if label, _, _ := strings.Cut(line, ":"); containsAny(label, accessLabelWords) || passwordish(v) && !camelIdentifier(v) {
		return out
	}
	// Round 14 (the review of round 13): a camelCase password is still one when the left side
	// is an account's name — a role every system has (admin, root, guest), a service account
	// (svc_…, deploy), or an address: "Staging box: admin / BlueOcean7". A lower camelCase
	// name after it is code's ("Layout: root / childNode2").
	// The review of round 14: root, user, support and operator are also a tree's, a hierarchy's
	// and a menu's words ("Tree: root / ChildNode2"): after them a camelCase value is a name.
	if fields := strings.Fields(strings.TrimRight(strings.TrimSpace(line), "/")); len(fields) > 0 && accountName(fields[len(fields)-1]) && hasDigit(v) && !(camelIdentifier(v) && (v[0] >= 'a' && v[0] <= 'z' || structureAccounts[strings.ToLower(fields[len(fields)-1])])) {
		return out
	}
	return nil
}

// accountNames are the users every system or service has; accountName adds addresses and
// service accounts.
var accountNames = map[string]bool{"admin": true, "administrator": true, "root": true, "guest": true,
	"user": true, "ubuntu": true, "ec2-user": true, "postgres": true, "sa": true, "pi": true,
	"oracle": true, "deploy": true, "operator": true, "support": true, "superuser": true}

// structureAccounts are account names that are also words of a structure's (a tree's root, a
// hierarchy's user, a menu's support): a camelCase value after them is a node's name.
var structureAccounts = map[string]bool{"root": true, "user": true, "support": true, "operator": true}

func accountName(u string) bool {
	u = strings.ToLower(u)
	return accountNames[u] || strings.HasPrefix(u, "svc") || strings.Contains(u, "@") && strings.Contains(u, ".")
}

// camelIdentifier reports whether v is words joined by capitals, with digits only at its end
// (cpuTime2, refreshAccessTokenIfExpired2, TestFixtureKey1234567890, GitLabRunner01): a name in
// code or a user's name, as programmers write them, not a generated value. Two words or more,
// each of two letters or more.
func camelIdentifier(v string) bool {
	w := strings.TrimRight(v, "0123456789")
	if len(w) < 6 {
		return false
	}
	humps, run := 0, 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'A' && c <= 'Z':
			if i > 0 && run < 2 {
				return false // a run of capitals or a one-letter word: an acronym or random
			}
			humps++
			run = 1
		case c >= 'a' && c <= 'z':
			if i == 0 {
				humps++
			}
			run++
		default:
			return false
		}
	}
	return humps >= 2 && run >= 2
}

// accessLabelWords in a line's label say that what follows opens something: a network, a
// login, an account, a router, a VPN.
var accessLabelWords = []string{"wi-fi", "wifi", "ssid", "network", "login", "account", "router", "vpn"}

var loginWords = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:log[ -]?in|logon|credentials?|creds|authenticate|sign[ -]?in|account|(?:basic|http|proxy)[ -]?auth|auth)\b`)
})

// prosePasswordPick takes the value after a password word of prose when it looks like a
// password; closing punctuation is the sentence's.
func prosePasswordPick(text string, m []int) [][2]int {
	s, e := m[2], m[3]
	if s < 0 || e <= s {
		return nil
	}
	// The sentence's full stop is not the password's; an exclamation mark may be ("Otter#7!").
	v := strings.TrimRight(text[s:e], ".?:)]")
	// A capitalised noun is as common in German prose as a password is after a colon
	// ("Passwort-Richtlinie: Mindestlänge …"): an ordinary value needs a digit or a symbol.
	if v == "" || !(passwordish(v) || weakPassword(v) && strings.IndexFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0) {
		return nil
	}
	// Chinese, Japanese and Korean write a rule about the password without blanks ("8文字以上",
	// "8자"): a value holding their script is a sentence's, not a password.
	if strings.IndexFunc(v, func(r rune) bool {
		return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai, unicode.Khmer, unicode.Lao, unicode.Myanmar)
	}) >= 0 {
		return nil
	}
	return [][2]int{{s, s + len(v)}}
}

// maskedField reports whether a form field's content is masked (****, ••••).
func maskedField(v string) bool {
	for _, r := range v {
		if r != '*' && r != '•' && r != '●' && r != 'x' && r != 'X' && !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// userColonPick judges curl's -u user:password: the password, unless it is a dummy (x, X, an
// empty one) after a user name that is a token; then the user name is the secret.
func userColonPick(text string, m []int) [][2]int {
	us, ue, ps, pe := m[2], m[3], m[4], m[5]
	if ps >= 0 && pe-ps > 1 && !(pe-ps <= 3 && strings.Trim(text[ps:pe], "xX-_.") == "") {
		return firstGroup(func(v string) bool { return !isPlaceholder(v) }, 2)(text, m)
	}
	if us >= 0 && ue-us >= 16 && !isPlaceholder(text[us:ue]) && (randomValue(text[us:ue]) || passwordish(text[us:ue])) {
		return [][2]int{{us, ue}}
	}
	return nil // a dummy password after a user name or a reference: nothing to redact
}

// domainUserPick judges DOMAIN\user:password. An ACL's entry (icacls' BUILTIN\Users:(OI)(RX)),
// a file's line in a Windows grep (src\app.py:TIMEOUT=30) and a file's stream
// (dir\file.txt:Zone.Identifier) share the shape; their "user" is a file or their value a
// list of rights or an assignment.
func domainUserPick(text string, m []int) [][2]int {
	user, v := text[m[2]:m[3]], text[m[4]:m[5]]
	if fileName().MatchString(user) || strings.ContainsAny(v, "=()\\%") {
		// ( = : rights and assignments; \ and %: a string's escape and format verb
		// ("message\ndata:%s\n"), not a password
		return nil
	}
	if !passwordish(v) && !weakPassword(v) {
		return nil
	}
	return [][2]int{{m[4], m[5]}}
}

// typedPick takes a typed string when it looks like a password; a trailing ^M, \r or \n (the
// Enter key, as screen's stuff and tmux write it) is the keystroke's, not the password's.
func typedPick(text string, m []int) [][2]int {
	for g := 1; g <= 3; g++ {
		s, e := m[2*g], m[2*g+1]
		if s < 0 || e <= s {
			continue
		}
		for _, suf := range []string{"^M", `\r`, `\n`, "{Enter}"} {
			if strings.HasSuffix(text[s:e], suf) && e-len(suf) > s {
				e -= len(suf)
			}
		}
		if v := text[s:e]; isPlaceholder(v) || !(passwordish(v) || weakPassword(v) && hasDigit(v)) {
			return nil
		}
		return [][2]int{{s, e}}
	}
	return nil
}

// wholeWord accepts a keyword hit that is a word of its own, not part of one (pin, not ping or
// spinner).
func wholeWord(text string, start, end int) bool {
	return (start == 0 || !isLetter(text[start-1])) && (end >= len(text) || !isLetter(text[end]))
}

// domainUserAt accepts a backslash that may join a domain to a user: a letter or digit on both
// sides and a colon after the user, within a user name's length. A JSON escape (\n, \") or a
// path's separator with no colon after it is spared the regular expression.
func domainUserAt(text string, start, end int) bool {
	if start == 0 || !isAlnum(text[start-1]) {
		return false
	}
	if end < len(text) && text[end] == '\\' {
		end++
	}
	if end >= len(text) || !isAlnum(text[end]) {
		return false
	}
	for i := end; i < len(text) && i-end <= 64; i++ {
		switch c := text[i]; {
		case c == ':':
			return true
		case !isAlnum(c) && c != '.' && c != '_' && c != '$' && c != '-':
			return false
		}
	}
	return false
}

// hostUserPassPick takes a client's third positional literal when the first is a host and the
// third looks like a password.
func hostUserPassPick(text string, m []int) [][2]int {
	host := text[m[2]:m[3]]
	if !(strings.ContainsAny(host, ".:") || strings.EqualFold(host, "localhost")) || looksLikePath(host) {
		return nil
	}
	return firstGroup(func(v string) bool {
		return !isPlaceholder(v) && (passwordish(v) || weakPassword(v) && hasDigit(v))
	}, 3, 4)(text, m)
}

// passwdLine spares the passwd(5) rule the lines that cannot be one: its keyword is a colon,
// which most lines of a transcript hold; a passwd line starts with a lower-case name and holds
// ":/" before its home directory.
func passwdLine(r *rule) *rule {
	r.lineGuard = func(text string, ls, le int) bool {
		return ls < le && (text[ls] >= 'a' && text[ls] <= 'z' || text[ls] == '_') && strings.Contains(text[ls:le], ":/")
	}
	return r
}

// tuplePick takes the value of a name-value pair whose name is a secret's (the name in group
// 1, the value in group 2), judged as an assignment's.
func tuplePick(text string, m []int) [][2]int {
	name, s, e := text[m[2]:m[3]], m[4], m[5]
	if s < 0 || e <= s {
		return nil
	}
	if v := text[s:e]; !strongValue(v) || !secretAssignment(name, "=", v) {
		return nil
	}
	return [][2]int{{s, e}}
}

// factoryPIN reports whether a PIN is one of the defaults devices ship with and manuals print:
// one digit repeated (0000) or a run counting up from 0 or 1 (1234, 123456).
func factoryPIN(v string) bool {
	same, run := true, v[0] == '0' || v[0] == '1'
	for i := 1; i < len(v); i++ {
		same = same && v[i] == v[0]
		run = run && v[i] == v[i-1]+1
	}
	return same || run
}

// notCredentialKeys qualify a "key" that is no credential: a cache's, a table's, an object's, a
// request's idempotency key, or a public half. Not "primary" (an encryption's primary key) nor
// "routing" (an alerting integration's routing key is its credential).
var notCredentialKeys = map[string]bool{"cache": true, "idempotency": true, "partition": true,
	"sort": true, "object": true, "foreign": true, "dedup": true, "deduplication": true,
	"dedupe": true, "correlation": true, "grouping": true, "routing_hint": true,
	"lookup": true, "row": true, "shard": true, "composite": true, "unique": true, "index": true,
	"map": true, "group": true, "public": true, "publishable": true, "verifying": true,
	"verification": true, "sorting": true, "range": true, "join": true, "entity": true,
	"natural": true, "surrogate": true}

// clauseSecretPick takes the value after a credential noun and a clause about it when the
// value is random and nothing in the clause names it as an id, a digest or a public value.
func clauseSecretPick(text string, m []int) [][2]int {
	noun, clause, v := strings.ToLower(text[m[2]:m[3]]), text[m[4]:m[5]], text[m[8]:m[9]]
	if strings.IndexFunc(clause, unicode.IsLetter) < 0 {
		return nil // a clause of prose has words; the name's own quote and colon are an assignment's
	}
	if strings.HasSuffix(noun, "key") && notCredentialKeys[lastWord(text, m[2])] {
		return nil
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(clause), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if idWords[w] && !idSecretWords[w] || publicWords[w] || w == "sha" || w == "public" {
			return nil // "the key's fingerprint is …", "the token's id: …", "key for the public …"
		}
	}
	if !randomValue16(v) || isPlaceholder(v) || wordShare(v) >= 0.5 || camelIdentifier(v) || m[9] < len(text) && text[m[9]] == '(' {
		return nil // a qualified name or a call (advapi32.OpenProcessToken): code, not a key
	}
	return [][2]int{{m[8], m[9]}}
}

// tokenUser reports whether a user name is a generated token: upper and lower case and digits,
// less than half of it words.
func tokenUser(v string) bool {
	return len(v) >= 10 && strings.IndexFunc(v, unicode.IsUpper) >= 0 && strings.IndexFunc(v, unicode.IsLower) >= 0 &&
		hasDigit(v) && wordShare(v) < 0.5 && !camelIdentifier(v) // GitLabRunner01 is a name
}

// clauseAhead is clause-secret's cheap test of a keyword hit: a whole word, then within 64
// bytes of the same sentence a copula ("is", "was", "are", a colon or an equals sign before a
// blank) and a run of 16 token characters after it. Most "key" and "token" words in prose and
// code have neither, and are spared the expression.
func clauseAhead(text string, start, end int) bool {
	if start > 0 && isLetter(text[start-1]) || end < len(text) && isLetter(text[end]) && text[end] != 's' && text[end] != 'S' {
		return false
	}
	lim := min(len(text), end+64)
	for i := end; i < lim; i++ {
		switch c := text[i]; c {
		case '\n', '.', '!', '?':
			return false
		case ':', '=':
			if i+1 < len(text) && (text[i+1] == ' ' || text[i+1] == '\t') {
				return tokenRunAt(text, i+1)
			}
		case ' ':
			if i+1 >= len(text) {
				return false
			}
			if n := text[i+1]; n != 'i' && n != 'w' && n != 'a' && n != '=' {
				continue
			}
			for _, w := range []string{" is ", " was ", " are ", " = "} {
				if strings.HasPrefix(text[i:], w) && tokenRunAt(text, i+len(w)-1) {
					return true
				}
			}
		}
	}
	return false
}

// tokenRunAt reports whether blanks, perhaps "now" and a quote, then 16 token characters stand
// at i.
func tokenRunAt(text string, i int) bool {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if strings.HasPrefix(text[i:], "now ") {
		i += 4
	}
	if i < len(text) && (text[i] == '\'' || text[i] == '"' || text[i] == '`') {
		i++
	}
	n := 0
	for i+n < len(text) && n < 16 && (isAlnum(text[i+n]) || strings.IndexByte("._~+/=-", text[i+n]) >= 0) {
		n++
	}
	return n >= 16
}

// loginPairPick takes the password of a user and a password told after a login word, when the
// user is no word of the sentence's grammar and the value looks like a password: one value, not
// more fields (root:x:0:0:…, an ARN's arn:aws:iam::…).
func loginPairPick(text string, m []int) [][2]int {
	user, v := strings.ToLower(text[m[2]:m[3]]), strings.TrimRight(text[m[4]:m[5]], ".,;)")
	if loginFiller[user] || strings.ContainsAny(v, ":=") || looksLikePath(v) || isPlaceholder(v) || hostPort().MatchString(v) {
		return nil
	}
	if !passwordish(v) || isVersion(v) || versionTail().MatchString(v) {
		return nil // Ubuntu-22.04, node-v20.11: a release, not a password
	}
	// How the user and the value are joined says how sure the pair is (the review of round 13):
	// two blanks are a table's cells only after a colon (sign in: ops@…  X); "and"/"with" join a
	// user only when it is written as one (lower case, or an address), not a service's name
	// ("sign in with GitHub and Gitlab2FA").
	head, joiner := text[m[0]:m[2]], text[m[3]:m[4]]
	if strings.Trim(joiner, " \t") == "" && len(joiner) >= 2 && !strings.Contains(head, ":") && !loginRow(text, m[0], head) {
		return nil
	}
	if j := strings.ToLower(strings.TrimSpace(joiner)); j == "and" || j == "with" {
		if u := text[m[2]:m[3]]; u != strings.ToLower(u) && !strings.Contains(u, "@") {
			return nil
		}
	}
	return [][2]int{{m[4], m[4] + len(v)}}
}

// versionTail matches a release number in a value: a dotted pair of numbers after a name.
var versionTail = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[A-Za-z][-_ ]?v?\d+\.\d+(?:\.\d+)?$`) })

// loginFiller are the words of a sentence about logging in that stand where a user would.
var loginFiller = map[string]bool{"is": true, "as": true, "with": true, "the": true, "to": true, "for": true,
	"and": true, "via": true, "using": true, "page": true, "form": true, "screen": true, "button": true,
	"fails": true, "failed": true, "works": true, "a": true, "an": true, "your": true, "my": true}

// lockWords, as whole words of a parent key (alarm_control_panel:, lock:, garage_door:), say
// the block configures a lock or an alarm. The review of round 14 found a substring test over the
// bytes before the key read account_locked, a comment's "cache block", gateway_timeout and
// unsafe_mode as locks: only the keys that enclose the code count, word by word.
var lockWords = map[string]bool{"alarm": true, "alarms": true, "lock": true, "locks": true,
	"keypad": true, "keypads": true, "safe": true, "door": true, "doors": true, "garage": true,
	"gate": true, "gates": true, "disarm": true, "arming": true, "smartlock": true, "padlock": true,
	"lockbox": true}

// lockCodePick takes a code: key's digits when a key that encloses it (a line less indented
// above it, at most 300 bytes back: the block's own lines) names a lock or an alarm, and the
// code is no factory default nor a year.
func lockCodePick(text string, m []int) [][2]int {
	v := text[m[2]:m[3]]
	if factoryPIN(v) || yearShaped(v) {
		return nil
	}
	if !lockParent(text, m[0]) {
		return nil
	}
	return [][2]int{{m[2], m[3]}}
}

// lockParent reports whether a key enclosing the line that starts at at names a lock:
// the lines above it, read back at most 300 bytes, less indented than the nearest indentation
// so far; comments and values are not read.
func lockParent(text string, at int) bool {
	ls := at // the code: rule matches at its line's start
	indent := leadingBlanks(text[ls:])
	lo := max(0, at-300)
	for ls > lo && indent > 0 {
		ps := lo + strings.LastIndexByte(text[lo:ls-1], '\n') + 1 // bounded: never past lo
		if ps == lo && lo > 0 {
			break // the line starts before the window: not read
		}
		line := text[ps : ls-1]
		ls = ps
		body := strings.TrimLeft(line, " \t")
		if body == "" || body[0] == '#' {
			continue
		}
		if n := len(line) - len(body); n < indent {
			indent = n
			key, _, ok := strings.Cut(strings.TrimPrefix(body, "- "), ":")
			if !ok {
				continue
			}
			for _, p := range nameParts(strings.Trim(key, `"' `)) {
				if lockWords[p] {
					return true
				}
			}
		}
	}
	return false
}

func leadingBlanks(s string) int {
	n := 0
	for n < len(s) && (s[n] == ' ' || s[n] == '\t') {
		n++
	}
	return n
}

// yearShaped is four digits that read as a year of 1900–2099 ("Building code: 2021", "safe
// pin = 2048" in a settings file): a lock's code that looks like one is left.
func yearShaped(d string) bool {
	return len(d) == 4 && (strings.HasPrefix(d, "19") || strings.HasPrefix(d, "20"))
}

// loginRow reports whether a login pair joined by blanks is a row of columns (round 14: the
// review of round 13 found "login  admin  Passw0rd!" no longer read): the login word starts its
// line (after blanks or a list marker) and is set off from the user by a tab or two blanks, as
// the user is from the password — a table, not a sentence ("login as admin  later").
func loginRow(text string, start int, head string) bool {
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	if strings.Trim(text[ls:start], " \t-*•|") != "" {
		return false
	}
	word := strings.TrimRight(head, " \t")
	gap := head[len(word):]
	return strings.Contains(gap, "\t") || len(gap) >= 2 && len(word) <= len("credentials")
}
