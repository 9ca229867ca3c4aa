package runner

import (
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	for _, tc := range []struct {
		interval, max time.Duration
		failures      int
		want          time.Duration
	}{
		{5 * time.Minute, 0, 0, 5 * time.Minute},
		{0, 0, 0, DefaultInterval},
		{5 * time.Minute, 0, 1, 30 * time.Second},
		{5 * time.Minute, 0, 2, time.Minute},
		{5 * time.Minute, 0, 5, 8 * time.Minute},
		{5 * time.Minute, 0, 8, time.Hour},
		{5 * time.Minute, 0, 1000, time.Hour},
		{10 * time.Second, 0, 1, 10 * time.Second},
		{10 * time.Second, 0, 3, 40 * time.Second},
		{5 * time.Minute, 2 * time.Minute, 9, 2 * time.Minute},
		{3 * time.Hour, 0, 30, 3 * time.Hour},
	} {
		if got := Backoff(tc.interval, tc.max, tc.failures); got != tc.want {
			t.Errorf("Backoff(%s, %s, %d) = %s, want %s", tc.interval, tc.max, tc.failures, got, tc.want)
		}
	}
}
