extends SceneTree
## Headless scenarios of the game (godot-project): every scene loads, and a scripted match
## plays a board to its end through the player's own controller, by injected input events.
## Run: godot --headless --path godot-project --script res://tests/run_game_tests.gd
## Prints each result and "N passed, N failed"; exits with 1 when any failed.

const SCENES := [
	"res://scenes/main_menu/main_menu.tscn",
	"res://scenes/new_match/new_match.tscn",
	"res://scenes/online/online_menu.tscn",
	"res://scenes/online/ratings_screen.tscn",
	"res://scenes/online/friends_screen.tscn",
	"res://scenes/online/profile_screen.tscn",
	"res://scenes/online/invite_toast.tscn",
	"res://scenes/rules/rules_screen.tscn",
	"res://scenes/settings/settings_screen.tscn",
	"res://scenes/match/match.tscn",
	"res://scenes/pause_menu/pause_menu.tscn",
	"res://scenes/board_end/board_end_panel.tscn",
	"res://scenes/game_over/game_over_panel.tscn",
	"res://scenes/how_to_play/how_to_play.tscn",
	"res://scenes/practice/practice.tscn",
	"res://scenes/trick_shots/trick_list.tscn",
	"res://scenes/trick_shots/trick_table.tscn",
	"res://scenes/replays/replay_list.tscn",
	"res://scenes/replays/replay_viewer.tscn",
]
const MATCH := "res://scenes/match/match.tscn"
const RULESETS := "res://addons/carrom/rulesets/"
const PRACTICE := "res://scenes/practice/practice.tscn"
const TRICK_LIST := "res://scenes/trick_shots/trick_list.tscn"
const TRICK_TABLE := "res://scenes/trick_shots/trick_table.tscn"
const MENU := "res://scenes/main_menu/main_menu.tscn"
const NEW_MATCH := "res://scenes/new_match/new_match.tscn"
## Every seat played by a person (copied before use: a constant dictionary is read-only).
const HUMANS := {0: -1, 1: -1, 2: -1, 3: -1}
## Strikes after which the scripted board is given up as not ending.
const STRIKE_LIMIT := 400

var passed := 0
var failed := 0


func _initialize() -> void:
	_run.call_deferred()


func _run() -> void:
	for path: String in SCENES:
		await _check_scene_loads(path)
	for ruleset in ["classic", "icf", "freestyle", "disc_pool"]:
		await _check_scripted_board(ruleset)
	await _check_computer_against_computer()
	await _check_save_and_continue()
	await _check_damaged_save()
	await _check_menu_keeps_choices()
	await _check_expert_is_offered()
	await _check_hud_counts_the_rulesets_boards()
	await OnlineScreenChecks.new(self, _result).run()
	await HostileServerChecks.new(self, _result).run()
	await PhoneChecks.new(self, _result, _start_match).run()
	await _check_sound_cues()
	await _check_language_switch()
	await _check_how_to_play()
	await _check_touch_target()
	await _check_landscape_keeps_sizes()
	await _check_instant_replay()
	await _check_practice_by_touch()
	await _check_trick_shot_by_touch()
	await _check_daily_challenge()
	await DailyChecks.new(self, _result, _start_match).run()
	await _check_vibration_setting()
	await MotionChecks.new(self, _result, _start_match).run()
	await TurnTimerChecks.new(self, _result, _start_match).run()
	await PlacingChecks.new(self, _result, _start_match).run()
	await IcfChecks.new(self, _result, _start_match).run()
	await CoachChecks.new(self, _result, _start_match).run()
	await ReplayChecks.new(self, _result, _start_match).run()
	await LookChecks.new(self, _result, _start_match).run()
	await LayoutChecks.new(self, _result, _start_match).run()
	await CoverChecks.new(self, _result, _start_match).run()
	await LanguageChecks.new(self, _result, _start_match, SCENES).run()
	print("%d passed, %d failed" % [passed, failed])
	root.get_node("Sfx").stop_all()
	for i in 3:
		await process_frame
	quit(1 if failed > 0 else 0)


func _result(name: String, ok: bool, detail: String = "") -> void:
	if ok:
		passed += 1
		print("ok    %s" % name)
	else:
		failed += 1
		print("FAIL  %s %s" % [name, detail])


func _check_scene_loads(path: String) -> void:
	var scene: PackedScene = load(path)
	if scene == null:
		_result("loads " + path, false, "cannot load")
		return
	var node := scene.instantiate()
	root.add_child(node)
	for i in 3:
		await process_frame
	_result("loads " + path, is_instance_valid(node) and node.is_inside_tree())
	node.queue_free()
	await process_frame


