class_name CoachChecks
extends GameChecks
## The coach, checked headless for run_game_tests.gd: against the computer the hint button is
## offered on the player's turn; pressed, the expert's hint is drawn on the board (a legal
## striker spot, a target and its pocket, a chance) with its words in the banner; pressed
## again, the next hint; a strike clears it. In pass-and-play it is offered only when the
## setting allows. On a trick shot and in practice, with no referee, the coach hints as for a
## player alone, from whichever baseline they strike.

## The end-of-board panel, whose review lines are checked.
const BOARD_END := "res://scenes/board_end/board_end_panel.tscn"
## The trick-shot table, coached with no match.
const TRICK_TABLE := "res://scenes/trick_shots/trick_table.tscn"
## Practice, coached from any baseline.
const PRACTICE := "res://scenes/practice/practice.tscn"

## The game's scripts are held as plain nodes here: this file is compiled before the game's
## autoloads exist, and a type that names one would not compile yet.

## A person at seat 0 against the computer (easy, so its turns are short) at seat 2.
const AGAINST_COMPUTER := {0: -1, 2: CarromAi.LEVEL_EASY}
## Longest wait for the coach, milliseconds (its search is limited to a second, its hand's
## tries played in full).
const WAIT_MS := 20000


func run() -> void:
	await _check_hint_drawn_and_stepped()
	await _check_pass_and_play_asks_the_setting()
	await _check_board_review()
	await _check_trick_shot_hint()
	await _check_practice_hint_from_another_baseline()


## Waits for `game`'s person to have the turn (the computer may break first).
func _persons_turn(game: Node2D) -> bool:
	var controller: Node = game.get_node("Controller")
	var until := Time.get_ticks_msec() + WAIT_MS
	var placement: Node = game.get_node("BoardView/Board/ReturnedPlacement")
	while Time.get_ticks_msec() < until:
		# StrikerController.State.READY
		if controller.get("state") == 1 and controller.get("seat") == 0:
			return true
		# Pieces the computer's foul sent back are the person's to place (RULES.md X3): where
		# they stand.
		if placement.call("is_placing"):
			placement.call("place_as_they_stand")
		await tree.process_frame
	return false


## Presses the hint button (or H on the keyboard) and waits until a hint other than `before`
## is shown.
func _press_hint(game: Node2D, before: Dictionary, by_key := false) -> Dictionary:
	var button: Button = game.get_node("Hud").get("hint_button")
	var view: Node = game.get_node("BoardView/Board/HintView")
	if by_key:
		var key := InputEventKey.new()
		key.physical_keycode = KEY_H
		key.pressed = true
		root.push_input(key)
	else:
		button.pressed.emit()
	var until := Time.get_ticks_msec() + WAIT_MS
	while Time.get_ticks_msec() < until:
		var hint: Dictionary = view.get("hint")
		if not hint.is_empty() and hint != before:
			return hint
		await tree.process_frame
	return {}


## Whether `words` say `hint`'s reason in the player's language (its text, not its key).
func _says(hint: Dictionary, words: String) -> bool:
	var reason_text := tr("HINT_" + str(hint.get("reason", "")).to_upper())
	return reason_text in words and not reason_text.begins_with("HINT_")


## Presses a table's hint button and waits for the hint drawn on `view` (empty: none came).
func _table_hint(button: Button, view: Node) -> Dictionary:
	button.pressed.emit()
	var shown := func() -> bool: return not view.get("hint").is_empty()
	await _until(shown, WAIT_MS / 1000.0)
	return view.get("hint")


