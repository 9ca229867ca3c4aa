package store_test

import (
	"context"
	"database/sql"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

func TestMatchExpr(t *testing.T) {
	tests := []struct{ query, want string }{
		{"", ""},
		{"   ", ""},
		{"-", ""},
		{`"*^():`, ""},
		{"WAL", `"wal"`},
		// A compound is its phrase, its joined form and its parts, so OR-style recall keeps the parts.
		{"state-of-the-art 16:9 busy_timeout café", `("state-of-the-art" OR "stateoftheart" OR "state" OR "art") OR "16" OR "9" OR ("busy_timeout" OR "busytimeout" OR "busy" OR "timeout") OR "café"`},
		{"busyTimeout", `("busytimeout" OR "busy timeout")`},
		{"colour favourite", `("colour" OR "color") OR ("favourite" OR "favorite")`},
		{"Caroline's identity", `"caroline" OR "identity"`}, // no stray "s"
		{"may May", `"may"`}, // the verb is a stop word, the month is not
		{"won't", `"won't"`},
		{"東京タワー", `("東京タワー" OR "東京" OR "京タ" OR "タワ" OR "ワー")`},
		{"the of and", `"the" OR "of" OR "and"`}, // only stop words: keep them
		{"Go go GO", `"go"`},
		{`a"b`, `"b"`},
		{"NEAR(a b) AND c OR d NOT e", `"near" OR "b" OR "c" OR "d" OR "e"`},
		{"col:value", `"col" OR "value"`},
		{"naïve 東京", `"naïve" OR "東京"`},
	}
	for _, tc := range tests {
		if got := store.MatchExpr(tc.query); got != tc.want {
			t.Errorf("MatchExpr(%q) = %s, want %s", tc.query, got, tc.want)
		}
	}
}

// Partial-overlap queries still recall: OR of tokens, porter stemming, case folding.
func TestSearchRecallsPartialOverlap(t *testing.T) {
	s, _ := newStore(t)
	n := mustWrite(t, s, store.WriteInput{Type: note.Procedural, Title: "Configure SQLite busy_timeout",
		Body: "Set the busy timeout so concurrent writers wait instead of failing.", Tags: []string{"sqlite"}})
	mustWrite(t, s, store.WriteInput{Title: "Unrelated kubernetes rollout", Body: "helm charts"})
	for _, q := range []string{
		"how do I stop sqlite writers failing",
		"BUSY TIMEOUT",
		"waiting writer", // stemming: writers→writer, wait→waiting
		"zzz sqlite qqq", // one known word among unknown ones
		"busy_timeout?!", // punctuation around
		"state-of-the-art sqlite",
	} {
		ids := searchIDs(t, s, store.SearchOptions{Query: q})
		if len(ids) == 0 || ids[0] != n.ID {
			t.Errorf("Search(%q) = %v, want %s first", q, ids, n.ID)
		}
	}
}

var (
	ftsOnce sync.Once
	ftsDB   *sql.DB
	ftsErr  error
)

// ftsIndex is a small in-memory FTS5 table with the store's tokenizer, to run expressions against.
func ftsIndex(tb testing.TB) *sql.DB {
	ftsOnce.Do(func() {
		ftsDB, ftsErr = sql.Open("sqlite", ":memory:")
		if ftsErr != nil {
			return
		}
		ftsDB.SetMaxOpenConns(1)
		for _, q := range []string{
			"CREATE VIRTUAL TABLE f USING fts5(id UNINDEXED, title, body, tags, tokenize='porter unicode61')",
			`INSERT INTO f VALUES ('1', 'Configure SQLite busy_timeout', 'wait instead of failing', 'sqlite')`,
			`INSERT INTO f VALUES ('2', 'Café naïve 東京', 'état de l''art — 16:9', 'unicode')`,
			`INSERT INTO f VALUES ('3', 'NEAR AND OR NOT', '"quoted" * ^ col:value', '')`,
		} {
			if _, ftsErr = ftsDB.Exec(q); ftsErr != nil {
				return
			}
		}
	})
	if ftsErr != nil {
		tb.Fatal(ftsErr)
	}
	return ftsDB
}

// FuzzMatchExpr: for any query, MatchExpr returns "" or a valid FTS5 expression made only of
// double-quoted terms joined by OR (a word's alternatives in parentheses), and running it in a
// real FTS5 MATCH never errors.
func FuzzMatchExpr(f *testing.F) {
	for _, s := range []string{
		"", "wal", "state-of-the-art 16:9 busy_timeout café", `"unterminated`, `a"b"c`, "NEAR(a b, 3)",
		"col:value", "a OR b AND NOT c", "*", "^start", "x*", "-excluded", "()", "\x00\xff", "e\u0301",
		"the the the", strings.Repeat("longword ", 30), "東京 ☃ 🚀", "'single'", "{a b}", "a:b:c",
		"\u0301\u0301", "ǅ İstanbul ß",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, query string) {
		expr := store.MatchExpr(query)
		if expr == "" {
			if len(store.Tokens(query)) != 0 {
				t.Fatalf("MatchExpr(%q) is empty but the query has tokens %q", query, store.Tokens(query))
			}
			return
		}
		if !utf8.ValidString(expr) {
			t.Fatalf("MatchExpr(%q) = %q is not valid UTF-8", query, expr)
		}
		for _, term := range strings.Split(expr, " OR ") {
			term = strings.TrimSuffix(strings.TrimPrefix(term, "("), ")")
			if len(term) < 2 || term[0] != '"' || term[len(term)-1] != '"' ||
				strings.Contains(strings.ReplaceAll(term[1:len(term)-1], `""`, ""), `"`) {
				t.Fatalf("MatchExpr(%q) = %q: term %q is not one quoted string", query, expr, term)
			}
		}
		rows, err := ftsIndex(t).QueryContext(context.Background(), "SELECT id FROM f WHERE f MATCH ? ORDER BY bm25(f)", expr)
		if err != nil {
			t.Fatalf("MatchExpr(%q) = %q: FTS5 rejects it: %v", query, expr, err)
		}
		defer rows.Close()
		for rows.Next() {
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("MatchExpr(%q) = %q: FTS5 fails on it: %v", query, expr, err)
		}
	})
}
