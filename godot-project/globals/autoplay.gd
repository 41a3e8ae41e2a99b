extends Node
## The computer plays a whole match on every seat, with no one at the screen, when the game is
## started with `-- --autoplay`: made to run an exported build headless in a test.
##
## `--autoplay` alone starts a singles match of one board with the computer on both seats and
## quits when it ends, printing the result. `--strikes=N` stops after N strikes the way a player
## closing the window would (the match is saved in the user data folder); `--continue` plays on
## from that save. `--level=easy|medium|hard|expert` picks the computer's level (hard by
## default). `--frames` measures how steadily frames come while the computer thinks
## (`FrameMeter`) and prints it at the end. The game quits with code 0 when the match ended or
## was saved as asked, 1 when it could not.
##
## `-- --startup-time` instead lets the main menu draw three frames, prints how long the game
## took from the engine's start to that third frame ("startup: N ms"), and quits: the start-up
## figure of the README, without the time a quit takes.

## Strikes after which a match that never ends is given up (a board takes far fewer).
const STRIKE_LIMIT := 600

var _strikes := 0
var _stop_after := 0
var _meter: FrameMeter


func _ready() -> void:
	var args := OS.get_cmdline_user_args()
	if "--startup-time" in args:
		_time_the_start.call_deferred()
		return
	if not "--autoplay" in args:
		return
	var level := CarromAi.LEVEL_HARD
	for arg in args:
		if arg.begins_with("--strikes="):
			_stop_after = maxi(int(arg.get_slice("=", 1)), 1)
		elif arg.begins_with("--level="):
			level = _level_named(arg.get_slice("=", 1))
	if "--frames" in args:
		_meter = FrameMeter.new()
		add_child(_meter)
	print("autoplay: user data in %s" % OS.get_user_data_dir())
	# What the build carries beside the match: the rules offered and the trick shots.
	var rulesets := Session.ruleset_paths().size()
	print("autoplay: %d rulesets, %d trick shots" % [rulesets, TrickList.read_tricks().size()])
	if "--continue" in args:
		if not SaveSlot.read():
			_finish(1, "no saved match to continue in %s" % SaveSlot.PATH)
			return
		print("autoplay: continuing the saved match")
	else:
		Session.mode = CarromRules.MODE_SINGLES
		Session.max_boards = 1
		Session.new_match()
	for seat: int in Session.seats():
		Session.players[seat] = level
	get_tree().node_added.connect(_on_node_added)
	get_tree().change_scene_to_file.call_deferred("res://scenes/match/match.tscn")


## Waits for the main menu's third frame, then says when it came and quits.
func _time_the_start() -> void:
	for frame in 3:
		await get_tree().process_frame
	print("startup: %d ms to the menu's third frame" % Time.get_ticks_msec())
	get_tree().quit(0)


## Follows the match scene's board and rules as they enter the tree.
func _on_node_added(node: Node) -> void:
	if node is CarromBoard:
		(node as CarromBoard).shot_finished.connect(_on_shot_finished)
	elif node is CarromRules:
		(node as CarromRules).match_finished.connect(_on_match_finished)


func _on_shot_finished(_report: Dictionary) -> void:
	_strikes += 1
	if _strikes >= STRIKE_LIMIT:
		_finish(1, "the match did not end in %d strikes" % STRIKE_LIMIT)
	elif _stop_after > 0 and _strikes == _stop_after:
		# After the verdict, as a player closes the window: the match saves itself.
		_close_window.call_deferred()


func _close_window() -> void:
	get_tree().root.propagate_notification(NOTIFICATION_WM_CLOSE_REQUEST)
	var where := ProjectSettings.globalize_path(SaveSlot.PATH)
	if SaveSlot.has_save():
		_finish(0, "saved after %d strikes in %s" % [_strikes, where])
	else:
		_finish(1, "nothing saved after %d strikes in %s" % [_strikes, where])


func _on_match_finished(winner: int, scores: PackedInt32Array) -> void:
	var result := "a draw" if winner < 0 else "side %d won" % winner
	_finish(0, "match over after %d strikes: %s, scores %s" % [_strikes, result, scores])


func _finish(code: int, message: String) -> void:
	if _meter:
		print("autoplay: " + _meter.report())
	if code == 0:
		print("autoplay: " + message)
	else:
		printerr("autoplay failed: " + message)
	get_tree().quit(code)


func _level_named(key: String) -> int:
	for level: int in CarromAi.get_levels():
		if CarromAi.get_level_key(level) == key:
			return level
	push_warning("autoplay: no level %s; playing hard" % key)
	return CarromAi.LEVEL_HARD
