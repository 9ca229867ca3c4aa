// Package integration holds end-to-end scenarios that drive the real binaries.
package integration
