extends Node2D
## A match: the board, its referee and the computer, joined to the HUD and the panels. Every
## rule and every bounce comes from CarromBoard and CarromRules; the turn flow (turn_flow.gd),
## the messages (announcer.gd), the pieces' animation (piece_animation.gd) and the replay
## (instant_replay.gd) are nodes of match.tscn. This script lays the board out, saves, and opens
## and answers the panels.

@export var board_view: Node2D
@export var board: CarromBoard
@export var rules: CarromRules
@export var ai: CarromAi
@export var controller: StrikerController
@export var hud: Hud
@export var turn_flow: TurnFlow
@export var replay: InstantReplay
## Online play: the protocol, and the link that carries its bytes.
@export var net: CarromNet
@export var link: OnlineLink
## The host's beacon, so that players on the local network find the match.
@export var beacon: LanBeacon
@export var aim_view: AimView
## The hints, and the review of each board.
@export var coach: Coach
@export var pause_menu: PackedScene
@export var board_end_panel: PackedScene
@export var game_over_panel: PackedScene
## The lesson shown over the first match a player plays.
@export var how_to_play: PackedScene

## Who took the board that ended last (-1: nobody), for the game-over panel.
var _board_winner := -1


func _ready() -> void:
	# In the striker and the board the player chose (Settings), the instant replay's too.
	LookShelf.dress(board)
	LookShelf.dress(replay.replay_board)
	rules.mode = Session.mode
	rules.ruleset = Session.ruleset()
	rules.target_points = Session.target_points
	rules.max_boards = Session.max_boards
	# A toss's winner chooses who breaks (IC6), online too, sent through the host like a strike
	# (the ruleset has the opponent place returned pieces, X3, the same way).
	rules.skip_toss = false
	_fit()
	var limit := board.get_striker_offset_limit()
	hud.slider.min_value = -limit
	hud.slider.max_value = limit
	if Online.is_online():
		_go_online()
		return
	var resumed := SaveSlot.resume and rules.load_match(SaveSlot.document)
	if resumed and not board.is_moving():
		turn_flow.start(rules.get_seat_to_play())
	else:
		rules.start_match(Session.match_seed)
	hud.refresh(rules)


## Hosts the match set up in the menu, or joins one (it arrives with `joined`).
func _go_online() -> void:
	controller.net = net
	Online.net = net
	var error := OK
	if Online.role == Online.Role.HOST:
		var holders := Online.holders(Session.seats(), Session.computer_seats())
		# A saved match (one a host left, say) is hosted as it stands; else a new one.
		var resumed := SaveSlot.resume and rules.load_match(SaveSlot.document)
		if not resumed or board.is_moving():
			resumed = false
			rules.start_match(Session.match_seed)
		net.turn_seconds = Online.turn_seconds
		net.drop_seconds = Online.drop_seconds
		net.host_name = GameSettings.player_name if not Online.dedicated else ""
		net.host_match(holders)
		if resumed:
			turn_flow.start(rules.get_seat_to_play())
		error = link.host(Online.port, Online.websocket)
		if error == OK and beacon.broadcast(Online.port) != OK:
			push_warning("Hosting without a beacon: players type the address or code.")
		hud.banner(Words.say("ONLINE_HOSTING", Online.port))
	elif Online.via_server:
		# A match server's match: the server is the host; its link carries the protocol.
		var server := Online.server_link()
		server.link_down.connect(_on_link_link_down)
		server.over.connect(_on_server_over)
		server.refused.connect(_on_server_refused)
		server.play_on(net)
		hud.banner(tr("ONLINE_WATCHING" if server.watching else "ONLINE_WAITING"))
		if not server.watching:
			var chat := QuickChat.new()
			chat.name = "QuickChat"
			add_child(chat)
			chat.setup(server, hud, rules)
	else:
		var token := GameSettings.device_token
		error = link.join(
			Online.address, Online.port, GameSettings.player_name, token, Online.websocket
		)
		hud.banner(tr("ONLINE_WAITING"))
	hud.refresh(rules)
	if error != OK:
		_on_link_link_down(error_string(error))


func _on_net_joined(_seats: PackedInt32Array) -> void:
	hud.refresh(rules)
	turn_flow.start(rules.get_seat_to_play())


func _on_net_refused(reason: String) -> void:
	push_warning("The host refused: %s" % reason)


