package parser

import (
	"bufio"
	"io"

	"github.com/handaudit/handaudit/hand"
)

// HandWriter writes a stream of hands, a blank line between them, each
// encoded by its append function (n is the 1-based number of the hand in
// the stream). A hand the format cannot express is an error and nothing
// is written. Each format's writer is this with the format's encoder.
type HandWriter struct {
	w          *bufio.Writer
	buf        []byte
	n          int
	appendHand func(dst []byte, h *hand.Hand, n int) ([]byte, error)
}

// NewHandWriter returns a writer to w of hands encoded by appendHand.
func NewHandWriter(w io.Writer, appendHand func(dst []byte, h *hand.Hand, n int) ([]byte, error)) *HandWriter {
	return &HandWriter{w: bufio.NewWriterSize(w, 64<<10), appendHand: appendHand}
}

// Write writes h as the next hand of the stream.
func (w *HandWriter) Write(h *hand.Hand) error {
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
func (w *HandWriter) Flush() error { return w.w.Flush() }
