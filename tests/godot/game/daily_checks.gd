class_name DailyChecks
extends GameChecks
## The daily challenge's world board, checked headless for run_game_tests.gd with no match
## server: a day's challenge done with the coach's shots gives an entry of exactly its strikes;
## a player with no name online is told how to be on the board, and nothing is sent; a server
## that does not answer is said; the server's answers (counted, refused, damaged) are told in
## the player's language. The real server's side is the online check `daily` (cargo xtask
## online daily). The player's name, server and stars are put back afterwards.

const TRICK_TABLE := "res://scenes/trick_shots/trick_table.tscn"
## 2 December 2026: a fixed day, so that the check is the same whenever it runs.
const DAY := 20789
## A port nothing listens on: a server that does not answer.
const NOBODY := "ws://127.0.0.1:9/ws"

var _kept := {}


func run() -> void:
	_put_aside()
	await _check_an_attempt_done_gives_its_strikes()
	_check_answers_are_told()
	_put_back()


## Plays `table`'s trick (set up and started) with the coach's first hint at each strike,
## through the striker as a player would, trying afresh up to `tries` times: whether it was
## done.
static func solve_with_the_coach(tree: SceneTree, table: Node2D, tries: int) -> bool:
	var judge: CarromTrickShots = table.get_node("Tricks")
	var board: CarromBoard = table.get_node("BoardView/Board")
	var coach: Node = table.get_node("TableCoach")
	var controller: Node = table.get_node("Controller")
	for attempt in tries:
		if attempt > 0:
			table.call("_on_again_pressed")
		while not judge.is_attempt_over():
			coach.call("ask")
			var until := Time.get_ticks_msec() + 20000
			while coach.get("hints").is_empty() and Time.get_ticks_msec() < until:
				await tree.process_frame
			var hints: Array = coach.get("hints")
			if hints.is_empty():
				return false
			var hint: Dictionary = hints[0]
			controller.call("slide_to", float(hint["offset"]))
			controller.call("aim", hint["direction"], float(hint["power"]))
			if not controller.call("release"):
				return false
			until = Time.get_ticks_msec() + 20000
			while board.is_moving() and Time.get_ticks_msec() < until:
				await tree.process_frame
			await tree.process_frame
		if not judge.get_daily_entry().is_empty():
			return true
	return false


func _settings() -> Node:
	return root.get_node("GameSettings")


func _put_aside() -> void:
	var path := TrickStars.STARS_FILE
	_kept["stars"] = FileAccess.get_file_as_string(path) if FileAccess.file_exists(path) else null
	for key in ["player_name", "server_url"]:
		_kept[key] = _settings().get(key)


func _put_back() -> void:
	var path := TrickStars.STARS_FILE
	if _kept["stars"] == null:
		DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	else:
		var file := FileAccess.open(path, FileAccess.WRITE)
		file.store_string(_kept["stars"])
		file.close()
	for key in ["player_name", "server_url"]:
		_settings().set(key, _kept[key])
	root.get_node("Session").set("trick_day", -1)


## The day's challenge done with the coach's shots: the entry holds the day and exactly the
## strikes counted; with no name online the world line says how to be on the board; with a name
## and a server that does not answer, it says so.
func _check_an_attempt_done_gives_its_strikes() -> void:
	_settings().set("player_name", "")
	root.get_node("Session").set("trick_day", DAY)
	var table: Node2D = load(TRICK_TABLE).instantiate()
	root.add_child(table)
	var judge: CarromTrickShots = table.get_node("Tricks")
	var made := func() -> bool: return not judge.get_tricks().is_empty()
	await _until(made, 30.0)
	var world: Label = table.get_node("%World")
	var hidden_at_first := not world.visible
	var done := await solve_with_the_coach(tree, table, 3)
	var entry: Variant = JSON.parse_string(judge.get_daily_entry())
	var strikes := judge.get_strikes()
	var whole: bool = (
		entry is Dictionary
		and int(entry.get("day", -1)) == DAY
		and entry.get("strikes") is Array
		and entry["strikes"].size() == strikes
	)
	var no_name := world.visible and world.text == tr("DAILY_NO_NAME")
	var told_first := world.text
	_settings().set("player_name", "Asha")
	_settings().set("server_url", NOBODY)
	var told := [0]
	table.get_node("DailyBoard").told.connect(func(_line: String) -> void: told[0] += 1)
	table.call("_send_to_world")
	# A second attempt done while the first is on its way waits for it, and only its answer
	# is told.
	table.call("_send_to_world")
	var sending := world.text == tr("DAILY_SENDING")
	var answered := func() -> bool: return world.text != tr("DAILY_SENDING")
	await _until(answered, 15.0)
	await _until(func() -> bool: return false, 0.5)
	var unreached: bool = world.text == tr("DAILY_UNREACHED") and told[0] == 1
	var told_last := world.text
	table.queue_free()
	await tree.process_frame
	(
		_report
		. call(
			(
				"today's challenge done gives an entry of its strikes; no name online says how to"
				+ " be on the world board, and a server that does not answer is said"
			),
			hidden_at_first and done and whole and no_name and sending and unreached,
			(
				(
					"hidden at first %s, done %s, entry %s (%d strikes counted), no name '%s', sending %s,"
					+ " then '%s' (told %d times)"
				)
				% [hidden_at_first, done, entry, strikes, told_first, sending, told_last, told[0]]
			)
		)
	)


## The server's answers as the world line tells them: a place of how many and the day's best;
## an attempt refused, or an answer that is not the server's, as not counted; no connection as
## not reached.
func _check_answers_are_told() -> void:
	var answer := {
		"rank": 2,
		"of": 7,
		"players": [{"name": "Bilal", "strikes": 2, "stars": 3, "rank": 1, "player": "ab"}]
	}
	var counted := DailyBoard.line_of(HTTPRequest.RESULT_SUCCESS, 200, JSON.stringify(answer))
	var expected := Words.say("DAILY_RANK", [2, 7]) + "\n" + Words.say("DAILY_BEST", ["Bilal", 2])
	var refused := DailyBoard.line_of(
		HTTPRequest.RESULT_SUCCESS, 422, '{"error": "strike 2 fails the challenge"}'
	)
	var junk := DailyBoard.line_of(HTTPRequest.RESULT_SUCCESS, 200, "<html>proxy</html>")
	var nonsense := DailyBoard.line_of(
		HTTPRequest.RESULT_SUCCESS, 200, '{"rank": 9, "of": 3, "players": "all"}'
	)
	var gone := DailyBoard.line_of(HTTPRequest.RESULT_CANT_CONNECT, 0, "")
	var not_counted := tr("DAILY_NOT_COUNTED")
	_report.call(
		"the world board's answers are told: the place and the day's best, refusals and junk",
		(
			counted == expected
			and refused == not_counted
			and junk == not_counted
			and nonsense == not_counted
			and gone == tr("DAILY_UNREACHED")
		),
		(
			"counted '%s', refused '%s', junk '%s', nonsense '%s', gone '%s'"
			% [counted, refused, junk, nonsense, gone]
		)
	)
