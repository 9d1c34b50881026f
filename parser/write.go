package parser

import (
	"bufio"
	"io"

	"github.com/handaudit/handaudit/hand"
)

// handWriter writes a stream of hands, a blank line between them, each
// encoded by appendHand (n is the 1-based number of the hand in the
// stream). A hand the format cannot express is an error and nothing is
// written. The format writers below are this with their own encoder.
type handWriter struct {
	w          *bufio.Writer
	buf        []byte
	n          int
	appendHand func(dst []byte, h *hand.Hand, n int) ([]byte, error)
}

func newHandWriter(w io.Writer, appendHand func([]byte, *hand.Hand, int) ([]byte, error)) handWriter {
	return handWriter{w: bufio.NewWriterSize(w, 64<<10), appendHand: appendHand}
}

// Write writes h as the next hand of the stream.
func (w *handWriter) Write(h *hand.Hand) error {
	b, err := w.appendHand(w.buf[:0], h, w.n+1)
	if err != nil {
		return err
	}
	w.buf = b
	if w.n > 0 {
		if err := w.w.WriteByte('\n'); err != nil {
			return err
		}
	}
	w.n++
	_, err = w.w.Write(b)
	return err
}

// Flush writes any buffered data to the underlying writer.
func (w *handWriter) Flush() error { return w.w.Flush() }
