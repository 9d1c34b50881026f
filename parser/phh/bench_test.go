package phh

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/handaudit/handaudit/internal/testenv"
)

// phhBenchInput returns the corpus's Pluribus hands (real, small NLHE
// hands: the bulk of PHH data) as the texts of the separate .phh files and
// as one .phhs document with a table per hand.
func phhBenchInput(b *testing.B) (files [][]byte, phhs []byte) {
	b.Helper()
	dir := phhCorpusDir(b)
	var paths []string
	err := filepath.WalkDir(filepath.Join(dir, "data", "pluribus"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".phh" {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	sort.Strings(paths)
	var all bytes.Buffer
	for i, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, data)
		fmt.Fprintf(&all, "[%d]\n", i+1)
		all.Write(data)
		all.WriteString("\n")
	}
	return files, all.Bytes()
}

// BenchmarkPHH measures reading hands: "phhs" streams one .phhs document,
// "files" opens a reader per .phh file as a batch over the corpus does.
// Single core: go test -run X -bench '^BenchmarkPHH$' -cpu 1 ./parser/phh/
func BenchmarkPHH(b *testing.B) {
	files, phhs := phhBenchInput(b)
	b.Run("phhs", func(b *testing.B) {
		b.SetBytes(int64(len(phhs)))
		b.ReportAllocs()
		hands := 0
		cpu0, _ := testenv.CPUTime()
		for b.Loop() {
			r := NewReader(bytes.NewReader(phhs), "bench.phhs")
			for {
				_, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				hands++
			}
		}
		b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
		if cpu1, _ := testenv.CPUTime(); cpu1 > cpu0 {
			cpu := cpu1 - cpu0
			b.ReportMetric(float64(hands)/cpu.Seconds(), "hands/cpu-s")
		}
	})
	b.Run("files", func(b *testing.B) {
		size := 0
		for _, f := range files {
			size += len(f)
		}
		b.SetBytes(int64(size))
		b.ReportAllocs()
		hands := 0
		rd := new(bytes.Reader)
		cpu0, _ := testenv.CPUTime()
		for b.Loop() {
			for _, f := range files {
				rd.Reset(f)
				r := NewReader(rd, "bench.phh")
				for {
					_, err := r.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					hands++
				}
			}
		}
		b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
		if cpu1, _ := testenv.CPUTime(); cpu1 > cpu0 {
			cpu := cpu1 - cpu0
			b.ReportMetric(float64(hands)/cpu.Seconds(), "hands/cpu-s")
		}
	})
}
