class_name IcfChecks
extends GameChecks
## The ICF ruleset in the game (RULES.md IC5, IC6), checked headless for run_game_tests.gd: a
## person who wins the toss chooses on its panel to let the computer break, and the computer
## that wins it breaks; two computers play a best-of-three match to its end (games of one
## board, so that it ends in a few minutes), the HUD naming the game and the games won, and the
## game-over panel the games.

const MATCH := "res://scenes/match/match.tscn"
const ICF := "res://addons/carrom/rulesets/icf.tres"
## Real seconds the best-of-three is given to end.
const MATCH_PATIENCE := 420.0


func run() -> void:
	await _check_the_toss()
	await _check_best_of_three_between_computers()


## An ICF singles match of `players` from `seed_value`, played to `target` points and
## `boards` boards a game.
func _start(players: Dictionary, seed_value: int, target := 25, boards := 8) -> Node2D:
	root.get_node("GameSettings").set("how_to_play_seen", true)
	var session: Node = root.get_node("Session")
	session.mode = CarromRules.MODE_SINGLES
	session.ruleset_path = ICF
	session.target_points = target
	session.max_boards = boards
	session.players = players.duplicate()
	session.new_match()
	session.match_seed = seed_value
	var game: Node2D = load(MATCH).instantiate()
	root.add_child(game)
	await tree.process_frame
	return game


func _end(game: Node2D) -> void:
	Engine.time_scale = 1.0
	game.queue_free()
	await tree.process_frame


## Seeds until the person has won the toss once and the computer once: the person's panel
## lets the computer break; the computer breaks itself.
func _check_the_toss() -> void:
	var seen := {"person": false, "computer": false}
	for seed_value in 8:
		if seen["person"] and seen["computer"]:
			break
		var game := await _start({0: -1, 2: CarromAi.LEVEL_EASY}, seed_value)
		var rules: CarromRules = game.get_node("Rules")
		var hud: Node = game.get_node("Hud")
		var winner := rules.get_toss_seat()
		if winner == 0 and not seen["person"]:
			var shown := await _until(func() -> bool: return hud.get("_panel") is TossPanel)
			var panel: Node = hud.get("_panel") if shown else null
			# Nobody's striker is in hand while the winner chooses.
			var nobody_strikes: bool = game.get_node("Controller").get("state") == 0
			if panel != null:
				panel.get_node("%LetBreak").emit_signal("pressed")
			await tree.process_frame
			var to_play := rules.get_seat_to_play()
			_report.call(
				"the person who won the toss lets the computer break from its panel",
				(
					shown
					and nobody_strikes
					and rules.get_toss_seat() == -1
					and to_play == 2
					and rules.get_colour_of_seat(2) == CarromBoard.KIND_WHITE
					and not hud.call("has_panel")
				),
				"panel %s, toss %d, to play %d" % [shown, rules.get_toss_seat(), to_play]
			)
			seen["person"] = true
		elif winner == 2 and not seen["computer"]:
			var chose := await _until(func() -> bool: return rules.get_toss_seat() == -1)
			_report.call(
				"the computer that won the toss breaks",
				chose and rules.get_seat_to_play() == 2 and not hud.call("has_panel"),
				"toss %d, to play %d" % [rules.get_toss_seat(), rules.get_seat_to_play()]
			)
			seen["computer"] = true
		await _end(game)
	_report.call("both the person and the computer won a toss", seen["person"] and seen["computer"])


## Two computers play an ICF match to its end: games of one board, the end of each board's
## panel answered as a player would, every game announced.
func _check_best_of_three_between_computers() -> void:
	Engine.time_scale = 8.0
	var game := await _start({0: CarromAi.LEVEL_HARD, 2: CarromAi.LEVEL_HARD}, 5, 1, 1)
	var rules: CarromRules = game.get_node("Rules")
	var hud: Node = game.get_node("Hud")
	var games: Array[int] = []
	rules.game_finished.connect(
		func(number: int, _w: int, _s: PackedInt32Array, _g: PackedInt32Array) -> void:
			games.append(number)
	)
	var statuses: Array[String] = []
	var until := Time.get_ticks_msec() + MATCH_PATIENCE * 1000.0
	while not rules.is_match_over() and Time.get_ticks_msec() < until:
		await tree.process_frame
		var panel: Variant = hud.get("_panel")
		if panel is BoardEndPanel:
			var status: String = hud.get_node("%Status").text
			if not status in statuses:
				statuses.append(status)
			panel.next_board_requested.emit()
	await tree.process_frame
	var won := rules.get_games_won()
	var most := maxi(won[0], won[1])
	var over_text := ""
	# Named by its scene, not its class: the game's scripts that reach autoloads must not be
	# compiled with this one, before the autoloads exist (Godot's --script loads it first).
	var over: Node = hud.get("_panel")
	if over and over.scene_file_path.ends_with("game_over_panel.tscn"):
		over_text = over.get_node("%Scores").text
	var games_line := Words.say(
		"STATUS_GAMES_WON", "%s–%s" % [Words.number(won[0]), Words.number(won[1])]
	)
	_report.call(
		"two computers play an ICF best of three to its end",
		(
			rules.is_match_over()
			and most == 2
			and games.size() == won[0] + won[1]
			and games.size() in [2, 3]
			and rules.get_winner() >= 0
			and won[rules.get_winner()] == 2
		),
		"over %s, games %s, won %s" % [rules.is_match_over(), games, won]
	)
	var named := statuses.any(func(s: String) -> bool: return "Game 2 of 3" in s)
	_report.call(
		"the HUD names the game and the game-over panel the games won",
		named and games_line in over_text,
		"statuses %s, over %s" % [statuses, over_text]
	)
	await _end(game)
