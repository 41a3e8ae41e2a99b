extends SceneTree
## One side of a two-process online match of the game's own match scene, over ENet on
## 127.0.0.1, for `cargo xtask test`:
##   godot --headless --path godot-project --script res://tests/online_pair.gd -- \
##     --role=host|client --port=N [--shots=12] [--token=32 hex digits] [--mode=doubles]
##     [--turn-seconds=N] [--drop-seconds=N] [--idle] [--vanish-at=N] [--hostile]
##     [--websocket] [--whole-board] [--icf]
## The host hosts a singles match (doubles with --mode) with its person at seat 0 and the other
## seats open; each client joins and takes one. Each plays its own turns through the striker
## controller, as a player would, with fixed strikes (so every run is the same). When the
## shots are played and shown (or the match is over), each prints "STATE <shots> <hash>" (the
## match as the last turn left it at rest); the lines must be equal. Each also prints
## "AIMS <n>" (the others' aim updates it was shown),
## "PASSED <n>" (turns that timed out), "SETTLED <n> <differed>" (turns that came to rest here,
## and how many of those the hash this side put to the others was not the hash of the match its
## board shows at that moment: it must be 0), and "STRUCK <shot> <ms>" / "STARTED <shot> <ms>" (wall
## clock) for each strike it made and each of the others' shots it began to show.
## A client with --background-at=N, on its first turn from shot N on, is sent to the background
## (as a phone's system does: NOTIFICATION_APPLICATION_PAUSED) for 4 s before it strikes, and
## prints "BACKGROUND <shot>"; every side prints "AWAY <n>", how many times it was told a
## player was away.
## A client with --idle never strikes (its turns time out); with --vanish-at=N it kills itself
## once N shots are shown, as a phone whose app is closed (start it again with the same
## --token to rejoin; a host that vanishes prints "STATE" first); a client whose host vanishes
## keeps the match and prints "KEPT <hash> <loads>" (the kept match's hash, and whether the save
## loads); with --hostile it first sends a strike for another's seat, a strike of
## NaN power and an oversized message. Each prints "REFUSED <n>": the refusals it was told.
## With --whole-board the match is one board, played to its end at four times the speed, each
## side's strikes chosen by the computer's easy level and played through the controller.
## With --websocket both sides use WebSocket instead of ENet (as a web build does).
## With --icf the match is played by the ICF's laws in one game: the toss's winner lets the
## other break, on its own panel (RULES.md IC6), and returned pieces are placed by the
## opponent's side where they stand offered (X3); each side prints "TOSS <winner> <breaker>"
## and "PLACED <n> <here>" (placements shown on its board, and how many it made itself).
## Clients, each with its own --token, can play a dedicated server (`-- --server --port=N`).
## With --role=quick --server=URL the side asks the match server (carrom-server) for a quick
## match of singles and prints "CODE <code>" once matched; --role=watch --server=URL
## --code=CODE watches that match. On a match server, --whole-board plays the first board to
## its end (the server's matches are whole matches).
## With --role=accept --server=URL the side shows the main menu, prints "TAG <tag>" (its friend
## tag) once welcomed, and accepts what a friend asks by the invitation card's own button: the
## friend request, then the invitation; with --role=invite --server=URL --tag=TAG the side
## asks the player of TAG to be friends, invites them to a room once they accept, and sends
## the quick-chat phrase "good_shot" once the first shot is shown. Both then play as a quick
## match does; the accepting side prints "CHAT <phrase>" for each phrase it is sent and
## "CHAT_SHOWN" once its HUD shows one over the sender's side. The accepting side starts as a
## player the server knew (a friend tag kept), so its main menu opens the link by itself; after
## the phrase it mutes the inviter from the chat menu and prints "MUTED_HIDDEN" when a phrase of
## theirs is then not shown, and reports them (cheating) and prints "REPORTED" when the server
## records it.

const MATCH := "res://scenes/match/match.tscn"
const MENU := "res://scenes/main_menu/main_menu.tscn"
const TIMEOUT_MS := 120000
## The client's device token (any 32 hex digits).
const CLIENT_TOKEN := "0123456789abcdef0123456789abcdef"

