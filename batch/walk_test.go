//go:build unix

package batch

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/handaudit/handaudit/internal/testenv"
)

// TestFolderWalk walks a folder holding every kind of entry: each one not
// audited is listed with its reason, a link to a folder is walked (named
// on the command line too), a link back up is a loop, a broken link is an
// input whose reading fails, and nothing is dropped without a word.
func TestFolderWalk(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "in")
	other := filepath.Join(base, "other")
	for _, d := range []string{dir, other, filepath.Join(dir, "sub"), filepath.Join(dir, ".git")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	hand := fixture(t, "phh/raise.under-minimum.phhs")
	for _, p := range []string{"a.phhs", "sub/b.phhs", ".git/c.phhs", "README.md", "house.toml"} {
		os.WriteFile(filepath.Join(dir, p), hand, 0o644)
	}
	os.WriteFile(filepath.Join(other, "o.phhs"), hand, 0o644)
	if err := syscall.Mkfifo(filepath.Join(dir, "feed.fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(dir, "s.sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for link, to := range map[string]string{
		"up":          ".",                // back to the folder it is in
		"self":        "self",             // links to itself: ELOOP
		"gone.phhs":   "nowhere.phhs",     // broken
		"other":       other,              // a folder elsewhere: walked
		"sub/again":   "../sub",           // back to its own folder
		"linked.phhs": "a.phhs",           // a file: read
		"dev":         "/dev/null",        // a device, through a link
		"sub/loop":    filepath.Join(dir), // back to the top
	} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	deep := testenv.TooLongPath(t, dir, "lost.phhs", nil)

	inputs, skipped, err := ExpandInputs([]string{dir}, "")
	if err != nil {
		t.Fatal(err)
	}
	var gotIn []string
	for _, in := range inputs {
		gotIn = append(gotIn, strings.TrimPrefix(in.Name, dir+"/"))
		if !in.InFolder {
			t.Errorf("%s found in a folder but not marked so", in.Name)
		}
	}
	wantIn := []string{"a.phhs", "gone.phhs", "linked.phhs", "other/o.phhs", "sub/b.phhs"}
	if !slices.Equal(gotIn, wantIn) {
		t.Errorf("inputs:\n got %q\nwant %q", gotIn, wantIn)
	}
	var gotSkip []string
	for _, sk := range skipped {
		name := strings.TrimPrefix(sk.Name, dir+"/")
		if sk.Name == deep {
			name = "DEEP"
		}
		gotSkip = append(gotSkip, fmt.Sprintf("%s: %s (%s)", name, sk.Reason, sk.Detail))
	}
	wantSkip := []string{
		".git: " + SkipByName + " ()",
		"DEEP: " + SkipUnreadable + " (file name too long)",
		"README.md: " + SkipByName + " ()",
		"dev: " + SkipNotRegular + " (character device)",
		"feed.fifo: " + SkipNotRegular + " (FIFO)",
		"house.toml: " + SkipByName + " ()",
		"s.sock: " + SkipNotRegular + " (socket)",
		"self: " + SkipSymlinkLoop + " (too many levels of symbolic links)",
		"sub/again: " + SkipSymlinkLoop + " (leads back to a folder being walked)",
		"sub/loop: " + SkipSymlinkLoop + " (leads back to a folder being walked)",
		"up: " + SkipSymlinkLoop + " (leads back to a folder being walked)",
	}
	slices.Sort(gotSkip)
	if !slices.Equal(gotSkip, wantSkip) {
		t.Errorf("skipped:\n got %q\nwant %q", gotSkip, wantSkip)
	}

	// A link to a folder named on the command line is walked like the
	// folder, its entries named under the link.
	link := filepath.Join(base, "link")
	if err := os.Symlink(other, link); err != nil {
		t.Fatal(err)
	}
	inputs, _, err = ExpandInputs([]string{link}, "")
	if err != nil || len(inputs) != 1 || inputs[0].Name != filepath.Join(link, "o.phhs") {
		t.Errorf("a link to a folder, named: %v %v", inputs, err)
	}
	// Named, a FIFO is read (the caller asked for it).
	inputs, skipped, _ = ExpandInputs([]string{filepath.Join(dir, "feed.fifo")}, "")
	if len(inputs) != 1 || len(skipped) != 0 || inputs[0].InFolder {
		t.Errorf("a FIFO named: inputs %v, skipped %v", inputs, skipped)
	}
}
