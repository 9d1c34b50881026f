package explain

import (
	"regexp"
	"strings"
)

// labels are the fixed texts of `audit explain` in English and
// Simplified Chinese. Data (names, the engine's reasons, finding messages)
// is not translated; rule texts come from the citation table (TextZH).
var labels = map[string]map[string]string{
	"en": {
		"hand": "Hand", "no_id": "(no ID)", "table": "Table", "tournament": "Tournament",
		"started": "Started", "game": "Game", "stakes": "Stakes", "rules": "Rules",
		"preset": "preset", "house_digest_short": "options", "smallest_chip": "Chip unit",
		"button": "Button", "button_inferred": "inferred from the blinds",
		"note": "Note", "list_sep": ", ",

		"structure_no-limit": "no-limit", "structure_pot-limit": "pot-limit",
		"structure_fixed-limit": "fixed-limit", "structure_unknown": "unknown-structure",
		"variant_holdem": "hold'em", "variant_short-deck": "short-deck hold'em", "variant_omaha": "Omaha",
		"variant_omaha-hi-lo": "Omaha hi-lo", "variant_stud": "seven-card stud", "variant_stud-hi-lo": "stud hi-lo",
		"variant_razz": "razz", "variant_2-7-single-draw": "2-7 single draw", "variant_2-7-triple-draw": "2-7 triple draw",
		"variant_badugi": "badugi", "variant_unknown": "unknown game",
		"variant_5-card-draw": "five-card draw", "variant_courchevel": "Courchevel", "variant_courchevel-hi-lo": "Courchevel hi-lo",

		"blinds": "blinds", "ante": "ante", "big_blind_ante": "big blind ante", "straddle": "straddle",
		"limits": "limits", "bring_in": "bring-in", "min_bet": "min bet", "cap": "cap",

		"seats": "Seats", "seat": "seat", "player": "Player", "position": "Position", "stack": "stack",
		"sitting_out": "sitting out", "no_one": "no one",

		"actions":      "Actions",
		"actions_help": "each action with the stack and pot after it; before each betting action, the legal window as the rules stood",
		"line":         "line", "hidden": "[hidden]", "dealt": "dealt", "pot": "pot",
		"street_preflop": "Pre-flop", "street_flop": "Flop", "street_turn": "Turn", "street_river": "River",
		"street_showdown":     "Showdown",
		"street_third-street": "Third street", "street_fourth-street": "Fourth street", "street_fifth-street": "Fifth street",
		"street_sixth-street": "Sixth street", "street_seventh-street": "Seventh street",
		"street_predraw": "Before the draw", "street_first-draw": "After the first draw",
		"street_second-draw": "After the second draw", "street_third-draw": "After the third draw",
		"up_cards_help": "↑ marks a card dealt face up", "stands_pat": "stands pat",
		"posts_button-blind": "posts the button blind",
		"forced_bet_due":     "the stakes call for", "engine_note": "replay", "all_in": "(all-in)",
		"posts_small-blind": "posts the small blind", "posts_big-blind": "posts the big blind",
		"posts_ante": "posts the ante", "posts_straddle": "posts a straddle", "posts_dead": "posts a dead blind",
		"posts_small-and-big-blind": "posts small and big blinds", "posts_unknown": "posts",
		"dealer": "dealer", "run": "run", "folds": "folds", "checks": "checks", "calls": "calls",
		"brings_in": "brings in", "bets": "bets", "raises_to": "raises to", "shows": "shows", "mucks": "mucks",
		"record": "record", "returned_to": "returned to", "collects": "collects", "from": "from",
		"discards": "discards",

		"window": "window", "to_call": "to call", "min_raise_to": "min raise to", "max_raise_to": "max raise to",
		"max_bet": "max bet", "the_pot_limit": "the pot limit", "all_in_pot_limit": "all-in; the pot limit is",
		"all_in_word": "all-in", "full_raise": "full raise", "no_raise": "no raise allowed",
		"no_raise_cap": "no raise allowed: the cap is reached", "no_raise_stack": "no raise possible: not enough chips",
		"bet_size": "bet size", "raises_so_far": "bets and raises", "no_one_to_act": "the betting round was already closed",
		"out_of_turn": "out of turn: next to act was",

		"error": "error", "warning": "warning", "info": "info", "expected": "expected", "recorded": "recorded",
		"rule": "Rule",

		"pots": "Pots", "main_pot": "Main pot", "side_pot": "Side pot", "eligible": "eligible",
		"rake_from_it": "rake from it", "total_pot": "Total pot", "rake": "Rake",
		"side_pots_rule": "Each pot is contested and split separately by the players eligible for it",
		"layers":         "Layers by contribution level (how a dealer counts them; layers with the same players are paid as one pot)",

		"showdown": "Showdown", "board": "Board", "first_to_table": "First to table",
		"record_order": "Tabled in the record, in order", "cards": "Cards", "best_five": "Best five", "hand_rank": "Hand",

		"awards": "Awards", "high_half": "high half", "low_half": "low half",
		"from_record": "as recorded: the cards cannot decide it",
		"undecided":   "not awarded: no contender's hand is known and the record's collects do not settle it",

		"record_vs_rules": "Record vs rules", "rules_word": "rules", "after_rake": "after rake",
		"house_rule": "house rake rule", "no_outcome": "The record states no outcome (no collects, winnings or finishing stacks) to compare.",
		"outcome_not_checked": "Not checked: the hand was not replayed, so the record's outcome is not held against the rules.",
		"start":               "Start", "put_in": "Put in", "record_finish": "Record finish", "rules_finish": "Rules finish",
		"difference": "Owed", "record_gets": "Record pays", "rules_give": "Rules pay",
		"basis_help_collects":         "what each player was paid (collected, and uncalled bets returned): by the record and by the rules",
		"basis_help_finishing_stacks": "each player's stack after the hand: by the record and by the rules",
		"basis_help_winnings":         "what each player won: by the record and by the rules",
		"whole_hand":                  " over the whole hand", "basis_collects": "paid", "basis_finishing_stacks": "finishing stack", "basis_winnings": "won",
		"cash_out_note":       "The record has cash-outs: a player who cashed out is paid the cash-out amount (with its fee) instead of the pot.",
		"cash_out_apart_note": "The record has cash-outs the room settled apart from the pot (an EV cash-out or all-in insurance: it pays a player who cashed out and lost, and charges one who cashed out and won): the pot is pushed as recorded, and the cash-outs are no part of its accounting.",

		"findings": "Findings", "no_findings": "No findings: the record follows the rules.",
		"verdict": "Verdict", "not_replayed": "Not replayed",
		"table_session": "Table session", "previous_hand": "Previous hand at this table", "next_hand": "Next hand at this table",
		"carried_over": "carried over", "unstated_rake": "the rake the record did not state", "link_not_judged": "not the same sitting (fewer than two players in the same seats): not judged",

		"parse_error": "Parse error", "parse_error_hand": "The hand could not be read",
		"parse_error_file": "The file could not be read", "parse_error_none": "No hand of this record could be audited.",
		"hand_in_file": "hand", "of_file": "in the file",

		"compare": "Rulings compared", "differences": "Differences", "no_differences": "The rulings are the same under every ruleset compared.",
		"only_under": "only under", "verdicts": "Verdicts", "citations": "Citations",
		"step_word": "step", "expected_post": "forced bet due", "finding_word": "finding",
		"award_word": "award", "pot_word": "pot", "finish_word": "finishing stack", "showdown_first_word": "first to table",
		"clean_word": "clean", "house_word": "house", "at_step_above": "shown at its step above",
		"run_twice_split": "Run twice: each pot is split between the two runs as evenly as the chips allow, the odd chip to the first run; each run's share goes to that run's best hand", "seat_h": "Seat", "stack_h": "Stack",
		"ruling": "Ruling", "ruleset_word": "ruleset", "house_options": "house options", "step_h": "Step", "ruling_h": "Ruling", "open": "betting open", "to_act": "next to act", "added": "chips put in",
	},
	"zh": {
		"hand": "手牌", "no_id": "(无编号)", "table": "牌桌", "tournament": "赛事",
		"started": "开始时间", "game": "游戏", "stakes": "级别", "rules": "规则",
		"preset": "预设", "house_digest_short": "选项", "smallest_chip": "最小筹码",
		"button": "按钮位", "button_inferred": "由盲注推断",
		"note": "注意", "list_sep": "、",

		"structure_no-limit": "无限注", "structure_pot-limit": "底池限注",
		"structure_fixed-limit": "有限注", "structure_unknown": "未知结构",
		"variant_holdem": "德州扑克", "variant_short-deck": "短牌德州扑克", "variant_omaha": "奥马哈",
		"variant_omaha-hi-lo": "高低奥马哈", "variant_stud": "七张梭哈", "variant_stud-hi-lo": "高低七张梭哈",
		"variant_razz": "Razz", "variant_2-7-single-draw": "2-7 单次换牌", "variant_2-7-triple-draw": "2-7 三次换牌",
		"variant_badugi": "Badugi", "variant_unknown": "未知游戏",
		"variant_5-card-draw": "五张换牌", "variant_courchevel": "Courchevel", "variant_courchevel-hi-lo": "高低 Courchevel",

		"blinds": "盲注", "ante": "前注", "big_blind_ante": "大盲前注", "straddle": "抓头",
		"limits": "注额", "bring_in": "强制下注", "min_bet": "最小下注", "cap": "上限",

		"seats": "座位", "seat": "座位", "player": "玩家", "position": "位置", "stack": "筹码",
		"sitting_out": "暂离", "no_one": "无人",

		"actions":      "行动",
		"actions_help": "每个行动后的筹码与底池;每个下注行动前,按规则当时的合法下注范围",
		"line":         "行", "hidden": "[未知]", "dealt": "发牌", "pot": "底池",
		"street_preflop": "翻牌前", "street_flop": "翻牌", "street_turn": "转牌", "street_river": "河牌",
		"street_showdown":     "摊牌",
		"street_third-street": "第三街", "street_fourth-street": "第四街", "street_fifth-street": "第五街",
		"street_sixth-street": "第六街", "street_seventh-street": "第七街",
		"street_predraw": "换牌前", "street_first-draw": "第一次换牌后",
		"street_second-draw": "第二次换牌后", "street_third-draw": "第三次换牌后",
		"up_cards_help": "↑ 表示明牌", "stands_pat": "不换牌",
		"posts_button-blind": "下按钮盲",
		"forced_bet_due":     "按级别应下", "engine_note": "重放", "all_in": "(全下)",
		"posts_small-blind": "下小盲", "posts_big-blind": "下大盲",
		"posts_ante": "下前注", "posts_straddle": "下抓头", "posts_dead": "下死盲",
		"posts_small-and-big-blind": "下大小盲", "posts_unknown": "下注",
		"dealer": "发牌员", "run": "第几次发牌", "folds": "弃牌", "checks": "过牌", "calls": "跟注",
		"brings_in": "强制下注", "bets": "下注", "raises_to": "加注到", "shows": "亮牌", "mucks": "盖牌",
		"record": "记录", "returned_to": "退还给", "collects": "收取", "from": "来自",
		"discards": "换牌",

		"window": "合法范围", "to_call": "跟注需", "min_raise_to": "最小加注到", "max_raise_to": "最大加注到",
		"max_bet": "最大下注", "the_pot_limit": "底池上限", "all_in_pot_limit": "全下;底池上限为",
		"all_in_word": "全下", "full_raise": "完整加注", "no_raise": "不得加注",
		"no_raise_cap": "不得加注:已达加注次数上限", "no_raise_stack": "无法加注:筹码不足",
		"bet_size": "注额", "raises_so_far": "下注与加注次数", "no_one_to_act": "本下注轮已结束",
		"out_of_turn": "未依次序行动:应行动者为",

		"error": "错误", "warning": "警告", "info": "提示", "expected": "应为", "recorded": "记录为",
		"rule": "规则",

		"pots": "底池", "main_pot": "主池", "side_pot": "边池", "eligible": "有资格者",
		"rake_from_it": "抽佣", "total_pot": "总底池", "rake": "抽佣",
		"side_pots_rule": "每个底池由有资格的玩家单独争夺、单独分配",
		"layers":         "按投入层级分层(荷官的计算方式;参与者相同的层级合并为一个底池支付)",

		"showdown": "摊牌", "board": "公共牌", "first_to_table": "应先亮牌者",
		"record_order": "记录中的亮牌顺序", "cards": "手牌", "best_five": "最佳五张", "hand_rank": "牌型",

		"awards": "派彩", "high_half": "高牌半池", "low_half": "低牌半池",
		"from_record": "按记录:无法以牌面裁定",
		"undecided":   "未派彩:争夺者的手牌均未知,且记录的收取无法确定",

		"record_vs_rules": "记录与规则对比", "rules_word": "规则", "after_rake": "扣除抽佣后",
		"house_rule": "场馆抽佣规则", "no_outcome": "记录未写明结果(无收取、赢额或最终筹码),无可比较。",
		"outcome_not_checked": "未核对:此手牌未被重放,记录的结果未与规则比较。",
		"start":               "起始", "put_in": "投入", "record_finish": "记录最终", "rules_finish": "规则最终",
		"difference": "应补", "record_gets": "记录派给", "rules_give": "规则派给",
		"basis_help_collects":         "每位玩家获得的筹码(收取及退还的未跟注筹码):记录与规则",
		"basis_help_finishing_stacks": "每位玩家本手结束后的筹码:记录与规则",
		"basis_help_winnings":         "每位玩家的赢额:记录与规则",
		"whole_hand":                  "(全手合计)", "basis_collects": "派彩", "basis_finishing_stacks": "最终筹码", "basis_winnings": "赢额",
		"cash_out_note":       "记录中有提前兑现:兑现的玩家获得兑现金额(含手续费),而非底池。",
		"cash_out_apart_note": "记录中有场馆在底池之外结算的提前兑现(EV兑现或全下保险:兑现后输的玩家由场馆支付,兑现后赢的玩家向场馆付费):底池按记录派发,兑现不计入底池结算。",

		"findings": "发现", "no_findings": "无发现:记录符合规则。",
		"verdict": "结论", "not_replayed": "未重放",
		"table_session": "同桌牌局", "previous_hand": "本桌上一手", "next_hand": "本桌下一手",
		"carried_over": "延续", "unstated_rake": "记录未写明的抽水", "link_not_judged": "非同一局(同座位玩家少于两名):不判断",

		"parse_error": "解析错误", "parse_error_hand": "此手牌无法读取",
		"parse_error_file": "此文件无法读取", "parse_error_none": "此记录中没有可审计的手牌。",
		"hand_in_file": "手牌", "of_file": "位于文件中",

		"compare": "规则裁定对比", "differences": "差异", "no_differences": "在所比较的各规则下裁定相同。",
		"only_under": "仅在此规则下", "verdicts": "结论", "citations": "规则引用",
		"step_word": "步", "expected_post": "应下强制注", "finding_word": "发现",
		"award_word": "派彩", "pot_word": "底池", "finish_word": "最终筹码", "showdown_first_word": "应先亮牌者",
		"clean_word": "无问题", "house_word": "场馆", "at_step_above": "已在该步列出",
		"run_twice_split": "发两次:每个底池按筹码尽可能平分给两次发牌,奇数筹码归第一次;每次的份额归该次最佳手牌", "seat_h": "座位", "stack_h": "筹码",
		"ruling": "裁定", "ruleset_word": "规则集", "house_options": "场馆选项", "step_h": "步骤", "ruling_h": "裁定内容", "open": "下注开放", "to_act": "应行动者", "added": "投入筹码",
	},
}

