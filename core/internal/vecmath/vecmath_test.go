package vecmath

import (
	"math"
	"testing"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name string
		in   []float32
		want []float32
	}{
		{"3-4-5", []float32{3, 4}, []float32{0.6, 0.8}},
		{"already unit", []float32{0, 1, 0}, []float32{0, 1, 0}},
		{"negative", []float32{-2, 0}, []float32{-1, 0}},
		{"zero stays zero", []float32{0, 0, 0}, []float32{0, 0, 0}},
		{"empty", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := append([]float32(nil), tc.in...)
			Normalize(v)
			for i := range v {
				if math.Abs(float64(v[i]-tc.want[i])) > 1e-6 {
					t.Fatalf("Normalize(%v) = %v, want %v", tc.in, v, tc.want)
				}
			}
		})
	}
}

func TestDot(t *testing.T) {
	tests := []struct {
		name string
		a, b []float32
		want float32
	}{
		{"orthogonal", []float32{1, 0}, []float32{0, 1}, 0},
		{"unrolled four and a tail", []float32{1, 2, 3, 4, 5}, []float32{5, 4, 3, 2, 1}, 35},
		{"longer b ignored past a", []float32{1, 1}, []float32{2, 3, 100}, 5},
		{"empty", nil, nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Dot(tc.a, tc.b); got != tc.want {
				t.Fatalf("Dot(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

func TestLittleEndianRoundTrip(t *testing.T) {
	v := []float32{0, 1, -1.5, float32(math.Pi), math.MaxFloat32, math.SmallestNonzeroFloat32}
	raw := AppendLE(nil, v)
	if len(raw) != 4*len(v) {
		t.Fatalf("encoded %d bytes, want %d", len(raw), 4*len(v))
	}
	// 1.0 is 0x3f800000: little-endian puts its low byte first.
	if got := raw[4:8]; got[0] != 0 || got[1] != 0 || got[2] != 0x80 || got[3] != 0x3f {
		t.Fatalf("1.0 encoded as % x, want 00 00 80 3f", got)
	}
	back := AppendFromLE(nil, append(raw, 0xff)) // a trailing partial number is ignored
	if len(back) != len(v) {
		t.Fatalf("decoded %d numbers, want %d", len(back), len(v))
	}
	for i := range v {
		if back[i] != v[i] {
			t.Fatalf("number %d: %v back as %v", i, v[i], back[i])
		}
	}
}
