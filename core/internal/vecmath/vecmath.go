// Package vecmath is the vector arithmetic semantic search shares: core/embed makes unit vectors
// with it, core/store scores and keeps them with it. Neither of those may import the other, so the
// one copy lives here. It imports the standard library only.
package vecmath

import (
	"encoding/binary"
	"math"
)

// Normalize scales v to unit length in place, so a dot product is the cosine; a zero vector is
// left as it is.
func Normalize(v []float32) {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	if ss == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(ss))
	for i := range v {
		v[i] *= inv
	}
}

// Dot is the dot product of two vectors of the same length (the cosine of unit vectors). b may
// be longer than a; its tail is ignored.
func Dot(a, b []float32) float32 {
	b = b[:len(a)] // one bounds check, not one per element
	// Four running sums: the additions of one step do not wait on each other.
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
}

// AppendLE appends v to b as little-endian IEEE 754 float32s, four bytes each: the layout of a
// stored vector and of a safetensors F32 tensor.
func AppendLE(b []byte, v []float32) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

// AppendFromLE appends the little-endian float32s of raw (a multiple of four bytes; a trailing
// partial number is ignored) to v.
func AppendFromLE(v []float32, raw []byte) []float32 {
	for i := 0; i+4 <= len(raw); i += 4 {
		v = append(v, math.Float32frombits(binary.LittleEndian.Uint32(raw[i:])))
	}
	return v
}