// label is the text for key in lang, falling back to English, then the key.
func label(lang, key string) string {
	if l, ok := labels[lang]; ok {
		if s, ok := l[key]; ok {
			return s
		}
	}
	if s, ok := labels["en"][key]; ok {
		return s
	}
	return key
}

// zhReasons turn the engine's plain-English rulings (betting window and
// showdown order reasons) into Chinese, amounts kept. A reason that
// matches none stays in English.
var zhReasons = []struct {
	re *regexp.Regexp
	zh string
}{
	{regexp.MustCompile(`^betting open: the player has not acted on this street$`), "下注开放:该玩家本轮尚未行动"},
	{regexp.MustCompile(`^betting reopened: a raise to (\S+) since the player acted at (\S+)$`), "下注重新开放:该玩家在 $2 行动后,有人加注到 $1"},
	{regexp.MustCompile(`^betting reopened: the short all-ins since the player acted at (\S+) add up to (\S+), at least a full raise of (\S+)$`),
		"下注重新开放:该玩家在 $1 行动后,不足额的全下累计达到 $2,至少为一个完整加注 $3"},
	{regexp.MustCompile(`^betting reopened: the short all-ins since the player acted at (\S+) add up to (\S+), at least half of a full bet of (\S+)$`),
		"下注重新开放:该玩家在 $1 行动后,不足额的全下累计达到 $2,至少为完整注额 $3 的一半"},
	{regexp.MustCompile(`^betting not reopened: nothing has been bet since the player acted$`), "下注未重新开放:该玩家行动后无人再下注"},
	{regexp.MustCompile(`^betting not reopened: the short all-in of (\S+) is (\S+) over the (\S+) bet, less than a full raise of (\S+)$`),
		"下注未重新开放:全下到 $1 仅比 $3 的下注多 $2,不足一个完整加注 $4"},
	{regexp.MustCompile(`^betting not reopened: the short all-in of (\S+) is (\S+) over the (\S+) bet, less than half of a full bet of (\S+)$`),
		"下注未重新开放:全下到 $1 仅比 $3 的下注多 $2,不足完整注额 $4 的一半"},
	{regexp.MustCompile(`^betting not reopened: the short all-ins since the player acted at (\S+) add (\S+), less than a full raise of (\S+)$`),
		"下注未重新开放:该玩家在 $1 行动后,不足额的全下累计仅 $2,不足一个完整加注 $3"},
	{regexp.MustCompile(`^betting not reopened: the short all-ins since the player acted at (\S+) add (\S+), less than half of a full bet of (\S+)$`),
		"下注未重新开放:该玩家在 $1 行动后,不足额的全下累计仅 $2,不足完整注额 $3 的一半"},
	{regexp.MustCompile(`^last aggressor on the (\w+): (.+), to (\S+)$`), "$1最后的攻击性行动者:$2(到 $3)"},
	{regexp.MustCompile(`^no bet on the (\w+): the first seat left of the button shows first$`), "$1无人下注:按钮位左侧第一位玩家先亮牌"},
	{regexp.MustCompile(`^all-in showdown: every hand is tabled face up; last aggressor: (.+) \((\w+), to (\S+)\)$`),
		"全下摊牌:所有手牌亮出;最后的攻击性行动者:$1($2,到 $3)"},
	{regexp.MustCompile(`^all-in showdown: every hand is tabled face up; no bet on the last betting round, so the first seat left of the button$`),
		"全下摊牌:所有手牌亮出;最后一轮无人下注,故为按钮位左侧第一位玩家"},
}

var zhStreets = strings.NewReplacer("preflop", "翻牌前", "flop", "翻牌", "turn", "转牌", "river", "河牌")

// reasonIn is an engine reason in lang.
func reasonIn(lang, s string) string {
	if lang != "zh" {
		return s
	}
	for _, p := range zhReasons {
		if m := p.re.FindStringSubmatchIndex(s); m != nil {
			out := string(p.re.ExpandString(nil, p.zh, s, m))
			if strings.HasPrefix(p.re.String(), "^last aggressor") || strings.HasPrefix(p.re.String(), "^no bet") ||
				strings.HasPrefix(p.re.String(), "^all-in showdown") {
				out = zhStreets.Replace(out)
			}
			return out
		}
	}
	return s
}
