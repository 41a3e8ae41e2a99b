extends SceneTree
## The README's screenshots, taken from the game in a real window (not headless: nothing is
## drawn headless). Run by `cargo xtask screenshots`, which starts it under Xvfb when there is
## no display:
##   godot --path godot-project --resolution 540x960 --script res://tests/screenshots.gd \
##     -- --out=/absolute/folder
## The match is two people's seats played by the computer's suggestions, so it is the same
## match every time. With `--tour=hi,ur,ta` it takes, instead, every screen in each of those
## languages in portrait and in landscape (`tour-<language>-<screen>-<portrait|landscape>.png`),
## to be looked at as a player would.

const MENU := "res://scenes/main_menu/main_menu.tscn"
const NEW_MATCH := "res://scenes/new_match/new_match.tscn"
const ONLINE := "res://scenes/online/online_menu.tscn"
const RATINGS := "res://scenes/online/ratings_screen.tscn"
const FRIENDS := "res://scenes/online/friends_screen.tscn"
const SETTINGS := "res://scenes/settings/settings_screen.tscn"
const MATCH := "res://scenes/match/match.tscn"
const TRICK_TABLE := "res://scenes/trick_shots/trick_table.tscn"
const REPLAY_LIST := "res://scenes/replays/replay_list.tscn"
const REPLAY_VIEWER := "res://scenes/replays/replay_viewer.tscn"
## The screens of the tour, by the name their pictures take.
const TOUR := {
	"menu": MENU,
	"new-match": NEW_MATCH,
	"online": ONLINE,
	"ratings": RATINGS,
	"friends": FRIENDS,
	"profile": "res://scenes/online/profile_screen.tscn",
	"settings": SETTINGS,
	"rules": "res://scenes/rules/rules_screen.tscn",
	"practice": "res://scenes/practice/practice.tscn",
	"tricks": "res://scenes/trick_shots/trick_list.tscn",
}
const PORTRAIT := Vector2i(540, 960)
const LANDSCAPE := Vector2i(1280, 720)
## Strikes played before the match pictures, so that the trays hold coins.
const OPENING_STRIKES := 7
## Strikes played in real time to catch a piece dropping into a pocket.
const POCKETING_STRIKES := 12
## Strikes after which a board is given up as not ending.
const STRIKE_LIMIT := 400

var _out := ""
var _tour: PackedStringArray = []


func _initialize() -> void:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--out="):
			_out = arg.trim_prefix("--out=")
		elif arg.begins_with("--tour="):
			_tour = arg.trim_prefix("--tour=").split(",", false)
	_run.call_deferred()


func _run() -> void:
	if _out.is_empty():
		printerr("usage: ... --script res://tests/screenshots.gd -- --out=/absolute/folder")
		quit(2)
		return
	if not _tour.is_empty():
		await _take_tour()
		quit(0)
		return
	await _set_language("en")
	await _resize(PORTRAIT)
	var menu: Node = load(MENU).instantiate()
	root.add_child(menu)
	await _shoot("menu.png")
	await _resize(LANDSCAPE)
	await _shoot("menu-landscape.png")
	await _resize(PORTRAIT)
	menu.queue_free()
	var setup: Node = load(NEW_MATCH).instantiate()
	root.add_child(setup)
	await _shoot("new-match.png")
	setup.queue_free()
	var online: Node = load(ONLINE).instantiate()
	root.add_child(online)
	await _shoot("online.png")
	# A friend's room made: the code to share, as the server told it.
	online.call("_on_server_room", "K7M2QX", 540, 1, 2)
	await _resize(LANDSCAPE)
	await _shoot("online-room-landscape.png")
	await _resize(PORTRAIT)
	online.queue_free()
	await _shoot_ratings()
	await _shoot_friends()
	await _shoot_trick_hint()
	await _shoot_daily_world("en")
	await _shoot_daily_world("ur")
	await _set_language("en")
	var settings_screen: Node = load(SETTINGS).instantiate()
	root.add_child(settings_screen)
	await _shoot("settings.png")
	await _resize(LANDSCAPE)
	await _shoot("settings-landscape.png")
	await _resize(PORTRAIT)
	settings_screen.queue_free()
	await _shoot_looks()
	var game := await _start_match()
	await _shoot("lesson.png")
	for lesson in game.find_children("HowToPlay", "", true, false):
		lesson.call("_on_skip_pressed")
	var board_ended := [false]
	game.get_node("Rules").connect(
		"board_finished",
		func(_w: int, _p: PackedInt32Array, _s: PackedInt32Array) -> void: board_ended[0] = true
	)
	for strike in OPENING_STRIKES:
		await _play_suggested(game)
	await _shoot("match-portrait.png")
	await _resize(LANDSCAPE)
	await _shoot("match-landscape.png")
	await _resize(PORTRAIT)
	await _shoot_hint(game)
	await _shoot_pocketing(game)
	var strikes := 0
	while not board_ended[0] and strikes < STRIKE_LIMIT:
		await _play_suggested(game)
		strikes += 1
	await _shoot("board-end.png")
	await _shoot_replays(game)
	game.queue_free()
	await process_frame
	# The game in Urdu: the interface mirrored, right to left, the board as it is.
	await _set_language("ur")
	var urdu_menu: Node = load(MENU).instantiate()
	root.add_child(urdu_menu)
	await _shoot("urdu-menu.png")
	urdu_menu.queue_free()
	var urdu_game := await _start_match()
	for lesson in urdu_game.find_children("HowToPlay", "", true, false):
		lesson.call("_on_skip_pressed")
	for strike in OPENING_STRIKES:
		await _play_suggested(urdu_game)
	await _shoot("urdu-match.png")
	urdu_game.queue_free()
	await _set_language("en")
	quit(0 if board_ended[0] else 1)


