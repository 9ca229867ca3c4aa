package embed

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"sort"
)

// encodeSafetensors writes tensors of float32 (F32) or int64 (I64) in the safetensors layout; the
// tests build small models with it, and it documents the layout parseSafetensors reads.
func encodeSafetensors(f32 map[string][]float32, shapes map[string][]int64, i64 map[string][]int64) []byte {
	type entry struct {
		DType       string   `json:"dtype"`
		Shape       []int64  `json:"shape"`
		DataOffsets [2]int64 `json:"data_offsets"`
	}
	names := make([]string, 0, len(f32)+len(i64))
	for n := range f32 {
		names = append(names, n)
	}
	for n := range i64 {
		names = append(names, n)
	}
	sort.Strings(names)
	head := map[string]entry{}
	var data []byte
	for _, n := range names {
		start := int64(len(data))
		if v, ok := f32[n]; ok {
			for _, x := range v {
				data = binary.LittleEndian.AppendUint32(data, math.Float32bits(x))
			}
			head[n] = entry{"F32", shapes[n], [2]int64{start, int64(len(data))}}
		} else {
			for _, x := range i64[n] {
				data = binary.LittleEndian.AppendUint64(data, uint64(x))
			}
			head[n] = entry{"I64", shapes[n], [2]int64{start, int64(len(data))}}
		}
	}
	hj, _ := json.Marshal(head)
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(hj)))
	out = append(out, hj...)
	return append(out, data...)
}
