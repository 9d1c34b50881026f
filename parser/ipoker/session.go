package ipoker

import (
	"encoding/xml"
	"fmt"
	"strings"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// session is what a <session>'s <general> says of all its games: the game
// type and stakes, the table, the currency, the tournament.
type session struct {
	line   int    // line of the <session> element
	broken string // why the header could not be read, "" if it could
	seen   bool   // a <general> was read

	mode, gameType, tableName, tableSize            string
	tableCurrency, tournamentCurrency, currency     string
	nickname, tournamentCode, tournamentName, buyin string
	clientVersion, uncalledBetEnabled               string

	kind    gameKind // gameType read (when typeErr is "")
	typeErr string
}

// gameKind is the <gametype> read: "Holdem NL €0.05/€0.10", "Omaha PL
// $3/$6", "7 Card Stud Hi-Lo L €0.05/€0.10", "Holdem NL" (tournaments,
// whose blinds the posts give), "LH 20/40 x2 Limit $10.00/$20.00".
type gameKind struct {
	game      hand.Game
	hasStakes bool           // the blinds (or limit bets) are written
	low, high parser.Decimal // the two stakes written: blinds, or limit bets
	bets      [2]parser.Decimal
	hasBets   bool // "LH 20/40 ...": the limit bets besides the blinds
	ante      parser.Decimal
	hasAnte   bool
	currency  string // from the stakes' sign, "" if none
}

// readSession reads a session's <general>: one text element per field.
func (r *Reader) readSession() error {
	s := &r.sess
	s.seen = true
	for {
		tok, err := r.dec.RawToken()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			text, err := r.text()
			if err != nil {
				return err
			}
			switch t.Name.Local {
			case "mode":
				s.mode = text
			case "gametype":
				s.gameType = text
			case "tablename":
				s.tableName = text
			case "tablesize":
				s.tableSize = text
			case "tablecurrency":
				s.tableCurrency = text
			case "tournamentcurrency":
				s.tournamentCurrency = text
			case "currency":
				s.currency = text
			case "nickname":
				s.nickname = text
			case "tournamentcode", "tourcode":
				s.tournamentCode = text
			case "tournamentname":
				s.tournamentName = text
			case "buyin":
				s.buyin = text
			case "client_version":
				s.clientVersion = text
			case "uncalled_bet_enabled":
				s.uncalledBetEnabled = text
			}
		case xml.EndElement:
			if t.Name.Local == "general" {
				s.kind, s.typeErr = gameKind{}, ""
				k, err := parseGameType(s.gameType)
				if err != nil {
					s.typeErr = err.Error()
				}
				s.kind = k
				return nil
			}
		}
	}
}

// text returns the text of the element just started, up to its end (the
// text of elements inside it included).
func (r *Reader) text() (string, error) {
	var b []byte
	depth := 1
	for {
		tok, err := r.token()
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.CharData:
			b = append(b, t...)
		case xml.StartElement:
			depth++
		case xml.EndElement:
			if depth--; depth == 0 {
				return strings.TrimSpace(string(b)), nil
			}
		}
	}
}

// tournament reports whether the session is a tournament's (Sit & Go,
// multi-table, shoot-out): its header names the tournament.
func (s *session) tournament() bool {
	return s.tournamentCode != "" || s.tournamentName != "" || s.tournamentCurrency != "" && s.tableCurrency == ""
}

// returnsApart reports whether the session's wins leave out the bets
// returned uncalled: exports that say <uncalled_bet_enabled>true, and
// those of clients from version 20 on, write each player's bet with the
// uncalled part and his win without it; older ones count the returned
// bet in the win.
func (s *session) returnsApart() bool {
	if s.uncalledBetEnabled == "true" {
		return true
	}
	major, _, _ := strings.Cut(s.clientVersion, ".")
	v, ok := atoi(major)
	return ok && v >= 20
}

// limitWords are the betting structures <gametype> writes, in the
// languages the client is in ("БЛ": Russian no limit, "LP": Italian pot
// limit, "SL": Spanish sin límite, "LZ": Polish?).
var limitWords = map[string]hand.Structure{
	"NL": hand.NoLimit, "SL": hand.NoLimit, "БЛ": hand.NoLimit, "LZ": hand.NoLimit,
	"PL": hand.PotLimit, "LP": hand.PotLimit,
	"L": hand.FixedLimit, "Limit": hand.FixedLimit, "FL": hand.FixedLimit,
}