func _check_hint_drawn_and_stepped() -> void:
	var game: Node2D = await _start_match.call(AGAINST_COMPUTER, 11)
	var ready := await _persons_turn(game)
	var hud: Node = game.get_node("Hud")
	var button: Button = hud.get("hint_button")
	var board: CarromBoard = game.get_node("BoardView/Board")
	var coach: Node = game.get_node("Coach")
	var offered := button.visible and not button.disabled
	var first := await _press_hint(game, {})
	var words: String = hud.get_node("%Banner").call("get_message")
	var legal := (
		not first.is_empty()
		and int(first["seat"]) == 0
		and board.is_striker_position_legal(0, float(first["offset"]))
		and float(first["chance"]) >= 0.0
		and float(first["chance"]) <= 1.0
		and str(first["reason"]) != ""
	)
	var said := _says(first, words)
	var hints: Array = coach.get("hints")
	# The next hint by the keyboard's H, as a desktop player asks.
	var second := await _press_hint(game, first, true) if hints.size() > 1 else first
	var stepped: bool = hints.size() < 2 or (coach.get("shown") == 1 and second == hints[1])
	# The player plays the hint as shown: the hint goes.
	var controller: Node = game.get_node("Controller")
	var played := second if not second.is_empty() else first
	controller.call("slide_to", float(played.get("offset", 0.0)))
	controller.call(
		"aim", played.get("direction", board.get_seat_forward(0)), played.get("power", 0.5)
	)
	var struck: bool = controller.call("release")
	await tree.process_frame
	var shown: Dictionary = game.get_node("BoardView/Board/HintView").get("hint")
	var cleared := shown.is_empty() and not button.visible
	game.queue_free()
	await tree.process_frame
	_report.call(
		"against the computer a hint is drawn, said, stepped to the next and cleared by a strike",
		ready and offered and legal and said and stepped and struck and cleared,
		(
			"turn %s, offered %s, hint %s, words '%s', stepped %s (%d hints), struck %s, cleared %s"
			% [ready, offered, first, words, stepped, hints.size(), struck, cleared]
		)
	)


func _check_pass_and_play_asks_the_setting() -> void:
	var settings: Node = root.get_node("GameSettings")
	var was: bool = settings.get("hints_pass_and_play")
	var offered := []
	for allowed: bool in [false, true]:
		settings.set("hints_pass_and_play", allowed)
		var game: Node2D = await _start_match.call(HUMANS, 5)
		await _persons_turn(game)
		var button: Button = game.get_node("Hud").get("hint_button")
		offered.append(button.visible)
		game.queue_free()
		await tree.process_frame
	settings.set("hints_pass_and_play", was)
	_report.call(
		"in pass-and-play the hint is offered only when the setting allows it",
		offered == [false, true],
		"offered without and with the setting: %s" % [offered]
	)


## The person breaks if it falls to them, then only taps the striker forward, twice; the
## end-of-board panel then shows the coach's review of the person's strikes, a line each, and
## none of the computer's. (Which strikes are best and worst is carrom-core's, tested there.)
func _check_board_review() -> void:
	var game: Node2D = await _start_match.call(AGAINST_COMPUTER, 12)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var rules: CarromRules = game.get_node("Rules")
	var controller: Node = game.get_node("Controller")
	var taps := 0
	for turn in 8:
		if taps == 2 or not await _persons_turn(game):
			break
		var breaking := rules.is_breaking()
		controller.call("aim", board.get_seat_forward(0), 1.0 if breaking else 0.12)
		if controller.call("release") and not breaking:
			taps += 1
		while board.is_moving():
			await tree.process_frame
	var panel: Node = load(BOARD_END).instantiate()
	game.call("_open", panel)
	var lines := []
	var answered := [false]
	game.get_node("CoachAi").review_ready.connect(
		func(found: Array) -> void:
			lines.append_array(found)
			answered[0] = true
	)
	game.get_node("Coach").call("review_board", panel)
	var thinking: String = panel.get_node("%ReviewLines").text
	var until := Time.get_ticks_msec() + WAIT_MS * 3
	while not answered[0] and Time.get_ticks_msec() < until:
		await tree.process_frame
	await tree.process_frame
	var shown: String = panel.get_node("%ReviewLines").text
	var only_the_person := lines.all(func(l: Dictionary) -> bool: return int(l["seat"]) == 0)
	# Asked again and its panel closed before the answer: the search stops with it. (The
	# panels close on the HUD alone, so that no turn starts and drops the review itself.)
	var hud: Node = game.get("hud")
	hud.call("close_panel")
	var again: Node = load(BOARD_END).instantiate()
	hud.call("open_panel", again)
	game.get_node("Coach").call("review_board", again)
	var started: bool = game.get_node("CoachAi").is_thinking()
	hud.call("close_panel")
	await tree.process_frame
	var stopped: bool = not game.get_node("CoachAi").is_thinking()
	game.queue_free()
	await tree.process_frame
	_report.call(
		(
			"after a board the panel shows the person's best and worst strikes beside the"
			+ " coach's; a review whose panel closes first stops"
		),
		(
			taps == 2
			and started
			and stopped
			and thinking == tr("REVIEW_THINKING")
			and answered[0]
			and only_the_person
			and shown != thinking
			and (
				shown.count("\n") == lines.size() - 1
				if not lines.is_empty()
				else shown == tr("REVIEW_NONE")
			)
		),
		(
			"taps %d, lines %s, shown '%s', second review started %s and stopped %s"
			% [taps, lines, shown, started, stopped]
		)
	)