## A singles match of `players` (seat: -1 for a person, or a `CarromAi.LEVEL_*`) from `seed`,
## under the preset `ruleset`; the how-to-play lesson counts as seen unless `lesson`.
func _start_match(
	players: Dictionary, seed_value: int, lesson: bool = false, ruleset: String = "classic"
) -> Node2D:
	root.get_node("GameSettings").set("how_to_play_seen", not lesson)
	var session: Node = root.get_node("Session")
	session.mode = CarromRules.MODE_SINGLES
	session.ruleset_path = RULESETS + ruleset + ".tres"
	var rules := load(session.ruleset_path) as CarromRuleset
	session.target_points = rules.target_points
	session.max_boards = rules.max_boards
	session.players = players.duplicate()
	session.new_match()
	session.match_seed = seed_value
	var game: Node2D = load(MATCH).instantiate()
	root.add_child(game)
	await process_frame
	# A person's turn begins once the board has turned to them.
	var controller: Node = game.get_node("Controller")
	var until := Time.get_ticks_msec() + 3000
	while controller.get("state") == 0 and Time.get_ticks_msec() < until:
		await process_frame
	return game


## Two human seats play a board of `ruleset`; the computer only suggests each shot, which is
## then played by touch.
func _check_scripted_board(ruleset: String) -> void:
	var game := await _start_match(HUMANS, 7, false, ruleset)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var rules: CarromRules = game.get_node("Rules")
	var ai: CarromAi = game.get_node("Ai")
	var hud: CanvasLayer = game.get_node("Hud")
	var controller: Node = game.get_node("Controller")
	# The computer only suggests shots here: the match must not play them itself. A long time
	# budget keeps its choices the same from run to run.
	ai.shot_ready.disconnect(controller.play_computer_shot)
	ai.time_budget = 5.0
	var finished := [false]
	var board_points := []
	rules.board_finished.connect(
		func(_w: int, p: PackedInt32Array, _s: PackedInt32Array) -> void:
			finished[0] = true
			board_points.assign(p)
	)
	var strikes := 0
	var tray_mismatches := 0
	# Under a ruleset with a toss (RULES.md IC6) its winner chooses first, on the toss's panel.
	if rules.get_toss_seat() >= 0:
		var panel: Variant = hud.get("_panel")
		if panel is TossPanel:
			panel.get_node("%Break").emit_signal("pressed")
		_result("the toss's panel asks the person who won it", panel is TossPanel)
		await process_frame
	while not finished[0] and strikes < STRIKE_LIMIT:
		var seat := rules.get_seat_to_play()
		if rules.get_placing_seat() >= 0:
			await _place_by_tapping(game)
		if not ai.think(seat, CarromAi.LEVEL_HARD):
			break
		var shot: Array = await ai.shot_ready
		await _wait_until_turned(game.get_node("BoardView"))
		await _play_by_touch(board, controller, shot)
		if board.is_moving():
			board.simulate_to_rest()
		strikes += 1
		await process_frame
		if not finished[0] and not _trays_agree(hud, rules):
			tray_mismatches += 1
	var played := rules.get_match_ruleset().id
	_result("a scripted board of %s ends" % ruleset, finished[0], "after %d strikes" % strikes)
	_result("the board was played by %s" % ruleset, played == ruleset, played)
	_result("the trays show what each side pocketed", tray_mismatches == 0, "%d" % tray_mismatches)
	var queen_shown := _labels_text(hud).contains(tr("QUEEN_ON_BOARD"))
	var queen_played := rules.get_queen_state() != CarromRules.QUEEN_NOT_PLAYED
	_result("no word of the queen when she is not played", queen_played or not queen_shown)
	var scores := rules.get_scores()
	var shown := _labels_text(hud)
	var all_shown := true
	for score in scores:
		all_shown = all_shown and shown.contains(str(score))
	_result("the HUD shows the rules' scores", all_shown, "%s vs %s" % [scores, shown])
	if not rules.is_match_over():
		_check_board_end_panel(hud, rules, board_points)
		# Had that board ended the match, the game-over panel would show it too.
		game.call("_on_rules_match_finished", -1, rules.get_scores())
		await process_frame
	# (A Freestyle board to 160 ends the match itself: its game-over panel shows the board.)
	var over := hud.find_children("GameOverPanel", "", true, false)
	var parts: Array[Node] = []
	if over.size() == 1:
		parts = over[0].find_children("*", "BoardEndSide", true, false)
	_result(
		"the game-over panel shows the last board",
		parts.size() == board_points.size(),
		"%d panels, %d sides" % [over.size(), parts.size()]
	)
	root.get_node("SaveSlot").call("clear")
	root.get_node("Session").set("ruleset_path", RULESETS + "classic.tres")
	game.queue_free()
	await process_frame


