package hand

import (
	"testing"
	"unsafe"
)

// TestActionSize guards the size of an Action: the readers fill many of
// them per hand and the pipelines keep them pooled, so a field added must
// fit in the padding (see Action.Up).
func TestActionSize(t *testing.T) {
	if got := unsafe.Sizeof(Action{}); got != 104 {
		t.Errorf("hand.Action is %d bytes, want 104", got)
	}
}

func TestVariantFamilies(t *testing.T) {
	for v := Variant(0); v <= CourchevelHiLo; v++ {
		n := 0
		for _, in := range []bool{v.IsBoardGame(), v.IsStud(), v.IsDraw()} {
			if in {
				n++
			}
		}
		if want := map[bool]int{true: 0, false: 1}[v == UnknownVariant]; n != want {
			t.Errorf("%v is in %d families, want %d", v, n, want)
		}
		if v.String() == "unknown" && v != UnknownVariant {
			t.Errorf("variant %d has no name", v)
		}
	}
	if PostButtonBlind.String() != "button-blind" {
		t.Errorf("PostButtonBlind prints %q", PostButtonBlind.String())
	}
}
