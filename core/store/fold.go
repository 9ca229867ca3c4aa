package store

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Folding: the forms of a word that FTS5's "porter unicode61" tokenizer cannot bring together.
// unicode61 keeps a run of Han, Kana or Hangul as one token and porter does not know that
// "de-stress" is "destress", that "busyTimeout" is "busy timeout", or that "colour" is "color".
// The indexer writes these extra forms into the alt column of memories_fts (altText) and the
// query side asks for them (termExpr), so both spellings find each other. The note text itself
// is indexed unchanged, which keeps the reference's view of the index intact.

// isCJK reports whether r is written without spaces between words (Han, Hiragana, Katakana) or
// glued to its particles (Hangul), so that a word token is useless and bigrams are needed.
func isCJK(r rune) bool {
	if r < 0x1100 { // below Hangul Jamo: Latin, Greek, Cyrillic... (the common case, kept cheap)
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) || r == 'ー'
}

// cjkBigrams appends the overlapping two-rune tokens of a CJK run; a one-rune run is kept whole.
func cjkBigrams(run []rune, out []string) []string {
	if len(run) == 1 {
		return append(out, string(run))
	}
	for i := 0; i+1 < len(run); i++ {
		out = append(out, string(run[i:i+2]))
	}
	return out
}

// cjkRuns splits s into its maximal CJK runs.
func cjkRuns(s string) [][]rune {
	var runs [][]rune
	var cur []rune
	for _, r := range s {
		if isCJK(r) {
			cur = append(cur, r)
			continue
		}
		if len(cur) > 0 {
			runs = append(runs, cur)
			cur = nil
		}
	}
	if len(cur) > 0 {
		runs = append(runs, cur)
	}
	return runs
}

// hasCJK reports whether s holds any CJK rune.
func hasCJK(s string) bool {
	// Every CJK rune is U+1100 or above, which UTF-8 starts with a byte of 0xE1 or more: most
	// text has none, and is passed over a byte at a time.
	i := 0
	for i < len(s) && s[i] < 0xE1 {
		i++
	}
	if i == len(s) {
		return false
	}
	for _, r := range s[i:] {
		if isCJK(r) {
			return true
		}
	}
	return false
}

// camelParts splits an identifier at lower-to-upper and letter-digit boundaries ("busyTimeout" ->
// busy, timeout; "HTTPServer" -> http, server). It returns nil for a word with no such boundary.
func camelParts(w string) []string {
	rs := []rune(w)
	var parts []string
	start := 0
	for i := 1; i < len(rs); i++ {
		prev, cur := rs[i-1], rs[i]
		split := unicode.IsLower(prev) && unicode.IsUpper(cur) ||
			// The last capital of an acronym starts the next word: HTTPServer -> HTTP Server.
			i+1 < len(rs) && unicode.IsUpper(prev) && unicode.IsUpper(cur) && unicode.IsLower(rs[i+1])
		if split {
			parts = append(parts, strings.ToLower(string(rs[start:i])))
			start = i
		}
	}
	if start == 0 {
		return nil
	}
	return append(parts, strings.ToLower(string(rs[start:])))
}

// britishWords are British spellings whose American form porter does not reach: the -our, -re,
// -ogue and doubled-l families, listed because the endings alone also fit words with no variant
// ("hour", "acre", "rogue").
var britishWords = map[string]string{
	"colour": "color", "behaviour": "behavior", "favour": "favor", "favourite": "favorite",
	"honour": "honor", "labour": "labor", "neighbour": "neighbor", "flavour": "flavor",
	"humour": "humor", "rumour": "rumor", "harbour": "harbor", "vapour": "vapor", "armour": "armor",
	"centre": "center", "metre": "meter", "litre": "liter", "theatre": "theater", "fibre": "fiber",
	"catalogue": "catalog", "dialogue": "dialog", "analogue": "analog", "licence": "license",
	"defence": "defense", "offence": "offense", "grey": "gray", "programme": "program",
	"aluminium": "aluminum", "cheque": "check", "tyre": "tire", "mum": "mom", "practise": "practice",
	"travelled": "traveled", "travelling": "traveling", "traveller": "traveler",
	"cancelled": "canceled", "cancelling": "canceling", "modelled": "modeled", "modelling": "modeling",
	"labelled": "labeled", "labelling": "labeling", "signalled": "signaled", "signalling": "signaling",
	"fuelled": "fueled", "levelled": "leveled", "marshalled": "marshaled", "marshalling": "marshaling",
	"analyse": "analyze", "analysed": "analyzed", "analysing": "analyzing", "paralyse": "paralyze",
	"catalyse": "catalyze", "judgement": "judgment", "ageing": "aging", "enrol": "enroll",
}