var _role := ""
var _port := 0
var _shots := 12
var _token := CLIENT_TOKEN
var _mode := CarromRules.MODE_SINGLES
var _turn_seconds := 0
var _drop_seconds := 60
var _idle := false
var _vanish_at := -1
var _background_at := -1
var _hostile := false
var _websocket := false
var _whole_board := false
var _icf := false
## The friend tag to ask (role invite), whether the phrase was sent, and when one came (role
## accept; 0: none yet) and whether the HUD was seen to show it.
var _tag := ""
var _chatted := false
var _chat_came := false
var _chat_shown := false
var _reported := false
## The match server's URL, and the code of the match to watch.
var _server := ""
var _code := ""
var _game: Node
## The shot count at which this side last struck: one strike per turn shown.
var _asked_at := -1
var _refused := 0
var _aim_measured := false
## Turns settled here, and how many of them with a hash not the board's.
var _settled_count := [0, 0]
## The hash this side last put to the others: its match as the last turn settled left it.
var _settled_hash := ""


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
		elif arg == "--mode=doubles":
			_mode = CarromRules.MODE_DOUBLES
		elif arg.begins_with("--turn-seconds="):
			_turn_seconds = int(arg.trim_prefix("--turn-seconds="))
		elif arg.begins_with("--drop-seconds="):
			_drop_seconds = int(arg.trim_prefix("--drop-seconds="))
		elif arg.begins_with("--vanish-at="):
			_vanish_at = int(arg.trim_prefix("--vanish-at="))
		elif arg.begins_with("--background-at="):
			_background_at = int(arg.trim_prefix("--background-at="))
		elif arg == "--idle":
			_idle = true
		elif arg == "--hostile":
			_hostile = true
		elif arg == "--websocket":
			_websocket = true
		elif arg == "--whole-board":
			_whole_board = true
		elif arg == "--icf":
			_icf = true
		elif arg.begins_with("--server="):
			_server = arg.trim_prefix("--server=")
		elif arg.begins_with("--code="):
			_code = arg.trim_prefix("--code=")
		elif arg.begins_with("--tag="):
			_tag = arg.trim_prefix("--tag=")
	_run.call_deferred()


