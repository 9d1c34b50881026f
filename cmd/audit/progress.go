package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/handaudit/handaudit/batch"
)

// progressPrinter returns a progress callback that redraws one status line
// on stderr at most a few times a second, and a function that ends the line.
func progressPrinter(mode string, w io.Writer) (func(batch.Progress), func(), error) {
	on := false
	switch mode {
	case "always":
		on = true
	case "never":
	case "auto":
		on = isTerminal(w)
	default:
		return nil, nil, usagef("--progress must be auto, always or never")
	}
	if !on {
		return nil, func() {}, nil
	}
	var last time.Time
	drawn := false
	cb := func(p batch.Progress) {
		if time.Since(last) < 200*time.Millisecond && p.FilesDone < p.FilesTotal {
			return
		}
		last = time.Now()
		rate := 0.0
		if s := p.Elapsed.Seconds(); s > 0 {
			rate = float64(p.Hands) / s
		}
		eta := "?"
		if p.Bytes > 0 && p.BytesTotal > p.Bytes {
			left := time.Duration(float64(p.Elapsed) * float64(p.BytesTotal-p.Bytes) / float64(p.Bytes))
			eta = left.Round(time.Second).String()
		} else if p.FilesDone == p.FilesTotal {
			eta = "0s"
		}
		fmt.Fprintf(w, "\r\033[Kfiles %d/%d  hands %d  %.0f hands/s  findings %d  ETA %s",
			p.FilesDone, p.FilesTotal, p.Hands, rate, p.Findings, eta)
		drawn = true
	}
	return cb, func() {
		if drawn {
			fmt.Fprintln(w)
		}
	}, nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