## The link failed or the host left: say so, then back to the menu. A peer that had joined
## keeps the match as it stands, to continue it later (hosted by anyone, or on this device).
func _on_link_link_down(reason: String) -> void:
	controller.end_turn()
	# A match server keeps its match (the player takes the seat back from Play online).
	var kept := (
		Online.role == Online.Role.JOIN and not Online.via_server and net.get_players().size() > 0
	)
	if kept and not rules.is_match_over():
		# Every shot the host sent is shown first: the match kept is the host's last one.
		net.finish_due()
		Session.keep_online_match(rules.save_match())
		hud.banner(tr("ONLINE_HOST_LEFT_SAVED"), Banner.Tone.FOUL)
		await get_tree().create_timer(5.0).timeout
	else:
		hud.banner(Words.say("ONLINE_LOST", reason), Banner.Tone.FOUL)
		await get_tree().create_timer(3.0).timeout
	_to_menu()


## The server recorded the match's end: this player's rating change, or how it ended.
func _on_server_over(ending: String, changes: Array) -> void:
	for change: Variant in changes:
		if change is Dictionary and net.is_local_seat(int(change.get("seat", -1))):
			hud.banner(Words.say("ONLINE_RATING", [int(change["before"]), int(change["after"])]))
			return
	if ending == "abandoned":
		hud.banner(tr("ONLINE_ABANDONED"), Banner.Tone.FOUL)


func _on_server_refused(reason: String) -> void:
	push_warning("The match server refused: %s" % reason)
	hud.banner(reason, Banner.Tone.FOUL)


## Scales and centres the board in the room the HUD leaves, portrait or landscape.
func _fit() -> void:
	var room := hud.board_room()
	var fit := minf(room.size.x, room.size.y) / board.get_board_size()
	board_view.scale = Vector2(fit, fit)
	board_view.position = room.get_center()


func _on_hud_room_changed() -> void:
	_fit()


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed("pause"):
		_pause()


func _notification(what: int) -> void:
	if what == NOTIFICATION_WM_CLOSE_REQUEST:
		_save()
	elif what == NOTIFICATION_APPLICATION_PAUSED:
		# Sent to the background (a call, another app): saved, and offline the match waits
		# behind the pause menu for the player to come back. Online the match is the host's:
		# it is told, and waits for this player with their turn clock stopped (the drop wait
		# covers a phone that then stops answering).
		_save()
		if Online.is_online():
			_step_away(true)
		else:
			_pause()
	elif what == NOTIFICATION_APPLICATION_RESUMED and Online.is_online():
		_step_away(false)


## Tells the host this player stepped away or is back, and sends it now: a phone's system stops
## the game's frames right after it is sent to the background, before the link's next poll.
func _step_away(away: bool) -> void:
	if not net.step_away(away):
		return
	if Online.via_server:
		Online.server_link().flush()
	else:
		link.flush()


func _enter_tree() -> void:
	# A phone's screen stays on while a match is played (nobody touches it between shots).
	DisplayServer.screen_set_keep_on(true)


func _exit_tree() -> void:
	DisplayServer.screen_set_keep_on(false)


## The back button: opens the pause menu, and closes it again (quitting is from its buttons).
## A panel that asks for a choice (the board's end, the match's) stays.
func go_back() -> void:
	if get_tree().paused:
		_resume()
	elif not hud.has_panel():
		_pause()


func _save() -> void:
	# Online, the host's match is not this device's own to continue.
	if Online.is_online():
		return
	if is_instance_valid(rules) and not rules.is_match_over():
		SaveSlot.write(rules.save_match())


func _on_rules_turn_started(_seat: int) -> void:
	# Saved at every turn, at rest: a phone may end the game without warning.
	_save()
	hud.refresh(rules)


func _on_rules_board_finished(
	winner: int, _points: PackedInt32Array, _scores: PackedInt32Array
) -> void:
	_board_winner = winner
	_count_board_won(winner)
	var panel: BoardEndPanel = board_end_panel.instantiate()
	_open(panel)
	panel.show_board(rules, winner)
	panel.set_can_replay(replay.can_replay())
	panel.next_board_requested.connect(_next_board)
	panel.replay_requested.connect(_watch_replay)
	coach.review_board(panel)
	hud.refresh(rules)


## A board won by a side a person on this device plays for counts towards the looks earned by
## boards won (LookShelf); a look earned so is said.
func _count_board_won(winner: int) -> void:
	if winner < 0:
		return
	var ours := false
	for seat in rules.get_seats_of_side(rules.get_side_of_seat(winner)):
		ours = ours or Session.is_person_here(seat)
	if ours:
		for look in LookShelf.count_board_won():
			hud.banner(LookShelf.earned_text(look))


