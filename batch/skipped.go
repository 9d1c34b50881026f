package batch

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
)

// shardSkipped returns the skipped entries of shard index of count: each
// is reported by the shard its name hashes to, as an input is audited by
// one, so that merged shards count it once.
func shardSkipped(all []Skipped, index, count int) []Skipped {
	if count <= 1 {
		return all
	}
	var out []Skipped
	for _, sk := range all {
		if ShardOf(sk.Name, count) == index {
			out = append(out, sk)
		}
	}
	return out
}

// logSkipped says why an entry is not audited: a warning, but for the
// files that are never hand histories, which every folder of hand
// histories holds (they are counted all the same).
func logSkipped(l *slog.Logger, sk Skipped) {
	level := slog.LevelWarn
	if sk.Reason == SkipByName {
		level = slog.LevelInfo
	}
	args := []any{"file", sk.Name, "reason", sk.Reason}
	if sk.Detail != "" {
		args = append(args, "detail", sk.Detail)
	}
	l.Log(context.Background(), level, "not audited", args...)
}

// addSkipped adds folder entries not audited to the summary's, in name order.
func (s *Summary) addSkipped(sk []Skipped) {
	if len(sk) == 0 {
		return
	}
	s.Skipped = append(s.Skipped, sk...)
	slices.SortStableFunc(s.Skipped, func(a, b Skipped) int { return strings.Compare(a.Name, b.Name) })
}

// SkippedByReason counts the summary's skipped entries by reason.
func (s *Summary) SkippedByReason() map[string]int64 {
	m := map[string]int64{}
	for _, sk := range s.Skipped {
		m[sk.Reason]++
	}
	return m
}

// skippedNote says what a walk skipped, for the "no inputs" error.
func skippedNote(sk []Skipped) string {
	if len(sk) == 0 {
		return ""
	}
	entries := fmt.Sprintf("%d entries", len(sk))
	if len(sk) == 1 {
		entries = "1 entry"
	}
	return fmt.Sprintf(" (%s not audited: %s)", entries, skippedCounts(sk))
}

// skippedCounts reads "2 not a regular file, 1 symlink loop".
func skippedCounts(sk []Skipped) string {
	m := map[string]int{}
	for _, s := range sk {
		m[s.Reason]++
	}
	var parts []string
	for _, r := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%d %s", m[r], r))
	}
	return strings.Join(parts, ", ")
}

// ManifestSkipped is a folder entry not audited, in the manifest.
type ManifestSkipped struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
}

func manifestSkipped(sk []Skipped) []ManifestSkipped {
	out := make([]ManifestSkipped, 0, len(sk))
	for _, s := range sk {
		out = append(out, ManifestSkipped(s))
	}
	return out
}
