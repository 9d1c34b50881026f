package explain

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadArchiveMember: audit explain takes the location a finding
// prints for a hand in a zip archive ("logs.zip!night/file.txt"), reads
// the member, and labels the hand, and a parse error's line, with it.
func TestLoadArchiveMember(t *testing.T) {
	root := explainRoot(t)
	archive := filepath.Join(t.TempDir(), "logs.zip")
	f, err := os.Create(archive)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for member, from := range map[string]string{"night/clean.phh": "fixtures/explain/clean.phh", "night/broken.phhs": "explain/testdata/broken.phhs"} {
		b, err := os.ReadFile(filepath.Join(root, from))
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(member)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()

	name := archive + "!night/clean.phh"
	src, err := Load(name, "", 12)
	if err != nil {
		t.Fatal(err)
	}
	if src.Hand == nil || src.Hand.ID != "clean" || src.File != name || src.Hand.Pos.File != name {
		t.Fatalf("Load(%s): hand %v, file %q", name, src.Hand, src.File)
	}
	name = archive + "!night/broken.phhs"
	src, err = Load(name, "broken", 0)
	if err != nil {
		t.Fatal(err)
	}
	if pe := src.ParseError; pe == nil || pe.File != name || pe.Line != 26 || !strings.Contains(src.SourceLine, `"p7 cc"`) {
		t.Fatalf("Load(%s): parse error %+v, line %q", name, src.ParseError, src.SourceLine)
	}
	if _, err := Load(archive+"!night/none.txt", "", 1); err == nil || !strings.Contains(err.Error(), "no member night/none.txt") {
		t.Errorf("a member not in the archive: %v", err)
	}
}