## Returned pieces waiting for a person (RULES.md X3) placed where they stand, each tapped.
func _place_by_tapping(game: Node2D) -> void:
	var placement: Node2D = game.get_node("BoardView/Board/ReturnedPlacement")
	var board: CarromBoard = game.get_node("BoardView/Board")
	var until := Time.get_ticks_msec() + 3000
	while not placement.call("is_placing") and Time.get_ticks_msec() < until:
		await process_frame
	await _wait_until_turned(game.get_node("BoardView"))
	var to_screen := root.get_final_transform() * board.get_global_transform_with_canvas()
	var spots: PackedVector2Array = placement.get("spots")
	for spot in spots:
		await _touch(to_screen * spot, true)
		await _touch(to_screen * spot, false)


## Whether each side's tray holds the coins the rules say it pocketed this board.
func _trays_agree(hud: Node, rules: CarromRules) -> bool:
	var trays := hud.find_children("*", "PocketTray", true, false)
	var scores := rules.get_scores()
	if trays.size() != scores.size():
		return false
	for side in scores.size():
		var shown: Dictionary = trays[side].call("get_shown")
		var held := rules.get_held_coins(side)
		if shown["white"] != held["white"] or shown["black"] != held["black"]:
			return false
	return true


## The end-of-board panel shows each side's points, the coins it kept and how it scored.
func _check_board_end_panel(hud: Node, rules: CarromRules, points: Array) -> void:
	var panels := hud.find_children("*", "BoardEndPanel", true, false)
	var parts := hud.find_children("*", "BoardEndSide", true, false)
	var tally := rules.get_board_tally()
	var ok := panels.size() == 1 and parts.size() == points.size() and tally.size() == points.size()
	var detail := "%d panels, %d sides, points %s" % [panels.size(), parts.size(), points]
	for side in parts.size() if ok else 0:
		var heading: Label = parts[side].get_node("%Heading")
		var tray: Dictionary = parts[side].get_node("%Tray").call("get_shown")
		var lines: Label = parts[side].get_node("%Lines")
		ok = ok and heading.text.contains(str(points[side]))
		ok = ok and int(tally[side]["points"]) == points[side]
		ok = ok and tray["white"] == tally[side]["white"] and tray["black"] == tally[side]["black"]
		ok = ok and not lines.text.is_empty()
		detail += " | %s / %s" % [heading.text, lines.text.replace("\n", " ")]
	_result("the end of a board shows what each side pocketed and scored", ok, detail)


## A match saved on pause comes back as it was when continued from the menu.
func _check_save_and_continue() -> void:
	var slot: Node = root.get_node("SaveSlot")
	var game := await _start_match(HUMANS, 5)
	await _strike_forward(game)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var rules: CarromRules = game.get_node("Rules")
	game.call("_pause")
	var board_state := board.save_state()
	var seat := rules.get_seat_to_play()
	paused = false
	game.queue_free()
	await process_frame
	var loaded: bool = slot.read()
	var again: Node2D = load(MATCH).instantiate()
	root.add_child(again)
	await process_frame
	var board_again: CarromBoard = again.get_node("BoardView/Board")
	var rules_again: CarromRules = again.get_node("Rules")
	var same := loaded and rules_again.get_seat_to_play() == seat
	var pieces_same := board_again.get_pieces() == _pieces_of(board_state)
	_result("a saved match continues as it was", same and pieces_same, "loaded %s" % loaded)
	slot.clear()
	again.queue_free()
	await process_frame


## The player to strike plays straight ahead (at full power unless told), through the
## controller, and the shot runs to rest.
func _strike_forward(game: Node2D, power: float = 1.0) -> void:
	var board: CarromBoard = game.get_node("BoardView/Board")
	var rules: CarromRules = game.get_node("Rules")
	var controller: Node = game.get_node("Controller")
	controller.call("aim", board.get_seat_forward(rules.get_seat_to_play()), power)
	controller.call("release")
	board.simulate_to_rest()
	await process_frame


