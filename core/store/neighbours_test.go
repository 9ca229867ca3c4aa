package store_test

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// putAt writes a note created at the given minute past a fixed hour.
func putAt(t *testing.T, s *store.Store, typ note.Type, project string, minute int, body string) *note.Note {
	t.Helper()
	n := &note.Note{ID: note.NewID(), Type: typ, Title: "turn", Body: body, Project: project,
		CreatedAt: note.FormatTime(time.Date(2023, 5, 8, 13, 0, 0, 0, time.UTC).Add(time.Duration(minute) * time.Minute))}
	if err := s.Put(context.Background(), n); err != nil {
		t.Fatalf("Put(%q): %v", body, err)
	}
	return n
}

// TestNeighbours: the turn that answers a question often shares no word with it; it is found
// through the turn just before it, which does.
func TestNeighbours(t *testing.T) {
	ctx := context.Background()
	const query = "which instruments does Melanie play"
	tests := []struct {
		name string
		// build writes the notes and returns the one that must be found, and whether it must.
		build func(t *testing.T, s *store.Store) (*note.Note, bool)
		opts  store.SearchOptions
	}{
		{"the next episodic turn is found", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			putAt(t, s, note.Episodic, "p", 0, "Caroline: You play any instruments, Melanie?")
			return putAt(t, s, note.Episodic, "p", 1, "Yeah, the clarinet, since I was young."), true
		}, store.SearchOptions{}},
		{"two turns on", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			putAt(t, s, note.Episodic, "p", 0, "Melanie: I found my old instruments in the attic.")
			putAt(t, s, note.Episodic, "p", 1, "Caroline: Show me!")
			return putAt(t, s, note.Episodic, "p", 2, "Here: a clarinet and a violin."), true
		}, store.SearchOptions{}},
		{"but not three", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			putAt(t, s, note.Episodic, "p", 0, "Melanie: I found my old instruments in the attic.")
			putAt(t, s, note.Episodic, "p", 1, "Caroline: Show me!")
			putAt(t, s, note.Episodic, "p", 2, "Wait a second.")
			return putAt(t, s, note.Episodic, "p", 3, "Here: a clarinet and a violin."), false
		}, store.SearchOptions{}},
		{"and the turn before", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			n := putAt(t, s, note.Episodic, "p", 0, "I started the clarinet when I was young.")
			putAt(t, s, note.Episodic, "p", 1, "Caroline: So you play instruments, Melanie!")
			return n, true
		}, store.SearchOptions{}},
		{"not past the gap", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			putAt(t, s, note.Episodic, "p", 0, "Caroline: You play any instruments, Melanie?")
			return putAt(t, s, note.Episodic, "p", 60, "Yeah, the clarinet, since I was young."), false
		}, store.SearchOptions{}},
		{"not from another project", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			putAt(t, s, note.Episodic, "p", 0, "Caroline: You play any instruments, Melanie?")
			return putAt(t, s, note.Episodic, "q", 1, "Yeah, the clarinet, since I was young."), false
		}, store.SearchOptions{}},
		{"not outside the filter", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			putAt(t, s, note.Episodic, "p", 0, "Caroline: You play any instruments, Melanie?")
			return putAt(t, s, note.Episodic, "p", 1, "Yeah, the clarinet, since I was young."), false
		}, store.SearchOptions{Filter: store.Filter{Type: note.Episodic, Scope: note.MachineLocal}}},
		{"not from another captured session", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			q := putAt(t, s, note.Episodic, "p", 0, "Caroline: You play any instruments, Melanie?")
			a := putAt(t, s, note.Episodic, "p", 1, "Yeah, the clarinet, since I was young.")
			for i, n := range []*note.Note{q, a} {
				n.ProvSession = []string{"s1", "s2"}[i]
				if err := s.Put(ctx, n); err != nil {
					t.Fatal(err)
				}
			}
			return a, false
		}, store.SearchOptions{}},
		{"but from the same one", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			q := putAt(t, s, note.Episodic, "p", 0, "Caroline: You play any instruments, Melanie?")
			a := putAt(t, s, note.Episodic, "p", 1, "Yeah, the clarinet, since I was young.")
			for _, n := range []*note.Note{q, a} {
				n.ProvSession = "s1"
				if err := s.Put(ctx, n); err != nil {
					t.Fatal(err)
				}
			}
			return a, true
		}, store.SearchOptions{}},
		{"not in a heads-only search", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			q := putAt(t, s, note.Episodic, "p", 0, "You play any instruments, Melanie?")
			q.Title = "Melanie and her instruments"
			if err := s.Put(ctx, q); err != nil {
				t.Fatal(err)
			}
			return putAt(t, s, note.Episodic, "p", 1, "Yeah, the clarinet, since I was young."), false
		}, store.SearchOptions{HeadsOnly: true}},
		{"not for reference notes", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			putAt(t, s, note.Semantic, "p", 0, "Melanie plays instruments")
			return putAt(t, s, note.Semantic, "p", 1, "The clarinet is a woodwind."), false
		}, store.SearchOptions{}},
		{"not a forgotten turn", func(t *testing.T, s *store.Store) (*note.Note, bool) {
			putAt(t, s, note.Episodic, "p", 0, "Caroline: You play any instruments, Melanie?")
			n := putAt(t, s, note.Episodic, "p", 1, "Yeah, the clarinet, since I was young.")
			if _, err := s.Forget(ctx, n.ID); err != nil {
				t.Fatal(err)
			}
			return n, false
		}, store.SearchOptions{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newStore(t)
			want, found := tt.build(t, s)
			opts := tt.opts
			opts.Query = query
			ids := searchIDs(t, s, opts)
			if slices.Contains(ids, want.ID) != found {
				t.Errorf("search %q: %q found = %v, want %v (hits %v)", query, want.Body, !found, found, ids)
			}
		})
	}
}