// iseEndings are the -ise family's endings and their -ize forms.
var iseEndings = [][2]string{
	{"isations", "izations"}, {"isation", "ization"}, {"isers", "izers"}, {"iser", "izer"},
	{"ising", "izing"}, {"ised", "ized"}, {"ises", "izes"}, {"ise", "ize"},
}

// notIse are words ending in -ise (or its forms) that have no -ize spelling, by their -ise form.
var notIse = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`advise advertise arise chastise comprise compromise concise demise despise
		devise disguise enterprise exercise expertise franchise improvise incise merchandise precise premise
		promise revise rise supervise surmise surprise televise wise otherwise likewise noise poise praise raise
		cruise bruise paradise treatise excise circumcise reprise apprise clockwise guise anise vise sunrise
		moonrise uprise reprise denise louise elise lise mise cerise`) {
		m[w] = true
	}
	return m
}()

// american is the American spelling of a lower-case British word, or "".
func american(w string) string {
	if a, ok := britishWords[w]; ok {
		return a
	}
	for _, e := range iseEndings {
		stem, ok := strings.CutSuffix(w, e[0])
		if !ok {
			continue
		}
		// Short stems ("rise", "wise") are words of their own; the -ise verbs worth folding
		// ("organise", "realise", "optimise") have a stem of three letters or more.
		if utf8.RuneCountInString(stem) < 3 || notIse[stem+"ise"] {
			return ""
		}
		return stem + e[1]
	}
	return ""
}

// monthWord and weekdayWord name a note's date the way a question does ("in May", "last Friday").
var (
	monthWord   = [...]string{"", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}
	weekdayWord = [...]string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}
)

// dateWords are the month, weekday and year of an RFC 3339 timestamp, or nil.
func dateWords(ts string) []string {
	t, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		return nil
	}
	return []string{monthWord[t.Month()], weekdayWord[t.Weekday()], t.Format("2006")}
}

// isWordRune is what a word is made of, for folding: letters, digits, combining marks, and the
// joiners folding looks inside (hyphen, underscore).
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || unicode.Is(unicode.Mn, r)
}

// asciiWord is isWordRune for the ASCII runes, looked up instead of asked of package unicode.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = isWordRune(rune(c))
	}
	return t
}()

// nextWord returns the first word (a maximal run of isWordRune runes) of s at or after byte i, and
// the byte after it; "" when there is none. It splits as strings.FieldsFunc with !isWordRune does,
// without building the slice of all words: folding runs over every note of a rebuild.
func nextWord(s string, i int) (string, int) {
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if asciiWord[c] {
				break
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if isWordRune(r) {
			break
		}
		i += n
	}
	start := i
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if !asciiWord[c] {
				break
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isWordRune(r) {
			break
		}
		i += n
	}
	return s[start:i], i
}

// altText is what the indexer writes into the alt column for a note: the CJK bigrams of its
// text, the joined and split forms of its compound words, the American spelling of its British
// words and the words of its creation date. Each form appears once.
func altText(created string, texts ...string) string {
	var f folder
	return f.altText(created, texts...)
}

// folder computes alt text for one note after another (altText), keeping what it can between
// them: a rebuild folds every note, and a note's words are mostly words other notes used, so a
// folder made with newFolder remembers each word's forms instead of working them out again (at
// 10,000 notes that took folding from a tenth of the parsing workers' time to a fortieth). A
// folder is used by one goroutine.
type folder struct {
	forms map[string][]string // word -> its forms (nil when it has none); nil map: no memory
	seen  map[string]bool
	out   []string
}

// maxFolded bounds a folder's memory of words: past it, new words are folded without being kept.
const maxFolded = 100_000

func newFolder() *folder { return &folder{forms: make(map[string][]string, 4096)} }

// wordForms is wordForms(w), remembered.
func (f *folder) wordForms(w string) []string {
	if f.forms == nil {
		return wordForms(w)
	}
	if forms, ok := f.forms[w]; ok {
		return forms
	}
	forms := wordForms(w)
	if len(f.forms) < maxFolded {
		f.forms[strings.Clone(w)] = forms // w is a slice of the note's text, which must not be kept
	}
	return forms
}

