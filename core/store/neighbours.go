package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// Conversation context: an episodic note is often one turn of an exchange, and the turn that
// matches a question's words is often not the one that answers it — "Do you play any
// instruments?" matches, "Yeah, I play clarinet!" (the next turn) answers. So the best few
// episodic hits lend a share of their score to the Ranking.NeighbourReach episodic notes written
// just before and just after them in the same project (within Ranking.NeighbourGap): the answer
// enters the ranking
// even when it shares no word with the question. Notes of other types are reference material,
// not turns, and are left alone; and a note captured from a Claude Code session has as
// neighbours only notes of the same session (the summaries of two sessions that ended a minute
// apart are not one exchange).

// neighbour is one note next to a hit: the hit it is next to and which side it is on.
type neighbour struct {
	rowid  int64
	parent string // the hit's id
	after  bool
	// next is true for the one note written first after the hit: the reply to it.
	next bool
}

// withNeighbours adds the episodic neighbours of the best hits to hits, scored at a share of
// their hit's score (Ranking.NextShare after it, PrevShare before it; bm25 is negative, so a
// share is a weaker score), and re-sorts. A neighbour that already matched keeps the better of
// its two scores plus Ranking.JointShare of the other.
func (s *Store) withNeighbours(ctx context.Context, hits []Hit, toks []term, f Filter) ([]Hit, error) {
	w := s.ranking
	if w.NeighbourPool <= 0 || (w.NextShare <= 0 && w.PrevShare <= 0) || w.NeighbourGap <= 0 {
		return hits, nil
	}
	n := min(w.NeighbourPool, len(hits))
	var parts []string
	var args []any
	cond, cargs := f.where(nil, nil)
	extra := ""
	if len(cond) > 0 {
		extra = " AND " + strings.Join(cond, " AND ")
	}
	for _, h := range hits[:n] {
		if h.Type != note.Episodic {
			continue
		}
		t, err := time.Parse(note.TimeFormat, h.CreatedAt)
		if err != nil {
			continue // a note with an unreadable date has no neighbours in time
		}
		reach := max(w.NeighbourReach, 1)
		lo, hi := note.FormatTime(t.Add(-w.NeighbourGap)), note.FormatTime(t.Add(w.NeighbourGap))
		// The nearest notes on each side: (created_at, id) orders notes written in the same second.
		side := func(after bool, share float64) {
			if share <= 0 {
				return
			}
			cmp, bound, order := ">", "<= ?", "ASC"
			window := hi
			if !after {
				cmp, bound, order, window = "<", ">= ?", "DESC", lo
			}
			parts = append(parts, fmt.Sprintf(`SELECT * FROM (SELECT m.rowid, ?, %t, m.created_at, m.id FROM memories m
				WHERE m.project = ? AND m.type = 'episodic' AND COALESCE(m.prov_session, '') = ?
				AND (m.created_at, m.id) %s (?, ?) AND m.created_at %s%s
				ORDER BY m.created_at %s, m.id %s LIMIT %d)`, after, cmp, bound, extra, order, order, reach))
			args = append(args, h.ID, h.Project, h.ProvSession, h.CreatedAt, h.ID, window)
			args = append(args, cargs...)
		}
		side(true, w.NextShare)
		side(false, w.PrevShare)
	}
	if len(parts) == 0 {
		return hits, nil
	}
	rows, err := s.query(ctx, strings.Join(parts, " UNION ALL "), args...)
	if err != nil {
		return nil, fmt.Errorf("search: neighbours: %w", err)
	}
	var found []neighbour
	// The first note after each hit, by (created_at, id), is the one that replies to it.
	type key struct{ created, id string }
	first := map[string]key{}
	firstRow := map[string]int{}
	for rows.Next() {
		var nb neighbour
		var k key
		if err := rows.Scan(&nb.rowid, &nb.parent, &nb.after, &k.created, &k.id); err != nil {
			rows.Close()
			return nil, fmt.Errorf("search: neighbours: %w", err)
		}
		if nb.after {
			if f, ok := first[nb.parent]; !ok || k.created < f.created || k.created == f.created && k.id < f.id {
				first[nb.parent], firstRow[nb.parent] = k, len(found)
			}
		}
		found = append(found, nb)
	}
	for _, i := range firstRow {
		found[i].next = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: neighbours: %w", err)
	}
	if len(found) == 0 {
		return hits, nil
	}
	parentScore := make(map[string]float64, n)
	asks := map[string]bool{} // the hit ends by asking a question
	for _, h := range hits[:n] {
		parentScore[h.ID] = h.Score
		asks[h.ID] = strings.HasSuffix(strings.TrimSpace(h.Body), "?")
	}
	asked := map[int64]bool{} // the neighbour was lent its share by a hit before it that asks
	// The score each neighbour is lent (the best, when two hits share a neighbour).
	lent := map[int64]float64{}
	from := map[int64]string{}
	for _, nb := range found {
		share := w.PrevShare
		if nb.after {
			share = w.NextShare
		}
		sc := share * parentScore[nb.parent]
		if old, ok := lent[nb.rowid]; !ok || sc < old {
			lent[nb.rowid], from[nb.rowid] = sc, nb.parent
			asked[nb.rowid] = nb.after && asks[nb.parent] && (nb.next || !w.AskedFirstOnly)
		}
	}
	rs := make([]ranked, 0, len(lent))
	for rowid, sc := range lent {
		rs = append(rs, ranked{rowid: rowid, score: sc})
	}
	// Hidden notes (superseded, forgotten) stay hidden whoever they are next to.
	rs, err = s.visible(ctx, rs, f.IncludeDeleted)
	if err != nil {
		return nil, err
	}
	nbHits, err := s.fetchHits(ctx, rs)
	if err != nil {
		return nil, err
	}
	at := make(map[string]int, len(hits))
	for i, h := range hits {
		at[h.ID] = i
	}
	m := newQueryMatcher(toks)
	for _, nh := range nbHits {
		nh.via = from[nh.rowid]
		// A neighbour whose title shares no word with the query is most often the other side of
		// the exchange: it is lent less (Ranking.UntitledShare). One whose title does, written
		// just after a hit that asks a question, is the one asked, answering (AskedShare).
		if w.UntitledShare > 0 || w.AskedShare > 0 {
			_, _, inTitle := m.score(nh)
			switch {
			case inTitle == 0 && w.UntitledShare > 0:
				nh.Score *= w.UntitledShare
			case inTitle > 0 && asked[nh.rowid] && w.AskedShare > 0 && w.NextShare > 0:
				nh.Score *= w.AskedShare / w.NextShare
			}
		}
		if i, ok := at[nh.ID]; ok {
			// A note that matched and sits next to a better match has two pieces of evidence: it
			// keeps the better of its two scores plus Ranking.JointShare of the other.
			h := &hits[i]
			if !h.reranked { // keep its own bm25 for --explain
				h.bm25, h.reranked = h.Score, true
			}
			better, other := h.Score, nh.Score
			if nh.Score < h.Score {
				better, other = nh.Score, h.Score
				h.via = nh.via
			}
			h.joint = -w.JointShare * other
			h.Score = better - h.joint
			continue
		}
		hits = append(hits, nh)
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score < hits[j].Score })
	return hits, nil
}

// visible drops the rows search never returns (see hiddenRows).
func (s *Store) visible(ctx context.Context, rs []ranked, includeDeleted bool) ([]ranked, error) {
	if len(rs) == 0 {
		return rs, nil
	}
	args := make([]any, len(rs))
	for i, r := range rs {
		args[i] = r.rowid
	}
	ph, args := inList(args)
	rows, err := s.query(ctx, `SELECT rowid FROM memories WHERE rowid IN (`+ph+`) AND rowid IN (`+hiddenRows(includeDeleted)+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("search: neighbours: %w", err)
	}
	defer rows.Close()
	hidden := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("search: neighbours: %w", err)
		}
		hidden[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: neighbours: %w", err)
	}
	out := rs[:0]
	for _, r := range rs {
		if !hidden[r.rowid] {
			out = append(out, r)
		}
	}
	return out, nil
}
