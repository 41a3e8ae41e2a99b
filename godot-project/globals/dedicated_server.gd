extends Node
## A dedicated server: the game started as `--headless -- --server [--port=N]
## [--mode=singles|doubles|points] [--ruleset=classic|icf|freestyle|disc_pool] [--turn-seconds=N]
## [--websocket]` hosts one match with no
## player of its own (a turn timer of N seconds, 0 for none, at most 600; WebSocket instead of
## ENet for web players). Every seat is
## open to whoever joins, first come first seated; the server plays no shot itself, checks each
## one and passes it on. It quits a few seconds after the match ends.

## Seconds the server stays up after the match ends, for the last messages to go out.
const LINGER_SECONDS := 5.0
## Frames a second the server runs at (the board shows each shot in real time).
const SERVER_FPS := 30


func _ready() -> void:
	var args := OS.get_cmdline_user_args()
	if not "--server" in args:
		return
	var mode := CarromRules.MODE_SINGLES
	for arg in args:
		if arg.begins_with("--port="):
			Online.port = clampi(int(arg.get_slice("=", 1)), 1024, 65535)
		elif arg == "--websocket":
			Online.websocket = true
		elif arg.begins_with("--turn-seconds="):
			Online.turn_seconds = clampi(int(arg.get_slice("=", 1)), 0, 600)
		elif arg.begins_with("--ruleset="):
			var rules := arg.get_slice("=", 1)
			if not rules in CarromRuleset.get_preset_names():
				printerr(
					"--ruleset must be one of %s" % ", ".join(CarromRuleset.get_preset_names())
				)
				get_tree().quit(2)
				return
			Session.ruleset_path = Session.CLASSIC.get_base_dir().path_join(rules + ".tres")
		elif arg.begins_with("--mode="):
			mode = CarromRules.mode_named(arg.get_slice("=", 1))
			if mode < 0:
				printerr("--mode must be one of %s" % ", ".join(CarromRules.get_mode_names()))
				get_tree().quit(2)
				return
	Session.mode = mode
	Session.target_points = Session.ruleset().target_points
	Session.max_boards = Session.ruleset().max_boards
	for seat: int in Session.seats():
		Session.players[seat] = Session.HUMAN
	Session.new_match()
	Online.role = Online.Role.HOST
	Online.dedicated = true
	# Nobody watches a server's screen: thirty frames a second keep the match moving.
	Engine.max_fps = SERVER_FPS
	var hosting := [CarromRules.get_mode_names()[mode], Session.ruleset().id, Online.port]
	print("server: hosting %s (%s) on port %d" % hosting)
	get_tree().node_added.connect(_on_node_added)
	get_tree().change_scene_to_file.call_deferred("res://scenes/match/match.tscn")


func _on_node_added(node: Node) -> void:
	if node is CarromRules:
		(node as CarromRules).match_finished.connect(_on_match_finished)


func _on_match_finished(_winner: int, scores: PackedInt32Array) -> void:
	print("server: match over, scores %s" % [scores])
	await get_tree().create_timer(LINGER_SECONDS).timeout
	get_tree().quit(0)