## The first trick: the hint button is offered; pressed, the expert's shot for a player alone
## is drawn from the trick's baseline with its words in the status line; pressed again, the
## next; the strike played clears it, and a new attempt offers the button again.
func _check_trick_shot_hint() -> void:
	root.get_node("Session").set("trick_index", 0)
	var table: Node2D = load(TRICK_TABLE).instantiate()
	root.add_child(table)
	await tree.process_frame
	var board: CarromBoard = table.get_node("BoardView/Board")
	var button: Button = table.get_node("%Hint")
	var view: Node = table.get_node("BoardView/Board/HintView")
	var seat: int = table.get("all_tricks")[0]["seat"]
	var offered := button.visible and not button.disabled
	var first := await _table_hint(button, view)
	var drawn := not first.is_empty()
	var coach: Node = table.get_node("TableCoach")
	var hints: Array = coach.get("hints")
	var words: String = table.get_node("%Status").text
	var said := drawn and _says(first, words)
	var legal := (
		drawn
		and int(first["seat"]) == seat
		and board.is_striker_position_legal(seat, float(first["offset"]))
	)
	button.pressed.emit()
	var stepped: bool = (
		hints.size() < 2 or (coach.get("shown") == 1 and view.get("hint") == hints[1])
	)
	var controller: Node = table.get_node("Controller")
	controller.call("slide_to", float(first.get("offset", 0.0)))
	controller.call(
		"aim", first.get("direction", board.get_seat_forward(seat)), first.get("power", 0.5)
	)
	var struck: bool = controller.call("release")
	await tree.process_frame
	var cleared: bool = view.get("hint").is_empty() and coach.get("hints").is_empty()
	var rest := func() -> bool: return not board.is_moving()
	await _until(rest, 15.0)
	table.call("_on_again_pressed")
	var offered_again := button.visible and not button.disabled
	table.queue_free()
	await tree.process_frame
	(
		_report
		. call(
			"on a trick shot the coach's hint is drawn, said, stepped and cleared by the strike",
			(
				offered
				and drawn
				and said
				and legal
				and stepped
				and struck
				and cleared
				and offered_again
			),
			(
				"offered %s, hint %s, words '%s', stepped %s (%d hints), struck %s, cleared %s, again %s"
				% [offered, first, words, stepped, hints.size(), struck, cleared, offered_again]
			)
		)
	)


## Practice, struck from the right-hand baseline (seat 1): the hint is for that baseline, said
## in the message line; turning to the next baseline drops it.
func _check_practice_hint_from_another_baseline() -> void:
	var practice: Node2D = load(PRACTICE).instantiate()
	root.add_child(practice)
	await tree.process_frame
	practice.call("turn_to", 1)
	var board: CarromBoard = practice.get_node("BoardView/Board")
	var view: Node = practice.get_node("BoardView/Board/HintView")
	var button: Button = practice.get_node("%Hint")
	var offered := button.visible and not button.disabled
	var hint := await _table_hint(button, view)
	var drawn := not hint.is_empty()
	var words: String = practice.get_node("%Message").text
	var said := drawn and _says(hint, words)
	var from_there := (
		drawn
		and int(hint["seat"]) == 1
		and board.is_striker_position_legal(1, float(hint["offset"]))
		and board.is_forward(1, hint["direction"])
	)
	practice.call("turn_to", 2)
	var dropped: bool = view.get("hint").is_empty() and button.visible
	practice.queue_free()
	await tree.process_frame
	_report.call(
		"in practice the coach hints from the baseline struck from, and drops it for another",
		offered and drawn and said and from_there and dropped,
		(
			"offered %s, hint %s, words '%s', from seat 1 %s, dropped %s"
			% [offered, hint, words, from_there, dropped]
		)
	)
