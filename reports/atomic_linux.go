package reports

import (
	"os"
	"syscall"
)

// syncFileRangeWrite is SYNC_FILE_RANGE_WRITE: start writing the range's
// dirty pages to disk, and do not wait for them.
const syncFileRangeWrite = 2

// startWriteback asks the kernel to start writing f's bytes in [off,
// off+n) to disk, so that the file's final sync finds most of it written.
// It is only a hint: a failure changes nothing.
func startWriteback(f *os.File, off, n int64) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Control(func(fd uintptr) {
		_ = syscall.SyncFileRange(int(fd), off, n, syncFileRangeWrite)
	})
}
