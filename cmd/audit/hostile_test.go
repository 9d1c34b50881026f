//go:build unix

package main

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/reports"
)

// The hostile-input tests run the audit binary, as a user would, on inputs
// from broken and tampered-with systems (fixtures/bad/ and streams made
// here), and check each input's outcome exactly: its hands, its findings,
// the exit code, and that the run completes without a panic in bounded
// memory.

// hostileBinary builds the audit command into a folder of the test's.
func hostileBinary(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "audit")
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build audit: %v", err)
	}
	out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// auditRun is one run of the binary.
type auditRun struct {
	exit           int
	stdout, stderr string
	maxRSS         int64 // peak resident memory, bytes
}

// runAudit runs the binary bin in dir with args, feeding stdin if not nil.
func runAudit(t testing.TB, bin, dir string, stdin io.Reader, args ...string) auditRun {
	t.Helper()
	// On Linux a child's peak memory (ru_maxrss) starts from this
	// process's peak, as the exec happens in its address space: give back
	// what the test no longer uses and reset the peak (clear_refs 5), so
	// that the figure is the audit's own. (Where that fails the figure is
	// only an upper bound.)
	debug.FreeOSMemory()
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdin = stdin
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("run audit %v: %v", args, err)
	}
	r := auditRun{exit: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = int64(ru.Maxrss) * 1024 // kilobytes on Linux
		if runtime.GOOS == "darwin" {
			r.maxRSS = int64(ru.Maxrss) // bytes on macOS
		}
	}
	for _, bad := range []string{"panic:", "goroutine ", "fatal error:"} {
		if strings.Contains(r.stderr, bad) {
			t.Fatalf("audit %v crashed:\n%s", args, r.stderr)
		}
	}
	return r
}

