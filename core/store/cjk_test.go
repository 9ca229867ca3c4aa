package store_test

import (
	"testing"

	"github.com/anamnesis-go/anamnesis/core/store"
)

// CJK text has no spaces between words (Chinese, Japanese) or glues particles to them (Korean), so
// unicode61 makes whole sentences single tokens. The indexer's bigrams make a word inside them
// findable; each query below is a word that occurs only inside a longer run of its note.
func TestSearchCJK(t *testing.T) {
	s, _ := newStore(t)
	zh := mustWrite(t, s, store.WriteInput{Title: "数据库笔记", Body: "生产环境的数据库连接超时设置为五秒。"})
	ja := mustWrite(t, s, store.WriteInput{Title: "旅行の記録", Body: "昨日は東京タワーに行って夜景を見た。"})
	ko := mustWrite(t, s, store.WriteInput{Title: "회의 메모", Body: "내일 학교에서 배포 일정을 논의합니다."})
	en := mustWrite(t, s, store.WriteInput{Title: "Database timeouts", Body: "Connection timeout is five seconds in production."})
	tests := []struct {
		query string
		want  string
	}{
		{"连接超时", zh.ID},  // "connection timeout", inside 数据库连接超时设置为五秒
		{"数据库", zh.ID},   // also a title word
		{"東京タワー", ja.ID}, // inside 昨日は東京タワーに行って
		{"夜景", ja.ID},
		{"학교", ko.ID}, // "school", glued to 에서
		{"배포 일정", ko.ID},
		{"connection timeout", en.ID}, // English is unaffected
	}
	for _, tc := range tests {
		ids := searchIDs(t, s, store.SearchOptions{Query: tc.query})
		if len(ids) == 0 || ids[0] != tc.want {
			t.Errorf("Search(%q) = %v, want %s first", tc.query, ids, tc.want)
		}
	}
	// A CJK query must not match an unrelated CJK note through a shared single character.
	if ids := searchIDs(t, s, store.SearchOptions{Query: "夜景"}); len(ids) != 1 {
		t.Errorf("Search(夜景) = %v, want only the Japanese note", ids)
	}
}

// Spelling and compound variants find each other in both directions.
func TestSearchFolding(t *testing.T) {
	s, _ := newStore(t)
	busy := mustWrite(t, s, store.WriteInput{Title: "SQLite settings", Body: "Set busyTimeout to 5000 ms."})
	colour := mustWrite(t, s, store.WriteInput{Title: "Theme", Body: "The accent colour is teal; we organise themes by team."})
	stress := mustWrite(t, s, store.WriteInput{Title: "Habits", Body: "Running helps me de-stress after work."})
	met := mustWrite(t, s, store.WriteInput{Title: "Conference", Body: "We met the children of the maintainers."})
	mustWrite(t, s, store.WriteInput{Title: "Unrelated", Body: "Kubernetes rollout notes."})
	tests := []struct {
		query string
		want  string
	}{
		{"busy timeout", busy.ID},
		{"busy_timeout", busy.ID},
		{"color", colour.ID},
		{"organize themes", colour.ID},
		{"destress", stress.ID},
		{"de-stress", stress.ID},
		{"meet child", met.ID}, // irregular past and plural
	}
	for _, tc := range tests {
		ids := searchIDs(t, s, store.SearchOptions{Query: tc.query})
		if len(ids) == 0 || ids[0] != tc.want {
			t.Errorf("Search(%q) = %v, want %s first", tc.query, ids, tc.want)
		}
	}
}
