package store

import (
	"sort"
	"strings"
	"unicode"
)

// Questions about time: "When did Maria adopt Shadow?" is answered by the turn that says when
// ("I just adopted this pup from a shelter last week"), yet "when" is a stop word and the
// question's other words match every turn about the dog as well. Among the best matches of a
// question that asks when (or how long, or what year), a note whose text says when something
// happened — "yesterday", "last week", "3 years ago", "next month", a weekday, a month, a year —
// is lifted by Ranking.WhenWeight. A note's title is not read: an episodic note's title is its
// date, which every turn of a session shares.

// asksWhen reports whether a query asks for a time: "when did", "how long", "how many years",
// "what year", "since when".
func asksWhen(query string) bool {
	ws := strings.FieldsFunc(strings.ToLower(query), func(r rune) bool { return !unicode.IsLetter(r) })
	for i, w := range ws {
		if i+1 >= len(ws) {
			continue
		}
		next := ws[i+1]
		// "When did…", "when is…": a question; "what happens when the cache fills" is not.
		if w == "when" && auxiliary[next] {
			return true
		}
		switch w {
		case "since":
			if next == "when" {
				return true
			}
		case "long":
			if i > 0 && ws[i-1] == "how" {
				return true
			}
		case "many":
			if i > 0 && ws[i-1] == "how" && durationUnit[strings.TrimSuffix(next, "s")] {
				return true
			}
		case "what", "which":
			if next == "year" || next == "month" || next == "date" || next == "day" || next == "week" {
				return true
			}
		}
	}
	return false
}

// auxiliary are the verbs that follow a "when" that asks.
var auxiliary = map[string]bool{"did": true, "do": true, "does": true, "was": true, "were": true, "is": true,
	"are": true, "will": true, "would": true, "has": true, "have": true, "had": true, "can": true, "could": true,
	"should": true, "shall": true, "might": true}

var durationUnit = map[string]bool{"year": true, "month": true, "week": true, "day": true, "hour": true, "decade": true}

// timeWords say when on their own.
var timeWords = map[string]bool{"yesterday": true, "today": true, "tonight": true, "tomorrow": true, "ago": true,
	"weekend": true, "recently": true, "lately": true, "since": true,
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
	"january": true, "february": true, "march": true, "april": true, "june": true, "july": true,
	"august": true, "september": true, "october": true, "november": true, "december": true}

// relWords say when followed by a unit: "last week", "next summer", "this morning".
var relWords = map[string]bool{"last": true, "next": true, "this": true, "past": true, "few": true, "couple": true}

var timeUnits = map[string]bool{"year": true, "month": true, "week": true, "day": true, "night": true, "morning": true,
	"evening": true, "afternoon": true, "summer": true, "winter": true, "spring": true, "fall": true, "autumn": true,
	"decade": true, "time": true, "hour": true}

var numberWords = map[string]bool{"a": true, "an": true, "one": true, "two": true, "three": true, "four": true, "five": true,
	"six": true, "seven": true, "eight": true, "nine": true, "ten": true, "several": true, "many": true, "few": true}

// saysWhen reports whether text holds a time expression.
func saysWhen(text string) bool {
	ws := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	prev := ""
	for _, raw := range ws {
		w := strings.ToLower(raw)
		unit := timeUnits[strings.TrimSuffix(w, "s")]
		switch {
		case timeWords[w], raw == "May":
			return true
		case unit && (relWords[prev] || numberWords[prev] || isNumber(prev)):
			return true
		case len(w) == 4 && (strings.HasPrefix(w, "19") || strings.HasPrefix(w, "20")) && isNumber(w):
			return true
		}
		prev = w
	}
	return false
}

func isNumber(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// liftWhen lifts, among the first RerankPool hits, those whose body says when, if the query asks
// when; hits past the pool keep their order, so every page of a search sees the same order.
func (r Ranking) liftWhen(hits []Hit, query string) {
	if r.WhenWeight == 0 || !asksWhen(query) {
		return
	}
	n := min(max(r.RerankPool, 1), len(hits))
	for i := range hits[:n] {
		if saysWhen(hits[i].Body) {
			hits[i].when = r.WhenWeight
			hits[i].Score -= r.WhenWeight
		}
	}
	sort.SliceStable(hits[:n], func(i, j int) bool { return hits[i].Score < hits[j].Score })
}
