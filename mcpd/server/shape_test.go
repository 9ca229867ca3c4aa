package server

import (
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// TestShape pins the exact sentences of the argument-shape check, for the forms core/app never
// sees: unknown names, missing required ones, wrong JSON types.
func TestShape(t *testing.T) {
	def := newTool("memory_x",
		mcp.WithString("query", mcp.Required()),
		mcp.WithInteger("k"),
		mcp.WithBoolean("all"),
		mcp.WithArray("tags", mcp.WithStringItems()),
	)
	sh := shapeOf(def)
	type args struct {
		Query string   `json:"query"`
		K     *int     `json:"k"`
		All   bool     `json:"all"`
		Tags  []string `json:"tags"`
	}
	cases := []struct {
		name, raw, want string
	}{
		{"ok", `{"query":"q","k":3,"all":true,"tags":["a"]}`, ""},
		{"null optional is absent", `{"query":"q","k":null,"tags":null}`, ""},
		{"no arguments", ``, "query is required"},
		{"null arguments", `null`, "query is required"},
		{"unknown", `{"query":"q","machine_id":"x"}`, "machine_id is not a parameter of memory_x (it takes all, k, query, tags)"},
		{"two unknown", `{"query":"q","b":1,"a":2}`, "a, b are not parameters of memory_x (it takes all, k, query, tags)"},
		{"null required", `{"query":null}`, "query must be a string, not null"},
		{"string for integer", `{"query":"q","k":"eight"}`, `k must be an integer, not "eight"`},
		{"fraction", `{"query":"q","k":1.5}`, "k must be an integer, not 1.5"},
		{"boolean", `{"query":"q","all":"yes"}`, `all must be true or false, not "yes"`},
		{"array items", `{"query":"q","tags":["a",2]}`, `tags must be an array of strings, not ["a",2]`},
		{"array", `{"query":"q","tags":"a"}`, `tags must be an array of strings, not "a"`},
		{"all at once", `{"k":true,"zz":1}`, "zz is not a parameter of memory_x (it takes all, k, query, tags); query is required; k must be an integer, not true"},
		{"long value shortened", `{"query":["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"]}`, `query must be a string, not ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...`},
		{"not an object", `"q"`, `the arguments must be a JSON object of named parameters, not "q"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := mcp.CallToolRequest{}
			if c.raw != "" {
				req.Params.RawArguments = json.RawMessage(c.raw)
			}
			var a args
			err := sh.bind(req, &a)
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if a.Query != "q" {
					t.Errorf("decoded %+v", a)
				}
				return
			}
			msg, invalid := app.Problem(err, nil)
			if !invalid || msg != c.want {
				t.Errorf("got %q (invalid=%v), want %q", msg, invalid, c.want)
			}
		})
	}
}
