class_name ReplayChecks
extends GameChecks
## Whole-match replays, checked headless for run_game_tests.gd: a finished match is kept, the
## last 20 and no more; the Replays screen lists them newest first and opens from the menu;
## the viewer plays a match from its first break, pauses, steps back and on, plays to its end
## at 4× and stands exactly where the match ended; a shared file opens as the match it was,
## and a damaged one is refused with its reason and leaves the kept matches as they were.

const VIEWER := "res://scenes/replays/replay_viewer.tscn"
const LIST := "res://scenes/replays/replay_list.tscn"
const MENU := "res://scenes/main_menu/main_menu.tscn"
const SHARED := "user://shared-match.json"
const DAMAGED := "user://damaged-match.json"
## Strikes played in the match watched.
const STRIKES := 4

## The match kept by the first check: its replay and its save at the end.
var _replay := ""
var _end := ""


func run() -> void:
	_clear_shelf()
	await _check_a_finished_match_is_kept()
	if _replay.is_empty():
		return
	await _check_the_last_twenty_are_kept()
	await _check_the_list()
	await _check_the_viewer()
	await _check_shared_and_damaged_files()
	_clear_shelf()


func _clear_shelf() -> void:
	if not DirAccess.dir_exists_absolute(ReplayShelf.DIR):
		return
	for file_name in DirAccess.get_files_at(ReplayShelf.DIR):
		DirAccess.remove_absolute(
			ProjectSettings.globalize_path(ReplayShelf.DIR.path_join(file_name))
		)


## A match of two people, a few strikes, then its end as the rules announce it.
func _check_a_finished_match_is_kept() -> void:
	var game: Node2D = await _start_match.call(HUMANS.duplicate(), 11)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var rules: CarromRules = game.get_node("Rules")
	for i in STRIKES:
		# Pieces a foul sent back are placed nearest the centre first (a step of the replay
		# too).
		var placer := rules.get_placing_seat()
		if placer >= 0:
			rules.place_returned(placer, PackedInt32Array(), PackedVector2Array())
		var seat := rules.get_seat_to_play()
		if seat < 0:
			break
		board.place_striker(seat, board.get_free_striker_offset(seat, 30.0 * (i % 3 - 1)))
		var aim := board.get_seat_forward(seat) + board.get_seat_right(seat) * (0.1 * (i % 3 - 1))
		board.strike(aim, 0.7)
		board.simulate_to_rest()
		await tree.process_frame
	game.call("_on_rules_match_finished", -1, rules.get_scores())
	var kept := ReplayShelf.list()
	_replay = rules.get_replay()
	_end = rules.save_match()
	var same: bool = kept.size() == 1 and kept[0]["replay"] == _replay
	_report.call("a finished match is kept to watch again", same, "%d kept" % kept.size())
	if not same:
		_replay = ""
	game.queue_free()
	await tree.process_frame


func _check_the_last_twenty_are_kept() -> void:
	_clear_shelf()
	var board := CarromBoard.new()
	var rules := CarromRules.new()
	rules.board = board
	root.add_child(board)
	root.add_child(rules)
	rules.play_replay(_replay)
	for i in ReplayShelf.KEEP + 2:
		ReplayShelf.keep(rules, {0: -1, 2: CarromAi.LEVEL_HARD}, 2000 + i)
	var kept := ReplayShelf.list()
	var newest: int = kept[0]["ended"] if not kept.is_empty() else -1
	var oldest: int = kept[-1]["ended"] if not kept.is_empty() else -1
	_report.call(
		"the last 20 matches are kept, newest first, the oldest dropped",
		(
			kept.size() == ReplayShelf.KEEP
			and newest == 2000 + ReplayShelf.KEEP + 1
			and oldest == 2002
		),
		"%d kept, newest %d, oldest %d" % [kept.size(), newest, oldest]
	)
	var players: Dictionary = kept[0]["players"] if not kept.is_empty() else {}
	_report.call(
		"a kept match knows who played each seat",
		players == {0: -1, 2: CarromAi.LEVEL_HARD},
		str(players)
	)
	rules.free()
	board.free()


func _check_the_list() -> void:
	var menu: Control = load(MENU).instantiate()
	root.add_child(menu)
	await tree.process_frame
	var button: Button = menu.find_child("Replays", true, false)
	if button:
		button.emit_signal("pressed")
	await tree.process_frame
	var list: Node = menu.find_child("ReplayList", true, false)
	var rows: Array[Node] = []
	if list:
		rows = list.get_node("%List").get_children()
	_report.call("the menu's Replays opens the list of kept matches", list != null)
	var first_line := ""
	if not rows.is_empty():
		first_line = (rows[0].get_child(0) as Button).text
	var newest := ReplayShelf.list()[0]
	_report.call(
		"the list shows every kept match, newest first, with its date, game and score",
		rows.size() == ReplayShelf.KEEP and first_line == ReplayShelf.line(newest),
		"%d rows, first %s" % [rows.size(), first_line]
	)
	menu.queue_free()
	await tree.process_frame