func _next_board() -> void:
	hud.close_panel()
	if not turn_flow.release():
		turn_flow.start(rules.get_seat_to_play())


## Offline, a person's turn timer ran out: the turn passes as the rules have it (T2; three in a
## row forfeit the match, G3).
func _on_turn_clock_ring_ran_out(seat: int) -> void:
	if Online.is_online() or rules.get_seat_to_play() != seat or board.is_moving():
		return
	controller.end_turn()
	rules.pass_turn(seat)


## Online the host's pass is told by the link (OnlineTable); offline, here.
func _on_rules_turn_timed_out(seat: int, _in_a_row: int) -> void:
	if not Online.is_online():
		var player := SeatNames.player_name(rules, seat)
		hud.banner(Words.say("BANNER_TIMED_OUT", player), Banner.Tone.FOUL)


func _on_rules_match_finished(winner: int, scores: PackedInt32Array) -> void:
	SaveSlot.clear()
	# Kept to watch again (the Replays screen), who played as this device knows them.
	ReplayShelf.keep(rules, Session.players, int(Time.get_unix_time_from_system()))
	controller.end_turn()
	var panel: GameOverPanel = game_over_panel.instantiate()
	_open(panel)
	panel.show_result(rules, winner, scores, _board_winner)
	panel.play_again_requested.connect(_play_again)
	panel.main_menu_requested.connect(_to_menu)


## The first time a person is to play, the lesson shows over the board; the striker waits.
func _on_turn_flow_person_to_play(seat: int) -> void:
	if GameSettings.how_to_play_seen or hud.has_node("HowToPlay"):
		return
	var lesson: HowToPlay = how_to_play.instantiate()
	lesson.board = board
	lesson.seat = seat
	lesson.offset = controller.offset
	controller.process_mode = Node.PROCESS_MODE_DISABLED
	lesson.done.connect(_on_how_to_play_done)
	hud.add_child(lesson)


func _on_how_to_play_done() -> void:
	controller.process_mode = Node.PROCESS_MODE_INHERIT
	GameSettings.how_to_play_seen = true
	GameSettings.save_settings()


func _on_controller_changed() -> void:
	hud.slider.set_value_no_signal(controller.offset)
	# Online, the others see this player's striker and aim (CarromNet sends ten a second at most).
	if Online.is_online() and controller.is_aiming():
		net.aim(controller.seat, controller.offset, controller.direction)


## Another player aims: their striker slides here and their aim line shows.
func _on_net_aim_shown(seat: int, offset: float, direction: Vector2) -> void:
	if not Online.is_remote(seat) or board.is_moving() or seat != rules.get_seat_to_play():
		return
	if board.is_striker_position_legal(seat, offset):
		board.place_striker(seat, offset)
	aim_view.show_remote(seat, offset, direction)


func _on_hud_slider_moved(value: float) -> void:
	if controller.state == StrikerController.State.READY:
		controller.slide_to(value)


func _on_hud_pause_pressed() -> void:
	_pause()


func _pause() -> void:
	if hud.has_panel():
		return
	_save()
	get_tree().paused = true
	var panel: PauseMenu = pause_menu.instantiate()
	_open(panel)
	panel.set_can_replay(replay.can_replay())
	panel.resume_requested.connect(_resume)
	panel.replay_requested.connect(_watch_replay)
	panel.restart_requested.connect(_play_again)
	panel.main_menu_requested.connect(_to_menu)


func _resume() -> void:
	get_tree().paused = false
	_close()


## A panel over the board; turns wait while it is open.
func _open(panel: Control) -> void:
	turn_flow.hold()
	hud.open_panel(panel)


func _close() -> void:
	hud.close_panel()
	turn_flow.release()


## The last shot again, with the panel that asked for it out of the way until it ends.
func _watch_replay() -> void:
	if replay.play():
		hud.visible = false


func _on_instant_replay_finished() -> void:
	hud.visible = true


func _play_again() -> void:
	if Online.via_server:
		# The same players again, when they all ask: the server then gives the new match.
		Online.server_link().rematch()
		hud.banner(tr("ONLINE_REMATCH_ASKED"))
		return
	get_tree().paused = false
	ai.cancel()
	link.leave()
	Session.new_match()
	get_tree().reload_current_scene()


func _to_menu() -> void:
	_save()
	get_tree().paused = false
	ai.cancel()
	link.leave()
	if Online.via_server:
		Online.leave_server()
	get_tree().change_scene_to_file("res://scenes/main_menu/main_menu.tscn")