// gameNames are the games <gametype> names before the structure.
var gameNames = map[string]hand.Game{
	"Holdem":            {Variant: hand.Holdem, HoleCards: 2},
	"Six Plus Holdem":   {Variant: hand.ShortDeck, HoleCards: 2},
	"Omaha":             {Variant: hand.Omaha, HoleCards: 4},
	"Omaha Hi-Lo":       {Variant: hand.OmahaHiLo, HoleCards: 4},
	"Omaha HiLow":       {Variant: hand.OmahaHiLo, HoleCards: 4},
	"5 Card Omaha":      {Variant: hand.Omaha, HoleCards: 5},
	"7 Card Stud":       {Variant: hand.Stud, HoleCards: 7},
	"7 Card Stud Hi-Lo": {Variant: hand.StudHiLo, HoleCards: 7},
	"7 Card Stud HiLow": {Variant: hand.StudHiLo, HoleCards: 7},
	// Five-card stud has no hand.Variant: read, and left to the replay
	// to report as a game it does not play.
	"5 Card Stud": {Variant: hand.UnknownVariant, HoleCards: 5},
	// No game named ("PL €0.05/€0.10"): the hole cards dealt tell (see
	// build).
	"": {Variant: hand.UnknownVariant},
}

// parseGameType reads a <gametype>.
func parseGameType(s string) (gameKind, error) {
	var k gameKind
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return k, fmt.Errorf("the session has no game type")
	}
	if fields[0] == "LH" {
		// "LH 20/40 x2 Limit $10.00/$20.00": limit hold'em, the bets then
		// the blinds.
		if len(fields) < 4 {
			return k, fmt.Errorf("game type %q not understood", s)
		}
		lo, hi, _, err := parseStakes(fields[1])
		if err != nil {
			return k, fmt.Errorf("game type %q: %v", s, err)
		}
		k.bets, k.hasBets = [2]parser.Decimal{lo, hi}, true
		k.game = hand.Game{Variant: hand.Holdem, Structure: hand.FixedLimit, HoleCards: 2, Code: "LH"}
		fields = fields[len(fields)-1:]
		if k.low, k.high, k.currency, err = parseStakes(fields[0]); err != nil {
			return k, fmt.Errorf("game type %q: %v", s, err)
		}
		k.hasStakes = true
		return k, nil
	}
	at := -1
	for i, f := range fields {
		if _, ok := limitWords[f]; ok {
			at = i
			break
		}
	}
	if at < 0 {
		return k, fmt.Errorf("game type %q names no betting structure", s)
	}
	name := strings.Join(fields[:at], " ")
	g, ok := gameNames[name]
	if !ok {
		return k, fmt.Errorf("game type %q: game %q not known", s, name)
	}
	g.Structure = limitWords[fields[at]]
	g.Code = strings.Join(fields[:at+1], " ")
	k.game = g
	rest := fields[at+1:]
	if len(rest) > 0 && strings.Contains(rest[0], "/") {
		var err error
		if k.low, k.high, k.currency, err = parseStakes(rest[0]); err != nil {
			return k, fmt.Errorf("game type %q: %v", s, err)
		}
		k.hasStakes = true
		rest = rest[1:]
	}
	if len(rest) == 2 && rest[0] == "Ante" {
		a, err := parseDecimal(rest[1])
		if err != nil {
			return k, fmt.Errorf("game type %q: %v", s, err)
		}
		k.ante, k.hasAnte = a, true
		rest = rest[2:]
	}
	if len(rest) != 0 {
		return k, fmt.Errorf("game type %q: %q not understood", s, strings.Join(rest, " "))
	}
	return k, nil
}

// parseStakes reads "€0.05/€0.10".
func parseStakes(s string) (lo, hi parser.Decimal, currency string, err error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return lo, hi, "", fmt.Errorf("stakes %q are not two amounts", s)
	}
	if lo, err = parseDecimal(a); err != nil {
		return
	}
	if hi, err = parseDecimal(b); err != nil {
		return
	}
	return lo, hi, currencyOf(a), nil
}
