package replay

import "strings"

// Citation is one rule as a finding or a report quotes it: the version and
// number of the ruleset in force, the title, and the rule text in English
// and Chinese.
type Citation struct {
	Key     string // stable key, e.g. "reopening"
	Version string // "TDA 2024", "TDA 2019", or "Poker convention" / "House rules" for rules outside the TDA
	Number  string // "47-A", "RP-11"; "" for conventions
	Title   string // "Reopening the Bet"
	TextEN  string
	TextZH  string
	// ENSummary / ZHSummary: the text is a short summary written for this
	// project (the seeds lack a text in that language), not a quotation.
	ENSummary bool
	ZHSummary bool
	Source    string // where the texts were taken from (seed files under /work/shared/seeds)
}

// String gives the citation as findings print it:
// "TDA 2024 Rule 47-A (Reopening the Bet)", "TDA 2024 RP-11 (Big Blind Ante)",
// "Poker convention (Uncalled Bets)".
func (c Citation) String() string {
	switch {
	case c.Number == "":
		return c.Version + " (" + c.Title + ")"
	case strings.HasPrefix(c.Number, "RP"):
		return c.Version + " " + c.Number + " (" + c.Title + ")"
	}
	return c.Version + " Rule " + c.Number + " (" + c.Title + ")"
}

// Text returns the rule text in lang ("zh" for Chinese, anything else English).
func (c Citation) Text(lang string) string {
	if lang == "zh" {
		return c.TextZH
	}
	return c.TextEN
}

// Cite returns the citation for key under rs's version (nil rs: the default
// preset). Rule numbers moved between TDA versions; the key stays the same.
// An unknown key gives a Citation whose Title says so, never a panic.
//
// Under a room's preset the version says so ("TDA 2024 (pokerstars
// preset)"): the rule is the TDA's, as the room's conventions apply it.
func Cite(rs *Ruleset, key string) Citation {
	version, shown := "TDA 2024", "TDA 2024"
	if rs != nil && rs.Version != "" {
		version, shown = rs.Version, rs.CiteVersion()
	}
	e, ok := citationIndex[key]
	if !ok {
		return Citation{Key: key, Version: version, Title: "unknown rule key " + key}
	}
	c := Citation{Key: key, TextEN: e.en, TextZH: e.zh, ENSummary: e.enSummary, ZHSummary: e.zhSummary, Source: e.source}
	switch {
	case e.convention != "":
		c.Version, c.Title = e.convention, e.title2024
	case version == "TDA 2019":
		c.Version, c.Number, c.Title = shown, e.n2019, e.title2019
	default:
		c.Version, c.Number, c.Title = shown, e.n2024, e.title2024
	}
	if c.Title == "" {
		c.Title = e.title2024
	}
	return c
}

// CitationKeys lists every citation key in table order.
func CitationKeys() []string {
	keys := make([]string, len(citationTable))
	for i := range citationTable {
		keys[i] = citationTable[i].key
	}
	return keys
}

// citationEntry is one row of the citation table. A TDA rule has a number
// and title per version; a convention (a principle of the game that the
// TDA rules take for granted) has none.
type citationEntry struct {
	key                  string
	n2024, title2024     string
	n2019, title2019     string
	convention           string
	en, zh               string
	enSummary, zhSummary bool
	source               string
}