func _set_language(language: String) -> void:
	var settings: Node = root.get_node("GameSettings")
	settings.set("language", language)
	settings.call("apply")
	await process_frame


## Every screen of `TOUR`, then a match after a few strikes with its pause menu, in each
## language asked for, portrait and landscape.
func _take_tour() -> void:
	root.get_node("GameSettings").set("how_to_play_seen", true)
	for language in _tour:
		await _set_language(language)
		for screen: String in TOUR:
			var node: Node = load(TOUR[screen]).instantiate()
			root.add_child(node)
			if screen == "friends":
				node.call("_show_list", OnlineScreenChecks.sample_friends())
			if screen == "profile":
				_fill_profile(node)
			await _shoot_both("tour-%s-%s" % [language, screen])
			node.queue_free()
		var game := await _start_match()
		for strike in 3:
			await _play_suggested(game)
		await _shoot_both("tour-%s-match" % language)
		game.call("_pause")
		await _shoot_both("tour-%s-pause" % language)
		# The pause menu pauses the tree: the next language's match must run.
		paused = false
		game.queue_free()
		await process_frame
	await _set_language("en")


func _shoot_both(name: String) -> void:
	await _resize(PORTRAIT)
	await _shoot(name + "-portrait.png")
	await _resize(LANDSCAPE)
	await _shoot(name + "-landscape.png")
	await _resize(PORTRAIT)


## The coach's first hint on the trick "Cut to the corner", in both shapes.
func _shoot_trick_hint() -> void:
	root.get_node("Session").set("trick_index", 1)
	var table: Node = load(TRICK_TABLE).instantiate()
	root.add_child(table)
	await process_frame
	table.get_node("%Hint").pressed.emit()
	await table.get_node("CoachAi").hints_ready
	await _shoot_both("trick-hint")
	table.queue_free()
	root.get_node("Session").set("trick_index", 0)


## A day's challenge (2 December 2026) done with the coach's shots, and the world board's
## answer as the table tells it (the answer made here: these shots take no server), in both
## shapes, in `language`.
func _shoot_daily_world(language: String) -> void:
	await _set_language(language)
	var settings: Node = root.get_node("GameSettings")
	var name: String = settings.get("player_name")
	# No name online: nothing is sent, and the answer shown is the one made here.
	settings.set("player_name", "")
	root.get_node("Session").set("trick_day", 20789)
	var table: Node = load(TRICK_TABLE).instantiate()
	root.add_child(table)
	var judge: CarromTrickShots = table.get_node("Tricks")
	while judge.get_tricks().is_empty():
		await process_frame
	if await DailyChecks.solve_with_the_coach(self, table, 3):
		var answer := {"rank": 4, "of": 128, "players": [{"name": "Meera", "strikes": 2}]}
		var line := DailyBoard.line_of(HTTPRequest.RESULT_SUCCESS, 200, JSON.stringify(answer))
		table.call("_on_daily_board_told", line)
	await _shoot_both("daily-world-" + language)
	table.queue_free()
	root.get_node("Session").set("trick_day", -1)
	settings.set("player_name", name)


