package app

import (
	"context"
	"fmt"
	"os"

	"github.com/anamnesis-go/anamnesis/core/curate"
)

// DedupReport is what dedup found and, with Apply, did.
type DedupReport struct {
	Apply    bool              `json:"apply"`
	Groups   []curate.DupGroup `json:"groups"`
	Resolved []curate.Change   `json:"resolved,omitempty"` // duplicate reflections (see Reflect)
	Changes  []curate.Change   `json:"changes,omitempty"`
	Commit   string            `json:"commit,omitempty"`
}

// Dedup finds copies among the portable live notes (the same body within a type, or nearly the
// same words within a project and type) and, with apply, makes each keeper supersede its copies.
// It also settles reflections two machines made of the same sessions. Nothing is deleted.
func (a *App) Dedup(ctx context.Context, apply bool) (DedupReport, error) {
	rep := DedupReport{Apply: apply, Groups: []curate.DupGroup{}}
	st, err := a.Store(ctx)
	if err != nil {
		return rep, err
	}
	if rep.Resolved, err = curate.ResolveBatches(ctx, st, apply); err != nil {
		return rep, err
	}
	groups, err := curate.FindDuplicates(ctx, st)
	if err != nil {
		return rep, err
	}
	if groups != nil {
		rep.Groups = groups
	}
	if !apply {
		return rep, nil
	}
	rep.Changes, err = curate.ApplyDuplicates(ctx, st, groups)
	all := append(append([]curate.Change{}, rep.Resolved...), rep.Changes...)
	extras := 0
	for _, g := range groups {
		extras += len(g.Extras)
	}
	subject := fmt.Sprintf("dedup: %d duplicate(s) superseded by %d keeper(s)", extras, len(groups))
	if len(rep.Resolved) > 0 {
		subject += fmt.Sprintf(", %d duplicate reflection(s) forgotten", len(rep.Resolved))
	}
	sha, cerr := a.commit(ctx, st, subject+" on "+a.settings().MachineID, all)
	rep.Commit = sha
	if err != nil {
		return rep, err
	}
	return rep, cerr
}

// MigrateRequest re-keys projects with the JSON map file at MapPath.
type MigrateRequest struct {
	MapPath string
	Apply   bool
}

// MigrateReport is what migrate found and, with Apply, did.
type MigrateReport struct {
	Apply   bool            `json:"apply"`
	Notes   []curate.Rekey  `json:"notes"`
	Changes []curate.Change `json:"changes,omitempty"`
	Commit  string          `json:"commit,omitempty"`
}

// Migrate moves notes of both trees to new project keys, editing only each note's project line.
func (a *App) Migrate(ctx context.Context, r MigrateRequest) (MigrateReport, error) {
	rep := MigrateReport{Apply: r.Apply, Notes: []curate.Rekey{}}
	if r.MapPath == "" {
		return rep, invalidf("map must name a JSON file such as {\"projects\": {\"old\": \"new\"}}")
	}
	data, err := os.ReadFile(r.MapPath)
	if err != nil {
		return rep, invalidf("map: %v", err)
	}
	m, err := curate.ParseMigrateMap(data)
	if err != nil {
		return rep, invalidf("map %s: %v", r.MapPath, err)
	}
	st, err := a.Store(ctx)
	if err != nil {
		return rep, err
	}
	plan, err := curate.PlanMigrate(ctx, st, m)
	if err != nil {
		return rep, err
	}
	if plan != nil {
		rep.Notes = plan
	}
	if !r.Apply || len(plan) == 0 {
		return rep, nil
	}
	rep.Changes, err = curate.ApplyMigrate(ctx, st, plan)
	sha, cerr := a.commit(ctx, st, fmt.Sprintf("migrate: %d note(s) moved to new project keys on %s", len(rep.Changes), a.settings().MachineID), rep.Changes)
	rep.Commit = sha
	if err != nil {
		return rep, err
	}
	return rep, cerr
}

// BackfillReport is what backfill-provenance found and, with Apply, did.
type BackfillReport struct {
	Apply   bool                `json:"apply"`
	Notes   []curate.Provenance `json:"notes"`
	Changes []curate.Change     `json:"changes,omitempty"`
	Commit  string              `json:"commit,omitempty"`
}

// Backfill sets prov_source from tags on notes that lack it, never downgrading reflection or merge
// notes.
func (a *App) Backfill(ctx context.Context, apply bool) (BackfillReport, error) {
	rep := BackfillReport{Apply: apply, Notes: []curate.Provenance{}}
	st, err := a.Store(ctx)
	if err != nil {
		return rep, err
	}
	plan, err := curate.PlanBackfill(ctx, st)
	if err != nil {
		return rep, err
	}
	if plan != nil {
		rep.Notes = plan
	}
	if !apply || len(plan) == 0 {
		return rep, nil
	}
	rep.Changes, err = curate.ApplyBackfill(ctx, st, plan)
	sha, cerr := a.commit(ctx, st, fmt.Sprintf("backfill-provenance: prov_source set from tags on %d note(s) on %s", len(rep.Changes), a.settings().MachineID), rep.Changes)
	rep.Commit = sha
	if err != nil {
		return rep, err
	}
	return rep, cerr
}