// outcome reads a run's hands.parquet and findings.jsonl and describes
// each input's results, one string per hand read or parse error and one
// per finding, in output order:
//
//	hand ID@LINE STATUS
//	CHECK ID@LINE: MESSAGE
func outcome(t testing.TB, out string) map[string][]string {
	t.Helper()
	got := map[string][]string{}
	f, err := os.Open(filepath.Join(out, "hands.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	if _, err := parquet.OpenFile(f, st.Size()); err != nil {
		t.Fatalf("hands.parquet: %v", err)
	}
	r := parquet.NewGenericReader[reports.HandRow](f)
	defer r.Close()
	rows := make([]reports.HandRow, r.NumRows())
	if n, err := r.Read(rows); n != len(rows) {
		t.Fatalf("hands.parquet: read %d of %d rows: %v", n, len(rows), err)
	}
	for _, h := range rows {
		got[h.File] = append(got[h.File], fmt.Sprintf("hand %s@%d %s", h.HandID, h.Line, h.Status))
	}
	jf, err := os.Open(filepath.Join(out, "findings.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer jf.Close()
	sc := bufio.NewScanner(jf)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var fd struct {
			CheckID string `json:"check_id"`
			HandID  string `json:"hand_id"`
			File    string `json:"file"`
			Line    int    `json:"line"`
			Message string `json:"message"`
		}
		if err := json.Unmarshal(sc.Bytes(), &fd); err != nil {
			t.Fatalf("findings.jsonl: %v", err)
		}
		got[fd.File] = append(got[fd.File], fmt.Sprintf("%s %s@%d: %s", fd.CheckID, fd.HandID, fd.Line, fd.Message))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}

// matchOutcome compares got with want, where a want string ending in "..."
// matches any got string it is a prefix of.
func matchOutcome(t testing.TB, file string, got, want []string) {
	t.Helper()
	ok := len(got) == len(want)
	for i := 0; ok && i < len(want); i++ {
		w := want[i]
		if p, cut := strings.CutSuffix(w, "..."); cut {
			ok = strings.HasPrefix(got[i], p)
		} else {
			ok = got[i] == w
		}
	}
	if !ok {
		t.Errorf("%s:\n got %q\nwant %q", file, got, want)
	}
}

// hostileWant is the exact outcome of each file of fixtures/bad/ under
// `audit run` with the default limits.
var hostileWant = map[string][]string{
	"empty.txt": {
		"hand @1 parse-error",
		"parse.error @1: empty input: no hands",
	},
	"binary-garbage.bin": nil, // found in a folder: not audited, "format not recognised" (in the summary)
	"utf16le-no-bom.txt": {
		"hand 254100000961@1 clean",
	},
	"mixed-line-endings.txt": {
		"hand 254100000951@1 clean",
	},
	"mixed-line-endings.phhs": {
		"hand mixed-1@1 clean",
	},
	"nul-bytes.txt": {
		"hand 254100000901@16 parse-error",
		"hand 254100000902@40 clean",
		`parse.error 254100000901@16: action by "W\x00en", who has no seat in this hand (line: "W\x00en: checks")`,
	},
	"nul-bytes.phhs": {
		"hand nul-1@19 parse-error",
		"hand nul-2@23 clean",
		"parse.error nul-1@19: malformed TOML: basic strings cannot have control characters...",
	},
	"actions-10000.phhs.gz": {
		"hand long-1@1 clean",
	},
	"gzip-bomb.phhs.gz": {
		"hand bomb-1@1 clean",
		"hand @23 parse-error",
		"hand bomb-3@8731 clean",
		"parse.error @23: hand is too large (over 16777216 bytes); skipped",
	},
	"int64-overflow.phhs": {
		"hand ovf-literal@7 parse-error",
		"hand ovf-sum@29 parse-error",
		"hand ovf-action@55 parse-error",
		"hand ovf-scale@69 parse-error",
		"parse.error ovf-literal@7: starting_stacks[0] (9223372036854775808) is too large...",
		"parse.error ovf-sum@29: starting_stacks[0] (9223372036854775807) is too large...",
		`parse.error ovf-action@55: action "p2 cbr 99999999999999999999": amount 99999999999999999999 is too large...`,
		"parse.error ovf-scale@69: starting_stacks[0] (92233720368547758.07) is too large...",
	},
	"int64-overflow.txt": {
		"hand 254100000911@3 parse-error",
		"hand 254100000912@42 parse-error",
		"hand 254100000913@101 parse-error",
		"parse.error 254100000911@3: amount too large (over 1000000000000000 minor units)...",
		"parse.error 254100000912@42: amount too large (over 1000000000000000 minor units)...",
		"parse.error 254100000913@101: amount too large (over 1000000000000000 minor units)...",
	},
	"negative-amounts.phhs": {
		"hand neg-stack@7 parse-error",
		"hand neg-bet@33 parse-error",
		"hand neg-blind@45 parse-error",
		"parse.error neg-stack@7: starting_stacks[0] (-100) is negative...",
		`parse.error neg-bet@33: action "p2 cbr -5": amount -5 is negative...`,
		"parse.error neg-blind@45: blinds_or_straddles[0] (-0.25) is negative...",
	},
	"negative-amounts.txt": {
		"hand 254100000921@3 parse-error",
		"hand 254100000922@45 parse-error",
		"hand 254100000923@112 parse-error",
		`parse.error 254100000921@3: amount is negative (line: "Seat 3: Ines ($-80 in chips)")`,
		`parse.error 254100000922@45: amount is negative (line: "Wen: posts small blind -$1")`,
		`parse.error 254100000923@112: amount is negative (line: "Total pot $48 | Rake -$2.40")`,
	},
	"seats-23.phhs": {
		"hand seats-23@1 clean",
	},
	"seats-23.txt": {
		"hand 254100000931@13 parse-error",
		`parse.error 254100000931@13: seat 11 at a 10-max table (line: "Seat 11: P11 ($100 in chips)")`,
	},
	"unknown-variant.phhs": {
		"hand unk-1@2 parse-error",
		"hand unk-2@24 parse-error",
		`parse.error unk-1@2: unknown variant "ZZ"...`,
		`parse.error unk-2@24: unknown variant "Q"...`,
	},
	"unknown-variant.txt": {
		"hand 254100000941@1 parse-error",
		"hand 254100000942@40 clean",
		"parse.error 254100000941@1: unknown game...",
	},
	"duplicate-id-a.phhs": {
		"hand dup-1@1 clean",
		"hand dup-2@24 clean",
	},
	"duplicate-id-b.phhs": {
		"hand dup-2@1 findings",
		"hand dup-3@24 clean",
		"hand.duplicate-id dup-2@1: hand ID dup-2 (Casino Hostile) was already read at fixtures/bad/duplicate-id-a.phhs:24...",
	},
	"duplicate-id-a.txt": {
		"hand 254100000971@1 clean",
	},
	"duplicate-id-b.txt": {
		"hand 254100000972@1 clean",
		"hand 254100000971@40 findings",
		"hand.duplicate-id 254100000971@40: hand ID 254100000971 (PokerStars) was already read at fixtures/bad/duplicate-id-a.txt:1...",
	},
}

// TestHostileInputs runs `audit run fixtures/bad/` and checks every file's
// outcome, the summary and the exit code (1: error findings, no I/O error).
func TestHostileInputs(t *testing.T) {
	root := testenv.RepoRoot(t)
	out := filepath.Join(t.TempDir(), "out")
	sum := filepath.Join(t.TempDir(), "summary.json")
	run := runAudit(t, hostileBinary(t), root, nil, "run", "--out", out, "--format", "parquet,jsonl,html",
		"--summary", sum, "--progress", "never", "--workers", "2", "fixtures/bad/")
	if run.exit != exitFindings {
		t.Errorf("exit code %d, want %d (error findings)\nstderr: %s", run.exit, exitFindings, run.stderr)
	}
	got := outcome(t, out)
	entries, err := os.ReadDir(filepath.Join(root, "fixtures", "bad"))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		if e.Name() != "README.md" {
			files = append(files, e.Name())
		}
	}
	for _, name := range files {
		want, ok := hostileWant[name]
		if !ok {
			t.Errorf("fixtures/bad/%s has no expected outcome in hostileWant", name)
			continue
		}
		matchOutcome(t, name, got["fixtures/bad/"+name], want)
	}
	for name := range hostileWant {
		if !slices.Contains(files, name) {
			t.Errorf("hostileWant lists %s, which is not in fixtures/bad/", name)
		}
	}
	for file := range got {
		if !strings.HasPrefix(file, "fixtures/bad/") || !slices.Contains(files, strings.TrimPrefix(file, "fixtures/bad/")) {
			t.Errorf("results for an unexpected input %q", file)
		}
	}

	var s struct {
		Files          int   `json:"files"`
		Hands          int64 `json:"hands"`
		ParseErrors    int64 `json:"parse_errors"`
		IOErrors       int64 `json:"io_errors"`
		InternalErrors int64 `json:"internal_errors"`
		Findings       struct {
			ByCheck map[string]int64 `json:"by_check"`
		} `json:"findings"`
		Skipped map[string]int64 `json:"skipped"`
	}
	b, err := os.ReadFile(sum)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	byCheck := fmt.Sprint(s.Findings.ByCheck)
	if s.Files != len(files) || s.IOErrors != 0 || s.InternalErrors != 0 || s.ParseErrors != 21 || s.Hands != 17 ||
		byCheck != "map[hand.duplicate-id:2 parse.error:21]" ||
		fmt.Sprint(s.Skipped) != "map[format not recognised:1 not a hand history (by name):1]" {
		t.Errorf("summary: %d files (want %d), %d hands (17), %d parse errors (21), %d I/O errors, %d internal errors, findings %s, skipped %v\n%s",
			s.Files, len(files), s.Hands, s.ParseErrors, s.IOErrors, s.InternalErrors, byCheck, s.Skipped, b)
	}
	html, err := os.ReadFile(filepath.Join(out, "report.html"))
	if err != nil || !bytes.HasSuffix(bytes.TrimSpace(html), []byte("</html>")) {
		t.Errorf("report.html incomplete (%d bytes, %v)", len(html), err)
	}
}

// longLineInput streams a PHH or PokerStars file whose second hand has a
// line of n bytes, between two good hands, without holding the line.
func longLineInput(format string, n int64) (io.Reader, []string) {
	if format == "phh" {
		hand := func(id string) string {
			return "variant = \"NT\"\nante_trimming_status = false\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n" +
				"min_bet = 2\nstarting_stacks = [100, 100]\nactions = [\"d dh p1 AsKs\", \"d dh p2 7c2d\", \"p2 f\"]\n" +
				"hand = \"" + id + "\"\nplayers = [\"Ann\", \"Bob\"]\nfinishing_stacks = [101, 99]\n"
		}
		before := "[1]\n" + hand("long-a") + "[2]\nhand = \"long-b\"\n_pad = \""
		after := "\"\n[3]\n" + hand("long-c")
		return io.MultiReader(strings.NewReader(before), &zeroFill{b: 'x', n: n}, strings.NewReader(after)), []string{
			"hand long-a@1 clean",
			"hand @14 parse-error",
			"hand long-c@15 clean",
			"parse.error @14: line is longer than 1048576 bytes; the hand is skipped",
		}
	}
	hand := func(id string) string {
		return "PokerStars Hand #" + id + ":  Hold'em No Limit ($1/$2 USD) - 2025/03/15 18:30:02 ET\n" +
			"Table 'Long' 6-max Seat #1 is the button\nSeat 1: Ann ($100 in chips)\nSeat 2: Bob ($100 in chips)\n" +
			"Ann: posts small blind $1\nBob: posts big blind $2\n*** HOLE CARDS ***\nAnn: folds\n" +
			"Uncalled bet ($1) returned to Bob\nBob collected $2 from pot\n*** SUMMARY ***\nTotal pot $2 | Rake $0\n" +
			"Seat 1: Ann (button) (small blind) folded before Flop\nSeat 2: Bob (big blind) collected ($2)\n\n"
	}
	before := hand("254100000981") + hand("254100000982")[:200]
	return io.MultiReader(strings.NewReader(before), &zeroFill{b: 'q', n: n}, strings.NewReader("\n\n"+hand("254100000983"))), []string{
		"hand 254100000981@1 clean",
		"hand 254100000982@20 parse-error",
		"hand 254100000983@22 clean",
		`parse.error 254100000982@20: line is longer than 1048576 bytes; the hand is skipped (line: "Ann: posts small qqqq...`,
	}
}

// zeroFill yields n copies of one byte without holding them.
type zeroFill struct {
	b byte
	n int64
}

func (z *zeroFill) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), z.n)
	for i := range p[:k] {
		p[i] = z.b
	}
	z.n -= k
	return int(k), nil
}