## The board just played, kept (as a finished match is) and listed on the Replays screen, then
## watched a few shots in.
## A striker and a board earned (ten boards won, as if): the Settings list open on the
## strikers, then a practice board wearing the ruby striker on teak. The player's own progress
## and choices are put back.
func _shoot_looks() -> void:
	var settings: Node = root.get_node("GameSettings")
	var had: Variant = (
		FileAccess.get_file_as_string(LookShelf.PROGRESS_FILE)
		if FileAccess.file_exists(LookShelf.PROGRESS_FILE)
		else null
	)
	var chose := [settings.get("striker_look"), settings.get("board_look")]
	var progress := ConfigFile.new()
	progress.set_value("progress", "boards_won", 10)
	progress.save(LookShelf.PROGRESS_FILE)
	settings.set("striker_look", "ruby_striker")
	settings.set("board_look", "teak_board")
	var screen: Node = load(SETTINGS).instantiate()
	root.add_child(screen)
	await _settle()
	var strikers: OptionButton = screen.get_node("%StrikerLook")
	strikers.show_popup()
	await _shoot("looks-settings-portrait.png")
	strikers.get_popup().hide()
	screen.queue_free()
	var table: Node = load("res://scenes/practice/practice.tscn").instantiate()
	root.add_child(table)
	await _shoot_both("looks")
	table.queue_free()
	settings.set("striker_look", chose[0])
	settings.set("board_look", chose[1])
	DirAccess.remove_absolute(ProjectSettings.globalize_path(LookShelf.PROGRESS_FILE))
	if had != null:
		FileAccess.open(LookShelf.PROGRESS_FILE, FileAccess.WRITE).store_string(had)


func _shoot_replays(game: Node) -> void:
	var rules: CarromRules = game.get_node("Rules")
	var players := {0: -1, 2: -1}
	ReplayShelf.keep(rules, players, int(Time.get_unix_time_from_system()))
	# The match just played (its board-end panel open) out of sight; it is freed after.
	game.visible = false
	for layer in game.find_children("*", "CanvasLayer", true, false):
		layer.visible = false
	var list: Node = load(REPLAY_LIST).instantiate()
	root.add_child(list)
	await _shoot_both("replays")
	list.queue_free()
	root.get_node("Session").set("replay", rules.get_replay())
	root.get_node("Session").set("replay_players", players)
	var viewer: Node = load(REPLAY_VIEWER).instantiate()
	root.add_child(viewer)
	await process_frame
	viewer.call("step_to", 5)
	await _shoot_both("replay-viewer")
	viewer.queue_free()
	await process_frame


## The ratings screen, filled from an answer as the server gives one (no server runs here).
func _shoot_ratings() -> void:
	var screen: Node = load(RATINGS).instantiate()
	root.add_child(screen)
	await process_frame
	var answer := {
		"ladder": "singles",
		"players":
		[
			{"player": "a", "name": "Asha", "rating": 1712, "games": 31},
			{"player": "b", "name": "Bilal", "rating": 1655, "games": 12},
			{"player": "c", "name": "Chitra", "rating": 1540, "games": 7},
		]
	}
	var body := JSON.stringify(answer).to_utf8_buffer()
	screen.get("_request").call("cancel_request")
	screen.call("_on_request_completed", HTTPRequest.RESULT_SUCCESS, 200, PackedStringArray(), body)
	await _shoot("ratings.png")
	screen.queue_free()


## The friends screen, filled from a list as the server gives one (no server runs here).
func _shoot_friends() -> void:
	var screen: Node = load(FRIENDS).instantiate()
	root.add_child(screen)
	await process_frame
	screen.call("_show_list", OnlineScreenChecks.sample_friends())
	await _shoot_both("friends")
	screen.queue_free()
	await process_frame


