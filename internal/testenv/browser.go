package testenv

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium finds Debian's Chromium (or $CHROMIUM); it skips the test when
// there is none, and fails it under CI=true.
func Chromium(tb testing.TB) string {
	tb.Helper()
	path := os.Getenv("CHROMIUM")
	if path == "" {
		for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
			if p, err := exec.LookPath(name); err == nil {
				path = p
				break
			}
		}
	}
	Require(tb, path != "", "chromium not found; install it with: apt-get install -y chromium")
	return path
}

// Browser starts a headless Chromium for the test, ended with it, and
// returns its context, which times out after timeout.
func Browser(tb testing.TB, timeout time.Duration) context.Context {
	tb.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Chromium(tb)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(tb.TempDir()),
		chromedp.WindowSize(1280, 1600),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	tb.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(actx)
	tb.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, timeout)
	tb.Cleanup(cancelTimeout)
	return ctx
}
