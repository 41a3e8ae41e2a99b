extends SceneTree
## One side of a two-process online match over ENet on 127.0.0.1, for `cargo xtask test`:
##   godot --headless --path godot-project --script res://tests/online_pair.gd -- \
##     --role=host|client --port=N [--shots=12]
## The host plays seat 0, the client seat 2, each striking when its own board shows its turn
## (the strikes are fixed, so both runs are the same). When the shots are played and shown,
## each prints "STATE <shots> <hash>"; the two lines must be equal.

const TIMEOUT_MS := 90000

var _role := ""
var _port := 0
var _shots := 12
var _board: CarromBoard
var _rules: CarromRules
var _net: CarromNet
var _link: OnlineLink
## The shot count at which this side last struck: one strike per turn shown.
var _asked_at := -1


func _initialize() -> void:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--role="):
			_role = arg.trim_prefix("--role=")
		elif arg.begins_with("--port="):
			_port = int(arg.trim_prefix("--port="))
		elif arg.begins_with("--shots="):
			_shots = int(arg.trim_prefix("--shots="))
	_run.call_deferred()


func _run() -> void:
	if _role not in ["host", "client"] or _port <= 0:
		printerr("usage: -- --role=host|client --port=N [--shots=N]")
		quit(2)
		return
	_build()
	var error := OK
	if _role == "host":
		_rules.start_match(3)
		_net.host_match({0: "", 2: "guest"})
		error = _link.host(_port)
	else:
		error = _link.join("127.0.0.1", _port, "Guest", "guest")
	if error != OK:
		printerr("link: %s" % error_string(error))
		quit(1)
		return
	var mine := 0 if _role == "host" else 2
	var until := Time.get_ticks_msec() + TIMEOUT_MS
	while Time.get_ticks_msec() < until:
		await process_frame
		if _net.get_shots() >= _shots and _at_rest():
			break
		# One strike per turn, once the shot before is shown here.
		if _at_rest() and _rules.get_seat_to_play() == mine and _asked_at != _net.get_shots():
			_strike(mine, _net.get_shots())
	print("STATE %d %s" % [_net.get_shots(), _net.get_state_hash()])
	# The host stays a moment, so that the last messages reach the client.
	if _role == "host":
		var linger := Time.get_ticks_msec() + 3000
		while Time.get_ticks_msec() < linger:
			await process_frame
	_link.leave()
	quit(0 if _net.get_shots() >= _shots else 1)


func _build() -> void:
	_board = CarromBoard.new()
	_board.name = "Board"
	root.add_child(_board)
	_rules = CarromRules.new()
	_rules.name = "Rules"
	_rules.board = _board
	root.add_child(_rules)
	_net = CarromNet.new()
	_net.name = "Net"
	_net.rules = _rules
	root.add_child(_net)
	_link = OnlineLink.new()
	_link.name = "Link"
	_link.net = _net
	root.add_child(_link)


func _at_rest() -> bool:
	return _rules.get_seat_to_play() >= 0 and not _board.is_moving() and _net.get_shots_due() == 0


## The `shot`-th strike of the match, the same on every run: a free spot and a fixed aim.
func _strike(seat: int, shot: int) -> void:
	_asked_at = shot
	var offset := _board.get_free_striker_offset(seat, (shot % 5 - 2) * 40.0)
	var aim := _board.get_seat_forward(seat).rotated((shot % 3 - 1) * 0.3)
	_net.strike(seat, offset, aim, 0.4 + 0.05 * (shot % 7))