## A damaged save is not continued: the menu says so and goes on.
func _check_damaged_save() -> void:
	var slot: Node = root.get_node("SaveSlot")
	var file := FileAccess.open(slot.PATH, FileAccess.WRITE)
	file.store_string(JSON.stringify({"players": {}, "match": '{"format": "carrom-match"}'}))
	file.close()
	var menu: Control = load(MENU).instantiate()
	root.add_child(menu)
	await process_frame
	var button: Button = menu.get_node("%Continue")
	button.pressed.emit()
	await process_frame
	var stayed := is_instance_valid(menu) and menu.is_inside_tree()
	var told := button.disabled and button.atr(button.text) == menu.tr("MENU_SAVE_DAMAGED")
	_result("a damaged save is refused in the menu", stayed and told and not slot.has_save())
	menu.queue_free()
	await process_frame


## Opening the new-match screen shows the points and boards as chosen, and changes neither.
func _check_menu_keeps_choices() -> void:
	var session: Node = root.get_node("Session")
	session.set("target_points", 29)
	session.set("max_boards", 5)
	var menu: Control = load(NEW_MATCH).instantiate()
	root.add_child(menu)
	await process_frame
	var shown := [menu.get_node("%Target").value, menu.get_node("%Boards").value]
	var kept := [session.get("target_points"), session.get("max_boards")]
	menu.queue_free()
	session.set("target_points", 25)
	session.set("max_boards", 8)
	await process_frame
	_result(
		"the new-match screen keeps the points and boards chosen",
		shown == [29.0, 5.0] and kept == [29, 5],
		"shown %s, kept %s" % [shown, kept]
	)


## Every seat of a new match offers the expert, in the player's language, and choosing it
## puts the computer at that level in the seat.
func _check_expert_is_offered() -> void:
	var session: Node = root.get_node("Session")
	var settings: Node = root.get_node("GameSettings")
	var kept: Dictionary = session.get("players").duplicate()
	var menu: Control = load(NEW_MATCH).instantiate()
	root.add_child(menu)
	await process_frame
	var rows := menu.find_children("*", "HBoxContainer", true, false).filter(
		func(node: Node) -> bool: return node.has_signal("player_chosen")
	)
	var shown := []
	for language in ["en", "ko"]:
		settings.language = language
		settings.apply()
		await process_frame
		var wanted := TranslationServer.get_translation_object(language).get_message(
			"PLAYER_EXPERT"
		)
		for row: Node in rows:
			var player: OptionButton = row.get_node("%Player")
			var texts := []
			for i in player.item_count:
				texts.append(player.get_item_text(i))
			shown.append(wanted in texts)
	var chosen := -2
	if not rows.is_empty():
		var row: Node = rows[0]
		var player: OptionButton = row.get_node("%Player")
		var index: int = (row.call("kinds") as Array).find(CarromAi.LEVEL_EXPERT)
		player.select(index)
		player.item_selected.emit(index)
		chosen = session.get("players").get(row.get("seat"), -2)
	settings.language = "en"
	settings.apply()
	menu.queue_free()
	session.set("players", kept)
	await process_frame
	_result(
		"every seat offers the expert in English and Korean, and choosing it seats the expert",
		not rows.is_empty() and not false in shown and chosen == CarromAi.LEVEL_EXPERT,
		"%d rows, offered %s, chosen %d" % [rows.size(), shown, chosen]
	)


## A game maker's scene that leaves `max_boards` at 0 (the ruleset's) still shows how many
## boards the match has.
func _check_hud_counts_the_rulesets_boards() -> void:
	var board := CarromBoard.new()
	var rules := CarromRules.new()
	rules.board = board
	rules.max_boards = 0
	rules.ruleset = load("res://addons/carrom/rulesets/classic.tres")
	root.add_child(board)
	root.add_child(rules)
	var started := rules.start_match(3)
	var hud: CanvasLayer = load("res://scenes/hud/hud.tscn").instantiate()
	root.add_child(hud)
	await process_frame
	hud.call("refresh", rules)
	var shown: String = hud.get_node("%Status").text
	var boards: int = rules.get_match_ruleset().max_boards
	for node: Node in [hud, rules, board]:
		node.queue_free()
	await process_frame
	_result(
		"the status line counts the ruleset's boards when the scene leaves max_boards at 0",
		started and boards == 8 and shown.begins_with(tr("STATUS_BOARD") % [1, 8]),
		"shown %s, the match has %d boards" % [shown, boards]
	)


