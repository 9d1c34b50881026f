package replay

import "testing"

// TestReuseSizeClasses checks that reuse grows pooled memory to the next
// power of two, keeps what the last user left in it, and keeps the array
// while it is large enough.
func TestReuseSizeClasses(t *testing.T) {
	var buf []int
	for _, c := range []struct{ n, wantCap int }{{1, 1}, {3, 4}, {4, 4}, {5, 8}, {33, 64}, {20, 64}, {64, 64}, {65, 128}} {
		before := buf
		got := reuse(&buf, c.n)
		if len(got) != c.n || cap(buf) != c.wantCap {
			t.Fatalf("reuse(%d): len %d, pooled cap %d; want len %d, cap %d", c.n, len(got), cap(buf), c.n, c.wantCap)
		}
		if cap(before) >= c.n && &before[:1][0] != &got[0] {
			t.Fatalf("reuse(%d) replaced an array of capacity %d", c.n, cap(before))
		}
		for i := range got {
			got[i] = c.n
		}
	}
	if got := reuse(&buf, 10); got[9] != 65 {
		t.Errorf("reuse cleared the pooled memory: %v", got)
	}
}
