extends SceneTree
## One side of a two-process online match of the game's own match scene, over ENet on
## 127.0.0.1, for `cargo xtask test`:
##   godot --headless --path godot-project --script res://tests/online_pair.gd -- \
##     --role=host|client --port=N [--shots=12] [--token=32 hex digits]
## The host hosts a singles match with its person at seat 0 and seat 2 open; the client joins
## and takes seat 2. Each plays its own turns through the striker controller, as a player would,
## with fixed strikes (so both runs are the same). When the shots are played and shown, each
## prints "STATE <shots> <hash>"; the two lines must be equal. Each also prints "AIMS <n>": how
## many of the other player's aim updates it was shown (there must be some). Two clients, each
## with its own --token, can play a dedicated server (`-- --server --port=N`) the same way.

const MATCH := "res://scenes/match/match.tscn"
const TIMEOUT_MS := 120000
## The client's device token (any 32 hex digits).
const CLIENT_TOKEN := "0123456789abcdef0123456789abcdef"

var _role := ""
var _port := 0
var _shots := 12
var _token := CLIENT_TOKEN
var _game: Node
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
		elif arg.begins_with("--token="):
			_token = arg.trim_prefix("--token=")
	_run.call_deferred()


func _run() -> void:
	if _role not in ["host", "client"] or _port <= 0:
		printerr("usage: -- --role=host|client --port=N [--shots=N]")
		quit(2)
		return
	var session: Node = root.get_node("Session")
	var settings: Node = root.get_node("GameSettings")
	settings.set("how_to_play_seen", true)
	session.set("mode", CarromRules.MODE_SINGLES)
	session.set("players", {0: -1, 1: -1, 2: -1, 3: -1})
	session.call("new_match")
	session.set("match_seed", 3)
	session.set("online", "host" if _role == "host" else "join")
	session.set("online_port", _port)
	session.set("online_address", "127.0.0.1")
	if _role == "client":
		settings.set("player_name", "Guest")
		settings.set("device_token", _token)
	_game = load(MATCH).instantiate()
	root.add_child(_game)
	var net: CarromNet = _game.get_node("Net")
	var controller: StrikerController = _game.get_node("Controller")
	var aims := [0]
	net.aim_shown.connect(func(_s: int, _o: float, _d: Vector2) -> void: aims[0] += 1)
	var until := Time.get_ticks_msec() + TIMEOUT_MS
	while Time.get_ticks_msec() < until:
		await process_frame
		if net.get_shots() >= _shots and _at_rest():
			break
		# One strike per turn, once this side's turn has begun on its own board.
		var ready := controller.state == StrikerController.State.READY
		if ready and _at_rest() and _asked_at != net.get_shots():
			_strike(controller, net.get_shots())
	print("STATE %d %s" % [net.get_shots(), net.get_state_hash()])
	print("AIMS %d" % aims[0])
	# The host stays a moment, so that the last messages reach the client.
	if _role == "host":
		var linger := Time.get_ticks_msec() + 3000
		while Time.get_ticks_msec() < linger:
			await process_frame
	_game.get_node("Link").call("leave")
	quit(0 if net.get_shots() >= _shots else 1)


func _at_rest() -> bool:
	var rules: CarromRules = _game.get_node("Rules")
	var board: CarromBoard = _game.get_node("BoardView/Board")
	var net: CarromNet = _game.get_node("Net")
	return rules.get_seat_to_play() >= 0 and not board.is_moving() and net.get_shots_due() == 0


## The `shot`-th strike of the match, the same on every run, played through the controller.
func _strike(controller: StrikerController, shot: int) -> void:
	_asked_at = shot
	var board: CarromBoard = _game.get_node("BoardView/Board")
	var seat := controller.seat
	controller.slide_to(board.get_free_striker_offset(seat, (shot % 5 - 2) * 40.0))
	controller.aim(
		board.get_seat_forward(seat).rotated((shot % 3 - 1) * 0.3), 0.4 + 0.05 * (shot % 7)
	)
	controller.release()