## The profile as the server would fill it: two devices, a chart of five matches, a code.
func _fill_profile(screen: Node) -> void:
	var devices := [
		{"id": "d1", "linked": 1765000000, "seen": 0, "this": true},
		{"id": "d2", "linked": 1765090000, "seen": 0, "this": false},
	]
	screen.call("_show_devices", devices)
	var chart: Node = screen.get_node("%Chart")
	chart.call("show_ratings", PackedInt32Array([1500, 1516, 1508, 1531, 1549, 1542]))
	screen.call(
		"_on_people_told", {"kind": CarromLobby.HEARD_RECOVERY, "code": "ABCD-EFGH-JKMN-PQRS"}
	)


## A singles match of two people's seats, from a fixed seed.
func _start_match() -> Node:
	var session: Node = root.get_node("Session")
	session.set("mode", CarromRules.MODE_SINGLES)
	session.set("players", {0: -1, 1: -1, 2: -1, 3: -1})
	session.call("new_match")
	session.set("match_seed", 7)
	var game: Node = load(MATCH).instantiate()
	root.add_child(game)
	await _settle()
	return game


## The seat to play strikes where the computer suggests, through the player's controller,
## and the shot is run to rest at once.
func _play_suggested(game: Node) -> void:
	if await _strike_suggested(game):
		(game.get_node("BoardView/Board") as CarromBoard).simulate_to_rest()
	await _settle()


## The seat to play strikes where the computer suggests, through the player's controller;
## false when the computer found no shot.
func _strike_suggested(game: Node) -> bool:
	var rules: CarromRules = game.get_node("Rules")
	var ai: CarromAi = game.get_node("Ai")
	var controller: Node = game.get_node("Controller")
	ai.time_budget = 0.5
	var placement: Node = game.get_node("BoardView/Board/ReturnedPlacement")
	if rules.get_placing_seat() >= 0 and placement.call("is_placing"):
		# Returned pieces waiting for a person (RULES.md X3) go where they stand.
		placement.call("place_as_they_stand")
		await _settle()
	if not ai.think(rules.get_seat_to_play(), CarromAi.LEVEL_HARD):
		return false
	var shot: Array = await ai.shot_ready
	controller.call("slide_to", shot[1])
	controller.call("aim", shot[2], shot[3])
	controller.call("release")
	return true


## The coach's first hint for the seat to play, drawn and said, in both shapes (pass-and-play
## hints allowed for the picture, as they were).
func _shoot_hint(game: Node) -> void:
	var settings: Node = root.get_node("GameSettings")
	var was: bool = settings.get("hints_pass_and_play")
	settings.set("hints_pass_and_play", true)
	var seat: int = (game.get_node("Rules") as CarromRules).get_seat_to_play()
	game.get_node("Coach").call("begin_turn", seat)
	game.get_node("Coach").call("ask")
	await game.get_node("CoachAi").hints_ready
	await _shoot_both("hint")
	game.get_node("Coach").call("end_turn")
	settings.set("hints_pass_and_play", was)


## Strikes in real time, as a player sees them, until one pockets a piece, and takes the
## picture a moment after the drop began (the drop lasts 0.3 s).
func _shoot_pocketing(game: Node) -> void:
	var board: CarromBoard = game.get_node("BoardView/Board")
	var dropped := [false]
	board.piece_pocketed.connect(func(_p: int, _k: int, _pocket: int) -> void: dropped[0] = true)
	for strike in POCKETING_STRIKES:
		if not await _strike_suggested(game):
			return
		while board.is_moving() and not dropped[0]:
			await process_frame
		if dropped[0]:
			await create_timer(0.1).timeout
			await _shoot("pocket-drop.png")
			while board.is_moving():
				await process_frame
			await _settle()
			return
		await _settle()
	printerr("no piece was pocketed in %d strikes" % POCKETING_STRIKES)


func _resize(size: Vector2i) -> void:
	DisplayServer.window_set_size(size)
	# Without a window manager (Xvfb) the window never hears that it was resized: say so.
	root.size = size
	await _settle()


## Lets tweens (the board turning, banners) and layout finish.
func _settle() -> void:
	var until := Time.get_ticks_msec() + 900
	while Time.get_ticks_msec() < until:
		await process_frame


func _shoot(file: String) -> void:
	await RenderingServer.frame_post_draw
	var image := root.get_texture().get_image()
	var path := _out.path_join(file)
	var error := image.save_png(path)
	print("%s %s" % [path, "written" if error == OK else "failed (%s)" % error_string(error)])
