//go:build !unix

package batch

// allocWords returns n zeroed words (from the heap on this system).
func allocWords(n int) ([]uint64, bool) { return make([]uint64, n), false }

// reserveWords returns n zeroed words (from the heap on this system, with
// no room to grow).
func reserveWords(n, _ int) ([]uint64, bool) { return make([]uint64, n), false }

// freeWords releases memory from allocWords.
func freeWords([]uint64, bool) {}

// allocBytes returns n zeroed bytes (from the heap on this system).
func allocBytes(n int) ([]byte, bool) { return make([]byte, n), false }

// freeBytes releases memory from allocBytes.
func freeBytes([]byte, bool) {}
