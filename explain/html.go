package explain

import (
	"bufio"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// The HTML ruling: one standalone page, no script, laid out for a floor
// manager reading it on screen and for a regulator filing it on paper.
// It is rendered from the document the text writer records (textOut with
// doc set), so every sentence, amount and table cell is the text output's;
// the ruling only orders the sections differently: the verdict and the
// findings first, then the hand step by step, then the record's claims
// against the rules. See docs/explain-html.md.

// rulingParts are the ruling's parts in order, each a page or more when
// printed, and the document sections each holds.
var rulingParts = []struct {
	id       string
	sections []string
}{
	{"ruling", []string{"verdict", "verdicts", "findings", "compare", "differences"}},
	{"the-hand", []string{"hand", "seats", "actions", "pots", "showdown", "awards", "not_replayed"}},
	{"the-record", []string{"record_vs_rules"}},
}

// footer is what every printed page names: the input and the line, the
// tool's version, the ruleset and the house options' digest.
type footer struct {
	where, version, ruleset, digest string
}

func newFooter(file string, line, end int, rs *replay.Ruleset, o Options, lang string) footer {
	if rs == nil {
		d := replay.Default()
		rs = &d
	}
	where := file + ":" + strconv.Itoa(line)
	if end > line {
		where += "-" + strconv.Itoa(end)
	}
	v := o.ToolVersion
	if v == "" {
		v = "dev"
	}
	name := rs.Name
	if rs.House != "" {
		name += "+" + rs.House
	}
	return footer{
		where:   where,
		version: "handaudit " + v,
		ruleset: label(lang, "ruleset_word") + " " + name + " (" + rs.Version + ")",
		digest:  label(lang, "house_options") + " " + rs.Digest(),
	}
}

// WriteHTML writes the explanation as a ruling: the verdict, the findings
// with the rules quoted, the hand step by step, and the record against the
// rules, in the words of WriteText.
func WriteHTML(w io.Writer, e *Explanation, o Options) error {
	c := newRenderer(e, o.Lang)
	c.ruling = true
	out := &textOut{doc: &document{}}
	c.writeText(out, o)
	id := e.Hand.ID
	if id == "" {
		id = c.L("no_id")
	}
	file := e.File
	if file == "" {
		file = e.Hand.Pos.File
	}
	f := newFooter(file, e.Hand.Pos.Line, e.Hand.End, c.rs, o, c.lang)
	return writeRuling(w, out.doc, c.lang, c.L("ruling")+" — "+c.L("hand")+" "+id, f)
}

// WriteParseErrorHTML writes a hand or file that could not be read as a
// ruling: the verdict (not audited, and why), then where the fault is.
func WriteParseErrorHTML(w io.Writer, src *Source, rs *replay.Ruleset, o Options) error {
	var doc document
	if err := writeParseError(&textOut{doc: &doc}, src, o); err != nil {
		return err
	}
	lang := langOf(o.Lang)
	pe := src.ParseError
	f := newFooter(pe.File, pe.Line, 0, rs, o, lang)
	return writeRuling(w, &doc, lang, label(lang, "ruling")+" — "+label(lang, "parse_error"), f)
}

// WriteComparisonHTML writes the comparison of rulesets (es: one hand
// explained under each) as a ruling: the verdicts, the differences of
// ruling side by side, one column per ruleset, then the hand.
func WriteComparisonHTML(w io.Writer, es []*Explanation, o Options) error {
	var doc document
	writeComparison(&textOut{doc: &doc}, es, o, true)
	c := newRenderer(es[0], o.Lang)
	id := es[0].Hand.ID
	if id == "" {
		id = c.L("no_id")
	}
	f := newFooter(es[0].File, es[0].Hand.Pos.Line, es[0].Hand.End, es[0].Rules, o, c.lang)
	var rulesets []string
	for _, e := range es {
		rulesets = append(rulesets, rulesetLabel(e.Rules))
	}
	f.ruleset = label(c.lang, "ruleset_word") + " " + strings.Join(rulesets, " · ")
	f.digest = ""
	for k, e := range es {
		if k > 0 {
			f.digest += " · "
		}
		f.digest += e.Rules.Digest()
	}
	f.digest = label(c.lang, "house_options") + " " + f.digest
	return writeRuling(w, &doc, c.lang, c.L("compare")+" — "+c.L("hand")+" "+id, f)
}

// writeRuling renders doc as the ruling page.
func writeRuling(w io.Writer, doc *document, lang, title string, f footer) error {
	bw := bufio.NewWriter(w)
	css := rulingCSS(f)
	sum := sha256.Sum256([]byte(css))
	p := func(s ...string) {
		for _, x := range s {
			bw.WriteString(x)
		}
	}
	p("<!DOCTYPE html>\n<html lang=\"", esc(htmlLang(lang)), "\">\n<head>\n<meta charset=\"utf-8\">\n",
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'sha256-",
		base64.StdEncoding.EncodeToString(sum[:]), "'\">\n",
		"<meta name=\"referrer\" content=\"no-referrer\">\n",
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
		"<meta name=\"generator\" content=\"", esc(f.version), "\">\n",
		"<title>", esc(title), "</title>\n<style>", css, "</style>\n</head>\n<body>\n")
	// What this ruling is about, above the verdict.
	p("<header class=\"ruling-of\"><p>", esc(title), " · ", esc(f.where), "</p></header>\n")
	used := map[string]bool{}
	for _, part := range rulingParts {
		var secs []*docSection
		for _, id := range part.sections {
			if s := doc.section(id); s != nil {
				secs = append(secs, s)
				used[id] = true
			}
		}
		if len(secs) == 0 {
			continue
		}
		p("<div class=\"part\" id=\"part-", part.id, "\">\n")
		for _, s := range secs {
			writeSection(p, s)
		}
		p("</div>\n")
	}
	// A section no part names still shows, last: nothing the text says is
	// left out of the ruling.
	for _, s := range doc.sections {
		if !used[s.id] {
			writeSection(p, s)
		}
	}
	p("<footer class=\"made-by\"><p>", esc(f.where), "</p><p>", esc(f.version), "</p><p>", esc(f.ruleset), "</p><p>", esc(f.digest), "</p></footer>\n")
	p("</body>\n</html>\n")
	return bw.Flush()
}

// esc is text for the page: characters that show nothing or reorder text
// made visible (reports.Visible), then HTML-escaped.
func esc(s string) string { return html.EscapeString(reports.Visible(s)) }

// escKeepTabs is esc keeping tabs, for an input line and the pointer
// under it, which line up only with their tabs.
func escKeepTabs(s string) string {
	parts := strings.Split(s, "\t")
	for k := range parts {
		parts[k] = esc(parts[k])
	}
	return strings.Join(parts, "\t")
}

func htmlLang(lang string) string {
	if lang == "zh" {
		return "zh-Hans"
	}
	return "en"
}

// writeSection writes one section of the document.
func writeSection(p func(...string), s *docSection) {
	p("<section id=\"", esc(strings.ReplaceAll(s.id, "_", "-")), "\">\n")
	if s.title != "" {
		p("<h2>", esc(s.title), "</h2>\n")
	}
	for _, b := range s.blocks {
		id := ""
		if b.anchor != "" {
			id = " id=\"" + esc(b.anchor) + "\""
		}
		cls := "d" + strconv.Itoa(b.depth)
		if st := styleClass(b.style); st != "" {
			cls += " " + st
		}
		switch b.kind {
		case blockTitle:
			p("<h1", id, ">", esc(b.text), "</h1>\n<p class=\"where\">", esc(b.sub), "</p>\n")
		case blockHeading:
			p("<h3 class=\"", cls, "\"", id, ">", esc(b.text), "</h3>\n")
		case blockLine:
			text := esc(b.text)
			if b.link != "" {
				text = "<a href=\"#" + esc(b.link) + "\">" + text + "</a>"
			}
			p("<p class=\"", cls, "\"", id, ">", text, "</p>\n")
		case blockSource:
			p("<pre class=\"source ", cls, "\"", id, "><span class=\"gutter\">", esc(b.sub), " | </span>", escKeepTabs(b.text))
			if b.extra != "" {
				p("\n<span class=\"gutter\">", strings.Repeat(" ", len(b.sub)), " | </span><span class=\"pointer\">", escKeepTabs(b.extra), "</span>")
			}
			p("</pre>\n")
		case blockTable:
			writeTableHTML(p, b, cls, id)
		}
	}
	p("</section>\n")
}

func writeTableHTML(p func(...string), b docBlock, cls, id string) {
	rows := b.rows
	if !b.header {
		p("<table class=\"kv ", cls, "\"", id, ">\n")
		for _, r := range rows {
			p("<tr><th scope=\"row\">", esc(r[0]), "</th><td>", esc(strings.Join(r[1:], " ")), "</td></tr>\n")
		}
		p("</table>\n")
		return
	}
	cell := func(tag string, k int, s string) {
		if k < len(b.right) && b.right[k] {
			p("<", tag, " class=\"num\">", esc(s), "</", tag, ">")
		} else {
			p("<", tag, ">", esc(s), "</", tag, ">")
		}
	}
	p("<table class=\"", cls, "\"", id, ">\n<thead><tr>")
	for k, h := range rows[0] {
		cell("th", k, h)
	}
	p("</tr></thead>\n<tbody>\n")
	for _, r := range rows[1:] {
		p("<tr>")
		for k, s := range r {
			cell("td", k, s)
		}
		p("</tr>\n")
	}
	p("</tbody>\n</table>\n")
}

// styleClass is the CSS class of a terminal style.
func styleClass(style string) string {
	var cls []string
	for _, s := range strings.Split(style, ";") {
		switch s {
		case styleBold:
			cls = append(cls, "strong")
		case styleDim:
			cls = append(cls, "dim")
		case styleRed:
			cls = append(cls, "fail")
		case styleGreen:
			cls = append(cls, "ok")
		case styleYellow:
			cls = append(cls, "warn")
		case styleCyan:
			cls = append(cls, "window")
		}
	}
	return strings.Join(cls, " ")
}

// cssString quotes s as a CSS string: quotes, backslashes and anything
// outside printable ASCII escaped, so a file name cannot end the rule.
func cssString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range reports.Visible(s) {
		if r < 0x20 || r == '"' || r == '\\' || r == 0x7f || r == '<' || r == '>' {
			fmt.Fprintf(&b, "\\%x ", r)
			continue
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// rulingCSS is the page's stylesheet. Printed, every page's footer names
// the input, the tool, the ruleset and the house options (CSS page margin
// boxes), and each part starts a page. No paper size is set: the page
// prints on A4 or Letter, whichever the printer has.
func rulingCSS(f footer) string {
	return `
:root{color-scheme:light;--fg:#1b1f24;--dim:#5b6470;--line:#d0d7de;--fail:#b42318;--warn:#9a6700;--ok:#1a7f37;--win:#0b5cad}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC",sans-serif;color:var(--fg);max-width:62rem;margin:1.5rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin:0}
.where{color:var(--dim);margin:.1rem 0 1rem;font-family:ui-monospace,monospace;font-size:.85rem}
h2{font-size:1.15rem;border-bottom:1px solid var(--line);padding-bottom:.2rem;margin:1.6rem 0 .6rem;break-after:avoid}
h3{font-size:1rem;margin:.8rem 0 .3rem;break-after:avoid}
p{margin:.15rem 0;break-inside:avoid}
.d1{margin-left:0}.d2{margin-left:1.2rem}.d3{margin-left:2rem}.d4{margin-left:2.6rem}.d5{margin-left:3.2rem}.d6{margin-left:3.8rem}
.strong{font-weight:600}.dim{color:var(--dim)}.fail{color:var(--fail)}.warn{color:var(--warn)}.ok{color:var(--ok)}.window{color:var(--win);font-size:.9rem}
#verdict{border:2px solid var(--line);border-radius:6px;padding:.2rem 1rem .8rem;margin-top:0}
#verdict h2{border:0}
#verdict p{font-size:1.1rem}
#verdict:has(.fail){border-color:var(--fail)}#verdict:has(.warn){border-color:var(--warn)}#verdict:has(.ok){border-color:var(--ok)}
table{border-collapse:collapse;margin:.3rem 0 .6rem;font-variant-numeric:tabular-nums}
th,td{padding:.15rem .7rem .15rem 0;text-align:left;vertical-align:top;border-bottom:1px solid var(--line)}
thead th{color:var(--dim);font-weight:600}
.num{text-align:right}
table.kv th{color:var(--dim);font-weight:normal}
tr{break-inside:avoid}
pre.source{background:#f6f8fa;padding:.5rem;overflow-x:auto}
.gutter{color:var(--dim)}.pointer{color:var(--fail)}
a{color:inherit}
:target{background:#fff8c5}
header.ruling-of{color:var(--dim);font-size:.85rem;margin:0 0 .4rem}
header.ruling-of p{margin:0}
footer.made-by{margin-top:2rem;border-top:1px solid var(--line);color:var(--dim);font-size:.8rem}
footer.made-by p{margin:0}
@page{margin:16mm 14mm 22mm;@bottom-center{content:` + cssString(f.where+" · "+f.version) + ` " · " counter(page) "/" counter(pages) "\A " ` + cssString(f.ruleset+" · "+f.digest) + `;white-space:pre-wrap;text-align:left;font:7.5pt sans-serif;color:#444}}
@media print{
body{max-width:none;margin:0;padding:0;font-size:10.5pt}
.part+.part{break-before:page}
footer.made-by{display:none}
a{text-decoration:none}
#verdict{break-inside:avoid}
}
`
}
