// Command audit audits recorded poker hand histories against the Poker TDA
// rules: it parses them, replays every hand through the rules engine, and
// reports each rule violation and miscount with the evidence and the rule.
//
// Subcommands:
//
//	audit run [flags] INPUT...      audit files, folders, globs, .gz, .zip or - (stdin)
//	audit checks                    print the check catalog
//	audit explain FILE --hand ID    rule on one hand, step by step
//	audit merge DIR...              combine sharded runs
//	audit gen --hands N             generate synthetic hands
//	audit version                   print the version (also audit --version)
//	audit help COMMAND              a command's flags and examples (also audit COMMAND --help)
//
// Exit codes: 0 ok, 1 findings at or above --fail-on, 2 usage error, 3 I/O
// error (an input or folder could not be read, or an output written), 4
// internal error (some hands were not audited), 5 inputs in a format
// handaudit does not read (their hands were counted, not audited), 130 and
// 143 interrupted by SIGINT and SIGTERM (nothing written). 3 outranks 4,
// which outranks 5, which outranks 1.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"
)

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
	exitIO       = 3
	exitInternal = 4 // a bug in handaudit left some hands unaudited (internal.error findings)
	// exitUnsupported: some inputs are in a format handaudit does not read
	// (yet): their hands were counted by their headers, not audited.
	exitUnsupported = 5
	// exitInterrupted plus the signal's number (130 for SIGINT, 143 for
	// SIGTERM) ends a run that a signal stopped before its outputs were
	// complete: nothing was written, the previous outputs stand.
	exitInterrupted = 128
)

// usageError marks an error caused by how the command was called.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// exitError carries an exit code out of a subcommand without an error message.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"run", "audit hand histories and write reports", cmdRun},
		{"checks", "print the check catalog", cmdChecks},
		{"explain", "rule on one hand, step by step", cmdExplain},
		{"merge", "combine the outputs of sharded runs", cmdMerge},
		{"gen", "generate synthetic hands (with injected violations)", cmdGen},
		{"version", "print the version", cmdVersion},
	}
}

func main() {
	os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr))
}

func realMain(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		printUsage(stderr)
		return exitUsage
	case args[0] == "-h" || args[0] == "--help":
		printUsage(stdout)
		return exitOK
	case args[0] == "--version" || args[0] == "-v":
		args = []string{"version"}
	case args[0] == "help":
		// audit help COMMAND is audit COMMAND --help.
		if len(args) == 1 {
			printUsage(stdout)
			return exitOK
		}
		args = []string{args[1], "--help"}
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := c.run(args[1:], stdout, stderr)
		var ee exitError
		var ue usageError
		switch {
		case err == nil:
			return exitOK
		case errors.Is(err, pflag.ErrHelp):
			return exitOK
		case errors.As(err, &ee):
			return ee.code
		case errors.As(err, &ue):
			fmt.Fprintf(stderr, "audit %s: %v\nRun 'audit %s --help' for usage.\n", c.name, err, c.name)
			return exitUsage
		default:
			fmt.Fprintf(stderr, "audit %s: %v\n", c.name, err)
			return exitIO
		}
	}
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	fmt.Fprintf(stderr, "audit: unknown command %q%s\nRun 'audit --help' for the commands.\n", args[0], didYouMean(args[0], names))
	return exitUsage
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, "audit %s: audit poker hand histories against the Poker TDA rules\n\nUsage: audit COMMAND [flags] [args]\n\nCommands:\n", version)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nExamples:\n"+
		"  audit run logs/ --out audit-out          audit a folder; open audit-out/report.html\n"+
		"  audit explain logs/a.txt --line 120      rule on the hand at line 120, step by step\n"+
		"  audit checks                             what is checked, and under which rule\n"+
		"\nRun 'audit help COMMAND' or 'audit COMMAND --help' for a command's flags and examples.\n"+
		"Flags: --version prints the version, --help this text.\nExit codes: 0 ok, 1 findings at or above --fail-on, 2 usage error, 3 I/O error,\n"+
		"4 internal error (some hands were not audited), 5 inputs in a format not read\n(hands counted, not audited), 130/143 interrupted by SIGINT/SIGTERM (nothing written).\n")
}

// newFlagSet makes a flag set that reports errors instead of exiting and
// prints its help, asked for with --help, on stdout: usage is the synopsis
// and what the command does, examples its examples, one a line.
func newFlagSet(name, usage string, examples []string, stdout io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are returned, and printed once by realMain
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprintf(stdout, "Usage: audit %s\n\nFlags:\n%s", usage, fs.FlagUsages())
		if len(examples) > 0 {
			fmt.Fprintf(stdout, "\nExamples:\n")
			for _, e := range examples {
				fmt.Fprintf(stdout, "  %s\n", e)
			}
		}
	}
	return fs
}

// parseFlags parses args and turns flag errors into usage errors, with a
// suggestion for a mistyped flag.
func parseFlags(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return err
		}
		if name, ok := unknownFlag(err); ok {
			var names []string
			fs.VisitAll(func(f *pflag.Flag) { names = append(names, "--"+f.Name) })
			return usagef("%v%s", err, didYouMean(name, names))
		}
		return usageError{err}
	}
	return nil
}

// unknownFlag is the flag pflag's error names as unknown ("--fromat").
func unknownFlag(err error) (string, bool) {
	msg := err.Error()
	for _, prefix := range []string{"unknown flag: ", "unknown shorthand flag: "} {
		if rest, ok := strings.CutPrefix(msg, prefix); ok {
			if strings.HasPrefix(prefix, "unknown shorthand") {
				// "unknown shorthand flag: 'x' in -xyz"
				if i := strings.Index(rest, " in "); i >= 0 {
					return rest[i+len(" in "):], true
				}
			}
			name, _, _ := strings.Cut(rest, "=")
			return name, true
		}
	}
	return "", false
}

// didYouMean suggests the candidate closest to what was typed, as
// "; did you mean \"--format\"?", when one is close enough to be a typo:
// within a third of its length in edits (at least one).
func didYouMean(typed string, candidates []string) string {
	best, bestD := "", -1
	for _, c := range candidates {
		d := editDistance(strings.ToLower(typed), strings.ToLower(c))
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" || bestD > max(1, len(best)/3) {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

// editDistance is the edit distance between a and b, in bytes: insertions,
// deletions, substitutions and swaps of two neighbours ("rnu" is one from
// "run"), each one edit (optimal string alignment).
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func cmdVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "version\n\nPrint the version.", []string{"audit version", "audit --version"}, stdout)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "audit %s\n", version)
	return nil
}
