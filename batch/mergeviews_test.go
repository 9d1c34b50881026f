package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/handaudit/handaudit/checks"
)

// pageViews reads the hand views of a report.html, by hand ID, with each
// finding's rule number replaced by the citation it indexes in that page.
func pageViews(t *testing.T, path string) map[string]map[string]any {
	t.Helper()
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<script type="application/json" id="report-data">(.*?)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("%s: no report data", path)
	}
	var data struct {
		Rules [][2]string `json:"rules"`
	}
	if err := json.Unmarshal(m[1], &data); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]any{}
	for _, v := range regexp.MustCompile(`<script type="application/json" id="hv-\d+">(.*?)</script>`).FindAllSubmatch(page, -1) {
		var view map[string]any
		if err := json.Unmarshal(v[1], &view); err != nil {
			t.Fatal(err)
		}
		for _, f := range view["findings"].([]any) {
			f := f.(map[string]any)
			if r := int(f["r"].(float64)); r >= 0 {
				f["r"] = data.Rules[r][0]
			}
		}
		out[fmt.Sprint(view["id"], "@", view["file"], ":", view["line"])] = view
	}
	return out
}

// TestMergeHandViews: a merged report shows the hand views the shards'
// reports hold, the same as a single run's report shows (rule citations
// included), where the merge once had none.
func TestMergeHandViews(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	inputs := shardInputs(t)
	single := filepath.Join(dir, "single")
	mustAudit(t, auditOpts(single, inputs...))
	shards := filepath.Join(dir, "shards")
	for i := range 3 {
		o := auditOpts(shards, inputs...)
		o.ShardIndex, o.ShardCount = i, 3
		mustAudit(t, o)
	}
	merged := filepath.Join(dir, "merged")
	if _, err := Merge(context.Background(), MergeOptions{Dirs: []string{shards}, OutDir: merged,
		Formats: []string{"html"}, Lang: "en", FailOn: checks.Error}); err != nil {
		t.Fatal(err)
	}
	want := pageViews(t, filepath.Join(single, "report.html"))
	got := pageViews(t, filepath.Join(merged, "report.html"))
	if len(want) < 20 {
		t.Fatalf("the single run shows %d views: the test proves little", len(want))
	}
	if len(got) != len(want) {
		t.Errorf("merged report: %d views, single run %d", len(got), len(want))
	}
	for k, w := range want {
		if g, ok := got[k]; !ok {
			t.Errorf("%s: no view in the merged report", k)
		} else if !reflect.DeepEqual(g, w) {
			t.Errorf("%s: the merged view differs:\n got %v\nwant %v", k, g, w)
		}
	}
}
