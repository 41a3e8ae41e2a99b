extends Scenario
## The addon README's "A match in a few lines", run as a game maker would paste it: its script
## is read from the README itself, so the example there is always one that works.

const README := "res://addons/carrom/README.md"


## The GDScript block under the README's "A match in a few lines".
func example_source() -> String:
	var text := FileAccess.get_file_as_string(README)
	var section := text.find("## A match in a few lines")
	var start := text.find("```gdscript\n", section)
	var end := text.find("```", start + 12)
	if section < 0 or start < 0 or end < 0:
		return ""
	return text.substr(start + 12, end - start - 12)


func test_the_readme_example_plays_a_match_by_the_computer_with_either_node_called_back() -> void:
	var source := example_source()
	check(source.contains("rules.start_match"), "the README has its example")
	var script := GDScript.new()
	script.source_code = source
	check(script.reload() == OK, "the example compiles")
	var board := new_board()
	var rules := CarromRules.new()
	rules.board = board
	add(rules, "Rules")
	var ai := CarromAi.new()
	add(ai, "Ai")
	var shots := [0]
	board.shot_finished.connect(func(_report: Dictionary) -> void: shots[0] += 1)
	var turns := [0]
	rules.turn_started.connect(func(_seat: int) -> void: turns[0] += 1)
	var game := Node2D.new()
	game.set_script(script)
	game.set("board", board)
	game.set("rules", rules)
	game.set("ai", ai)
	add(game, "Example")
	var until := Time.get_ticks_msec() + 30000
	while shots[0] < 4 and Time.get_ticks_msec() < until:
		await tree.process_frame
		if board.is_moving():
			# Each shot to rest at once: its verdict starts the next turn from the signals.
			board.simulate_to_rest()
	check(shots[0] >= 4, "the computer played four shots from the example (%d)" % shots[0])
	check(turns[0] >= 4, "and each verdict started the next turn (%d)" % turns[0])
	check(rules.get_replay().length() > 0, "the match is kept on the board")
	# Leaving, the example saves the match: the rules node is still there to ask.
	game.free()
