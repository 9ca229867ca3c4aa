package embed

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"unsafe"

	"github.com/anamnesis-go/anamnesis/core/internal/vecmath"
)

// tensor is one tensor of a safetensors file: its type, shape and raw little-endian bytes.
type tensor struct {
	DType       string   `json:"dtype"`
	Shape       []int64  `json:"shape"`
	DataOffsets [2]int64 `json:"data_offsets"`
	data        []byte
}

// maxHeader bounds the JSON header of a safetensors file (the format's own limit is 100 MB; a
// model2vec file's header is a few hundred bytes).
const maxHeader = 100 << 20

// parseSafetensors reads the safetensors layout: an 8-byte little-endian header length, a JSON
// header naming each tensor's dtype, shape and byte range, then the data those ranges index.
func parseSafetensors(b []byte) (tensors map[string]*tensor, header []byte, err error) {
	if len(b) < 8 {
		return nil, nil, fmt.Errorf("not a safetensors file: %d bytes", len(b))
	}
	n := binary.LittleEndian.Uint64(b[:8])
	if n == 0 || n > maxHeader || n > uint64(len(b)-8) {
		return nil, nil, fmt.Errorf("not a safetensors file: header length %d in a file of %d bytes", n, len(b))
	}
	header = b[8 : 8+n]
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(header, &raw); err != nil {
		return nil, nil, fmt.Errorf("not a safetensors file: header is not JSON: %v", err)
	}
	data := b[8+n:]
	tensors = map[string]*tensor{}
	for name, msg := range raw {
		if name == "__metadata__" {
			continue
		}
		t := &tensor{}
		if err := json.Unmarshal(msg, t); err != nil {
			return nil, nil, fmt.Errorf("safetensors tensor %q: %v", name, err)
		}
		lo, hi := t.DataOffsets[0], t.DataOffsets[1]
		if lo < 0 || hi < lo || hi > int64(len(data)) {
			return nil, nil, fmt.Errorf("safetensors tensor %q: byte range %d-%d outside the %d data bytes", name, lo, hi, len(data))
		}
		size, ok := dtypeSize[t.DType]
		if !ok {
			return nil, nil, fmt.Errorf("safetensors tensor %q: dtype %s is not supported (F32, F16, BF16, I8, I32, I64)", name, t.DType)
		}
		count := int64(1)
		for _, d := range t.Shape {
			if d < 0 {
				return nil, nil, fmt.Errorf("safetensors tensor %q: negative dimension", name)
			}
			count *= d
		}
		if count*size != hi-lo {
			return nil, nil, fmt.Errorf("safetensors tensor %q: shape %v of %s needs %d bytes, has %d", name, t.Shape, t.DType, count*size, hi-lo)
		}
		t.data = data[lo:hi]
		tensors[name] = t
	}
	return tensors, header, nil
}

// littleEndian is whether this machine stores numbers as safetensors files do.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

var dtypeSize = map[string]int64{"F32": 4, "F16": 2, "BF16": 2, "I8": 1, "I32": 4, "I64": 8}

// floats decodes a float or integer tensor to float32. An F32 tensor on a little-endian machine,
// aligned in memory as safetensors writers align it, is used in place: no copy, and with a mapped
// file, no read of rows nobody asks for.
func (t *tensor) floats() []float32 {
	if t.DType == "F32" && littleEndian && len(t.data) >= 4 && uintptr(unsafe.Pointer(&t.data[0]))%4 == 0 {
		return unsafe.Slice((*float32)(unsafe.Pointer(&t.data[0])), len(t.data)/4)
	}
	size := dtypeSize[t.DType]
	n := int64(len(t.data)) / size
	out := make([]float32, n)
	d := t.data
	switch t.DType {
	case "F32":
		out = vecmath.AppendFromLE(out[:0], d)
	case "F16":
		for i := range out {
			out[i] = f16(binary.LittleEndian.Uint16(d[2*i:]))
		}
	case "BF16":
		for i := range out {
			out[i] = math.Float32frombits(uint32(binary.LittleEndian.Uint16(d[2*i:])) << 16)
		}
	case "I8":
		for i := range out {
			out[i] = float32(int8(d[i]))
		}
	case "I32":
		for i := range out {
			out[i] = float32(int32(binary.LittleEndian.Uint32(d[4*i:])))
		}
	case "I64":
		for i := range out {
			out[i] = float32(int64(binary.LittleEndian.Uint64(d[8*i:])))
		}
	}
	return out
}

// ints decodes an integer tensor (a token-to-row mapping).
func (t *tensor) ints() ([]int64, error) {
	size := dtypeSize[t.DType]
	n := int64(len(t.data)) / size
	out := make([]int64, n)
	switch t.DType {
	case "I32":
		for i := range out {
			out[i] = int64(int32(binary.LittleEndian.Uint32(t.data[4*i:])))
		}
	case "I64":
		for i := range out {
			out[i] = int64(binary.LittleEndian.Uint64(t.data[8*i:]))
		}
	default:
		return nil, fmt.Errorf("an index tensor must be I32 or I64, not %s", t.DType)
	}
	return out, nil
}

// f16 converts an IEEE 754 half-precision number to float32.
func f16(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h) & 0x3ff
	switch {
	case exp == 0 && frac == 0:
		return math.Float32frombits(sign)
	case exp == 0: // subnormal: renormalise
		for frac&0x400 == 0 {
			frac <<= 1
			exp--
		}
		exp++
		frac &= 0x3ff
	case exp == 0x1f:
		return math.Float32frombits(sign | 0xff<<23 | frac<<13)
	}
	return math.Float32frombits(sign | (exp+112)<<23 | frac<<13)
}