## The sounds follow what happens, with no sound code in the scenes: a strike, the hits of a
## break, a button.
func _check_sound_cues() -> void:
	var sfx: Node = root.get_node("Sfx")
	var heard: Array[int] = []
	var listen := func(cue: int, _strength: float) -> void: heard.append(cue)
	sfx.played.connect(listen)
	var game := await _start_match(HUMANS, 3)
	await _strike_forward(game)
	game.queue_free()
	await process_frame
	var menu: Control = load(MENU).instantiate()
	root.add_child(menu)
	await process_frame
	var buttons := menu.find_children("*", "Button", true, false)
	(buttons[0] as Button).pressed.emit()
	menu.queue_free()
	await process_frame
	sfx.played.disconnect(listen)
	var cue: Dictionary = sfx.Cue
	var wanted := [cue["STRIKE"], cue["CLICK"], cue["CUSHION"], cue["BUTTON"]]
	var missing := wanted.filter(func(c: int) -> bool: return not c in heard)
	_result(
		"sounds follow the strike, the hits and a button",
		missing.is_empty(),
		"missing %s" % [missing]
	)


## A menu on the screen follows a change of language by itself: its scene text and the
## choices it fills.
func _check_language_switch() -> void:
	var settings: Node = root.get_node("GameSettings")
	var menu: Control = load(NEW_MATCH).instantiate()
	root.add_child(menu)
	await process_frame
	settings.language = "es"
	settings.apply()
	await process_frame
	var mode: OptionButton = menu.get_node("%Mode")
	var title: Label = menu.find_child("Title")
	var wanted_mode := TranslationServer.get_translation_object("es").get_message("MODE_SINGLES")
	var wanted_title := TranslationServer.get_translation_object("es").get_message("MENU_NEW_MATCH")
	var shown := [mode.get_item_text(mode.selected), title.atr(title.text)]
	settings.language = "en"
	settings.apply()
	menu.queue_free()
	await process_frame
	_result(
		"the menu on screen follows a change of language",
		shown == [String(wanted_mode), String(wanted_title)],
		"%s, wanted %s" % [shown, [wanted_mode, wanted_title]]
	)


## The first match shows the lesson over the board; the striker takes no touch until it is
## skipped, and it is not shown again.
func _check_how_to_play() -> void:
	var settings: Node = root.get_node("GameSettings")
	var game := await _start_match(HUMANS, 9, true)
	var controller: Node = game.get_node("Controller")
	var lessons := game.find_children("HowToPlay", "", true, false)
	var shown := lessons.size() == 1 and (lessons[0] as Control).is_visible_in_tree()
	var waits: bool = controller.process_mode == Node.PROCESS_MODE_DISABLED
	if shown:
		lessons[0].call("_on_skip_pressed")
	await process_frame
	var gone := game.find_children("HowToPlay", "", true, false).is_empty()
	var plays: bool = controller.can_process()
	var remembered: bool = settings.get("how_to_play_seen")
	game.queue_free()
	await process_frame
	var again := await _start_match(HUMANS, 9, false)
	settings.set("how_to_play_seen", true)
	var not_again := again.find_children("HowToPlay", "", true, false).is_empty()
	again.queue_free()
	await process_frame
	_result(
		"the lesson shows once over the first match, and skips",
		shown and waits and gone and plays and remembered and not_again,
		"shown %s waits %s gone %s plays %s kept %s" % [shown, waits, gone, plays, remembered]
	)


## A thumb that lands 44 logical pixels from the striker's centre (inside the 96 across the
## README promises) takes the striker to aim, not the baseline to slide it.
func _check_touch_target() -> void:
	var game := await _start_match(HUMANS, 4)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var controller: Node = game.get_node("Controller")
	var seat: int = controller.get("seat")
	var at: float = controller.get("offset")
	var centre := board.get_global_transform_with_canvas() * board.get_striker_spot(seat, at)
	var forward := (
		board
		. get_global_transform_with_canvas()
		. basis_xform(board.get_seat_forward(seat))
		. normalized()
	)
	var thumb := centre + forward * 44.0
	await _touch(root.get_final_transform() * thumb, true)
	var state: int = controller.get("state")
	await _touch(root.get_final_transform() * thumb, false)
	game.queue_free()
	await process_frame
	_result(
		"a thumb near the striker takes it",
		state == StrikerController.State.AIMING,
		"state %d" % state
	)


