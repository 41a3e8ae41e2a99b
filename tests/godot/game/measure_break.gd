extends SceneTree
## Time per frame of a break, physics, rules and drawing included: run with a release build,
##   godot --headless --path godot-project --fixed-fps 60 --script res://tests/measure_break.gd
## and it prints the mean and worst frame while the break runs.

var _board: CarromBoard
var _times: Array[int] = []
var _last := 0


func _initialize() -> void:
	_start.call_deferred()


func _start() -> void:
	var session: Node = root.get_node("Session")
	session.players = {0: -1, 1: -1, 2: -1, 3: -1}
	session.new_match()
	var game: Node = load("res://scenes/match/match.tscn").instantiate()
	root.add_child(game)
	await process_frame
	_board = game.get_node("BoardView/Board")
	var rules: CarromRules = game.get_node("Rules")
	var seat := rules.get_seat_to_play()
	_board.place_striker(seat, 0.0)
	_board.strike(_board.get_seat_forward(seat), 1.0)
	_last = Time.get_ticks_usec()


func _process(_delta: float) -> bool:
	if _board == null:
		return false
	var now := Time.get_ticks_usec()
	_times.append(now - _last)
	_last = now
	if not _board.is_moving():
		var total := 0
		for t in _times:
			total += t
		print(
			(
				"break: %d frames, mean %.2f ms, worst %.2f ms per frame"
				% [_times.size(), total / 1000.0 / _times.size(), _times.max() / 1000.0]
			)
		)
		return true
	return false
