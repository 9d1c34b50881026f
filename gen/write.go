package gen

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/handaudit/handaudit/parser/phh"
)

// Output says how many hands to write and where.
type Output struct {
	Hands   int
	Workers int // 0: all cores
	// Dir, if set, receives the hands in files of ShardSize hands each
	// (hands-000000.txt, ... or .phhs, .xml), so that a run over the folder
	// reads them in parallel. Otherwise every hand goes to W.
	Dir       string
	ShardSize int
	W         io.Writer
	// Labels receives one JSON line per injected violation, in hand
	// order (nil: none).
	Labels io.Writer
}

// Stats counts what Write wrote.
type Stats struct {
	Hands    int
	Files    int
	Bytes    int64
	Injected map[string]int // labels by check ID
}

// chunkSize is how many consecutive hands one worker generates at a time.
const chunkSize = 256

type chunk struct {
	start  int
	text   [][]byte // one per hand
	labels []*Label
	err    error
}

// Encode appends hand i in the generator's format to dst. table is the
// hand's place in its file, from 1: PHH's table number ([table]), iPoker's
// session code.
func (g *Generator) Encode(dst []byte, i, table int) ([]byte, *Label, error) {
	gh, err := g.Hand(i)
	if err != nil {
		return dst, nil, err
	}
	if g.cfg.Format == phh.Format {
		dst, err = phh.AppendHand(dst, gh.Hand, table)
	} else {
		dst, err = roomTexts[g.cfg.Format].append(dst, gh.Hand, table)
	}
	if err != nil {
		return dst, nil, fmt.Errorf("gen: hand %d: %w", i, err)
	}
	return dst, gh.Label, nil
}

// FileName is the name of shard k in a folder of generated hands.
func (g *Generator) FileName(k int) string {
	ext := ".phhs"
	if room := roomTexts[g.cfg.Format]; room != nil {
		ext = room.ext
	}
	return fmt.Sprintf("hands-%06d%s", k, ext)
}

// Write generates o.Hands hands in parallel and writes them, and their
// labels, in hand order: the output is the same for any number of workers.
func (g *Generator) Write(ctx context.Context, o Output) (*Stats, error) {
	if o.Hands < 0 {
		return nil, errors.New("gen: negative number of hands")
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	shard := o.ShardSize
	if o.Dir == "" || shard <= 0 {
		shard = o.Hands + 1
	}
	if o.Dir == "" && o.W == nil {
		return nil, errors.New("gen: no output")
	}
	st := &Stats{Injected: map[string]int{}}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	nChunks := (o.Hands + chunkSize - 1) / chunkSize
	jobs := make(chan int)
	results := make([]chan *chunk, nChunks)
	for k := range results {
		results[k] = make(chan *chunk, 1)
	}
	// Workers take chunks in order; the window bounds how far they run
	// ahead of the writer.
	window := make(chan struct{}, 4*workers)
	go func() {
		defer close(jobs)
		for k := 0; k < nChunks; k++ {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for k := range jobs {
				c := &chunk{start: k * chunkSize}
				end := min(c.start+chunkSize, o.Hands)
				for i := c.start; i < end && c.err == nil; i++ {
					var lb *Label
					buf, lb, c.err = g.Encode(buf[:0], i, i%shard+1)
					c.text = append(c.text, append([]byte(nil), buf...))
					c.labels = append(c.labels, lb)
				}
				results[k] <- c
			}
		}()
	}
	defer wg.Wait()

	var out *bufio.Writer
	var file *os.File
	var fileName string
	closeFile := func() error {
		if out != nil {
			if err := out.Flush(); err != nil {
				return err
			}
		}
		if file == nil {
			return nil
		}
		err := file.Close()
		file = nil
		return err
	}
	defer closeFile()
	var enc *json.Encoder
	if o.Labels != nil {
		enc = json.NewEncoder(o.Labels)
	}
	for k := 0; k < nChunks; k++ {
		var c *chunk
		select {
		case c = <-results[k]:
		case <-ctx.Done():
			return st, ctx.Err()
		}
		<-window
		if c.err != nil {
			return st, c.err
		}
		for j, text := range c.text {
			i := c.start + j
			if i%shard == 0 {
				if o.Dir != "" {
					if err := closeFile(); err != nil {
						return st, err
					}
					fileName = g.FileName(i / shard)
					f, err := os.Create(filepath.Join(o.Dir, fileName))
					if err != nil {
						return st, err
					}
					file, out = f, bufio.NewWriterSize(f, 1<<20)
				} else {
					out = bufio.NewWriterSize(o.W, 1<<20)
				}
				st.Files++
			} else {
				// A blank line between hands.
				if err := out.WriteByte('\n'); err != nil {
					return st, err
				}
				st.Bytes++
			}
			if _, err := out.Write(text); err != nil {
				return st, err
			}
			st.Bytes += int64(len(text))
			st.Hands++
			if lb := c.labels[j]; lb != nil {
				st.Injected[lb.CheckID]++
				if enc != nil {
					lb.File = fileName
					if err := enc.Encode(lb); err != nil {
						return st, err
					}
				}
			}
		}
	}
	return st, closeFile()
}
