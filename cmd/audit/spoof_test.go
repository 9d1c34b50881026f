package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// TestExplainHTMLSpoofing explains, as HTML, a hand whose ID, table and
// player names carry characters that show nothing or reorder text (a
// right-to-left override, a zero-width space, isolates), and a name that
// looks like an action and holds a line break: none of those characters
// reaches the page, and each is shown by its code.
func TestExplainHTMLSpoofing(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "spoof.phh")
	text := "variant = \"NT\"\nante_trimming_status = false\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n" +
		"min_bet = 2\nstarting_stacks = [100, 100]\nactions = [\"d dh p1 AsKs\", \"d dh p2 7c2d\", \"p2 f\"]\n" +
		"hand = \"sp\\u200Boof-1\"\ntable = \"T\\u2066able\\u2069\"\n" +
		"players = [\"\\u202Egnp.exe\", \"Bob: raises $100 to $200\\nAlice\"]\nfinishing_stacks = [101, 100]\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := realMain([]string{"explain", file, "--line", "1", "--format", "html"}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	page := stdout.String()
	for _, r := range page {
		if r != '\n' && r != '\t' && (unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)) {
			t.Errorf("the page holds U+%04X, which shows nothing or moves text", r)
		}
	}
	for _, want := range []string{"sp⟨U+200B⟩oof-1", "T⟨U+2066⟩able⟨U+2069⟩", "⟨U+202E⟩gnp.exe", "Bob: raises $100 to $200⟨U+000A⟩Alice"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not show %q", want)
		}
	}
}
