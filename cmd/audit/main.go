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
//	audit version                   print the version
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
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
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
	fmt.Fprintf(stderr, "audit: unknown command %q\n", args[0])
	printUsage(stderr)
	return exitUsage
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, "audit %s: audit poker hand histories against the Poker TDA rules\n\nUsage: audit COMMAND [flags] [args]\n\nCommands:\n", version)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nRun 'audit COMMAND --help' for a command's flags.\nExit codes: 0 ok, 1 findings at or above --fail-on, 2 usage error, 3 I/O error,\n"+
		"4 internal error (some hands were not audited), 5 inputs in a format not read\n(hands counted, not audited), 130/143 interrupted by SIGINT/SIGTERM (nothing written).\n")
}

// newFlagSet makes a flag set that reports errors instead of exiting.
func newFlagSet(name, usage string, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: audit %s\n\nFlags:\n%s", usage, fs.FlagUsages())
	}
	return fs
}

// parseFlags parses args and turns flag errors into usage errors.
func parseFlags(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return err
		}
		return usageError{err}
	}
	return nil
}

func cmdVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "version", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "audit %s\n", version)
	return nil
}