func (f *folder) altText(created string, texts ...string) string {
	if f.seen == nil {
		f.seen = map[string]bool{}
	}
	clear(f.seen)
	f.out = f.out[:0]
	add := func(w string) {
		if w != "" && !f.seen[w] {
			f.seen[w] = true
			f.out = append(f.out, w)
		}
	}
	for _, s := range texts {
		cjk := hasCJK(s)
		if cjk {
			for _, run := range cjkRuns(s) {
				for _, b := range cjkBigrams(run, nil) {
					add(b)
				}
			}
		}
		for w, i := nextWord(s, 0); w != ""; w, i = nextWord(s, i) {
			if cjk && hasCJK(w) {
				continue
			}
			for _, form := range f.wordForms(w) {
				add(form)
			}
		}
	}
	for _, d := range dateWords(created) {
		add(d)
	}
	return strings.Join(f.out, " ")
}

// wordForms are the extra forms of one word (with its hyphens and underscores) that its plain
// tokens do not give: "de-stress" -> destress; "busy_timeout" -> busytimeout; "busyTimeout" ->
// "busy timeout"; "colour" -> color. Plain words yield nothing.
func wordForms(w string) []string {
	w = strings.Trim(w, "-_")
	if w == "" {
		return nil
	}
	var out []string
	if strings.ContainsAny(w, "-_") {
		parts := strings.FieldsFunc(w, func(r rune) bool { return r == '-' || r == '_' })
		if len(parts) > 1 {
			out = append(out, strings.ToLower(strings.Join(parts, "")))
		}
		for _, p := range parts {
			out = append(out, wordForms(p)...)
		}
		return out
	}
	// Only a word with a capital after its first letter can be camelCase.
	if strings.IndexFunc(w[1:], unicode.IsUpper) >= 0 {
		if parts := camelParts(w); parts != nil {
			out = append(out, strings.Join(parts, " "))
		}
	}
	lw := strings.ToLower(w)
	if a := american(lw); a != "" {
		out = append(out, a)
	}
	if b := irregular[lw]; b != "" {
		out = append(out, b)
	}
	return out
}

// irregular maps the irregular forms porter cannot reduce (past tenses, participles, plurals) to
// their base word: "When did they meet?" must find "we met last week".
var irregular = func() map[string]string {
	m := map[string]string{}
	// base: forms
	for _, line := range strings.Split(`arise arose arisen|awake awoke awoken|be was were been|bear bore borne|beat beaten|
		become became|begin began begun|bend bent|bet|bind bound|bite bit bitten|bleed bled|blow blew blown|
		break broke broken|breed bred|bring brought|build built|burn burnt|burst|buy bought|catch caught|
		choose chose chosen|come came|cost|creep crept|cut|deal dealt|dig dug|do did done|draw drew drawn|
		dream dreamt|drink drank drunk|drive drove driven|eat ate eaten|fall fell fallen|feed fed|feel felt|
		fight fought|find found|flee fled|fly flew flown|forbid forbade forbidden|forget forgot forgotten|
		forgive forgave forgiven|freeze froze frozen|get got gotten|give gave given|go went gone|grind ground|
		grow grew grown|hang hung|have had|hear heard|hide hid hidden|hit|hold held|hurt|keep kept|kneel knelt|
		know knew known|lay laid|lead led|lean leant|leap leapt|learn learnt|leave left|lend lent|let|lie lay lain|
		light lit|lose lost|make made|mean meant|meet met|pay paid|prove proven|put|quit|read|ride rode ridden|
		ring rang rung|rise rose risen|run ran|say said|see saw seen|seek sought|sell sold|send sent|set|
		shake shook shaken|shine shone|shoot shot|show shown|shrink shrank shrunk|shut|sing sang sung|
		sink sank sunk|sit sat|sleep slept|slide slid|speak spoke spoken|speed sped|spend spent|spin spun|
		spit spat|split|spread|spring sprang sprung|stand stood|steal stole stolen|stick stuck|sting stung|
		stink stank stunk|strike struck|swear swore sworn|sweep swept|swim swam swum|swing swung|take took taken|
		teach taught|tear tore torn|tell told|think thought|throw threw thrown|understand understood|
		wake woke woken|wear wore worn|weep wept|win won|wind wound|write wrote written|
		child children|person people|man men|woman women|mouse mice|foot feet|tooth teeth|goose geese|
		analysis analyses|criterion criteria|datum data|index indices|matrix matrices|vertex vertices`, "|") {
		f := strings.Fields(line)
		for _, form := range f[1:] {
			if _, taken := m[form]; !taken {
				m[form] = f[0]
			}
		}
	}
	// Forms that are also common words of their own are left alone.
	for _, w := range []string{"found", "left", "ground", "lay", "saw", "wound", "bound", "lie", "fell", "data", "lit", "rose", "won"} {
		delete(m, w)
	}
	return m
}()
