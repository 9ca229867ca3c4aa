// Package syncd will hold the scheduled sync runner anamnesis-syncd.
package syncd
