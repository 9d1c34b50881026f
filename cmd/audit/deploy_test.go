package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestKubernetesExample checks deploy/kubernetes/indexed-job.yaml against
// the CLI: an Indexed Job whose completions equal HANDAUDIT_SHARD_COUNT,
// and only flags that `audit run` and `audit merge` accept.
func TestKubernetesExample(t *testing.T) {
	chdirRoot(t)
	b, err := os.ReadFile("deploy/kubernetes/indexed-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	docs := strings.Split(string(b), "\n---\n")
	if len(docs) != 2 {
		t.Fatalf("%d documents, want the shard Job and the merge Job", len(docs))
	}
	shards := docs[0]
	for _, want := range []string{"kind: Job", "completionMode: Indexed", "restartPolicy: Never"} {
		if !strings.Contains(shards, want) {
			t.Errorf("shard Job lacks %q", want)
		}
	}
	completions := regexp.MustCompile(`(?m)^\s+completions: (\d+)`).FindStringSubmatch(shards)
	count := regexp.MustCompile(`(?m)name: HANDAUDIT_SHARD_COUNT\s+value: "(\d+)"`).FindStringSubmatch(shards)
	if completions == nil || count == nil || completions[1] != count[1] {
		t.Errorf("completions %v and HANDAUDIT_SHARD_COUNT %v differ", completions, count)
	}
	argRE := regexp.MustCompile(`(?m)^\s+- (--[a-z-]+)(=|$)`)
	for i, doc := range docs {
		cmd := map[int]string{0: "run", 1: "merge"}[i]
		if !regexp.MustCompile(`(?m)^\s+- ` + cmd + `$`).MatchString(doc) {
			t.Errorf("document %d does not run audit %s", i+1, cmd)
		}
		var help bytes.Buffer
		realMain([]string{cmd, "--help"}, &help, &help)
		for _, m := range argRE.FindAllStringSubmatch(doc, -1) {
			if !strings.Contains(help.String(), "  "+m[1]+" ") && !strings.Contains(help.String(), " "+m[1]+" ") {
				t.Errorf("audit %s has no flag %s", cmd, m[1])
			}
		}
	}
}
