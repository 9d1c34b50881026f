package checks

import (
	"bufio"
	"io"
	"strings"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// Check is one entry of the catalog: a stable ID, what it looks for, how bad
// it is and the rule it enforces.
type Check struct {
	ID       string // stable, e.g. "raise.under-minimum"; never renamed
	Title    string // one line
	Severity Severity
	// RuleKey is the key of the rule in the replay citation table
	// (replay.Cite), so that the citation follows the ruleset's version.
	RuleKey string
	// LimitRuleKey, when set, is cited instead of RuleKey in fixed-limit
	// games (reopening the bet is TDA 47-A in big-bet games, 47-B in limit).
	LimitRuleKey string
	Explain      string // one paragraph for `audit checks`

	index int // position in the catalog; bit in a Selection
}

// The catalog, in the order `audit checks` prints it.
var (
	checkUnderMinimum = &Check{
		ID: "raise.under-minimum", Severity: Error, RuleKey: "raise-amounts",
		Title: "bet or raise below the legal minimum",
		Explain: "A bet must be at least the minimum bet (normally the big blind) and a raise must " +
			"increase the current bet by at least the largest full bet or raise already made on the " +
			"street. A player who is all-in may bet or raise less; anyone else betting or raising less " +
			"than the minimum made an illegal action that the house should have corrected to a call or " +
			"a minimum raise. No-limit and pot-limit only; fixed-limit sizes are bet.wrong-limit-size.",
	}
	checkNotReopened = &Check{
		ID: "raise.not-reopened", Severity: Error, RuleKey: "reopening", LimitRuleKey: "reopening-limit",
		Title: "raise by a player whose betting was not reopened",
		Explain: "A player who has already acted on a street and then faces only all-in wagers that " +
			"together are less than a full raise may call or fold but may not raise: the short all-ins " +
			"did not reopen the betting to him. In fixed limit an all-in of at least half a bet counts " +
			"as a full raise and reopens the betting; less does not.",
	}
	checkOverPotLimit = &Check{
		ID: "raise.over-pot-limit", Severity: Error, RuleKey: "pot-limit",
		Title: "pot-limit bet or raise above the pot",
		Explain: "In pot limit the largest bet is the pot, and the largest raise is to the current bet " +
			"plus the pot after the raiser has called. A bet or raise above that total is illegal even " +
			"when it is all-in.",
	}
	checkCapExceeded = &Check{
		ID: "raise.cap-exceeded", Severity: Error, RuleKey: "number-of-raises",
		Title: "fixed-limit raise beyond the cap",
		Explain: "Fixed-limit betting allows only a set number of bets and raises per street (the house " +
			"cap, usually a bet and three or four raises; it may be lifted when only two players are " +
			"left). Once the cap is reached a player may only call or fold; a further raise is illegal.",
	}
	checkWrongLimitSize = &Check{
		ID: "bet.wrong-limit-size", Severity: Error, RuleKey: "fixed-limit-bets",
		Title: "fixed-limit bet or raise not of the fixed size",
		Explain: "In fixed limit every bet and raise is exactly the street's fixed amount (the small bet " +
			"on the early streets, the big bet on the late ones). A bet or raise of any other size is " +
			"illegal unless the player is all-in for less.",
	}
	checkExceedsStack = &Check{
		ID: "bet.exceeds-stack", Severity: Error, RuleKey: "table-stakes",
		Title: "chips committed beyond the player's stack",
		Explain: "Poker is played table stakes: a player can commit only the chips in front of him at " +
			"the start of the hand. A recorded post, call, bet or raise that puts in more than the " +
			"player has left means the record's stacks or amounts are wrong.",
	}
	checkWrongCall = &Check{
		ID: "bet.wrong-call-amount", Severity: Error, RuleKey: "call-amount",
		Title: "call of more or less than the amount owed",
		Explain: "A call matches the current bet: the caller puts in exactly what he owes, or all he has " +
			"if that is less. A recorded call of another amount means the record's amounts are wrong; " +
			"the replay follows the record, so the difference then shows up later as chips nobody called, " +
			"which is not reported again.",
	}
	checkOutOfTurn = &Check{
		ID: "action.out-of-turn", Severity: Error, RuleKey: "action-in-turn",
		Title: "action by a player who was not next to act",
		Explain: "Action proceeds clockwise from the first player to act on each street. A recorded " +
			"action by any other player than the one whose turn it was is an action out of turn, or an " +
			"action after the betting round had already closed.",
	}
	checkAfterFold = &Check{
		ID: "action.after-fold", Severity: Error, RuleKey: "action-in-turn",
		Title: "action by a player who folded or is all-in",
		Explain: "A player who has folded is out of the hand and one who is all-in has no chips left " +
			"to act with; neither can fold, check, call, bet or raise again. A recorded betting action " +
			"by such a player means the record is wrong.",
	}
	checkBlindAmount = &Check{
		ID: "blind.wrong-amount", Severity: Error, RuleKey: "forced-bets",
		Title: "blind, ante or straddle not matching the stakes",
		Explain: "Each forced bet must be the amount the stakes set: the small and big blind, the " +
			"ante, each straddle, or the whole stack of a player who has less. A post of another amount " +
			"means the record's stakes or the post are wrong.",
	}
	checkBringInPlayer = &Check{
		ID: "bring-in.wrong-player", Severity: Error, RuleKey: "bring-in",
		Title: "stud bring-in made by the wrong player",
		Explain: "In seven-card stud and stud high-low the player with the lowest up card on third " +
			"street must bring in (in razz the highest, aces low), suits breaking a tie of ranks in the " +
			"order clubs, diamonds, hearts, spades from low to high; that player may complete to the " +
			"small bet instead. A bring-in or an opening completion by any other player, or a second " +
			"bring-in once it was made, is reported here rather than as action out of turn.",
	}
	checkBringInAmount = &Check{
		ID: "bring-in.wrong-amount", Severity: Error, RuleKey: "bring-in",
		Title: "stud bring-in not of the amount the stakes set",
		Explain: "The bring-in is the amount the stakes set (less than the small bet), or all the player " +
			"has if that is less. A bring-in of another amount, or an opening bet below the completion " +
			"that stands for one, means the record's stakes or the bring-in are wrong.",
	}
	checkIllegalCompletion = &Check{
		ID: "bring-in.illegal-completion", Severity: Error, RuleKey: "stud-completion",
		Title: "stud bring-in completed to another amount than the small bet",
		Explain: "After the bring-in, the first full bet of third street completes it to the small bet; " +
			"raises come after the completion, by the small bet. Completing to any other amount is " +
			"illegal unless the player is all-in for less. This check takes the place of " +
			"bet.wrong-limit-size for the completion.",
	}
	checkTotalPot = &Check{
		ID: "pot.total-mismatch", Severity: Error, RuleKey: "accounting",
		Title: "recorded total pot differs from the chips committed",
		Explain: "The total pot the record states must equal the chips the players actually put in, " +
			"after any uncalled bet was returned. A different total is an accounting error in the pot.",
	}
	checkSidePots = &Check{
		ID: "pot.side-pot-mismatch", Severity: Error, RuleKey: "side-pots",
		Title: "recorded main or side pot differs from the computed one",
		Explain: "When a player is all-in for less, the chips each player can win are split into a main " +
			"pot and side pots by contribution level. A main or side pot the record states that differs " +
			"from the one built from the players' contributions is an accounting error.",
	}
	checkAward = &Check{
		ID: "pot.award-mismatch", Severity: Error, RuleKey: "cards-speak",
		Title: "pot awarded to a player who did not win it",
		Explain: "Cards speak: each pot goes to the best eligible hand at showdown, or to the last " +
			"player left. The record's collections (or its finishing stacks) must give each player what " +
			"the rules award. Chips that went to the wrong player are reported here; chips missing " +
			"from or added to the pot as a whole are pot.rake-mismatch.",
	}
	checkOddChip = &Check{
		ID: "pot.odd-chip", Severity: Error, RuleKey: "odd-chips",
		Title: "odd chip to the wrong winner, or split not as even as possible",
		Explain: "A split pot is divided as evenly as the smallest chip in play allows: the smallest unit " +
			"the hand put in play (stakes, stacks, bets), or the house's smallest chip. In board and draw games " +
			"the odd chips go to the first winner left of the button, in stud and razz to the winner with the " +
			"high card by suit in his five-card hand, and in a high-low split to the high side. With two or more " +
			"odd chips among three or more winners rooms give them all to that winner or one each in turn, and " +
			"both readings are accepted unless the house requires one (or splits evenly). A split that is right " +
			"except for where the odd chips went, or that breaks the odd chip into units finer than any put in " +
			"play, is reported here; a split paid more unequally than the odd chips allow is pot.award-mismatch.",
	}
	checkUncalled = &Check{
		ID: "pot.uncalled-not-returned", Severity: Error, RuleKey: "uncalled-bet",
		Title: "uncalled bet not returned to its bettor",
		Explain: "The part of a bet that no one called is not in the pot: it goes back to the player " +
			"who bet it before the pot is awarded. A record that leaves it in the pot, gives it to " +
			"someone else or returns the wrong amount is wrong.",
	}
	checkRake = &Check{
		ID: "pot.rake-mismatch", Severity: Error, RuleKey: "rake",
		Title: "rake differs from the pot less what was collected, or breaks the house rule",
		Explain: "Every chip in the pot is either collected by a winner or taken as rake (and stated " +
			"fees). If the pot less the collections differs from the recorded rake, chips are missing or " +
			"were created; when the house rake rule is configured, the rake must also match it.",
	}
	checkImpliedRake = &Check{
		ID: "pot.implied-rake", Severity: Info, RuleKey: "rake",
		Title: "implied rake that is not a plausible rake",
		Explain: "A record that states no rake (PHH has no rake field: its winnings and finishing stacks " +
			"are after rake) implies one: the chips its payouts leave unaccounted. With a house rake rule " +
			"the implied rake is checked against it (pot.rake-mismatch); without one it is counted in the " +
			"run's summary (implied_rake) and noted here only when it is not a plausible rake: more than a " +
			"tenth of the pot, or any rake on a pot won uncontested before the flop.",
	}
	checkShowdownOrder = &Check{
		ID: "showdown.order", Severity: Warning, RuleKey: "showdown-order",
		Title: "first hand tabled out of showdown order",
		Explain: "In a showdown with no one all-in, the last player to bet or raise on the final " +
			"street tables first; if there was no bet on that street, the player who would act first " +
			"does: the first player left of the button, in stud the best hand showing, in razz the " +
			"lowest. A record in which another player's hand is tabled first, while the player " +
			"due to show first also showed, did not follow the order.",
	}
	checkAllInNotTabled = &Check{
		ID: "showdown.allin-not-tabled", Severity: Error, RuleKey: "face-up-all-in",
		Title: "all-in showdown hand mucked without being tabled",
		Explain: "Once a player is all-in and all betting is complete, every hand still in, in the " +
			"main and the side pots, is tabled face up. No player who is all-in or who called all the " +
			"betting may muck without showing.",
	}
	checkDuplicateCard = &Check{
		ID: "cards.duplicate", Severity: Error, RuleKey: "fouled-deck",
		Title: "the same card appears twice in one hand",
		Explain: "A deck holds each card once. A card dealt or shown twice in one hand (to two players, " +
			"to a player and the board, or twice on the board) means a fouled deck or a wrong record.",
	}
	checkCardCount = &Check{
		ID: "cards.wrong-count", Severity: Error, RuleKey: "misdeal",
		Title: "a player or the board has the wrong number of cards",
		Explain: "Each variant deals a fixed number of hole cards (two in hold'em, four to six in " +
			"Omaha) and a board of three, then one, then one card; stud deals three cards on third " +
			"street and one on each later street, seven in all; a draw game deals its hand (five, four " +
			"in badugi) and in each draw as many cards as the player discarded. A player dealt another " +
			"number of cards, a hand or a board with the wrong count at a showdown, is a misdeal or a " +
			"wrong record.",
	}
	checkTooManyCards = &Check{
		ID: "draw.too-many-cards", Severity: Error, RuleKey: "draw",
		Title: "a draw of more cards than the player holds",
		Explain: "In the draw games (2-7 single and triple draw, badugi, five-card draw) a player discards " +
			"some of the cards he holds, or none, and is dealt as many. A discard of more cards than he " +
			"holds cannot happen: the record's deal or draw is wrong. A draw out of turn, or where no " +
			"draw is due, is action.out-of-turn.",
	}
	checkSummaryName = &Check{
		ID: "hand.summary-name-mismatch", Severity: Warning, RuleKey: "hand-records",
		Title: "summary names another player than the seat list",
		Explain: "The summary states each seat's result under the player's name. A summary line that " +
			"names another player than the one the seat list put in that seat contradicts the record " +
			"itself: who sat there, and so who won or lost what, is in doubt. The line's result is " +
			"read as the seat's.",
	}
	checkNotReplayed = &Check{
		ID: "hand.not-replayed", Severity: Info, RuleKey: "",
		Title: "the hand was read but the rules engine could not replay it",
		Explain: "The rules engine replays every game the readers know (hold'em, short deck, Omaha, " +
			"Courchevel, stud, stud high-low, razz, the draw games and badugi) in no-limit, pot-limit and " +
			"fixed limit. A hand of a game it does not know, or one it cannot start (fewer than two " +
			"seats, a fixed-limit hand without a bet size), is read and its cards are checked, but its " +
			"betting, pots and awards are not audited. This finding says so, with the reason, so that a " +
			"report's coverage is stated rather than implied.",
	}
	checkDuplicateID = &Check{
		ID: "hand.duplicate-id", Severity: Warning, RuleKey: "",
		Title: "the same hand ID appears twice in the audited records",
		Explain: "Two records carry the same hand ID from the same site (a re-exported or copied " +
			"hand, or a tampered log). The later occurrence, in input order, is flagged with the " +
			"file and line of the first, so that a reviewer can tell a harmless duplicate export " +
			"from two different hands under one ID. Raised by the pipeline across inputs, within " +
			"one shard; records that name no site are compared within their own input. A copy with " +
			"other contents is session.conflicting-duplicate instead, an error.",
	}
	checkStackGap = &Check{
		ID: "session.stack-discontinuity", Severity: Error, RuleKey: "chips-in-play",
		Title: "a stack that does not carry over from the previous hand at the table",
		Explain: "A player's starting stack is what his previous hand at the table left him (its " +
			"finishing stack as recorded, or the record's own count: his stack, less what he put in, plus " +
			"what he collected). In a tournament any difference is reported. In a cash game a decrease " +
			"is reported (chips vanished or were taken off the table); an increase is a top-up, reported " +
			"only where the house forbids top-ups ([session] top_ups = false) or beyond its maximum " +
			"buy-in. Raised across hands, at the later hand; hands at one table are linked when at least " +
			"two players sit in the same seats in both (a fast-fold pool is no table session).",
	}
	checkButtonMove = &Check{
		ID: "session.button-movement", Severity: Error, RuleKey: "dead-button",
		Title: "the button did not move on to the player due it",
		Explain: "Between two hands of a table with three or more players dealt in, the button moves " +
			"on: by the moving button to the next player dealt in, by the dead button (TDA 32) so that the " +
			"big blind moves on by one player, the button possibly on an empty seat. Either is accepted " +
			"unless the house file sets dead_button (true: the dead button; false: the moving button). A " +
			"button that stayed, went backwards or passed over a player due it is reported, at the later " +
			"hand, naming the seat that was due it. Heads-up placement (TDA 34) is not judged.",
	}
	checkMissedBlind = &Check{
		ID: "session.missed-blind", Severity: Error, RuleKey: "missed-blinds",
		Title: "a player dealt in again without paying the big blind he missed",
		Explain: "A cash-game player sitting out while the big blind passed his seat owes it. When he " +
			"is dealt in again he either posts (the missed blinds, or a big blind out of turn) or waits " +
			"until the big blind reaches him; both are accepted. Dealt in again without either, he is " +
			"reported at that hand.",
	}
	checkMissingHand = &Check{
		ID: "session.missing-hand", Severity: Error, RuleKey: "hand-records",
		Title: "a gap in a table's hand numbers",
		Explain: "Where a room numbers each table's hands one by one (house option [session] " +
			"consecutive_hand_ids; Winamax's TABLE-N-TIME IDs carry such a number), a number skipped " +
			"between two hands of the table is a hand missing from the log. Reported at the hand after " +
			"the gap, with the numbers on either side. Rooms that number hands across all their tables " +
			"(PokerStars) give no such evidence, and the check is off for them.",
	}
	checkConflictingDup = &Check{
		ID: "session.conflicting-duplicate", Severity: Error, RuleKey: "hand-records",
		Title: "one hand ID recorded twice with different contents",
		Explain: "One hand ID recorded twice with different players, stacks, board, actions, start " +
			"time or outcome: two different hands under one ID, or a record altered after export. " +
			"Reported at the later record, naming the first; an identical copy is only " +
			"hand.duplicate-id's warning.",
	}
	checkParseError = &Check{
		ID: "parse.error", Severity: Error, RuleKey: "",
		Title: "the input could not be read",
		Explain: "A hand or file could not be read at all, so none of its actions could be checked. " +
			"The finding gives the file, the line and what is wrong with it.",
	}
)

var catalog = []*Check{
	checkUnderMinimum,
	checkNotReopened,
	checkOverPotLimit,
	checkCapExceeded,
	checkWrongLimitSize,
	checkExceedsStack,
	checkWrongCall,
	checkOutOfTurn,
	checkAfterFold,
	checkBlindAmount,
	checkBringInPlayer,
	checkBringInAmount,
	checkIllegalCompletion,
	checkTotalPot,
	checkSidePots,
	checkAward,
	checkOddChip,
	checkUncalled,
	checkRake,
	checkImpliedRake,
	checkShowdownOrder,
	checkAllInNotTabled,
	checkDuplicateCard,
	checkCardCount,
	checkTooManyCards,
	checkSummaryName,
	checkNotReplayed,
	checkDuplicateID,
	checkStackGap,
	checkButtonMove,
	checkMissedBlind,
	checkMissingHand,
	checkConflictingDup,
	checkParseError,
}

func init() {
	for i, c := range catalog {
		c.index = i
	}
}

// Catalog returns every check in a stable order. The slice is a copy; the
// Checks are shared and must not be modified.
func Catalog() []*Check {
	return append([]*Check(nil), catalog...)
}

// Lookup returns the check with the given ID, or nil.
func Lookup(id string) *Check {
	for _, c := range catalog {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// ruleKey is the citation key for this check in a game of structure s.
func (c *Check) ruleKey(s hand.Structure) string {
	if c.LimitRuleKey != "" && s == hand.FixedLimit {
		return c.LimitRuleKey
	}
	return c.RuleKey
}

// Rule returns the citation of the check's rule under rs, for a game of
// structure s, e.g. "TDA 2024 Rule 43 (Raise Amounts)". It is "" for
// parse.error, which breaks no poker rule.
func (c *Check) Rule(rs *replay.Ruleset, s hand.Structure) string {
	key := c.ruleKey(s)
	if key == "" {
		return ""
	}
	return citation(rs, key)
}

// WriteCatalog prints the catalog as text for `audit checks`: each check's
// ID, severity, rule under rs, title and explanation, wrapped to 80 columns.
func WriteCatalog(w io.Writer, rs *replay.Ruleset) error {
	bw := bufio.NewWriter(w)
	for i, c := range catalog {
		if i > 0 {
			bw.WriteByte('\n')
		}
		bw.WriteString(c.ID)
		bw.WriteString("  [")
		bw.WriteString(c.Severity.String())
		bw.WriteString("]\n")
		bw.WriteString("    ")
		bw.WriteString(c.Title)
		bw.WriteByte('\n')
		if rule := c.Rule(rs, hand.NoLimit); rule != "" {
			bw.WriteString("    Rule: ")
			bw.WriteString(rule)
			bw.WriteByte('\n')
			if c.LimitRuleKey != "" {
				bw.WriteString("    Rule in fixed limit: ")
				bw.WriteString(c.Rule(rs, hand.FixedLimit))
				bw.WriteByte('\n')
			}
		}
		for _, line := range wrap(c.Explain, 76) {
			bw.WriteString("    ")
			bw.WriteString(line)
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// wrap breaks text into lines of at most width bytes at spaces.
func wrap(text string, width int) []string {
	var lines []string
	var b strings.Builder
	for _, word := range strings.Fields(text) {
		if b.Len() > 0 && b.Len()+1+len(word) > width {
			lines = append(lines, b.String())
			b.Reset()
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(word)
	}
	if b.Len() > 0 {
		lines = append(lines, b.String())
	}
	return lines
}
