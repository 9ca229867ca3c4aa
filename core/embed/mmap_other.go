//go:build !unix

package embed

import "os"

// mapFile reads the model file whole where memory mapping is not available.
func mapFile(path string) (data []byte, release func(), err error) {
	b, err := os.ReadFile(path)
	return b, func() {}, err
}
