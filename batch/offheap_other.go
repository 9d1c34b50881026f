//go:build !unix

package batch

// allocWords returns n zeroed words (from the heap on this system).
func allocWords(n int) ([]uint64, bool) { return make([]uint64, n), false }

// freeWords releases memory from allocWords.
func freeWords([]uint64, bool) {}
