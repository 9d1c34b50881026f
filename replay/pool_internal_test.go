package replay

import (
	"reflect"
	"testing"
)

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

// TestLocalTracePool: a local pool keeps the memory given back last for
// its next replay, with no sync.Pool in between (and gives the shared pool
// any more), and hands out again the traces put into it, zero.
func TestLocalTracePool(t *testing.T) {
	worker := new(TracePool).Local()
	tr := worker.get()
	mem := tr.mem
	worker.Release(tr)
	if tr.mem != nil || worker.mem != mem {
		t.Fatal("Release on a local pool did not keep the memory for the next replay")
	}
	next := worker.get()
	if next.mem != mem || worker.mem != nil {
		t.Fatal("the next replay did not reuse the memory released last")
	}
	other := worker.get()
	if other.mem == nil || other.mem == mem {
		t.Fatal("two traces handed out share their memory")
	}
	worker.Put(next)
	worker.Put(other)
	if worker.mem != mem {
		t.Fatal("the local pool did not keep the memory given back first")
	}
	again := worker.get()
	if again != other || !reflect.DeepEqual(*again, Trace{pooled: true, mem: mem}) {
		t.Fatal("the local pool did not hand out again, zero, the trace put back last")
	}
}
