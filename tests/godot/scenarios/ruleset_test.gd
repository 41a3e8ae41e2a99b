extends Scenario
## CarromRuleset: the presets shipped as .tres files, a match under each, and a ruleset no
## match can be played under refused with the field named (RULES.md, R1–R7, FS, DP).

const PRESET_DIR := "res://addons/carrom/rulesets/"
const FIELDS: Array[String] = [
	"id",
	"colours",
	"queen",
	"queen_cover",
	"colour_fouls",
	"scoring",
	"target_points",
	"max_boards",
	"queen_bonus",
	"break_attempts",
	"white_points",
	"black_points",
	"queen_points",
	"queen_bonus_below",
	"break_by_touch",
	"striker_returns_pocketed",
	"last_coin_loses_board",
	"games",
	"toss",
]


func _match_under(ruleset: CarromRuleset, mode: int) -> Array:
	var board := new_board()
	var rules := CarromRules.new()
	rules.mode = mode
	rules.ruleset = ruleset
	rules.board = board
	add(rules, "Rules")
	return [board, rules]


func test_r1_each_preset_file_holds_the_engines_preset() -> void:
	for name: String in CarromRuleset.get_preset_names():
		var file := load(PRESET_DIR + name + ".tres") as CarromRuleset
		var preset := CarromRuleset.preset(name)
		check(file != null, name + ".tres is a CarromRuleset")
		if file == null:
			continue
		check(file.check() == "", name + " can be played: " + file.check())
		for field in FIELDS:
			check(file.get(field) == preset.get(field), "%s.%s is the engine's" % [name, field])


func test_dp1_a_disc_pool_match_has_no_queen_on_the_board() -> void:
	var nodes := _match_under(load(PRESET_DIR + "disc_pool.tres"), CarromRules.MODE_SINGLES)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	check(rules.start_match(4), "a disc pool match starts")
	check(rules.get_queen_state() == CarromRules.QUEEN_NOT_PLAYED, "the queen is not played")
	check(not rules.get_pieces_left()["queen"], "the rules count no queen")
	var queen: Dictionary = board.get_pieces()[0]
	check(queen["kind"] == CarromBoard.KIND_QUEEN, "piece 0 is the queen")
	check(queen["place"] != CarromBoard.PLACE_BOARD, "she is not on the table")
	check(rules.has_colours() and not rules.is_scored_by_pieces(), "colours, scored by the board")
	# The save carries the ruleset: loaded into a referee with no ruleset set, it is disc pool.
	var saved := rules.save_match()
	var other: CarromRules = _match_under(null, CarromRules.MODE_DOUBLES)[1]
	check(other.load_match(saved), "the save loads")
	check(other.get_match_ruleset().id == "disc_pool", "the save brought its rules")
	check(other.get_queen_state() == CarromRules.QUEEN_NOT_PLAYED, "still without the queen")


func test_fs1_freestyle_is_scored_by_pieces_with_no_colours() -> void:
	var rules: CarromRules = _match_under(CarromRuleset.preset("freestyle"), 0)[1]
	check(rules.start_match(2), "a freestyle match starts")
	check(rules.is_scored_by_pieces(), "scored by pieces")
	check(not rules.has_colours(), "no colours")
	check(rules.get_colour_of_seat(rules.get_seat_to_play()) == -1, "nobody plays a colour")
	check(rules.get_match_ruleset().target_points == 160, "played to 160")


func test_r7_an_impossible_ruleset_file_is_refused_naming_the_field() -> void:
	var bad := load("res://fixtures/impossible_ruleset.tres") as CarromRuleset
	check(bad != null, "the file loads as a resource")
	check("scoring" in bad.check(), "check() names the field: " + bad.check())
	var nodes := _match_under(bad, CarromRules.MODE_SINGLES)
	var rules: CarromRules = nodes[1]
	check(not rules.start_match(1), "start_match refuses it")
	check(rules.get_seat_to_play() == -1, "no match was started")
	var negative := CarromRuleset.preset("classic")
	negative.white_points = -3
	check("white_points" in negative.check(), "a negative value is named: " + negative.check())
	check(CarromRuleset.preset("snooker") == null, "an unknown preset is null")
