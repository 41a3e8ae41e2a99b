class_name MotionChecks
extends GameChecks
## The board's effects, checked headless for run_game_tests.gd, with "reduce motion" off and
## on: a pocketed piece drops (still shown, smaller and darker, for a moment) or is gone at
## once; a full-power break flashes where pieces meet hard and lifts their shadows, or neither;
## the board turns to the next player or is set there at once.

## A white coin's id (1–18 are coins; which one does not matter).
const COIN := 5


func run() -> void:
	var settings: Node = root.get_node("GameSettings")
	var was: bool = settings.get("reduce_motion")
	for reduce in [false, true]:
		settings.set("reduce_motion", reduce)
		await _check_drop(reduce)
		await _check_break(reduce)
		await _check_turn(reduce)
	settings.set("reduce_motion", was)
	await _check_own_side_stays_down()


func _named(reduce: bool, what: String) -> String:
	return "%s (reduce motion %s)" % [what, "on" if reduce else "off"]


## The board says a coin dropped, as it does mid-shot; a frame later the coin is still there,
## shrinking, or already gone.
func _check_drop(reduce: bool) -> void:
	var game: Node2D = await _start_match.call(HUMANS, 3)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var coin := board.get_piece_node(COIN)
	board.piece_pocketed.emit(COIN, CarromBoard.KIND_WHITE, 0)
	await tree.process_frame
	await tree.process_frame
	var shown := coin.visible
	var mid := "visible %s, scale %.2f" % [shown, coin.scale.x]
	var dropping := shown and coin.scale.x < 1.0 and coin.modulate.r < 1.0
	var until := Time.get_ticks_msec() + 1500
	while coin.visible and Time.get_ticks_msec() < until:
		await tree.process_frame
	var gone := not coin.visible
	game.queue_free()
	await tree.process_frame
	var ok := not shown if reduce else dropping
	_report.call(
		_named(reduce, "a pocketed coin drops into the pocket, then is gone"),
		ok and gone,
		"%s just after, gone after %s" % [mid, gone]
	)


## A full-power break: the hard hits of the pack flash and the pieces' shadows lift.
func _check_break(reduce: bool) -> void:
	var game: Node2D = await _start_match.call(HUMANS, 3)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var rules: CarromRules = game.get_node("Rules")
	# Untyped: the game's scripts that read its autoloads cannot be compiled with this one.
	var animation: Node = board.get_node("PieceAnimation")
	var controller: Node = game.get_node("Controller")
	controller.call("slide_to", 0.0)
	controller.call("aim", board.get_seat_forward(rules.get_seat_to_play()), 1.0)
	controller.call("release")
	var flashed := false
	var lift := 0.0
	var until := Time.get_ticks_msec() + 4000
	while board.is_moving() and Time.get_ticks_msec() < until:
		await tree.process_frame
		flashed = flashed or animation.call("is_flashing")
		for node in board.get_children():
			if node.has_method("get_lift"):
				lift = maxf(lift, node.call("get_lift"))
	game.queue_free()
	await tree.process_frame
	var ok := (not flashed and lift == 0.0) if reduce else (flashed and lift > 0.2)
	_report.call(
		_named(reduce, "a hard break flashes at the hits and lifts the shadows"),
		ok,
		"flashed %s, highest lift %.2f" % [flashed, lift]
	)


## Turning the board to seat 2 (the far side): a turn that takes time, or none.
func _check_turn(reduce: bool) -> void:
	var settings: Node = root.get_node("GameSettings")
	var turning: bool = settings.get("turn_board")
	settings.set("turn_board", true)
	var game: Node2D = await _start_match.call(HUMANS, 3)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var view: Node2D = game.get_node("BoardView")
	var flow: Node = game.get_node("TurnFlow")
	var target := board.get_seat_rotation(2)
	var tween: Variant = flow.call("_turn_board_to", 2)
	var there := is_equal_approx(wrapf(view.rotation - target, -PI, PI), 0.0)
	game.queue_free()
	await tree.process_frame
	settings.set("turn_board", turning)
	var ok := (tween == null and there) if reduce else (tween != null and not there)
	_report.call(
		_named(reduce, "the board turns to the next player over a moment"),
		ok,
		"a turning %s, there at once %s" % [tween != null, there]
	)


## Against the computer the board keeps the player's side at the bottom on the computer's turn
## (Carrom Pool's way); turning to each player is pass-and-play's.
func _check_own_side_stays_down() -> void:
	var settings: Node = root.get_node("GameSettings")
	var turning: bool = settings.get("turn_board")
	settings.set("turn_board", true)
	var game: Node2D = await _start_match.call({0: -1, 2: CarromAi.LEVEL_EASY}, 3)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var view: Node2D = game.get_node("BoardView")
	var flow: Node = game.get_node("TurnFlow")
	# The player's turn first: the board comes to face them, and stands still.
	flow.call("_turn_board_to", 0)
	var last := INF
	while not is_equal_approx(view.rotation, last):
		last = view.rotation
		await tree.process_frame
	var tween: Variant = flow.call("_turn_board_to", 2)
	var own := board.get_seat_rotation(0)
	var down := tween == null and is_equal_approx(wrapf(view.rotation - own, -PI, PI), 0.0)
	var seen := "turning %s, rotation %.2f, the player's %.2f" % [tween != null, view.rotation, own]
	game.queue_free()
	await tree.process_frame
	settings.set("turn_board", turning)
	_report.call(
		"against the computer the player's own side stays at the bottom on the computer's turn",
		down,
		seen
	)
