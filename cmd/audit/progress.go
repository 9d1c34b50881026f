package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/handaudit/handaudit/batch"
)

// progressPrinter returns a progress callback for --progress and a function
// that ends the display. On a terminal it redraws one status line a few
// times a second; elsewhere (--progress always into a log) it prints a
// plain line every few seconds, so logs stay readable.
func progressPrinter(mode string, w io.Writer) (func(batch.Progress), func(), error) {
	return progressTo(mode, w, isTerminal(w))
}

// progressTo is progressPrinter for w, a terminal or not.
func progressTo(mode string, w io.Writer, tty bool) (func(batch.Progress), func(), error) {
	on := false
	switch mode {
	case "always":
		on = true
	case "never":
	case "auto":
		on = tty
	default:
		return nil, nil, usagef("--progress must be auto, always or never")
	}
	if !on {
		return nil, func() {}, nil
	}
	every := 200 * time.Millisecond
	if !tty {
		every = 5 * time.Second
	}
	var last time.Time
	drawn := false
	final := false
	cb := func(p batch.Progress) {
		done := p.FilesDone == p.FilesTotal
		if final || (time.Since(last) < every && !done) {
			return
		}
		final = done
		last = time.Now()
		line := progressLine(p)
		if tty {
			fmt.Fprintf(w, "\r\033[K%s", line)
			drawn = true
		} else {
			fmt.Fprintln(w, line)
		}
	}
	return cb, func() {
		if drawn {
			fmt.Fprint(w, "\r\033[K") // cleared: the summary follows on a clean line
		}
	}, nil
}

// progressLine describes a running batch: files, hands, speed, findings
// and the time left, estimated from the bytes read so far.
func progressLine(p batch.Progress) string {
	rate := 0.0
	if s := p.Elapsed.Seconds(); s > 0 {
		rate = float64(p.Hands) / s
	}
	eta := "?"
	switch {
	case p.FilesDone == p.FilesTotal:
		eta = "0s"
	case p.Bytes > 0 && p.BytesTotal > p.Bytes:
		left := time.Duration(float64(p.Elapsed) * float64(p.BytesTotal-p.Bytes) / float64(p.Bytes))
		eta = left.Round(time.Second).String()
	}
	return fmt.Sprintf("files %d/%d  hands %d  %.0f hands/s  findings %d  ETA %s",
		p.FilesDone, p.FilesTotal, p.Hands, rate, p.Findings, eta)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
