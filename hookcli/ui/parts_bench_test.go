package ui_test

import (
	"context"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
)

func BenchmarkParts(b *testing.B) {
	a := bigStore(b)
	ctx := context.Background()
	ten := 10
	for name, f := range map[string]func(){
		"counts":      func() { _, _ = a.Counts(ctx) },
		"timeline8":   func() { _, _ = a.Timeline(ctx, app.TimelineRequest{Limit: 8}) },
		"aheadbehind": func() { a.AheadBehind(ctx) },
		"changemark":  func() { _, _ = a.ChangeMark(ctx) },
		"stats":       func() { st, _ := a.Store(ctx); _, _ = st.Stats(ctx) },
		"statsfast":   func() { st, _ := a.Store(ctx); _, _ = st.StatsFast(ctx) },
		"conflicts":   func() { _, _ = a.Conflicts(ctx, 10) },
		"list10":      func() { _, _ = a.List(ctx, app.ListRequest{Limit: &ten}) },
		"syncstate":   func() { a.SyncState(ctx) },
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				f()
			}
		})
	}
}
