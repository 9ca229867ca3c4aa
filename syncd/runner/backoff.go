package runner

import "time"

// firstRetry is the first wait after a failed cycle: short, so a blip (a laptop waking before its
// network) costs seconds, not a whole interval.
const firstRetry = 30 * time.Second

// Backoff is the wait before the next cycle after failures consecutive failed cycles: the interval
// when all is well; otherwise min(interval, 30s) doubling with each failure, up to maxBackoff
// (zero means the larger of the interval and one hour), so a long outage costs little.
func Backoff(interval, maxBackoff time.Duration, failures int) time.Duration {
	if interval <= 0 {
		interval = DefaultInterval
	}
	if failures <= 0 {
		return interval
	}
	if maxBackoff <= 0 {
		maxBackoff = max(interval, time.Hour)
	}
	d := min(interval, firstRetry)
	for i := 1; i < failures && d < maxBackoff; i++ {
		d *= 2
	}
	return min(d, maxBackoff)
}