## A button is as big on the screen in landscape as in portrait: turning the phone does not
## shrink the interface.
func _check_landscape_keeps_sizes() -> void:
	var seen := {}
	var fits := true
	for size in [Vector2i(720, 1280), Vector2i(1280, 720)]:
		root.size = size
		await process_frame
		var menu: Control = load(MENU).instantiate()
		root.add_child(menu)
		await process_frame
		await process_frame
		var screen := Rect2(Vector2.ZERO, root.get_visible_rect().size)
		var shortest := INF
		for button: Button in menu.find_children("*", "Button", true, false):
			if button.is_visible_in_tree():
				fits = fits and screen.encloses(button.get_global_rect())
				shortest = minf(shortest, button.get_global_rect().size.y)
		seen["%dx%d" % [size.x, size.y]] = shortest * root.get_final_transform().get_scale().y
		menu.queue_free()
		await process_frame
	root.size = Vector2i(720, 1280)
	_result(
		"every menu button shows without scrolling, a thumb's height either way up",
		fits and seen["720x1280"] >= 88.0 and seen["1280x720"] >= 88.0,
		"fits %s, shortest button (screen pixels) %s" % [fits, seen]
	)


## The last shot watched again from the pause menu: a second board plays the same strike to
## the same rest, while the match's board waits hidden, then the menu comes back.
func _check_instant_replay() -> void:
	var game := await _start_match(HUMANS, 5)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var replay_board: CarromBoard = game.get_node("BoardView/ReplayBoard")
	var rules: CarromRules = game.get_node("Rules")
	var fouls := [0]
	rules.foul_committed.connect(func(_s: int, _f: String, _p: int) -> void: fouls[0] += 1)
	# A gentle break: it moves the formation without a foul, so no piece is put back.
	await _strike_forward(game, 0.5)
	game.call("_pause")
	var menu: Node = game.find_children("*", "PauseMenu", true, false)[0]
	var offered: bool = menu.get_node("%Replay").visible
	menu.get_node("%Replay").emit_signal("pressed")
	var playing := replay_board.visible and not board.visible
	replay_board.simulate_to_rest()
	var replay: Node = game.get_node("InstantReplay")
	var until := Time.get_ticks_msec() + 5000
	while replay.call("is_playing") and Time.get_ticks_msec() < until:
		await process_frame
	var back := board.visible and not replay_board.visible and is_instance_valid(menu)
	var same: bool = fouls[0] == 0 and _coins(replay_board) == _coins(board)
	paused = false
	game.queue_free()
	await process_frame
	_result(
		"the last shot plays again as it was",
		offered and playing and back and same,
		"offered %s playing %s back %s same %s fouls %d" % [offered, playing, back, same, fouls[0]]
	)


## Where each coin and the queen are (the striker left out: a new turn moves it).
func _coins(board: CarromBoard) -> Array:
	var places := []
	for piece: Dictionary in board.get_pieces():
		if piece["kind"] != CarromBoard.KIND_STRIKER:
			places.append([piece["id"], piece["place"], piece["position"]])
	return places


## A strike and a pocket buzz when vibration is on, and never when it is off.
func _check_vibration_setting() -> void:
	var settings: Node = root.get_node("GameSettings")
	var haptics: Node = root.get_node("Haptics")
	var buzzes := [0]
	var count := func(_ms: int) -> void: buzzes[0] += 1
	haptics.connect("buzzed", count)
	settings.set("vibration", false)
	var game := await _start_match(HUMANS, 5)
	await _strike_forward(game)
	var when_off: int = buzzes[0]
	game.queue_free()
	await process_frame
	settings.set("vibration", true)
	game = await _start_match(HUMANS, 5)
	await _strike_forward(game)
	var when_on: int = buzzes[0]
	game.queue_free()
	await process_frame
	haptics.disconnect("buzzed", count)
	_result(
		"vibration follows the setting",
		when_off == 0 and when_on > 0,
		"%d, %d" % [when_off, when_on]
	)


## The pieces of a saved board, read through a board of their own.
func _pieces_of(state: String) -> Array:
	var probe := CarromBoard.new()
	probe.load_state(state)
	var pieces := probe.get_pieces()
	probe.free()
	return pieces


## Two computer seats play on their own, through the controller, without errors.
func _check_computer_against_computer() -> void:
	Engine.time_scale = 4.0
	var game := await _start_match({0: CarromAi.LEVEL_EASY, 2: CarromAi.LEVEL_MEDIUM}, 11)
	var turns := [0]
	var rules: CarromRules = game.get_node("Rules")
	rules.turn_started.connect(func(_s: int) -> void: turns[0] += 1)
	for frame in 900:
		await process_frame
		if turns[0] >= 4:
			break
	Engine.time_scale = 1.0
	_result("the computer plays both seats", turns[0] >= 4, "%d turns" % turns[0])
	game.queue_free()
	await process_frame


