package app

import (
	"errors"
	"reflect"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
)

func TestParseRange(t *testing.T) {
	tests := []struct {
		spec string
		want []int
		bad  bool
	}{
		{"", []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, false},
		{"0-4", []int{0, 1, 2, 3, 4}, false},
		{"5-9", []int{5, 6, 7, 8, 9}, false},
		{"7, 0,3", []int{0, 3, 7}, false},
		{"2-3,3-4", []int{2, 3, 4}, false},
		{"4", []int{4}, false},
		{"3-12", nil, true},
		{"-1", nil, true},
		{"4-2", nil, true},
		{"a", nil, true},
		{"1,,2", nil, true},
	}
	for _, tc := range tests {
		got, err := parseRange(tc.spec, 10)
		if tc.bad {
			if !errors.Is(err, note.ErrInvalid) {
				t.Errorf("parseRange(%q) = %v, %v; want an invalid-input error", tc.spec, got, err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseRange(%q) = %v, %v; want %v", tc.spec, got, err, tc.want)
		}
	}
}
