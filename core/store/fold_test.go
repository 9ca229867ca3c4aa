package store

import (
	"reflect"
	"strings"
	"testing"
)

func TestWordForms(t *testing.T) {
	tests := []struct {
		word string
		want []string
	}{
		{"plain", nil},
		{"de-stress", []string{"destress"}},
		{"busy_timeout", []string{"busytimeout"}},
		{"busyTimeout", []string{"busy timeout"}},
		{"HTTPServer", []string{"http server"}},
		{"parseJSON2", []string{"parse json2"}}, // digits are no boundary: "json2" stays one word
		{"colour", []string{"color"}},
		{"Organise", []string{"organize"}},
		{"realisation", []string{"realization"}},
		{"surprise", nil}, // no -ize spelling
		{"rise", nil},
		{"hour", nil},
		{"re-colour", []string{"recolour", "color"}},
		{"met", []string{"meet"}},
		{"Children", []string{"child"}},
		{"found", nil}, // a word of its own, not only find's past
	}
	for _, tc := range tests {
		if got := wordForms(tc.word); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("wordForms(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

func TestAltText(t *testing.T) {
	tests := []struct {
		name, created string
		texts         []string
		want          []string // words alt must hold
		not           []string // words it must not
	}{
		{"chinese bigrams", "", []string{"数据库连接超时"}, []string{"数据", "据库", "连接", "超时"}, []string{"数据库连接超时"}},
		{"japanese kana and kanji", "", []string{"東京タワーに行った"}, []string{"東京", "タワ", "ワー", "行っ"}, nil},
		{"korean glued particle", "", []string{"학교에서 공부했다"}, []string{"학교", "교에", "공부"}, nil},
		{"single han kept whole", "", []string{"a 猫 b"}, []string{"猫"}, nil},
		{"compounds and spelling", "", []string{"Use busyTimeout to de-stress the colour"}, []string{"busy", "timeout", "destress", "color"}, []string{"use", "the"}},
		{"date words", "2023-05-08T13:56:00Z", nil, []string{"may", "monday", "2023"}, nil},
		{"bad date ignored", "yesterday", nil, nil, []string{"yesterday"}},
	}
	for _, tc := range tests {
		got := strings.Fields(altText(tc.created, tc.texts...))
		has := map[string]bool{}
		for _, w := range got {
			has[w] = true
		}
		for _, w := range tc.want {
			if !has[w] {
				t.Errorf("%s: altText = %q, missing %q", tc.name, got, w)
			}
		}
		for _, w := range tc.not {
			if has[w] {
				t.Errorf("%s: altText = %q, should not hold %q", tc.name, got, w)
			}
		}
	}
}

// nextWord must split text exactly as strings.FieldsFunc with !isWordRune, which it replaces for
// speed: the alt column of every note depends on it.
func TestNextWordSplitsAsFieldsFunc(t *testing.T) {
	for _, s := range []string{
		"", " ", "word", "  two words  ", "busy_timeout de-stress busyTimeout", "colour, centre; (grey)!",
		"naïve café résumé", "e\u0301clair", "Ünïcödé—dash…ellipsis", "日本語のテキスト and English",
		"한국어 텍스트", "ｆｕｌｌｗｉｄｔｈ", "tab\tnew\nline\r\n", "emoji 🎉 between", "digits 123 ٣٤٥",
		"bad \xff\xfe utf8 \xc3", "a\u200bzero-width", "--leading and trailing__", "x",
	} {
		want := strings.FieldsFunc(s, func(r rune) bool { return !isWordRune(r) })
		var got []string
		for w, i := nextWord(s, 0); w != ""; w, i = nextWord(s, i) {
			got = append(got, w)
		}
		if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("nextWord(%q) = %q, want %q", s, got, want)
		}
		if hasCJK(s) != strings.ContainsFunc(s, isCJK) {
			t.Errorf("hasCJK(%q) = %v", s, hasCJK(s))
		}
	}
}

// A folder that remembers words (the rebuild's workers) must write exactly the alt text a fresh
// fold writes, note after note, whatever words the notes before left in its memory.
func TestFolderRemembersWithoutChangingAltText(t *testing.T) {
	notes := []struct{ created, title, body, tags string }{
		{"2023-05-08T13:56:00Z", "Colour of the busyTimeout", "Use busyTimeout to de-stress the colour; we met.", "colour sqlite"},
		{"2024-02-29T00:00:00Z", "colour again", "The colour, the COLOUR and Colour: busy_timeout, busyTimeout.", ""},
		{"", "数据库连接超时", "東京タワーに行った busyTimeout 학교에서", "数据"},
		{"yesterday", "HTTPServer realisation", "Organise the children; organise, Organise. re-colour", "met"},
		{"2023-05-08T13:56:00Z", "", "", ""},
		{"2025-12-31T23:59:59Z", "plain words only", "plain words only, repeated plain words", "plain"},
	}
	f := newFolder()
	for pass := 0; pass < 2; pass++ { // the second pass finds every word remembered
		for i, n := range notes {
			want := altText(n.created, n.title, n.body, n.tags)
			if got := f.altText(n.created, n.title, n.body, n.tags); got != want {
				t.Errorf("pass %d, note %d: remembering folder wrote %q, fresh fold %q", pass, i, got, want)
			}
		}
	}
	if len(f.forms) == 0 {
		t.Fatal("the folder remembered no word")
	}
}