// TestHostileLongLine pipes a line of 1 GiB (64 MiB with -short) into
// `audit run -`, in PHH and in PokerStars text: the line is a parse error
// at its line, the hands around it are audited, and the process stays
// small (it never holds the line).
func TestHostileLongLine(t *testing.T) {
	n := int64(1 << 30)
	if testing.Short() {
		n = 64 << 20
	}
	bin := hostileBinary(t)
	for _, format := range []string{"phh", "pokerstars"} {
		t.Run(format, func(t *testing.T) {
			in, want := longLineInput(format, n)
			out := filepath.Join(t.TempDir(), "out")
			run := runAudit(t, bin, t.TempDir(), in, "run", "--out", out, "--format", "parquet,jsonl", "--progress", "never", "-")
			if run.exit != exitFindings {
				t.Errorf("exit code %d, want %d\nstderr: %s", run.exit, exitFindings, run.stderr)
			}
			matchOutcome(t, "-", outcome(t, out)["-"], want)
			if run.maxRSS > 128<<20 {
				t.Errorf("peak memory %d MiB reading a %d MiB line", run.maxRSS>>20, n>>20)
			}
			t.Logf("%d MiB line: peak memory %d MiB", n>>20, run.maxRSS>>20)
		})
	}
}

// writeBomb writes a gzip file of several members that expands to about
// size bytes: a good PHH hand, then a hand padded with lines of x for
// ever. Compressing one block and repeating it keeps this fast.
func writeBomb(t *testing.T, path string, size int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	member := func(data []byte) []byte {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		return b.Bytes()
	}
	head := "[1]\nvariant = \"NT\"\nante_trimming_status = false\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n" +
		"min_bet = 2\nstarting_stacks = [100, 100]\nactions = [\"d dh p1 AsKs\", \"d dh p2 7c2d\", \"p2 f\"]\n" +
		"hand = \"bomb-a\"\nplayers = [\"Ann\", \"Bob\"]\nfinishing_stacks = [101, 99]\n[2]\nhand = \"bomb-b\"\n_pad = [\n"
	if _, err := f.Write(member([]byte(head))); err != nil {
		t.Fatal(err)
	}
	line := "  \"" + strings.Repeat("x", 1000) + "\",\n"
	block := member([]byte(strings.Repeat(line, (64<<20)/len(line))))
	for written := int64(len(head)); written < size; written += 64 << 20 {
		if _, err := f.Write(block); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHostileGzipBomb feeds a gzip bomb of 10 GiB (1 GiB with -short):
// --max-file-bytes stops the decompression (an I/O error: exit code 3),
// the hand before the padding is audited, and memory stays bounded. Then
// --max-hand-bytes lowers the hand limit the readers enforce, on the
// small bomb of fixtures/bad.
func TestHostileGzipBomb(t *testing.T) {
	size := int64(10 << 30)
	if testing.Short() {
		size = 1 << 30
	}
	dir := t.TempDir()
	writeBomb(t, filepath.Join(dir, "bomb.phhs.gz"), size)
	st, _ := os.Stat(filepath.Join(dir, "bomb.phhs.gz"))
	t.Logf("bomb: %d KiB expanding to %d MiB", st.Size()>>10, size>>20)

	bin := hostileBinary(t)
	out := filepath.Join(dir, "out")
	run := runAudit(t, bin, dir, nil, "run", "--out", out, "--format", "parquet,jsonl", "--progress", "never",
		"--max-file-bytes", fmt.Sprint(256<<20), "bomb.phhs.gz")
	if run.exit != exitIO {
		t.Errorf("exit code %d, want %d (an input could not be read)\nstderr: %s", run.exit, exitIO, run.stderr)
	}
	// The padded hand is cut by the file limit before it ends: the I/O
	// error stands for it.
	matchOutcome(t, "bomb.phhs.gz", outcome(t, out)["bomb.phhs.gz"], []string{
		"hand bomb-a@1 clean",
		"hand @0 parse-error",
		"parse.error @0: cannot read bomb.phhs.gz: input exceeds --max-file-bytes (268435456 bytes)",
	})
	if run.maxRSS > 128<<20 {
		t.Errorf("peak memory %d MiB", run.maxRSS>>20)
	}
	t.Logf("bomb stopped at 256 MiB: peak memory %d MiB", run.maxRSS>>20)

	root := testenv.RepoRoot(t)
	out2 := filepath.Join(dir, "out2")
	run = runAudit(t, bin, root, nil, "run", "--out", out2, "--format", "parquet,jsonl", "--progress", "never",
		"--max-hand-bytes", fmt.Sprint(1<<20), "fixtures/bad/gzip-bomb.phhs.gz")
	if run.exit == exitUsage && strings.Contains(run.stderr, "max-hand-bytes") {
		t.Fatalf("audit run has no --max-hand-bytes flag: wire it to parser.Limits.MaxHandBytes (parser.OpenLimited)\n%s", run.stderr)
	}
	if run.exit != exitFindings {
		t.Errorf("--max-hand-bytes: exit code %d, want %d\nstderr: %s", run.exit, exitFindings, run.stderr)
	}
	matchOutcome(t, "gzip-bomb.phhs.gz", outcome(t, out2)["fixtures/bad/gzip-bomb.phhs.gz"], []string{
		"hand bomb-1@1 clean",
		"hand @23 parse-error",
		"hand bomb-3@8731 clean",
		"parse.error @23: hand is too large (over 1048576 bytes); skipped",
	})
}

// TestHostilePaths runs inputs whose names have spaces, Unicode and ".."
// from a folder beside them: every result names the input exactly as
// given, and nothing is written outside --out, whatever the hand records
// say (hand IDs and tables that look like paths).
func TestHostilePaths(t *testing.T) {
	base := t.TempDir()
	inDir := filepath.Join(base, "in dir", "日本 ü")
	work := filepath.Join(base, "work")
	for _, d := range []string{inDir, work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	hand := func(id, table string) string {
		return "variant = \"NT\"\nante_trimming_status = false\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n" +
			"min_bet = 2\nstarting_stacks = [100, 100]\nactions = [\"d dh p1 AsKs\", \"d dh p2 7c2d\", \"p2 f\"]\n" +
			"hand = \"" + id + "\"\ntable = \"" + table + "\"\nplayers = [\"../../etc/passwd\", \"Bob\"]\nfinishing_stacks = [101, 99]\n"
	}
	name := "hand history  #1 (ü).phhs"
	text := "[1]\n" + hand("../../../../escape", "../x") + "[2]\n" + hand("/tmp/abs", "..\\\\win") +
		"[3]\n" + strings.Replace(hand("", ""), "[101, 99]", "[100, 100]", 1) // a finding names the file
	if err := os.WriteFile(filepath.Join(inDir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	// A zip archive whose member names climb out of any folder it might
	// be unpacked into: members are read, never unpacked.
	zipPath := filepath.Join(inDir, "a b.zip")
	zf, err := os.Create(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(zf)
	for _, m := range []string{"../../zip-escape.phhs", "/abs/zip-abs.phhs"} {
		w, err := zw.Create(m)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, "[1]\n"+hand("z", "t"))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	zf.Close()
	before := treeFiles(t, base)
	arg := "../in dir/日本 ü/./" + name // not cleaned: reported exactly so
	zipArg := "../in dir/日本 ü/a b.zip"
	out := filepath.Join("..", "out ü")
	run := runAudit(t, hostileBinary(t), work, nil, "run", "--out", out, "--format", "parquet,jsonl,html,arrow,sarif,junit",
		"--summary", filepath.Join(out, "summary.json"), "--progress", "never", arg, zipArg)
	if run.exit != exitOK && run.exit != exitFindings {
		t.Fatalf("exit %d\n%s", run.exit, run.stderr)
	}
	got := outcome(t, filepath.Join(work, out))
	want := []string{"hand ../../../../escape@1 clean", "hand /tmp/abs@13 clean", "hand @25 findings",
		"pot.uncalled-not-returned @32: ../../etc/passwd's uncalled bet of 1 was not returned to ../../etc/passwd." +
			" The finishing stacks leave ../../etc/passwd exactly that much short of his winnings: read as the bet given back and 1 more rake taken from them," +
			" the record's implied rake would be 1 of a 2 pot, not a plausible rake (a pot won uncontested before the flop, where no room takes a rake); so the record is read as keeping the bet."}
	matchOutcome(t, arg, got[arg], want)
	// The second member is named "/abs/...": the duplicate of hand z is
	// flagged only within one input (PHH without a venue), so both are clean.
	matchOutcome(t, "zip", got[zipArg+"!../../zip-escape.phhs"], []string{"hand z@1 clean"})
	matchOutcome(t, "zip", got[zipArg+"!/abs/zip-abs.phhs"], []string{"hand z@1 clean"})
	if len(got) != 3 {
		t.Errorf("results name the inputs otherwise than given: %q", maps(got))
	}
	outAbs := filepath.Join(work, out)
	for _, p := range []string{filepath.Join(filepath.Dir(base), "zip-escape.phhs"), filepath.Join(work, "..", "..", "zip-escape.phhs"),
		"/abs/zip-abs.phhs", filepath.Join(filepath.Dir(base), "escape")} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s exists: a name from the input became a path", p)
		}
	}
	for _, p := range treeFiles(t, base) {
		if slices.Contains(before, p) {
			continue
		}
		if rel, err := filepath.Rel(outAbs, p); err != nil || strings.HasPrefix(rel, "..") {
			t.Errorf("%s was written outside --out", p)
		}
	}
	for _, f := range []string{"findings.jsonl", "report.html"} {
		b, err := os.ReadFile(filepath.Join(outAbs, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte("in dir/日本 ü/./hand history  #1 (ü).phhs")) {
			t.Errorf("%s does not name the input as given", f)
		}
	}
}

// maps lists a map's keys, sorted.
func maps(m map[string][]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// treeFiles lists every file and folder under root.
func treeFiles(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