// TestNeighbourRanksBelowItsHit: a neighbour is lent a share of its hit's score, so it never
// outranks the turn that matched; --explain names the hit it came through.
func TestNeighbourRanksBelowItsHit(t *testing.T) {
	s, _ := newStore(t)
	q := putAt(t, s, note.Episodic, "p", 0, "Caroline: You play any instruments, Melanie?")
	a := putAt(t, s, note.Episodic, "p", 1, "Yeah, the clarinet, since I was young.")
	res, err := s.Search(context.Background(), store.SearchOptions{Query: "instruments Melanie", Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 2 || res.Hits[0].ID != q.ID || res.Hits[1].ID != a.ID {
		t.Fatalf("hits %v, want the question then its answer", res.Hits)
	}
	if got := res.Explain.Hits[1].ContextOf; got != q.ID {
		t.Errorf("explain: the answer came through %q, want %q", got, q.ID)
	}
	if res.Hits[1].Score <= res.Hits[0].Score {
		t.Errorf("the neighbour scores %g, not weaker than its hit's %g", res.Hits[1].Score, res.Hits[0].Score)
	}
}

// TestUntitledNeighbourLentLess: of two turns after a match, the one whose title holds a word of
// the query (in a dialog, the person asked about) is lent the full share and the other half of it,
// so a direct match that falls between the two stays above the other person's reply.
func TestUntitledNeighbourLentLess(t *testing.T) {
	ctx := context.Background()
	turn := func(s *store.Store, minute int, title, body string) *note.Note {
		n := &note.Note{ID: note.NewID(), Type: note.Episodic, Title: title, Body: body, Project: "p",
			CreatedAt: note.FormatTime(time.Date(2023, 5, 8, 13, minute, 0, 0, time.UTC))}
		if err := s.Put(ctx, n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	tests := []struct {
		name  string
		share float64
		want  []string // by role, best first
	}{
		{"half a share to the other side", 0.5, []string{"hit", "own", "direct", "reply"}},
		{"the whole share when turned off", 0, []string{"hit", "own", "reply", "direct"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := store.DefaultRanking()
			r.UntitledShare = tc.share
			s, err := store.Open(ctx, t.TempDir(), store.Options{MachineID: "m", Ranking: &r})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			role := map[string]string{}
			role[turn(s, 0, "Melanie on 8 May", "Melanie: my clarinet lessons, my clarinet teacher, my clarinet").ID] = "hit"
			role[turn(s, 1, "Caroline on 8 May", "Caroline: wow, tell me more!").ID] = "reply"
			role[turn(s, 2, "Melanie on 8 May", "Melanie: sure, every week.").ID] = "own"
			role[turn(s, 30, "Caroline on 8 May", "Caroline: clarinet, clarinet, clarinet").ID] = "direct"
			for i := 0; i < 30; i++ { // enough notes for bm25's idf to favour the rarer words
				turn(s, 40+i, "Someone on 9 May", "nothing to see here, filler turn")
			}
			var got []string
			for _, id := range searchIDs(t, s, store.SearchOptions{Query: "Melanie clarinet"}) {
				if role[id] != "" {
					got = append(got, role[id])
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("order %v, want %v", got, tc.want)
			}
		})
	}
}

// TestJointShare: of two turns lent the same share by the match before them, the one that also
// matches the question on its own adds Ranking.JointShare of its own score and ranks first; with
// no joint share the two tie.
func TestJointShare(t *testing.T) {
	ctx := context.Background()
	for _, joint := range []float64{0.2, 0} {
		r := store.DefaultRanking()
		r.JointShare = joint
		s, err := store.Open(ctx, t.TempDir(), store.Options{MachineID: "m", Ranking: &r})
		if err != nil {
			t.Fatal(err)
		}
		at := func(minute int, body string) *note.Note {
			n := &note.Note{ID: note.NewID(), Type: note.Episodic, Title: "Melanie on 8 May", Body: body, Project: "p",
				CreatedAt: note.FormatTime(time.Date(2023, 5, 8, 13, minute, 0, 0, time.UTC))}
			if err := s.Put(ctx, n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		at(0, "Melanie: clarinet lessons with my clarinet teacher, clarinet every day")
		matched := at(1, "Melanie: and the clarinet case too")
		plain := at(2, "Melanie: every week, since May")
		for i := 0; i < 20; i++ {
			at(30+i, "filler turn, nothing to see")
		}
		res, err := s.Search(ctx, store.SearchOptions{Query: "clarinet lessons"})
		if err != nil {
			t.Fatal(err)
		}
		score := map[string]float64{}
		for _, h := range res.Hits {
			score[h.ID] = h.Score
		}
		m, p := score[matched.ID], score[plain.ID]
		if m == 0 || p == 0 {
			t.Fatalf("joint %g: the two turns after the match are not both found: %v", joint, res.Hits)
		}
		if joint > 0 && !(m < p) {
			t.Errorf("joint %g: the turn that matched too scores %g, not better than the other's %g", joint, m, p)
		}
		if joint == 0 && m != p {
			t.Errorf("joint 0: the two neighbours score %g and %g, want equal shares", m, p)
		}
		s.Close()
	}
}

// TestAskedShare: the turn just after a match that asks a question, when its title holds a word
// of the query (the person asked), is lent AskedShare of the match's score instead of NextShare.
func TestAskedShare(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name     string
		question string
		asked    float64
		want     float64 // the reply's score over the asking turn's
	}{
		{"a question lends its whole score to the one asked", "Caroline: Do you play any instruments, Melanie?", 1, 1},
		{"a statement lends the usual share", "Caroline: I love instruments, Melanie.", 1, 0.85},
		{"turned off, a question lends the usual share", "Caroline: Do you play any instruments, Melanie?", 0, 0.85},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := store.DefaultRanking()
			r.AskedShare = tc.asked
			r.JointShare = 0 // the reply matches too ("Melanie" in its title): compare shares alone
			s, err := store.Open(ctx, t.TempDir(), store.Options{MachineID: "m", Ranking: &r})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			turn := func(minute int, title, body string) *note.Note {
				n := &note.Note{ID: note.NewID(), Type: note.Episodic, Title: title, Body: body, Project: "p",
					CreatedAt: note.FormatTime(time.Date(2023, 5, 8, 13, minute, 0, 0, time.UTC))}
				if err := s.Put(ctx, n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			q := turn(0, "Caroline on 8 May", tc.question)
			a := turn(1, "Melanie on 8 May", "Yeah, the clarinet, since I was young.")
			res, err := s.Search(ctx, store.SearchOptions{Query: "instruments Melanie"})
			if err != nil {
				t.Fatal(err)
			}
			score := map[string]float64{}
			for _, h := range res.Hits {
				score[h.ID] = h.Score
			}
			if score[q.ID] == 0 || score[a.ID] == 0 {
				t.Fatalf("hits %v, want the question and its reply", res.Hits)
			}
			if got := score[a.ID] / score[q.ID]; math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("the reply scores %g x the question's, want %g", got, tc.want)
			}
		})
	}
}

// TestAskedShareFirstTurnOnly: when the named person asks ("Do you play any instruments?" in
// Melanie's turn), the one asked answers in the next turn and the turn after that is the asker
// again; only the first turn after a question is the reply, so the asker's own next turn, whose
// title holds the query's name, is lent the usual share, not the asking turn's whole score.
func TestAskedShareFirstTurnOnly(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name      string
		firstOnly bool
		want      float64 // the asker's next turn's score over the asking turn's
	}{
		{"the asker's next turn is lent the usual share", true, 0.85},
		{"every later turn with the name was lent the whole score", false, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := store.DefaultRanking()
			r.AskedFirstOnly = tc.firstOnly
			r.JointShare = 0 // the asker's turn matches too ("Melanie" in its title): compare shares alone
			s, err := store.Open(ctx, t.TempDir(), store.Options{MachineID: "m", Ranking: &r})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			turn := func(minute int, title, body string) *note.Note {
				n := &note.Note{ID: note.NewID(), Type: note.Episodic, Title: title, Body: body, Project: "p",
					CreatedAt: note.FormatTime(time.Date(2023, 5, 8, 13, minute, 0, 0, time.UTC))}
				if err := s.Put(ctx, n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			q := turn(0, "Melanie on 8 May", "Do you play any instruments, Caroline?")
			turn(1, "Caroline on 8 May", "Yes, the violin, for years.")
			again := turn(2, "Melanie on 8 May", "Wonderful, tell me more.")
			res, err := s.Search(ctx, store.SearchOptions{Query: "instruments Melanie"})
			if err != nil {
				t.Fatal(err)
			}
			score := map[string]float64{}
			for _, h := range res.Hits {
				score[h.ID] = h.Score
			}
			if score[q.ID] == 0 || score[again.ID] == 0 {
				t.Fatalf("hits %v, want the question and the asker's next turn", res.Hits)
			}
			if got := score[again.ID] / score[q.ID]; math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("the asker's next turn scores %g x the question's, want %g", got, tc.want)
			}
		})
	}
}