func _run() -> void:
	var by_server := _role in ["quick", "watch", "invite", "accept"] and not _server.is_empty()
	if not by_server and (_role not in ["host", "client"] or _port <= 0):
		printerr(
			"usage: -- --role=host|client --port=N [--shots=N], or --role=quick|watch --server=URL"
		)
		quit(2)
		return
	var session: Node = root.get_node("Session")
	var settings: Node = root.get_node("GameSettings")
	settings.set("how_to_play_seen", true)
	session.set("mode", _mode)
	session.set("players", {0: -1, 1: -1, 2: -1, 3: -1})
	session.call("new_match")
	session.set("match_seed", 3)
	var online: Node = root.get_node("Online")
	online.set("turn_seconds", _turn_seconds)
	online.set("drop_seconds", _drop_seconds)
	online.set("websocket", _websocket)
	if _whole_board:
		session.set("max_boards", 1)
		Engine.time_scale = 4.0
	if _icf:
		session.set("ruleset_path", _icf_of_one_game())
	online.set("role", 1 if _role == "host" else 2)  # Online.Role.HOST or JOIN
	online.set("port", _port)
	online.set("address", "127.0.0.1")
	if _role != "host":
		settings.set("player_name", "Guest")
		settings.set("device_token", _token)
	var friends := _role in ["invite", "accept"]
	if friends and not await _matched_as_friends(online, settings):
		quit(1)
		return
	if by_server and not friends and not await _matched_by_server(online, settings):
		quit(1)
		return
	_game = load(MATCH).instantiate()
	root.add_child(_game)
	var net: CarromNet = _game.get_node("Net")
	var rules: CarromRules = _game.get_node("Rules")
	var controller: StrikerController = _game.get_node("Controller")
	var counts := {"aims": 0, "passed": 0, "away": 0}
	net.aim_shown.connect(func(_s: int, _o: float, _d: Vector2) -> void: counts["aims"] += 1)
	net.players_changed.connect(
		func(_p: int) -> void:
			for seat in rules.get_seats():
				if net.get_who(seat) == CarromNet.WHO_AWAY:
					counts["away"] += 1
	)
	net.turn_passed.connect(func(_s: int) -> void: counts["passed"] += 1)
	var toss := {"line": "TOSS none"}
	rules.break_chosen.connect(
		func(seat: int, breaker: int) -> void: toss["line"] = "TOSS %d %d" % [seat, breaker]
	)
	var placed := [0, 0]
	net.pieces_placed.connect(func(_s: int) -> void: placed[0] += 1)
	# Untyped: naming the game's classes here would compile their scripts, which reach the
	# autoloads, before Godot's --script has them.
	var placement: Node = _game.get_node("BoardView/Board/ReturnedPlacement")
	var hud: Node = _game.get_node("Hud")
	net.refused.connect(func(_r: String) -> void: _refused += 1)
	net.shot_started.connect(_on_shot_started.bind(net))
	net.turn_settled.connect(_on_turn_settled.bind(net))
	var until := Time.get_ticks_msec() + (TIMEOUT_MS * 4 if _whole_board else TIMEOUT_MS)
	while Time.get_ticks_msec() < until:
		await process_frame
		var done := rules.is_match_over() or (net.get_shots() >= _shots and not _whole_board)
		done = done or (by_server and _whole_board and rules.get_board_number() > 1)
		if done and _settled():
			break
		if _vanish_at >= 0 and net.get_shots() >= _vanish_at and _at_rest():
			_print_state(net)
			print("VANISH %d" % net.get_shots())
			OS.kill(OS.get_process_id())
		if _role == "client" and not online.call("is_online") and not by_server:
			# The host left: the match scene kept the match on this device.
			var loads: bool = root.get_node("SaveSlot").call("read")
			var checked := CarromRules.check_match(root.get_node("SaveSlot").get("document")) == ""
			# As the last numbered turn left it, like the host's STATE: this player's own turn
			# may have begun since, its striker placed on this board only.
			var kept := _settled_hash if _settled_hash != "" else net.get_state_hash()
			print("KEPT %s %d" % [kept, int(loads and checked)])
			quit(0)
			return
		if friends:
			_chat_between_friends(online, net, hud)
		# The toss's choice and returned pieces, as a player here makes them.
		var panel: Node = hud.get("_panel")
		if panel and panel.scene_file_path.ends_with("toss_panel.tscn"):
			panel.emit_signal("chosen", false)
		if placement.call("is_placing") and _settled():
			placed[1] += 1
			placement.call("place_as_they_stand")
		# One strike per turn, once this side's turn has begun on its own board.
		var ready := controller.state == StrikerController.State.READY
		var striker := _role != "watch" and not _idle
		if ready and _at_rest() and _asked_at != net.get_shots() and striker:
			if _whole_board:
				# The computer chooses; its shot goes through the controller like a player's.
				_asked_at = net.get_shots()
				var ai: CarromAi = _game.get_node("Ai")
				ai.think(controller.seat, CarromAi.LEVEL_EASY)
				continue
			if _hostile:
				await _misbehave(controller.seat)
				await _strike_refused(controller, hud)
			if _background_at >= 0 and net.get_shots() >= _background_at:
				_background_at = -1
				await _to_the_background(net.get_shots())
			await _strike(controller, net.get_shots())
	_print_state(net)
	print("AIMS %d" % counts["aims"])
	print("PASSED %d" % counts["passed"])
	print("AWAY %d" % counts["away"])
	print("OVER %d" % int(rules.is_match_over()))
	print("REFUSED %d" % _refused)
	print(toss["line"])
	print("PLACED %d %d" % placed)
	if _chat_shown:
		print("CHAT_SHOWN")
	# The host stays a moment, so that the last messages reach the clients.
	if _role == "host":
		var linger := Time.get_ticks_msec() + 3000
		while Time.get_ticks_msec() < linger:
			await process_frame
	_game.get_node("Link").call("leave")
	online.call("leave_server")
	var finished := rules.is_match_over() or (net.get_shots() >= _shots and not _whole_board)
	finished = finished or (by_server and rules.get_board_number() > 1)
	quit(0 if finished else 1)


