package replay

import "testing"

// TestActsWhile checks that the constant notes of a betting action by a
// player who is not active are those the status names make.
func TestActsWhile(t *testing.T) {
	for s := Status(0); s < 8; s++ {
		if got, want := actsWhile(s), "acts while "+s.String(); got != want {
			t.Errorf("actsWhile(%d) = %q, want %q", s, got, want)
		}
	}
}