func _check_the_viewer() -> void:
	var session: Node = root.get_node("Session")
	session.set("replay", _replay)
	session.set("replay_players", {0: -1, 2: -1})
	var viewer: Node2D = load(VIEWER).instantiate()
	root.add_child(viewer)
	await tree.process_frame
	var board: CarromBoard = viewer.get_node("BoardView/Board")
	var rules: CarromRules = viewer.get_node("Rules")
	var length := CarromRules.get_replay_length(_replay)
	var status := _status(viewer)
	_report.call(
		"the viewer opens at the first break, paused",
		(
			rules.get_replay_progress() == 0
			and not viewer.get("playing")
			and status.contains(Words.say("REPLAY_STEP", [0, length]))
		),
		"%d, %s" % [rules.get_replay_progress(), status]
	)
	viewer.get_node("%StepNext").emit_signal("pressed")
	var rolled := board.is_moving()
	await _until(func() -> bool: return not board.is_moving(), 20.0)
	_report.call(
		"a step forward plays the first shot on the board as it rolled",
		(
			rolled
			and rules.get_replay_progress() == 1
			and _status(viewer).contains(Words.say("REPLAY_STEP", [1, length]))
		),
		"rolled %s, at %d" % [rolled, rules.get_replay_progress()]
	)
	viewer.get_node("%Speed").emit_signal("pressed")
	viewer.get_node("%Speed").emit_signal("pressed")
	var fast := Engine.time_scale
	viewer.get_node("%Play").emit_signal("pressed")
	var playing: bool = viewer.get("playing")
	await _until(func() -> bool: return rules.get_replay_progress() == 2, 20.0)
	viewer.get_node("%Play").emit_signal("pressed")
	await _until(func() -> bool: return not board.is_moving(), 20.0)
	await tree.create_timer(0.5 * fast).timeout
	var paused_at := rules.get_replay_progress()
	_report.call(
		"play goes on by itself at 4× and pause stops it after the shot",
		fast == 4.0 and playing and paused_at == 2 and not viewer.get("playing"),
		"speed %s, playing %s, paused at %d" % [fast, playing, paused_at]
	)
	viewer.get_node("%StepBack").emit_signal("pressed")
	var back := rules.get_replay_progress()
	viewer.get_node("%Play").emit_signal("pressed")
	await _until(
		func() -> bool:
			return (
				rules.get_replay_progress() == length
				and not board.is_moving()
				and not viewer.get("playing")
			),
		40.0
	)
	var ended := rules.save_match() == _end
	_report.call(
		"a step back, then play to the end: the match stands exactly where it ended",
		back == 1 and ended and (viewer.get_node("%Play") as Button).disabled,
		"back to %d, at %d of %d, same end %s" % [back, rules.get_replay_progress(), length, ended]
	)
	viewer.queue_free()
	await tree.process_frame
	_report.call("leaving the viewer plays at normal speed again", Engine.time_scale == 1.0)


func _check_shared_and_damaged_files() -> void:
	var list: Node = load(LIST).instantiate()
	root.add_child(list)
	await tree.process_frame
	var before := ReplayShelf.list()
	var shared: bool = list.call("share_to", before[0], SHARED)
	var opened := ReplayShelf.read(SHARED)
	_report.call(
		"a shared file opens as the match it was",
		shared and opened.get("replay", "") == before[0]["replay"],
		str(opened.get("refusal", ""))
	)
	# The same file with its replay damaged: refused, with the reason, nothing kept.
	var data: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(SHARED))
	data["replay"] = String(data["replay"]).replace('"actions":[', '"actions":7,[')
	var file := FileAccess.open(DAMAGED, FileAccess.WRITE)
	file.store_string(JSON.stringify(data))
	file.close()
	var refused: bool = not list.call("open_file", DAMAGED)
	var message: Label = list.get_node("%Message")
	var after := ReplayShelf.list()
	_report.call(
		"a damaged file is refused with its reason and the kept matches stay as they were",
		refused and message.visible and message.text.contains("damaged") and after == before,
		message.text
	)
	list.queue_free()
	await tree.process_frame
	for path in [SHARED, DAMAGED]:
		DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


func _status(viewer: Node) -> String:
	return (viewer.get_node("Hud").get_node("%Status") as Label).text