// Seeds (see /work/shared/seeds/README.md):
//
//	000 TDA rules, Chinese translation, 2013-era numbering, with the illustration addendum
//	001 TDA rules, Chinese translation, 2015 numbering
//	002 Chinese Wikipedia, Texas hold'em
//	003 TDA 2019, bilingual, rules 23-39
//	004 TDA 2019, bilingual, rules 1-22
//
// English texts are quoted from the TDA 2019 seeds (003, 004) where they have
// the rule; the README notes that 2024 keeps the substance, so the same text
// stands for both versions. The seeds have no English for the betting rules
// (40 and up), so those are summaries, marked as such. Chinese texts are
// quoted from the 2019 seeds' own Chinese where present, otherwise from the
// 2015 translation (001) or Wikipedia (002).
//
// Numbers: TDA 2024 numbers are those in the seeds README. TDA 2019 numbers
// for rules 1-39 are in seeds 003/004. For the betting rules the 2019 numbers
// are derived from the seeds' cross-references: 2019 Rule 36 cites "43-B"
// for action out of turn (Rule 40 in 2015, seed 001) and 2019 Rule 3 cites
// "45" for methods of raising (Rule 42 in 2015), so the 2015 betting rules
// moved up by three: raise amounts 46, reopening 47, number of raises 51,
// pot-limit 53, action in turn 41.
var citationTable = [...]citationEntry{
	{
		key:   "action-in-turn",
		n2024: "53", title2024: "Acting in Turn",
		n2019: "41", title2019: "Action in Turn",
		en: "Players must act in turn, by verbal declaration and/or by pushing out chips. " +
			"Action in turn is binding and chips put in the pot in turn stay in.",
		enSummary: true,
		zh:        "A:玩家应当通过口头声明和/或推出筹码的方式依次序行动。依次序的行动是有约束力的,该行动投入底池的筹码留在底池中。",
		source:    "zh: seed 001 Rule 38-A",
	},
	{
		key:   "raise-amounts",
		n2024: "43", title2024: "Raise Amounts",
		n2019: "46", title2019: "Raise Amounts",
		en: "A raise must be at least the size of the largest previous bet or raise of the current betting round. " +
			"A raise of 50% or more of that size but less than a full raise must be made a full raise; " +
			"less than 50% is a call unless a raise was declared first. The opening bet must be at least the big blind.",
		enSummary: true,
		zh:        "A:加注差额应当至少等同于当前下注轮中之前最大的下注或加注差额。如果玩家的加注差额达到上述数额的 50%但不足最小加注数额,应当被裁定为最小加注。如果玩家的加注差额小于上述数额的 50%,应当被裁定为跟注,但玩家先口头声明“raise”的情况除外。",
		source:    "zh: seed 001 Rule 43-A; worked examples: seed 000 addendum, Rule 42",
	},
	{
		key:   "reopening",
		n2024: "47-A", title2024: "Reopening the Bet",
		n2019: "47", title2019: "Reopening the Bet",
		en: "In no-limit and pot-limit, an all-in wager of less than a full raise does not reopen the betting " +
			"to a player who has already acted and is not facing at least a full raise when the action returns to them; " +
			"several short all-ins that together make a full raise do reopen it. The minimum raise stays the last full bet or raise of the round.",
		enSummary: true,
		zh:        "在无限注和底池限注游戏中,未达到加注数额的全下行为并未对之前已经行动的玩家重新打开下注轮,当行动再次轮到上述已行动玩家但下注数额未达到加注数额时,其不能加注。",
		source:    "zh: seed 001 Rule 44; worked examples: seed 000 addendum, Rule 43 examples 1, 1-A, 1-B, 2-A, 2-B",
	},
	{
		key:   "reopening-limit",
		n2024: "47-B", title2024: "Reopening the Bet",
		n2019: "47", title2019: "Reopening the Bet",
		en:        "In limit, at least 50% of a full bet or raise is required to reopen the betting for players who have already acted.",
		enSummary: true,
		zh:        "在有限注游戏中,如果全下数额至少达到加注数额的 50%,则该下注轮重新打开。",
		source:    "zh: seed 001 Rule 44",
	},
	{
		key:   "number-of-raises",
		n2024: "48", title2024: "Number of Allowable Raises",
		n2019: "51", title2019: "Number of Allowable Raises",
		en: "There is no cap on raises in no-limit and pot-limit. In limit, raises are capped even when heads-up in a hand, " +
			"until the event is down to two players; the house sets the cap.",
		enSummary: true,
		zh:        "在无限注和底池限注游戏中,加注次数无上限。在有限注游戏中,在赛事进行至剩余 2  人之前,加注次数有限制,扑克场馆可制定适当规则。",
		source:    "zh: seed 001 Rule 48; cap of a bet and three raises: seed 002 (limit Texas hold'em)",
	},
	{
		key:   "pot-limit",
		n2024: "54", title2024: "Pot Size and Pot-Limit Bets",
		n2019: "53", title2019: "Pot Size and Pot-Limit Bets",
		en: "In pot-limit the largest bet is the pot; a raise may be the amount to call plus the pot after that call. " +
			"Pre-flop, a short all-in blind does not change the pot-limit calculation (54-B); after the flop, bets are based on the actual pot.",
		enSummary: true,
		zh:        "B:在翻牌前不足大盲数额的全下不影响底池限注下注数额的计算。在翻牌后,下注数额限制按照实际底池计算。",
		source:    "zh: seed 001 Rule 50-B; worked example: seed 002 (pot limit: pot 1000, bet 100, raise to 1300, next maximum 5000)",
	},
	{
		key:   "cards-speak",
		n2024: "12", title2024: "Declarations. Cards Speak at Showdown",
		n2019: "12", title2019: "Declarations. Cards Speak at Showdown",
		en:     "Cards speak to determine the winner. Verbal declarations of hand value are not binding at showdown but deliberately miscalling a hand may be penalized. Any player in the hand or not, should speak up if he or she thinks a mistake is being made in reading hands or awarding the pot.",
		zh:     "摊牌时应当通过亮出手牌赢得底池。口头声明自己的牌力无约束力,故意错误声明自己的牌力会导致处罚。无论玩家是否仍在一局牌中,其都应当在认为牌力比较和奖池分配有误时口头提出。",
		source: "en: seed 004 Rule 12; zh: seed 001 Rule 12",
	},
	{
		key:   "tabling",
		n2024: "13-B", title2024: "Tabling Cards & Killing Winning Hand",
		n2019: "13-B", title2019: "Tabling Cards & Killing Winning Hand",
		en:     "B: At showdown a player must protect his hand while waiting for it to be read (See also Rule 66). If a player does not fully table his cards, then mucks thinking he has won, he does so at his risk. If the cards are not 100% retrievable and identifiable and the TD rules the hand was not clearly read, the player has no claim to the pot. The TDs decision on whether a hand was sufficiently tabled is final.",
		zh:     "B: 在摊牌比牌时运动员应当保护好自己的底牌等待发牌员判断输赢(参考规则66)。如果一位运动员认为自己获胜时,没有完全摊开底牌并将底牌扔进弃牌堆,后果自负。如果底牌不能够被完全识别并找回,该运动员无法赢得底池获得任何补偿。底牌是否被完全摊开赛事总监有最终解释权。",
		source: "en, zh: seed 004 Rule 13-B",
	},
	{
		key:   "face-up-all-in",
		n2024: "16", title2024: "Face Up for All-Ins",
		n2019: "16", title2019: "Face Up for All-Ins",
		en:     "All hands will be tabled without delay once a player is all-in and all betting action by all other players in the hand is complete. No player who is either all-in or has called all betting action may muck his or her hand without tabling. All hands in both the main and side pot(s) must be tabled and are live. See Illustration Addendum.",
		zh:     "在有玩家全下,且仍在该局牌中的其他玩家的下注行为结束时,所有手牌应当被亮出。选择全下或者跟注他人全下的玩家不得牌面向下弃牌。争夺主池和边池的所有手牌都应当亮出,且都是活牌。参考附加示例。",
		source: "en: seed 004 Rule 16; zh: seed 001 Rule 15",
	},
	{
		key:   "showdown-order",
		n2024: "17-A", title2024: "Non All-In Showdowns & Showdown Order",
		n2019: "17-A", title2019: "Non All-In Showdowns & Showdown Order",
		en:     "A: In a non all-in showdown, if cards are not spontaneously tabled or discarded, the TD may enforce an order of show. The last aggressive player on the final betting round (final street) must table first. If there was no final round bet, the player who would act first in a final betting round must table first (i.e. first seat left of the button in flop games, high hand showing in stud, low hand in razz, etc.).",
		zh:     "A:非全下时摊牌时,如果各玩家没有同时亮出/弃掉手牌,赛事总监可以要求按顺序亮牌。在最后一个下注轮作出最后一个攻击性行为的玩家应当先亮牌。如果在最后一个下注轮没有玩家下注,在该下注轮第一个行动的玩家应当先亮牌(例如,在翻牌游戏中按钮位左侧的第一名玩家,在梭哈游戏中明牌最大的玩家,在 Razz  游戏中明牌最小的玩家,等等)。",
		source: "en: seed 004 Rule 17-A; zh: seed 001 Rule 16-A",
	},
	{
		key:   "uncontested-showdown",
		n2024: "17-B", title2024: "Non All-In Showdowns & Showdown Order",
		n2019: "17-B", title2019: "Non All-In Showdowns & Showdown Order",
		en:     "B: A non all-in showdown is uncontested if all but one player mucks face down without tabling. The last player with live cards wins and he is not required to show his cards.",
		zh:     "B: 在非全下摊牌时,如果除了一位运动员以外其他运动员都没有亮牌而埋牌,则最后持有底牌的运动员无可争议的获胜并其没有义务摊开底牌。",
		source: "en, zh: seed 004 Rule 17-B",
	},
	{
		key:   "odd-chips",
		n2024: "20", title2024: "Awarding Odd Chips",
		n2019: "20", title2019: "Awarding Odd Chips",
		en:     "First, odd chips will be broken into the smallest denomination in play. A) Board games with 2 or more high or low hands: the odd chip goes to the first seat left of the button. B) Stud, razz, and if 2 or more high or low hands in stud/8: the odd chip goes to the high card by suit in the player’s 5-card winning hand. C) H/L split: the odd chip in the total pot goes to the high side. D) If identical hands win both high and low (ex: 2 Omaha/8 wheels) the pot is split as evenly as possible. See Illustration Addendum.",
		zh:     "首先,奇数筹码应当被拆分至赛事仍在使用的最小筹码。A)  公共牌游戏中,当有 2  个或多个手牌赢得高池或底池时,奇数筹码应当分配给按钮位左侧第一名玩家。B)  在梭哈、razz  游戏中,当有2 个或多个手牌赢得高池或底池时,  奇数筹码应当分配给高牌中最大牌的花色大的玩家。C)  在高低游戏中,奇数筹码应当分配给高牌底池。D)  如果赢得高池和底池的手牌相同(例如高低奥马哈中的A-5 顺子),底池应当尽可能平均分配。参考附加示例。",
		source: "en: seed 004 Rule 20; zh: seed 001 Rule 19; worked example: seed 002 ($1000 split three ways with $10 chips)",
	},
	{
		key:   "side-pots",
		n2024: "21", title2024: "Side Pots",
		n2019: "21", title2019: "Side Pots",
		en:     "Each side pot will be split separately.",
		zh:     "每个边池都应单独分配。",
		source: "en: seed 004 Rule 21; zh: seed 001 Rule 20; worked example: seed 002 (pots of a $2,750 hand)",
	},
	{
		key:   "accounting",
		n2024: "22", title2024: "Disputed Hands and Pots",
		n2019: "22", title2019: "Disputed Hands and Pots",
		en:     "The reading of a tabled hand may be disputed until the next hand begins (see Rule 23). Accounting errors on awarding of the pot may be disputed until substantial action occurs on the next hand. If a hand finishes during a break, the right to any dispute ends 1 minute after the pot is awarded.",
		zh:     "在新的一局牌开始时,玩家丧失对上一局牌底池提出争议的权利(参考规则 22)。如果一局牌结束后进入休息时段,则在该局牌结束 1  分钟后,玩家丧失上述权利。",
		source: "en: seed 004 Rule 22; zh: seed 001 Rule 21",
	},
	{
		key:   "dead-button",
		n2024: "32", title2024: "Dead Button",
		n2019: "32", title2019: "Dead Button",
		en:     "Tournament play will use a dead button.",
		zh:     "赛事使用空按钮位规则。",
		source: "en: seed 003 Rule 32; zh: seed 001 Rule 31",
	},
	{
		key:   "heads-up",
		n2024: "34", title2024: "Button in Heads-up",
		n2019: "34", title2019: "Button in Heads-up",
		en:     "When heads-up, the small blind has the button, is dealt the last card, and acts first pre-flop and last on all other streets. When starting heads-up play, the button may need to be adjusted to ensure no player has the BB twice in a row.",
		zh:     "在单挑时,按钮置于小盲位。小盲位后发牌,在翻牌前先行动,在翻牌后后行动。在单挑开始时,应当调整按钮位置,以确保没有玩家连续两局牌位于大盲位。",
		source: "en: seed 003 Rule 34; zh: seed 001 Rule 33",
	},
	{
		key:   "fouled-deck",
		n2024: "35-E", title2024: "Misdeals and Fouled Decks",
		n2019: "35-E", title2019: "Misdeals and Fouled Decks",
		en:        "E: Fouled decks will be as defined by local gaming regulations and house policy. If a fouled deck is discovered, regardless of SA, play will stop and all bets will be returned. Once a hand concludes, the right to dispute based on a fouled deck ends according to Rule 22.",
		zh:        "E:错误的牌副(例如重复的牌)依当地博彩法规和场馆规定认定。一旦发现错误的牌副,无论是否已有实质性行动,牌局停止,所有下注退还。",
		zhSummary: true,
		source:    "en: seed 003 Rule 35-E; zh: summary (the seeds' Chinese omits 35-E)",
	},
	{
		key:   "misdeal",
		n2024: "35-A", title2024: "Misdeals and Fouled Decks",
		n2019: "35-A", title2019: "Misdeals and Fouled Decks",
		en:        "A: Misdeals include but are not necessarily limited to: 1) 2 or more boxed cards on the initial deal; 2) first card dealt to the wrong seat; 3) cards dealt to a seat not entitled to a hand; 4) a seat entitled to a hand is dealt out; [eliminated: 5) In stud, if any player’s first 2 downcards are exposed by dealer error]; 5) In flop games, if 1 of the first 2 cards dealt off the deck or any other 2 downcards are exposed by dealer error. House standards apply for draw games (ex: lowball).",
		zh:        "A:错发牌包括(但不限于):首轮发牌出现 2 张或以上翻开的牌;第一张牌发错座位;向无权获得手牌的座位发牌;有权获得手牌的座位未被发牌;翻牌类游戏中,因荷官失误暴露了最初发出的 2 张牌之一或任何其他 2 张底牌。",
		zhSummary: true,
		source:    "en: seed 003 Rule 35-A; zh: summary (the seeds' Chinese omits the list)",
	},
	{
		key:   "big-blind-ante",
		n2024: "RP-11", title2024: "Big Blind Ante",
		n2019: "RP", title2019: "Big Blind Ante",
		en:        "With a big blind ante, a big blind who cannot cover both the blind and the ante pays the big blind first (TDA 2024 RP-11); the 2019 procedure took the ante first.",
		enSummary: true,
		zh:        "大盲前注制中,大盲筹码不足以同时支付大盲和前注时,先支付大盲(TDA 2024 RP-11);2019 年的程序为先支付前注。",
		zhSummary: true,
		source:    "summary; order per the issue (2024 RP-11: big blind first)",
	},
	{
		key:        "forced-bets",
		convention: "Poker convention", title2024: "Blinds and Antes",
		en:        "The player left of the button posts the small blind and the next player the big blind, which equals the minimum bet; antes are dead money. Pre-flop action starts left of the big blind (of the last straddle), later streets left of the button.",
		enSummary: true,
		zh:        "位于发牌人顺时针方向次一位置的牌手须下小盲注(small blind),金额等于大盲注(big blind)的一半。小盲注牌手的下一家的牌手须下大盲注,金额等于最低下注额。",
		source:    "zh: seed 002 (blinds)",
	},
	{
		key:        "fixed-limit-bets",
		convention: "Poker convention", title2024: "Fixed-Limit Bet Sizes",
		en:        "In fixed limit, every bet and raise is exactly one small bet on the first two betting rounds and one big bet on the later ones; only a player going all-in for less may bet or raise a smaller amount.",
		enSummary: true,
		zh:        "首两轮(即“翻牌前”和“翻牌”)的下注(bet)和加注(raise)须和大盲注相同,称为“小注”,在此例中为$1。其后两轮(即“转牌”和“河牌”)的下注和加注须等于大盲注的两倍,称为“大注”,在此例中为$2。限注德州扑克每位牌手每一轮最多只能下注四次:下注、加注、再加注、最后加注。",
		source:    "zh: seed 002 (limit Texas hold'em)",
	},
	{
		key:        "bring-in",
		convention: "Poker convention", title2024: "Stud: the Bring-In",
		en: "In seven-card stud and stud high-low the player with the lowest up card on third street brings in " +
			"(in razz the highest, aces low); a tie of ranks is broken by suit, from low to high clubs, diamonds, hearts, spades. " +
			"The bring-in is the amount the stakes set, or the player's whole stack if less, and that player may complete " +
			"to the small bet instead. The later streets are opened by the best hand showing (in razz the lowest), " +
			"the first from the dealer's left of equal hands.",
		enSummary: true,
		zh:        "在七张梭哈及梭哈高低中,第三街明牌最小的玩家须下强制注(bring-in)(Razz 中为明牌最大者,A 为最小);点数相同时按花色由小到大:梅花、方块、红桃、黑桃。强制注为牌局规定的数额(筹码不足则全部筹码),该玩家也可直接补足至小注。之后各街由明牌最大的牌型先行动(Razz 中为最小)。",
		zhSummary: true,
		source:    "summary (the game's standard rule, as the WSOP rules and PokerKit's state.py apply it; the TDA rules name the bring-in in Rule 30 without defining it)",
	},
	{
		key:        "stud-completion",
		convention: "Poker convention", title2024: "Stud: Completing the Bring-In",
		en: "After the bring-in a player may call it or complete the bet to the small bet; the completion is the first " +
			"full bet of third street and raises follow it by the small bet. A completion to any other amount is " +
			"illegal unless the player is all-in for less. In seven-card stud high an open pair on fourth street allows " +
			"a bet or raise of the big bet there.",
		enSummary: true,
		zh:        "强制注之后,玩家可跟注或补足至小注;补足是第三街的第一个完整下注,其后的加注以小注为单位。补足至其他数额即为违规,除非玩家全下不足该数额。七张梭哈(高)第四街出现明对时,该街可下注或加注大注。",
		zhSummary: true,
		source:    "summary (the game's standard rule)",
	},
	{
		key:        "draw",
		convention: "Poker convention", title2024: "Draw Games: Drawing",
		en: "In the draw games each player still in the hand draws once in each draw, in turn from the first seat left " +
			"of the button: he discards some of the cards he holds, or none (stands pat), and is dealt as many. " +
			"No player can discard more cards than he holds. When the stub runs out the discards are shuffled " +
			"to complete the draw.",
		enSummary: true,
		zh:        "在换牌类游戏中,每次换牌时仍在牌局中的玩家从按钮左侧第一位起依次换牌一次:弃掉所持手牌中的若干张或不换(stand pat),并补发同样张数。玩家弃牌张数不得多于所持张数。牌叠不足时,将弃牌洗匀后继续补发。",
		zhSummary: true,
		source:    "summary (the game's standard rule; TDA 35-A leaves draw games to house standards)",
	},
	{
		key:        "call-amount",
		convention: "Poker convention", title2024: "Calling",
		en:        "A call matches the current bet: the caller adds exactly the difference between the bet and what they have already put in on this betting round, or all their chips if they have less.",
		enSummary: true,
		zh:        "跟注即补齐当前下注额:跟注者投入当前下注额与其本轮已投入筹码之差;若筹码不足,则投入全部筹码(全下)。",
		zhSummary: true,
		source:    "summary",
	},
	{
		key:        "table-stakes",
		convention: "Poker convention", title2024: "Table Stakes",
		en:        "A player can only bet the chips in front of them at the start of the hand; an all-in player can win from each other player at most as much as they put in themselves.",
		enSummary: true,
		zh:        "已全押之牌手无法赢取全押后形成之彩池,亦及最多只能自其他每个跟牌之牌手处取得相当于本身全押之总筹码数,全押后之下注可视为只在之后参与的牌手之间的独立输赢分配。",
		source:    "zh: seed 002 (pot distribution)",
	},
	{
		key:        "uncalled-bet",
		convention: "Poker convention", title2024: "Uncalled Bets",
		en:        "The part of a bet or raise that no other player called is returned to the bettor before the pots are awarded.",
		enSummary: true,
		zh:        "无人跟注的边池(仅有一位牌手下注,剩下其他牌手都盖牌)将会直接赢得该边池,形同退还下注于该边池之筹码。",
		source:    "zh: seed 002 (pot distribution)",
	},
	{
		key:        "straddle",
		convention: "House rules", title2024: "Straddles",
		en:        "A straddle is a voluntary blind after the big blind; where the house allows it, it is a live bet and, by house option, counts as a full raise for the minimum raise.",
		enSummary: true,
		zh:        "抓头(straddle)是大盲之后的自愿盲注;场馆允许时它是活注,并可按场馆规定视为一次完整加注以计算最小加注额。",
		zhSummary: true,
		source:    "summary (house option)",
	},
	{
		key:        "rake",
		convention: "House rules", title2024: "Rake",
		en:        "The house takes its rake (a percentage of the pot up to a cap, none when no flop is dealt if the house so rules) out of the pot before it is awarded.",
		enSummary: true,
		zh:        "场馆在分配底池前从底池中抽取佣金(按底池比例并设上限;若场馆规定“无翻牌不抽佣”,未发翻牌则不抽)。",
		zhSummary: true,
		source:    "summary (house option)",
	},
	{
		key:        "chips-in-play",
		convention: "Poker convention", title2024: "Chips in Play Between Hands",
		en:        "A player's chips stay at the table from hand to hand: each hand starts with what the last one left him. In a tournament nothing is added but recorded rebuys and add-ons; in a cash game chips may be added between hands where the house allows it (up to its maximum buy-in), never taken off while the player stays.",
		enSummary: true,
		zh:        "玩家的筹码在各手牌之间留在桌上:每手牌开始时的筹码即上一手牌结束时的筹码。锦标赛中除有记录的重买和加码外不得增加;现金桌在场馆允许时可于两手牌之间补充筹码(不超过最高买入),但留在桌上时不得取走筹码。",
		zhSummary: true,
		source:    "summary",
	},
	{
		key:        "missed-blinds",
		convention: "House rules", title2024: "Missed Blinds",
		en:        "A player who is away when the big blind passes his seat has missed it: when he returns he posts the blinds he missed or waits for the big blind to reach him, as the house rules; he is not dealt in for nothing.",
		enSummary: true,
		zh:        "大盲注轮到其座位时离座的玩家即错过盲注:回来时须按场馆规定补交所错过的盲注,或等待大盲注轮到自己;不得不付盲注即入局。",
		zhSummary: true,
		source:    "summary (house option)",
	},
	{
		key:        "hand-records",
		convention: "Record integrity", title2024: "Complete Hand Records",
		en:        "A room's hand records are complete and unambiguous: every hand dealt at a table is recorded, once, under its own ID.",
		enSummary: true,
		zh:        "场馆的手牌记录应完整且无歧义:桌上发出的每一手牌都应以其唯一编号记录一次。",
		zhSummary: true,
		source:    "summary",
	},
	{
		key:        "run-it-twice",
		convention: "House rules", title2024: "Running It Twice",
		en:        "Where the house allows it, the remaining board is dealt twice once all players are all-in and each pot is split between the boards.",
		enSummary: true,
		zh:        "场馆允许时,所有玩家全下后剩余公共牌发两次,每个底池按两副公共牌平分。",
		zhSummary: true,
		source:    "summary (house option)",
	},
}

