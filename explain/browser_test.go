package explain

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/replay"
)

// chromium finds Debian's Chromium (or $CHROMIUM), "" when missing.
func chromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// cjkFont reports whether a font with Chinese glyphs is installed (under
// CI it must be: .ci/run installs one).
func cjkFont() bool {
	out, err := exec.Command("fc-list", ":lang=zh").Output()
	return (err == nil && len(bytes.TrimSpace(out)) > 0) || testenv.CI()
}

// rulingPage is one ruling the browser test opens: the HTML of an explain
// golden, with its stylesheet, and what its footer must name.
type rulingPage struct {
	name     string
	html     []byte
	sections []string // section ids the page must have; the first is the verdict, on the first screen
	footer   []string // texts every printed page's footer holds
}

// rulingPages renders the rulings of the explain goldens that have an
// HTML golden, and of the parse error, as `audit explain --format html`
// writes them.
func rulingPages(t *testing.T) []rulingPage {
	t.Helper()
	hand := []string{"verdict", "findings", "hand", "seats", "actions", "pots", "awards", "record-vs-rules"}
	var pages []rulingPage
	for i := range explainCases {
		tc := &explainCases[i]
		if !tc.html {
			continue
		}
		preset := tc.rules
		if preset == "" {
			preset = replay.DefaultPreset
		}
		e := explainFor(t, tc, preset)
		var b bytes.Buffer
		o := Options{Lang: tc.lang, FailOn: checks.Error, ToolVersion: "test"}
		if err := WriteHTML(&b, e, o); err != nil {
			t.Fatal(err)
		}
		footer := []string{tc.file + ":", "handaudit test", e.Rules.Digest()}
		if tc.lang == "zh" && cjkFont() {
			footer = append(footer, label("zh", "ruleset_word")) // the footer in Chinese, its glyphs printed
		}
		pages = append(pages, rulingPage{name: tc.name + "." + orEN(tc.lang), html: b.Bytes(), sections: hand, footer: footer})
	}
	src, err := Load("explain/testdata/broken.phhs", "broken", 0)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteParseErrorHTML(&b, src, nil, Options{FailOn: checks.Error, ToolVersion: "test"}); err != nil {
		t.Fatal(err)
	}
	d := replay.Default()
	pages = append(pages, rulingPage{name: "parse-error.en", html: b.Bytes(), sections: []string{"verdict", "hand"},
		footer: []string{"explain/testdata/broken.phhs:26", "handaudit test", d.Digest()}})

	// --compare-rules: the verdicts first, the differences side by side.
	tc := &explainCase{file: "fixtures/explain/bb-ante-short.phh"}
	es := []*Explanation{explainFor(t, tc, "tda-2019"), explainFor(t, tc, "tda-2024")}
	var cb bytes.Buffer
	if err := WriteComparisonHTML(&cb, es, Options{FailOn: checks.Error, ToolVersion: "test"}); err != nil {
		t.Fatal(err)
	}
	pages = append(pages, rulingPage{name: "bb-ante-short-compare.en", html: cb.Bytes(), sections: []string{"verdicts", "differences", "hand"},
		footer: []string{tc.file + ":", "handaudit test", es[0].Rules.Digest(), es[1].Rules.Digest()}})
	return pages
}

// TestRulingInChromium opens the rulings of several explain goldens (a
// clean hand, a wrong award, a reopening case, an odd chip, a stud hand,
// a parse error; English and Chinese; a comparison of rulesets) in headless Chromium and checks that
// the verdict is on the first screen, that every section is there, and
// that printing on A4 and on Letter gives pages that each carry the
// footer naming the input, the tool version and the house options. The
// screenshots and PDFs are written to test-artifacts/explain/.
func TestRulingInChromium(t *testing.T) {
	bin := chromium()
	testenv.Require(t, bin != "", "chromium not found; install it with: apt-get install -y chromium")
	pdftotext, _ := exec.LookPath("pdftotext")
	testenv.Require(t, pdftotext != "", "pdftotext not found (to read the printed footers); install it with: apt-get install -y poppler-utils")
	t.Chdir(explainRoot(t))
	pages := rulingPages(t)
	art := filepath.Join("test-artifacts", "explain")
	if err := os.MkdirAll(art, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 800),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 120*time.Second)
	defer cancelTimeout()
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}

	for _, p := range pages {
		file := filepath.Join(dir, p.name+".html")
		if err := os.WriteFile(file, p.html, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate("file://"+file)); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		// The verdict, whole, on the first screen.
		onScreen, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
			const v = document.getElementById('`+p.sections[0]+`'); if (!v) return false;
			const r = v.getBoundingClientRect();
			return r.top >= 0 && r.bottom <= window.innerHeight && v.innerText.trim().length > 20; })()`))
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if !onScreen {
			t.Errorf("%s: the verdict is not on the first screen", p.name)
		}
		for _, id := range p.sections {
			n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => { const s = document.getElementById('`+id+`');
				return s && s.offsetHeight > 0 ? s.innerText.trim().length : 0; })()`))
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				t.Errorf("%s: section %q missing or empty", p.name, id)
			}
		}
		parts, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.part').length`))
		if err != nil {
			t.Fatal(err)
		}
		shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil || len(shot) < 1000 {
			t.Fatalf("%s: screenshot: %v (%d bytes)", p.name, err, len(shot))
		}
		if err := os.WriteFile(filepath.Join(art, p.name+".png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}

		for _, paper := range []struct {
			name string
			w, h float64 // inches
		}{{"a4", 8.27, 11.69}, {"letter", 8.5, 11}} {
			// The page's own margins (@page), not the print dialog's.
			res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{PaperWidth: paper.w, PaperHeight: paper.h, PreferCSSPageSize: ptr(true)})
			if err != nil {
				t.Fatalf("%s: print: %v", p.name, err)
			}
			pdf := filepath.Join(art, p.name+"."+paper.name+".pdf")
			if err := os.WriteFile(pdf, res.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(pdftotext, "-layout", pdf, "-").Output()
			if err != nil {
				t.Fatalf("pdftotext %s: %v", pdf, err)
			}
			printed := strings.Split(strings.TrimRight(string(out), "\f\n"), "\f")
			for k, pg := range printed {
				flat := strings.Join(strings.Fields(pg), " ")
				for _, want := range p.footer {
					if !strings.Contains(flat, want) {
						t.Errorf("%s on %s: page %d of %d has no %q in its footer", p.name, paper.name, k+1, len(printed), want)
					}
				}
			}
			if len(printed) < max(parts, 1) {
				t.Errorf("%s on %s: %d pages; each part of the ruling starts a page", p.name, paper.name, len(printed))
			}
		}
	}
	t.Logf("screenshots and PDFs: %s", art)
}

func ptr[T any](v T) *T { return &v }
