package main

import (
	"errors"
	"io"
)

// Subcommands of later issues; each says plainly that it is not built yet.

func cmdMerge(args []string, stdout, stderr io.Writer) error {
	return errors.New("merge is not implemented yet")
}
