package parser

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/handaudit/handaudit/hand"
)

// readResult is one result of a reader's Next: a hand or a parse error.
type readResult struct {
	h   *hand.Hand
	err *Error
}

// resultDiff describes how got differs from want (the hand's content, or
// the parse error), or returns "" when they are the same.
func resultDiff(got, want readResult) string {
	switch {
	case (got.h == nil) != (want.h == nil):
		return fmt.Sprintf("hand %v, error %v; want hand %v, error %v", got.h != nil, got.err, want.h != nil, want.err)
	case got.h != nil:
		if d := handContentDiff(got.h, want.h); d != nil {
			return "hand differs:\n  " + strings.Join(d, "\n  ")
		}
	case !reflect.DeepEqual(got.err, want.err):
		return fmt.Sprintf("error %+v, want %+v", *got.err, *want.err)
	}
	return ""
}

// handContentDiff compares the exported content of two hands, field by
// field, and describes the first differences (the pooled-reader tests of
// both formats use it). A nil slice and an empty one are the same content:
// a reset hand keeps its slices' memory at length zero.
// Unexported fields (the card memory NewCards cuts from) are not content.
func handContentDiff(a, b *hand.Hand) []string {
	var out []string
	contentDiff(reflect.ValueOf(*a), reflect.ValueOf(*b), "Hand", &out)
	return out
}

var timeType = reflect.TypeFor[time.Time]()

func contentDiff(a, b reflect.Value, path string, out *[]string) {
	if len(*out) > 5 {
		return
	}
	if a.Type() == timeType {
		x, y := a.Interface().(time.Time), b.Interface().(time.Time)
		if !x.Equal(y) || x.Location().String() != y.Location().String() {
			*out = append(*out, fmt.Sprintf("%s: %v != %v", path, x, y))
		}
		return
	}
	switch a.Kind() {
	case reflect.Struct:
		for i := range a.NumField() {
			if f := a.Type().Field(i); f.IsExported() {
				contentDiff(a.Field(i), b.Field(i), path+"."+f.Name, out)
			}
		}
	case reflect.Slice:
		if a.Len() != b.Len() {
			*out = append(*out, fmt.Sprintf("%s: length %d != %d (%v != %v)", path, a.Len(), b.Len(), a, b))
			return
		}
		for i := range a.Len() {
			contentDiff(a.Index(i), b.Index(i), path+"["+strconv.Itoa(i)+"]", out)
		}
	default:
		if !a.Equal(b) {
			*out = append(*out, fmt.Sprintf("%s: %v != %v", path, a, b))
		}
	}
}

// randomBytes returns n bytes drawn from alphabet: the random inputs the
// fast paths' differential tests add to their listed ones.
func randomBytes(rng *rand.Rand, alphabet string, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return b
}
