package redact

// keywordScanner finds every occurrence of a set of lower-case keywords in one pass over the
// text, ASCII case-insensitively (an Aho-Corasick automaton turned into a table). It replaces
// one regular-expression pass per rule over the whole text: rules then run only on small windows
// around their keywords, which is what makes redacting megabytes cheap.
type keywordScanner struct {
	class  [256]uint8 // byte → column; bytes in no keyword share column 0
	cols   int
	next   []int32   // state*cols + column → state
	out    [][]int32 // keywords (ids) that end in each state, suffixes included
	length []int     // keyword id → length in bytes
}

func newKeywordScanner(words []string) *keywordScanner {
	k := &keywordScanner{cols: 1}
	for _, w := range words {
		for i := 0; i < len(w); i++ {
			if b := w[i]; k.class[b] == 0 {
				k.class[b] = uint8(k.cols)
				k.cols++
			}
		}
		k.length = append(k.length, len(w))
	}
	for b := 'A'; b <= 'Z'; b++ {
		k.class[b] = k.class[b+'a'-'A']
	}
	// The trie; -1 is "no edge".
	trie := [][]int32{k.newRow(-1)}
	k.out = [][]int32{nil}
	for id, w := range words {
		s := int32(0)
		for i := 0; i < len(w); i++ {
			c := k.class[w[i]]
			if trie[s][c] < 0 {
				trie = append(trie, k.newRow(-1))
				k.out = append(k.out, nil)
				trie[s][c] = int32(len(trie) - 1)
			}
			s = trie[s][c]
		}
		k.out[s] = append(k.out[s], int32(id))
	}
	// Breadth first: each state's failure link, and the full transition table.
	k.next = make([]int32, len(trie)*k.cols)
	fail := make([]int32, len(trie))
	queue := make([]int32, 0, len(trie))
	for c := 0; c < k.cols; c++ {
		if t := trie[0][c]; t > 0 {
			k.next[c] = t
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		k.out[s] = append(k.out[s], k.out[fail[s]]...)
		for c := 0; c < k.cols; c++ {
			t := trie[s][c]
			if t < 0 {
				k.next[int(s)*k.cols+c] = k.next[int(fail[s])*k.cols+c]
				continue
			}
			fail[t] = k.next[int(fail[s])*k.cols+c]
			k.next[int(s)*k.cols+c] = t
			queue = append(queue, t)
		}
	}
	return k
}

func (k *keywordScanner) newRow(v int32) []int32 {
	r := make([]int32, k.cols)
	for i := range r {
		r[i] = v
	}
	return r
}

// scan calls found with each keyword occurrence's id and byte range, in order of their ends.
func (k *keywordScanner) scan(text string, found func(id, start, end int)) {
	s := int32(0)
	for i := 0; i < len(text); i++ {
		s = k.next[int(s)*k.cols+int(k.class[text[i]])]
		if out := k.out[s]; len(out) > 0 {
			for _, id := range out {
				found(int(id), i+1-k.length[id], i+1)
			}
		}
	}
}
