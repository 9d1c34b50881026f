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
func allocWords(n int) (w []uint64, mapped bool) { return reserveWords(n, n) }

// reserveWords is allocWords with room to grow: a mapping of reserve words
// (at least n) of which w is the first n. The pages of the rest cost no
// memory until they are written, so a table can grow within its mapping,
// with no new pages to fault in but those of its new slots. Memory from the
// heap (small, or refused a mapping) has no room to grow.
func reserveWords(n, reserve int) (w []uint64, mapped bool) {
	if n == 0 {
		return nil, false
	}
	if n < heapWords {
		return make([]uint64, n), false
	}
	reserve = max(reserve, n)
	b, err := syscall.Mmap(-1, 0, reserve*8, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]uint64, n), false
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), reserve)[:n], true
}

// freeWords releases memory from allocWords or reserveWords, all of its
// capacity.
func freeWords(w []uint64, mapped bool) {
	if !mapped || cap(w) == 0 {
		return
	}
	w = w[:cap(w)]
	_ = syscall.Munmap(unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), len(w)*8))
}

// allocBytes is allocWords for n bytes.
func allocBytes(n int) (b []byte, mapped bool) {
	if n == 0 {
		return nil, false
	}
	if n < heapWords*8 {
		return make([]byte, n), false
	}
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, n), false
	}
	return b, true
}

// freeBytes releases memory from allocBytes.
func freeBytes(b []byte, mapped bool) {
	if !mapped || len(b) == 0 {
		return
	}
	_ = syscall.Munmap(b)
}
