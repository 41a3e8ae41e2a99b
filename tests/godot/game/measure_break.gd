extends SceneTree
## Time per frame of a break, physics, rules and drawing included. In a window (what a player
## sees, drawn by whatever renderer the machine has; under Xvfb that is llvmpipe's software GL):
##   xvfb-run -a -s "-screen 0 1400x1100x24" godot --path godot-project --resolution 540x960 \
##     --rendering-driver opengl3 --script res://tests/measure_break.gd
## or headless (the game's own thread only), with --headless. Frames are capped at 60 a
## second as a phone's screen caps them; it plays BREAKS opening breaks at full power, each
## from a fresh board, and prints the frames' median, 95th and 99th percentile, the longest,
## and how many came later than a 60 Hz slot (FrameMeter.LATE_MS).

const BREAKS := 5

var _game: Node
var _board: CarromBoard
var _times: PackedFloat64Array = []
var _last := 0
var _breaks := 0
var _settling := 0
var _settled := false


func _initialize() -> void:
	Engine.max_fps = 60
	_start.call_deferred()


func _start() -> void:
	root.get_node("Session").players = {0: -1, 1: -1, 2: -1, 3: -1}
	_break()


## A fresh match, and its full-power break straight up the board, through the player's own
## controller.
func _break() -> void:
	if _game:
		_game.queue_free()
	root.get_node("Session").new_match()
	_game = load("res://scenes/match/match.tscn").instantiate()
	root.add_child(_game)
	for lesson in _game.find_children("HowToPlay", "", true, false):
		lesson.queue_free()
	await process_frame
	await process_frame
	_board = _game.get_node("BoardView/Board")
	_board.shot_finished.connect(func(_report: Dictionary) -> void: _settled = true)
	_settled = false
	var rules: CarromRules = _game.get_node("Rules")
	var controller: Node = _game.get_node("Controller")
	# The turn is the player's once the striker stands on the baseline (the lesson gone).
	while controller.get("state") != 1:  # StrikerController.State.READY
		await process_frame
	controller.call("slide_to", 0.0)
	controller.call("aim", _board.get_seat_forward(rules.get_seat_to_play()), 1.0)
	if not controller.call("release"):
		printerr("the break was not played")
		quit(1)
		return
	_last = Time.get_ticks_usec()
	_breaks += 1


func _process(_delta: float) -> bool:
	if _board == null or _last == 0:
		return false
	var now := Time.get_ticks_usec()
	_times.append((now - _last) / 1000.0)
	_last = now
	if not _settled:
		return false
	# A few frames after rest, for what the game draws when a shot ends (banners, trays).
	_settling += 1
	if _settling < 20:
		return false
	_settling = 0
	if _breaks < BREAKS:
		_last = 0
		_break()
		return false
	print("%d breaks (%s): frames %s" % [BREAKS, _renderer(), FrameMeter.describe(_times)])
	return true


func _renderer() -> String:
	if DisplayServer.get_name() == "headless":
		return "headless"
	var size := root.size
	return "%s, %dx%d window" % [RenderingServer.get_video_adapter_name(), size.x, size.y]
