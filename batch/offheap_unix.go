//go:build unix

package batch

import (
	"syscall"
	"unsafe"
)

// allocWords returns n zeroed words of memory outside the Go heap, for the
// duplicate-ID set's large, pointer-free tables: memory the garbage
// collector neither scans nor counts, so that a table of a hundred
// megabytes does not also double the heap the collector lets grow. When
// the system refuses a mapping it falls back to the heap; mapped says
// which, for freeWords. Small tables stay on the heap: a mapping costs two
// system calls and whole pages, and every segment starts small.
func allocWords(n int) (w []uint64, mapped bool) {
	if n == 0 {
		return nil, false
	}
	if n < heapWords {
		return make([]uint64, n), false
	}
	b, err := syscall.Mmap(-1, 0, n*8, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]uint64, n), false
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n), true
}

// freeWords releases memory from allocWords.
func freeWords(w []uint64, mapped bool) {
	if !mapped || len(w) == 0 {
		return
	}
	_ = syscall.Munmap(unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), len(w)*8))
}