var citationIndex = func() map[string]*citationEntry {
	m := make(map[string]*citationEntry, len(citationTable))
	for i := range citationTable {
		m[citationTable[i].key] = &citationTable[i]
	}
	return m
}()

// WordingNote says whose words the citation's text in lang is, when they
// are not the cited rule's own: a summary written for this project
// ("summary, not the official wording of TDA 2024 Rule 47-A"), or the
// wording of another version or source than the one cited ("wording of
// TDA 2019 Rule 12"), so that a 2024 rule number is never shown with 2019
// wording unmarked. "" when the text is the cited rule's own wording, or
// when there is no text in lang. The note is in lang ("zh" or English).
func (c Citation) WordingNote(lang string) string {
	zh := lang == "zh"
	summary, text := c.ENSummary, c.TextEN
	if zh {
		summary, text = c.ZHSummary, c.TextZH
	}
	if text == "" {
		return ""
	}
	if summary {
		if zh {
			return "摘要,非 " + c.String() + " 的官方原文"
		}
		return "summary, not the official wording of " + c.String()
	}
	from := c.wordingSource(lang)
	if from == "" || strings.HasPrefix(from, c.Version+" ") {
		return ""
	}
	if zh {
		return "原文出自 " + from
	}
	return "wording of " + from
}

// wordingSource names where the text in lang was taken from, read from
// Source ("en: seed 004 Rule 12; zh: seed 001 Rule 12"): "TDA 2019 Rule
// 12", "TDA 2015 Rule 12 (Chinese translation)", "Chinese Wikipedia".
func (c Citation) wordingSource(lang string) string {
	if lang != "zh" {
		lang = "en"
	}
	for _, part := range strings.Split(c.Source, "; ") {
		langs, where, ok := strings.Cut(part, ": ")
		if !ok || !strings.Contains(langs, lang) {
			continue
		}
		seed, rule, _ := strings.Cut(strings.TrimPrefix(where, "seed "), " ")
		rule = strings.TrimPrefix(rule, "Rule ")
		switch seed {
		case "003", "004":
			return "TDA 2019 Rule " + rule
		case "001":
			return "TDA 2015 Rule " + rule + " (Chinese translation)"
		case "000":
			return "TDA 2013 Rule " + rule + " (Chinese translation)"
		case "002":
			return "Chinese Wikipedia " + rule
		}
		return ""
	}
	return ""
}
