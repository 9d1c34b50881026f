package explain

import "strings"

// A document is an explanation as the text writer lays it out, recorded
// instead of written: its sections, each a list of blocks holding the very
// strings the terminal shows. The HTML ruling is rendered from it, so the
// ruling and the text say the same things in the same words; only the
// order of the sections and the typography differ.
type document struct {
	sections []*docSection
}

// docSection is one section of the explanation: id is stable ("seats",
// "verdict"), title is in the reader's language. The lines before the
// first titled section (the hand's identity) are the section "hand".
type docSection struct {
	id, title string
	blocks    []docBlock
}

type blockKind uint8

const (
	blockLine    blockKind = iota // a line or paragraph of text
	blockTitle                    // the document's title, sub: where it was read
	blockHeading                  // a heading inside a section (a street, a pot)
	blockTable                    // rows; header says rows[0] is a header
	blockSource                   // a line of the input, with a pointer under the fault
)

// docBlock is one block of a section.
type docBlock struct {
	kind   blockKind
	depth  int    // indentation level: the text's indent in pairs of spaces
	text   string // blockLine, blockTitle, blockHeading; the source line's text
	sub    string // blockTitle: the location; blockSource: the line number
	style  string // the ANSI style the terminal gives it, "" for none
	anchor string // an id to link to ("step-6"), "" for none
	link   string // the id of the block it refers to, "" for none
	rows   [][]string
	right  []bool
	header bool
	extra  string // blockSource: the pointer line
}

// section returns the section id, "" when there is none.
func (d *document) section(id string) *docSection {
	for _, s := range d.sections {
		if s.id == id {
			return s
		}
	}
	return nil
}

// add appends b to the current section, opening the "hand" section first
// when nothing is open.
func (d *document) add(b docBlock) {
	if len(d.sections) == 0 {
		d.sections = append(d.sections, &docSection{id: "hand"})
	}
	s := d.sections[len(d.sections)-1]
	s.blocks = append(s.blocks, b)
}

// depthOf is the indentation level of indent (two spaces a level).
func depthOf(indent string) int {
	return (len(indent) - len(strings.TrimLeft(indent, " "))) / 2
}
