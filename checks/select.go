package checks

import (
	"fmt"
	"strings"
)

// Selection is the set of checks a run reports. The zero Selection selects
// every check.
type Selection struct {
	off uint64 // bit i set: catalog[i] is not selected
}

// All selects every check.
func All() Selection { return Selection{} }

// Select builds the selection for `--only` and `--skip`. Each pattern is a
// check ID ("pot.odd-chip") or a family prefix ending in a dot ("pot."); a
// bare family name ("pot") means the same as "pot.". With no only patterns
// every check starts selected; skip patterns then remove checks. A pattern
// that matches no check is an error, so that a typo does not silently run
// (or skip) nothing.
func Select(only, skip []string) (Selection, error) {
	var sel Selection
	if len(only) > 0 {
		var on uint64
		for _, p := range only {
			m, err := match(p)
			if err != nil {
				return Selection{}, fmt.Errorf("--only: %w", err)
			}
			on |= m
		}
		sel.off = allBits() &^ on
	}
	for _, p := range skip {
		m, err := match(p)
		if err != nil {
			return Selection{}, fmt.Errorf("--skip: %w", err)
		}
		sel.off |= m
	}
	return sel, nil
}

func allBits() uint64 { return 1<<uint(len(catalog)) - 1 }

// match returns the catalog bits a pattern selects.
func match(p string) (uint64, error) {
	p = strings.TrimSpace(p)
	if p == "" {
		return 0, fmt.Errorf("empty check pattern")
	}
	var m uint64
	prefix := p
	if !strings.HasSuffix(prefix, ".") {
		prefix += "."
	}
	for _, c := range catalog {
		if c.ID == p || strings.HasPrefix(c.ID, prefix) {
			m |= 1 << uint(c.index)
		}
	}
	if m == 0 {
		return 0, fmt.Errorf("%q matches no check (see `audit checks`)", p)
	}
	return m, nil
}

// Has reports whether the check with this ID is selected. Unknown IDs are not.
func (s Selection) Has(id string) bool {
	c := Lookup(id)
	return c != nil && s.on(c)
}

func (s Selection) on(c *Check) bool { return s.off&(1<<uint(c.index)) == 0 }

// IDs lists the selected check IDs in catalog order.
func (s Selection) IDs() []string {
	var ids []string
	for _, c := range catalog {
		if s.on(c) {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// Empty reports whether no check is selected.
func (s Selection) Empty() bool { return s.off&allBits() == allBits() }