## The ICF's laws in one game (not the best of three): a ruleset file of this run's own.
func _icf_of_one_game() -> String:
	var icf: CarromRuleset = load("res://addons/carrom/rulesets/icf.tres").duplicate()
	icf.games = 1
	var path := "user://online_icf.tres"
	ResourceSaver.save(icf, path)
	return path


## Asks the match server for a quick match (or to watch `_code`) and waits until it gives one;
## false, with the reason printed, if it does not.
func _matched_by_server(online: Node, settings: Node) -> bool:
	settings.set("server_url", _server)
	online.set("follow_matches", false)
	var server: ServerLink = online.call("server_link")
	var told := {"id": "", "why": ""}
	server.matched.connect(
		func(id: String, code: String, _watching: bool) -> void:
			told["id"] = id
			# Matched again after the link dropped: a strike sent meanwhile was lost, so this
			# side strikes again when its turn comes.
			_asked_at = -1
			print("CODE %s" % code)
	)
	server.refused.connect(func(reason: String) -> void: told["why"] = reason)
	server.link_down.connect(func(reason: String) -> void: told["why"] = reason)
	if _role == "quick":
		server.quick("singles", "classic")
	else:
		server.watch(_code)
	var until := Time.get_ticks_msec() + 30000
	while told["id"] == "" and told["why"] == "" and Time.get_ticks_msec() < until:
		await process_frame
	if told["id"] == "":
		printerr("the match server gave no match: %s" % told["why"])
		return false
	return true


## Becomes friends with the other side and is seated with them in a match of a room, as the
## roles invite and accept say; false, with the reason printed, if that does not happen.
func _matched_as_friends(online: Node, settings: Node) -> bool:
	settings.set("server_url", _server)
	settings.set("player_name", "Inviter" if _role == "invite" else "Guest")
	online.set("follow_matches", false)
	var menu: Node = load(MENU).instantiate() if _role == "accept" else null
	if menu:
		# A player the server knew: the menu opens the link as the game starts.
		settings.set("friend_tag", "Guest#0001")
		settings.set("reachable", true)
		root.add_child(menu)
	var server: ServerLink = online.get("server") if menu else online.call("server_link")
	if server == null:
		printerr("the main menu did not open the link for friends")
		return false
	var told := {"id": "", "why": "", "friend": ""}
	server.matched.connect(
		func(id: String, code: String, _watching: bool) -> void:
			told["id"] = id
			print("CODE %s" % code)
	)
	server.refused.connect(func(reason: String) -> void: told["why"] = reason)
	server.link_down.connect(func(reason: String) -> void: told["why"] = reason)
	server.people_told.connect(
		func(message: Dictionary) -> void:
			match int(message["kind"]):
				CarromLobby.HEARD_BEFRIENDED:
					told["friend"] = message["player"]
				CarromLobby.HEARD_CHAT:
					print("CHAT %s" % message["phrase"])
					_chat_came = true
				CarromLobby.HEARD_REPORTED:
					print("REPORTED")
	)
	var until := Time.get_ticks_msec() + 60000
	while not server.is_welcomed() and told["why"] == "" and Time.get_ticks_msec() < until:
		await process_frame
	if _role == "accept":
		print("TAG %s" % server.tag)
	else:
		server.ask(CarromLobby.befriend(_tag))
	var invited := false
	while told["id"] == "" and told["why"] == "" and Time.get_ticks_msec() < until:
		await process_frame
		if _role == "invite" and told["friend"] != "" and not invited:
			invited = true
			server.ask(CarromLobby.invite(told["friend"], "singles", "classic"))
		var toast: Node = server.get_node_or_null("InviteToast")
		var card: Control = toast.get_node("%Card") if toast else null
		if _role == "accept" and card and card.visible and toast.get_node("%Buttons").visible:
			toast.get_node("%Yes").emit_signal("pressed")
	if menu:
		menu.queue_free()
	if told["id"] == "":
		printerr("no match with a friend: %s" % told["why"])
		return false
	return true


