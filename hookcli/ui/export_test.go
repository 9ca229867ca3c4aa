package ui

import "time"

// SetClock makes s age login codes and sessions by now instead of the wall clock.
func SetClock(s *Server, now func() time.Time) { s.now = now }

// PendingCodes counts the login codes s still holds.
func PendingCodes(s *Server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.codes)
}
