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
## Where each frame's time went: the renderer's own work on the main thread and what the GPU
## (llvmpipe: more CPU threads) took, in ms, and the draw calls it took.
var _parts := {
	"render cpu": PackedFloat64Array(),
	"gpu": PackedFloat64Array(),
	"draw calls": PackedFloat64Array()
}
var _last := 0
var _breaks := 0
var _settling := 0
var _settled := false
## The process's CPU time (all its threads, llvmpipe's too) when this break was struck, and
## what the breaks have used so far, in ms.
var _cpu_at_start := 0.0
var _cpu_spent := 0.0


func _initialize() -> void:
	Engine.max_fps = 60
	RenderingServer.viewport_set_measure_render_time(root.get_viewport_rid(), true)
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
	_leave_out()
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
	_cpu_at_start = _cpu_ms()


func _process(_delta: float) -> bool:
	if _board == null or _last == 0:
		return false
	var now := Time.get_ticks_usec()
	_times.append((now - _last) / 1000.0)
	_last = now
	var viewport := root.get_viewport_rid()
	_parts["render cpu"].append(
		(
			RenderingServer.viewport_get_measured_render_time_cpu(viewport)
			+ RenderingServer.get_frame_setup_time_cpu()
		)
	)
	_parts["gpu"].append(RenderingServer.viewport_get_measured_render_time_gpu(viewport))
	_parts["draw calls"].append(
		Performance.get_monitor(Performance.RENDER_TOTAL_DRAW_CALLS_IN_FRAME)
	)
	if not _settled:
		return false
	# A few frames after rest, for what the game draws when a shot ends (banners, trays).
	_settling += 1
	if _settling < 20:
		return false
	_settling = 0
	_cpu_spent += _cpu_ms() - _cpu_at_start
	if _breaks < BREAKS:
		_last = 0
		_break()
		return false
	print("%d breaks (%s): frames %s" % [BREAKS, _renderer(), FrameMeter.describe(_times)])
	var frames := _times.size()
	print("  CPU (all threads): %.1f ms a frame" % (_cpu_spent / frames))
	for part: String in _parts:
		var sorted: PackedFloat64Array = _parts[part].duplicate()
		sorted.sort()
		print(
			(
				"  %s: median %.2f, p95 %.2f, max %.2f"
				% [part, sorted[sorted.size() / 2], sorted[int(sorted.size() * 0.95)], sorted[-1]]
			)
		)
	return true


## To take the cost apart: `-- --without=hud,plain-pieces,Hud/Banner` draws the HUD's bars
## empty, the pieces without their shader, and hides any node by its path in the match.
func _leave_out() -> void:
	var without: PackedStringArray = []
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--without="):
			without = arg.trim_prefix("--without=").split(",")
	if "hud" in without:
		# Its bars stay where they are (the board is fitted between them), drawn empty.
		for bar: Control in [_game.get_node("Hud/TopBar"), _game.get_node("Hud/BottomBar")]:
			bar.add_theme_stylebox_override("panel", StyleBoxEmpty.new())
			for child: CanvasItem in bar.get_children():
				child.visible = false
	for path in without:
		if _game.has_node(path):
			_game.get_node(path).visible = false
	await process_frame
	for piece in _game.get_node("BoardView/Board").find_children("*", "CanvasItem", true, false):
		if "plain-pieces" in without and piece.has_method("get_lift"):
			piece.material = null


## CPU time this process has used, all threads, in ms (Linux only; -1 elsewhere): on a
## software renderer, what the frames ask of the machine's cores.
func _cpu_ms() -> float:
	var out: Array = []
	if OS.execute("cat", ["/proc/%d/stat" % OS.get_process_id()], out) != 0 or out.is_empty():
		return -1.0
	var fields: PackedStringArray = (out[0] as String).rsplit(")", true, 1)[1].split(" ", false)
	# utime and stime, the 14th and 15th fields (12th and 13th after the name), in 1/100 s.
	return (float(fields[11]) + float(fields[12])) * 10.0


func _renderer() -> String:
	if DisplayServer.get_name() == "headless":
		return "headless"
	var size := root.size
	return "%s, %dx%d window" % [RenderingServer.get_video_adapter_name(), size.x, size.y]