## Quick chat in a friends' match: the inviter sends a phrase once a shot is shown; the other
## side looks for it over the sender's side in its HUD.
func _chat_between_friends(online: Node, net: CarromNet, hud: Node) -> void:
	if _role == "invite" and not _chatted and net.get_shots() >= 1:
		_chatted = true
		var server: ServerLink = online.get("server")
		server.ask(CarromLobby.chat("good_shot"))
	if _role == "accept" and _chat_came and not _chat_shown:
		var phrase := TranslationServer.translate("CHAT_GOOD_SHOT")
		for label: Label in hud.find_children("*", "Label", true, false):
			if label.text.ends_with(phrase):
				_chat_shown = true
	if _role == "accept" and _chat_shown and not _reported:
		_reported = true
		_mute_and_report(online.get("server"), hud)


## From the match's chat menu, as a player picks them: mutes the other player (a phrase of
## theirs heard next is not shown) and reports them for cheating.
func _mute_and_report(server: Node, hud: Node) -> void:
	var chat: Node = _game.get_node("QuickChat")
	var ids: Dictionary = chat.get_script().get_script_constant_map()
	var seat: int = chat.call("other_seats")[0]
	chat.call("_on_id_pressed", ids["MUTE_ID"] + seat)
	var heard := {"kind": CarromLobby.HEARD_CHAT, "seat": seat, "phrase": "thanks"}
	server.emit_signal("people_told", heard)
	var thanks := TranslationServer.translate("CHAT_THANKS")
	var shown := false
	for label: Label in hud.find_children("*", "Label", true, false):
		shown = shown or label.text.ends_with(thanks)
	if not shown:
		print("MUTED_HIDDEN")
	chat.call("_on_id_pressed", ids["REPORT_ID"] + seat)
	chat.get_node("Reasons").emit_signal("id_pressed", 0)


## The system sends the game to the background for 4 s, then brings it back, as a phone does
## for a call; the match scene hears it as on a phone.
func _to_the_background(shot: int) -> void:
	_game.propagate_notification(Node.NOTIFICATION_APPLICATION_PAUSED)
	var until := Time.get_ticks_msec() + 4000
	while Time.get_ticks_msec() < until:
		await process_frame
	_game.propagate_notification(Node.NOTIFICATION_APPLICATION_RESUMED)
	print("BACKGROUND %d" % shot)


## The turns settled here and the state: the lines the checks compare.
func _print_state(net: CarromNet) -> void:
	print("SETTLED %d %d" % _settled_count)
	# The hash of the match as the last numbered turn left it at rest: a person whose turn has
	# begun here has placed the striker on this board only, which no other screen shows yet.
	var hash := _settled_hash if _settled_hash != "" else net.get_state_hash()
	print("STATE %d %s" % [net.get_shots(), hash])


## A turn came to rest here: the hash put to the others must be the one the board shows.
func _on_turn_settled(_shots: int, sent: String, net: CarromNet) -> void:
	_settled_count[0] += 1
	_settled_hash = sent
	if sent != net.get_state_hash():
		_settled_count[1] += 1


## Another player's shot begins on this board: when, by the wall clock shared on one machine.
func _on_shot_started(seat: int, net: CarromNet) -> void:
	if not net.is_local_seat(seat):
		# The shot now shown: those received, less those still waiting their turn.
		print("STARTED %d %d" % [net.get_shots() - net.get_shots_due(), _wall_ms()])