## Practice by touch: a coin dragged to a new spot, a shot from the baseline, the shot undone,
## the board turned to another baseline, and the position's code set up on a fresh board.
func _check_practice_by_touch() -> void:
	var practice: Node2D = load(PRACTICE).instantiate()
	root.add_child(practice)
	for i in 3:
		await process_frame
	var board: CarromBoard = practice.get_node("BoardView/Board")
	var controller: StrikerController = practice.get_node("Controller")
	var to_screen := root.get_final_transform() * board.get_global_transform_with_canvas()
	# Drag coin 7 (outer ring) to a free spot near the right-hand pocket line.
	var coin: Dictionary = board.get_pieces()[7]
	var target := Vector2(150.0, 90.0)
	await _touch(to_screen * (coin["position"] as Vector2), true)
	await _drag(to_screen * target)
	await _touch(to_screen * target, false)
	var moved: Vector2 = board.get_pieces()[7]["position"]
	_result(
		"practice: a dragged coin lies where it was let go",
		moved.distance_to(target) < 1.0,
		"%s" % moved
	)
	# Let the queen go on the frame, where no piece can lie: refused, she goes back.
	var queen_before: Vector2 = board.get_pieces()[0]["position"]
	var pocket := Vector2(board.get_board_size(), board.get_board_size()) * 0.5 * 0.86
	await _touch(to_screen * queen_before, true)
	await _drag(to_screen * pocket)
	await _touch(to_screen * pocket, false)
	var queen_after: Vector2 = board.get_pieces()[0]["position"]
	_result(
		"practice: a piece let go where none can lie goes back",
		queen_after == queen_before,
		"%s" % queen_after
	)
	# A shot by touch, then undo: the table is as it was before the shot.
	var before := board.get_position_code()
	var seat := controller.seat
	await _play_by_touch(board, controller, [seat, 0.0, board.get_seat_forward(seat), 0.9])
	await _wait_for_rest(board)
	var after := board.get_position_code()
	var striker_back := (
		controller.state == StrikerController.State.READY and controller.seat == seat
	)
	_result(
		"practice: the turn never passes",
		striker_back,
		"seat %d state %d" % [controller.seat, controller.state]
	)
	var undone: bool = practice.call("undo")
	_result(
		"practice: the last shot is undone",
		after != before and undone and board.get_position_code() == before,
		"moved %s, undone %s" % [after != before, undone]
	)
	practice.call("_on_turn_pressed")
	_result("practice: the board turns to the next baseline", controller.seat == (seat + 1) % 4)
	practice.call("_on_copy_pressed")
	var code: String = practice.get_node("%Code").text
	practice.queue_free()
	await process_frame
	var fresh: Node2D = load(PRACTICE).instantiate()
	root.add_child(fresh)
	await process_frame
	fresh.get_node("%Code").text = "cp1.not-a-position"
	fresh.call("_on_set_up_pressed")
	var refused: String = fresh.get_node("%Message").text
	fresh.get_node("%Code").text = code
	fresh.call("_on_set_up_pressed")
	var fresh_board: CarromBoard = fresh.get_node("BoardView/Board")
	_result(
		"practice: a shared code sets up the same position, a bad one is refused",
		fresh_board.get_position_code() == code and refused == tr("PRACTICE_BAD_CODE"),
		refused
	)
	fresh.queue_free()
	await process_frame


## The trick list offers every trick of the game's file; a trick's table shows its goal, and a
## strike played by touch is counted; trying again sets the trick up afresh.
## A day's challenge opens on the trick table: made from the date while the frames go on, the
## same trick every time it is asked for, laid out on the board with its goal.
func _check_daily_challenge() -> void:
	var session: Node = root.get_node("Session")
	# A fixed day (2 December 2026), so that the check is the same whenever it runs.
	var today := 20789
	session.set("trick_day", today)
	var table: Node2D = load(TRICK_TABLE).instantiate()
	root.add_child(table)
	var judge: CarromTrickShots = table.get_node("Tricks")
	# The expert makes it on a thread of its own: frames go on, the table saying so.
	var frames_preparing := 0
	var said_preparing := true
	var until := Time.get_ticks_msec() + 30000
	while judge.get_tricks().is_empty() and Time.get_ticks_msec() < until:
		if judge.is_preparing_daily_challenge():
			frames_preparing += 1
			said_preparing = (
				said_preparing and table.get_node("%Status").text == tr("TRICK_DAILY_PREPARING")
			)
		await process_frame
	var tricks := judge.get_tricks()
	var again: Variant = JSON.parse_string(CarromTrickShots.get_daily_challenge(today))
	var same: bool = (
		again is Dictionary
		and not tricks.is_empty()
		and again["tricks"][0]["id"] == tricks[0]["id"]
		and again["tricks"][0]["position"] == table.get_node("BoardView/Board").get_position_code()
	)
	var titled: bool = table.get_node("%Title").text == tr("TRICK_DAILY")
	var goal: String = table.get_node("%Goal").text
	table.queue_free()
	session.set("trick_day", -1)
	await process_frame
	_result(
		"today's challenge is made from the date, the same each time, and laid out with its goal",
		(
			tricks.size() == 1
			and tricks[0]["id"] == "daily_%d" % today
			and same
			and titled
			and goal != ""
			and frames_preparing > 0
			and said_preparing
		),
		(
			"tricks %s, same %s, titled %s, goal '%s', frames while preparing %d, said %s"
			% [tricks, same, titled, goal, frames_preparing, said_preparing]
		)
	)


