package batch

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/replay"
)

// ManifestVersion is the version of the manifest format (docs/scale-out.md).
// Keys are only ever added; a change of meaning bumps it.
const ManifestVersion = 1

// Manifest is a run's chain of custody, written last into --out by every
// run (a single run is shard 0 of 1): what was audited (each input's size
// and sha256), how (tool, ruleset, house options, checks, schema), what
// was found, and what was written (each output's size, rows and sha256).
// It holds no times or machine names, so that the same inputs give the
// same manifest, byte for byte, whatever the number of workers.
type Manifest struct {
	ManifestVersion int      `json:"manifest_version"`
	Tool            string   `json:"tool"`
	ToolVersion     string   `json:"tool_version"`
	SchemaVersion   string   `json:"schema_version"`
	Ruleset         string   `json:"ruleset"`
	RulesVersion    string   `json:"rules_version"`
	House           string   `json:"house,omitempty"`
	HouseDigest     string   `json:"house_digest"`
	Checks          []string `json:"checks"`
	RunID           string   `json:"run_id"`
	ShardIndex      int      `json:"shard_index"`
	ShardCount      int      `json:"shard_count"`
	Partition       string   `json:"partition"` // "none" or "day"
	// InputsTotal and InputsDigest describe the whole run's input list,
	// before sharding: every shard of one run must agree on them.
	InputsTotal  int             `json:"inputs_total"`
	InputsDigest string          `json:"inputs_digest"`
	Inputs       []ManifestInput `json:"inputs"`
	// Skipped lists the folder entries of this shard not audited, with
	// why (a FIFO, a symlink loop, an unreadable folder, a file that is
	// never a hand history...).
	Skipped []ManifestSkipped `json:"skipped"`
	Totals  ManifestTotals    `json:"totals"`
	Outputs []ManifestOutput  `json:"outputs"`
	// Rulesets lists every ruleset the run judged hands under: the
	// default (the Ruleset above), then each room's preset with the rooms
	// whose hands it judged. A run that named its rules has one.
	Rulesets []ManifestRuleset `json:"rulesets,omitempty"`
	// MergedFrom lists the shard manifests an `audit merge` read.
	MergedFrom []ManifestRef `json:"merged_from,omitempty"`
}

// ManifestRuleset is one ruleset of a run: its preset, the TDA version
// it cites, the house's name and the digest of every option, and the room
// whose hands it judges ("" for the default: every other hand).
type ManifestRuleset struct {
	Ruleset      string `json:"ruleset"`
	RulesVersion string `json:"rules_version"`
	House        string `json:"house,omitempty"`
	HouseDigest  string `json:"house_digest"`
	Site         string `json:"site,omitempty"`
}

// manifestRulesets lists the rulebook's rulesets for the manifest.
func manifestRulesets(book *replay.Rulebook) []ManifestRuleset {
	var out []ManifestRuleset
	sites := book.Sites()
	for i, rs := range book.All() {
		out = append(out, ManifestRuleset{Ruleset: rs.Name, RulesVersion: rs.Version, House: rs.House,
			HouseDigest: rs.Digest(), Site: sites[i]})
	}
	return out
}

// ManifestInput is one input of this shard.
type ManifestInput struct {
	Name        string `json:"name"`
	Size        int64  `json:"size"`
	SHA256      string `json:"sha256"`
	Hands       int64  `json:"hands"`
	ParseErrors int64  `json:"parse_errors"`
	Findings    int64  `json:"findings"`
	Error       string `json:"error,omitempty"`
	// Skipped is why the input was not audited ("format not recognised").
	Skipped string `json:"skipped,omitempty"`
	// Unsupported names the format of an input handaudit does not read;
	// UnsupportedHands counts its hands by their headers.
	Unsupported      string `json:"unsupported,omitempty"`
	UnsupportedHands int64  `json:"unsupported_hands,omitempty"`
}

// ManifestTotals counts what the shard found.
type ManifestTotals struct {
	Inputs         int              `json:"inputs"`
	Hands          int64            `json:"hands"`
	ParseErrors    int64            `json:"parse_errors"`
	IOErrors       int64            `json:"io_errors"`
	InternalErrors int64            `json:"internal_errors"`
	Findings       int64            `json:"findings"`
	BySeverity     map[string]int64 `json:"by_severity"`
	ByCheck        map[string]int64 `json:"by_check"`
	// Skipped counts what was not audited (folder entries and inputs in
	// no recognised format), by reason.
	Skipped map[string]int64 `json:"skipped"`
	// UnsupportedInputs and UnsupportedHands count the inputs in formats
	// handaudit does not read, and their hands.
	UnsupportedInputs int64 `json:"unsupported_inputs"`
	UnsupportedHands  int64 `json:"unsupported_hands"`
	// ImpliedRake: the rake the records imply without stating it (PHH),
	// by currency.
	ImpliedRake map[string]ImpliedRake `json:"implied_rake,omitempty"`
}

// ManifestOutput is one output file, its path relative to the manifest's
// folder, slash separated.
type ManifestOutput struct {
	Path      string `json:"path"`
	Format    string `json:"format"`
	Table     string `json:"table,omitempty"`     // "findings" or "hands" for table files
	Partition string `json:"partition,omitempty"` // "dt=2024-05-01" when partitioned
	Rows      *int64 `json:"rows,omitempty"`      // table files: rows written
	Bytes     int64  `json:"bytes"`
	SHA256    string `json:"sha256"`
}

// ManifestRef is a manifest another one was built from.
type ManifestRef struct {
	Path       string `json:"path"`
	ShardIndex int    `json:"shard_index"`
	SHA256     string `json:"sha256"`
}

// Encode writes the manifest as indented JSON.
func (m *Manifest) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(m) // encoding/json sorts map keys: stable output
}

// ReadManifest reads a manifest file.
func ReadManifest(name string) (*Manifest, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if m.ManifestVersion < 1 || m.ManifestVersion > ManifestVersion {
		return nil, fmt.Errorf("%s: manifest version %d not supported (this tool reads up to %d)", name, m.ManifestVersion, ManifestVersion)
	}
	return &m, nil
}

// totalsOf turns a run's summary into the manifest's totals and inputs.
func totalsOf(s *Summary) ([]ManifestInput, ManifestTotals) {
	ins := make([]ManifestInput, len(s.Inputs))
	for i, st := range s.Inputs {
		ins[i] = ManifestInput{Name: st.Name, Size: st.Size, SHA256: st.SHA256, Hands: st.Hands,
			ParseErrors: st.ParseErrors, Findings: st.Findings, Error: st.Error, Skipped: st.Skipped,
			Unsupported: st.Unsupported, UnsupportedHands: st.UnsupportedHands}
	}
	byCheck := make(map[string]int64, len(s.ByCheck))
	for k, v := range s.ByCheck {
		byCheck[k] = v
	}
	t := ManifestTotals{
		Inputs: s.Files, Hands: s.Hands, ParseErrors: s.ParseErrors, IOErrors: s.IOErrors,
		InternalErrors: s.Internal, Findings: totalFindings(s),
		BySeverity: map[string]int64{"error": s.BySeverity[checks.Error], "warning": s.BySeverity[checks.Warning],
			"info": s.BySeverity[checks.Info]},
		ByCheck:     byCheck,
		Skipped:     s.SkippedByReason(),
		ImpliedRake: s.ImpliedRake(),
	}
	t.UnsupportedInputs, t.UnsupportedHands = unsupportedTotals(s.Unsupported)
	return ins, t
}
