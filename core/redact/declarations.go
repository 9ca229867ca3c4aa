package redact

import "strings"

// Typed declarations (issue 15, round 11): languages that declare a variable's type write it
// between the name and the value — COBOL's `01 WS-DB-PASSWORD PIC X(20) VALUE '…'`, T-SQL's
// `DECLARE @password VARCHAR(20) = '…'`, PL/SQL's `v_password VARCHAR2(30) := '…'`, Pascal's and
// Kotlin's `password: string = '…'`, Rust's `const TOKEN: &str = "…"`, VB's `Dim password As
// String = "…"`, Go's `var apiToken string = "…"`. The name says secret as in any assignment;
// the type between is text (a string, a character field, a picture clause), since a password
// is never declared a number. NAME=value alone would take the type for the value.

// declarationRE is a name, a textual type (with a length), then =, := or VALUE and a quoted
// literal (T-SQL's N'…' too).
var declarationRE = lazyRE(`(?i)(?:^|[^A-Za-z0-9_@$])([@$]?[A-Za-z_][A-Za-z0-9_]*(?:[-.][A-Za-z0-9_]+)*)(?:[ \t]*:[ \t]*|[ \t]+as[ \t]+|[ \t]+)(?:constant[ \t]+)?(?:pic(?:ture)?[ \t]+(?:is[ \t]+)?[ax9sv()0-9]+|&(?:'static[ \t]+)?str|(?:string|str|securestring|shortstring|ansistring|widestring|unicodestring|text|n?varchar2?|n?char|character(?:[ \t]+varying)?|clob|bytes|byte\[\]|char\[\]|\[\]byte)(?:[ \t]*\([ \t]*\d+(?:[ \t]*,[ \t]*\d+)?[ \t]*\))?)\??(?:[ \t]+not[ \t]+null)?[ \t]*(?::=|=|[ \t]values?[ \t]+(?:is[ \t]+)?)[ \t]*N?("[^"\n]*"|'[^'\n]*')`)

// declarationRule redacts the literal of a typed declaration whose name says secret; a literal
// that is a name (learner_auth_token_config, DB_PASSWORD) or a dummy stays.
func declarationRule() *rule {
	return &rule{name: "secret-assignment", re: declarationRE(), pick: declarationPick,
		keywords: []string{"pass", "pw", "secret", "token", "key", "auth", "cred", "psk"}, before: 96, after: 256, lineEnd: true,
		guard: declarationAhead}
}

// declarationAhead spares declarationRE the many secret words of ordinary text: the keyword is
// inside the name, so after the rest of the name (and a colon, "As" or CONSTANT) a textual type
// starts, and an "=" or VALUE follows it closely on its line. The walk is bounded.
func declarationAhead(text string, _, end int) bool {
	i := end
	for i < len(text) && i-end < 64 && (isAlnum(text[i]) || text[i] == '_' || text[i] == '-' || text[i] == '.') {
		i++
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == ':') {
		i++
	}
	for _, w := range []string{"as ", "constant "} {
		if hasPrefixFold(text[i:], w) {
			i += len(w)
			for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
				i++
			}
		}
	}
	typed := false
	for _, w := range declTypeStarts {
		if hasPrefixFold(text[i:], w) {
			typed = true
			break
		}
	}
	if !typed {
		return false
	}
	for j := i; j < len(text) && j-i < 64 && text[j] != '\n'; j++ {
		if text[j] == '=' || (text[j] == 'v' || text[j] == 'V') && hasPrefixFold(text[j:], "value") {
			return true
		}
	}
	return false
}

// declTypeStarts begin the textual types declarationRE knows.
var declTypeStarts = []string{"str", "securestring", "shortstring", "ansistring", "widestring", "unicodestring",
	"text", "varchar", "nvarchar", "char", "nchar", "clob", "byte", "[]byte", "pic", "&"}

// hasPrefixFold reports whether s starts with the lower-case word w, ignoring case.
func hasPrefixFold(s, w string) bool {
	return len(s) >= len(w) && strings.EqualFold(s[:len(w)], w)
}

func declarationPick(text string, m []int) [][2]int {
	name := strings.TrimLeft(text[m[2]:m[3]], "@$")
	vs, ve := m[4]+1, m[5]-1
	val := text[vs:ve]
	if isPlaceholder(val) || dummyValue(val) || maskShape(val) || cliDocWord().MatchString(val) || secretLabel(val) {
		return nil
	}
	if !secretAssignment(name, "=", val) && !(passwordName(name) && len(val) >= 4) {
		return nil
	}
	if publicNamed(name) || namesASecret(name, val) || secretReference(val) {
		return nil
	}
	return [][2]int{{vs, ve}}
}

// typeAnnotation reports whether the value after a name and a colon is the name's declared
// type (Kotlin's and Swift's `val password: String`, TypeScript's `password: string`, Python's
// `password: SecretStr`, a parameter list `(user: String, password: String)`): a type names
// what the slot holds and never is a password.
func typeAnnotation(sep, v string) bool {
	if !strings.Contains(sep, ":") || strings.Contains(sep, "=") {
		return false
	}
	v = strings.TrimRight(strings.ToLower(v), "?!")
	if k := strings.IndexByte(v, '<'); k > 0 {
		v = v[:k] // Array<Char>
	}
	return annotationTypes[v] || typeWords[v] && v != "secret" && v != "password" && v != "sensitive" && v != "required" && v != "optional"
}

// annotationTypes are the text types languages give a secret's variable.
var annotationTypes = map[string]bool{"charsequence": true, "secretstr": true, "secretbytes": true,
	"securestring": true, "chararray": true, "bytearray": true, "&str": true, "[]byte": true,
	"char[]": true, "byte[]": true, "[]rune": true, "nsstring": true, "std::string": true}

// typeBeforeValue reports whether the value a NAME=value match found is a declaration's type
// (password: String = "…", v_password VARCHAR2(30) := '…'): the type is no value, and the
// literal after it is declarationRule's.
func typeBeforeValue(text string, vs, ve int) bool {
	v := strings.TrimRight(strings.ToLower(text[vs:ve]), "?") // String?: Kotlin's nullable type
	if k := strings.IndexByte(v, '('); k > 0 {
		v = v[:k]
	}
	switch v {
	case "string", "str", "&str", "securestring", "shortstring", "ansistring", "widestring", "unicodestring",
		"text", "varchar", "varchar2", "nvarchar", "nvarchar2", "char", "nchar", "clob", "bytes", "pic", "picture":
	default:
		return false
	}
	i := ve
	for i < len(text) && i-ve < 16 && strings.IndexByte(" \t()0123456789,", text[i]) >= 0 {
		i++
	}
	return strings.HasPrefix(text[i:], "=") || strings.HasPrefix(text[i:], ":=")
}