func _check_trick_shot_by_touch() -> void:
	var list: Node = load(TRICK_LIST).instantiate()
	root.add_child(list)
	await process_frame
	var tricks: Array = list.call("read_tricks")
	var buttons := list.get_node("%List").get_child_count()
	_result(
		"trick shots: the list offers today's challenge and every trick",
		buttons == tricks.size() + 1 and buttons >= 6
	)
	list.queue_free()
	root.get_node("Session").set("trick_index", 0)
	var table: Node2D = load(TRICK_TABLE).instantiate()
	root.add_child(table)
	for i in 3:
		await process_frame
	var board: CarromBoard = table.get_node("BoardView/Board")
	var controller: StrikerController = table.get_node("Controller")
	var judge: CarromTrickShots = table.get_node("Tricks")
	var start := board.get_position_code()
	var goal: String = table.get_node("%Goal").text
	_result("trick shots: the goal is shown", not goal.is_empty(), goal)
	var seat := controller.seat
	await _play_by_touch(board, controller, [seat, -100.0, board.get_seat_forward(seat), 0.5])
	await _wait_for_rest(board)
	await process_frame
	var status: String = table.get_node("%Status").text
	_result("trick shots: a strike by touch is counted", judge.get_strikes() == 1, status)
	table.call("_on_again_pressed")
	var again := judge.get_strikes() == 0 and board.get_position_code() == start
	_result("trick shots: trying again sets the trick up afresh", again)
	table.queue_free()
	await process_frame


## Waits until the shot under way on `board` has come to rest (15 s at most).
func _wait_for_rest(board: CarromBoard) -> void:
	var until := Time.get_ticks_msec() + 15000
	while board.is_moving() and Time.get_ticks_msec() < until:
		await process_frame


## Waits until the board has stopped turning towards the seat to play: a player touches a
## board that stands still.
func _wait_until_turned(view: Node2D) -> void:
	var last := INF
	while not is_equal_approx(view.rotation, last):
		last = view.rotation
		await process_frame


## Drags the striker to the shot's offset along the baseline (starting from the end away from
## where it stands, so that the press does not land on it), then pulls back and lets go.
func _play_by_touch(board: CarromBoard, controller: Node, shot: Array) -> void:
	var seat: int = shot[0]
	var offset: float = shot[1]
	var dir: Vector2 = shot[2]
	var power: float = shot[3]
	var full_pull: float = controller.get("FULL_PULL")
	# Board pixels to window pixels: the canvas transform, then the window's stretch.
	var to_screen := root.get_final_transform() * board.get_global_transform_with_canvas()
	var limit := board.get_striker_offset_limit()
	var far_end := -limit if float(controller.get("offset")) > 0.0 else limit
	await _touch(to_screen * board.get_striker_spot(seat, far_end), true)
	await _drag(to_screen * board.get_striker_spot(seat, offset))
	await _touch(to_screen * board.get_striker_spot(seat, offset), false)
	var at := board.get_striker_spot(seat, offset)
	await _touch(to_screen * at, true)
	var pulled := at - dir.normalized() * power * full_pull
	await _drag(to_screen * pulled)
	await _touch(to_screen * pulled, false)


func _touch(at: Vector2, pressed: bool) -> void:
	var event := InputEventScreenTouch.new()
	event.position = at
	event.pressed = pressed
	Input.parse_input_event(event)
	await process_frame


func _drag(at: Vector2) -> void:
	var event := InputEventScreenDrag.new()
	event.position = at
	Input.parse_input_event(event)
	await process_frame


func _labels_text(node: Node) -> String:
	var text := ""
	for child in node.get_children():
		if child is Label:
			text += (child as Label).text + " "
		text += _labels_text(child)
	return text