## Three messages the host must refuse, sent as raw bytes past this side's own checks: a strike
## for a seat that is not this device's, one of NaN power, and one of 5000 bytes.
func _misbehave(own_seat: int) -> void:
	_hostile = false
	var link: Node = _game.get_node("Link")
	var other := (own_seat + 2) % 4
	var strike := (
		('{"protocol":%d,"body":{"strike":' % CarromNet.PROTOCOL)
		+ '{"seat":%d,"offset":0,"direction":[0,%d],"power":%d}}}'
	)
	var one := 1065353216  # 1.0 as f32 bits
	var nan := 2143289344  # a NaN as f32 bits
	for message: String in [strike % [other, one, 1056964608], strike % [own_seat, one, nan]]:
		link.rpc_id(1, "_to_host", message.to_utf8_buffer())
	var big := PackedByteArray()
	big.resize(5000)
	big.fill(32)
	link.rpc_id(1, "_to_host", big)
	var wait := Time.get_ticks_msec() + 3000
	while _refused < 3 and Time.get_ticks_msec() < wait:
		await process_frame


## A strike the host refuses, made as a player makes one (its striker off the baseline, which
## the controller does not check but the host does): the turn comes back to this player, and
## the banner says why. Prints "GIVEN_BACK <1 or 0> <the banner's words>".
func _strike_refused(controller: StrikerController, hud: Node) -> void:
	var board: CarromBoard = _game.get_node("BoardView/Board")
	var refused := _refused
	controller.offset = board.get_striker_offset_limit() * 3.0
	controller.aim(board.get_seat_forward(controller.seat), 0.5)
	var sent := controller.release()
	var wait := Time.get_ticks_msec() + 3000
	while Time.get_ticks_msec() < wait:
		await process_frame
		if _refused > refused and controller.state == StrikerController.State.READY:
			break
	var back := sent and controller.state == StrikerController.State.READY
	var said: String = hud.get("_banner").call("get_message")
	print("GIVEN_BACK %d %s" % [int(back), said])


## The first time: a second of aiming, the aim moving every frame as a finger would move it,
## counting the aim updates this device sends. Prints "AIMRATE <messages> <seconds>".
func _sweep_aim(controller: StrikerController, forward: Vector2) -> void:
	_aim_measured = true
	var net: CarromNet = _game.get_node("Net")
	var sent := [0]
	var count := func(_bytes: PackedByteArray) -> void: sent[0] += 1
	net.send_to_host.connect(count)
	var began := Time.get_ticks_msec()
	while Time.get_ticks_msec() - began < 1000:
		controller.aim(forward.rotated(sin((Time.get_ticks_msec() - began) / 150.0) * 0.4), 0.5)
		await process_frame
	net.send_to_host.disconnect(count)
	print("AIMRATE %d %.2f" % [sent[0], (Time.get_ticks_msec() - began) / 1000.0])


static func _wall_ms() -> int:
	return int(Time.get_unix_time_from_system() * 1000.0)


## Someone is to play, and every shot received has been shown.
func _at_rest() -> bool:
	var rules: CarromRules = _game.get_node("Rules")
	return rules.get_seat_to_play() >= 0 and _settled()


## Every shot received has been shown and has come to rest.
func _settled() -> bool:
	var board: CarromBoard = _game.get_node("BoardView/Board")
	var net: CarromNet = _game.get_node("Net")
	return not board.is_moving() and net.get_shots_due() == 0


## The `shot`-th strike of the match, the same on every run, played through the controller.
func _strike(controller: StrikerController, shot: int) -> void:
	_asked_at = shot
	var board: CarromBoard = _game.get_node("BoardView/Board")
	var seat := controller.seat
	controller.slide_to(board.get_free_striker_offset(seat, (shot % 5 - 2) * 40.0))
	if not _aim_measured and _role == "client":
		await _sweep_aim(controller, board.get_seat_forward(seat))
	controller.aim(
		board.get_seat_forward(seat).rotated((shot % 3 - 1) * 0.3), 0.4 + 0.05 * (shot % 7)
	)
	controller.release()
	print("STRUCK %d %d" % [shot + 1, _wall_ms()])
