extends Node2D
## A match: the board, its referee and the computer, joined to the HUD, the controller, sound
## and animation. Every rule and every bounce comes from CarromBoard and CarromRules; this
## script only shows them to the players and passes their input on.

## A side's swatch by the colour it plays (`CarromBoard.KIND_*`, -1 for none).
const COLOURS := {
	CarromBoard.KIND_WHITE: Color(0.95, 0.89, 0.74),
	CarromBoard.KIND_BLACK: Color(0.13, 0.11, 0.1),
	-1: Color(0.55, 0.55, 0.55),
}
const TURN_SECONDS := 0.6

var _held_seat := -1
var _turn_tween: Tween
var _last_points := PackedInt32Array()

@onready var board_view: Node2D = $BoardView
@onready var board: CarromBoard = $BoardView/Board
@onready var aim_view: AimView = $BoardView/Board/AimView
@onready var rules: CarromRules = $Rules
@onready var ai: CarromAi = $Ai
@onready var controller: StrikerController = $Controller
@onready var hud: Hud = $Hud


func _ready() -> void:
	controller.board = board
	aim_view.controller = controller
	aim_view.board = board
	board.hide_pocketed = false
	rules.mode = Session.mode
	rules.target_points = Session.target_points
	rules.max_boards = Session.max_boards
	_connect_signals()
	get_viewport().size_changed.connect(_fit)
	_fit()
	var limit := board.get_striker_offset_limit()
	hud.slider.min_value = -limit
	hud.slider.max_value = limit
	var resumed := Session.resume and rules.load_match(Session.saved_match)
	if resumed and not board.is_moving():
		_on_turn_started(rules.get_seat_to_play())
	else:
		rules.start_match(Session.match_seed)
	_refresh_hud()


func _connect_signals() -> void:
	board.piece_pocketed.connect(_on_piece_pocketed)
	board.piece_placed.connect(_on_piece_placed)
	rules.turn_started.connect(_on_turn_started)
	rules.foul_committed.connect(_on_foul)
	rules.break_failed.connect(
		func(_s: int, left: int) -> void: hud.banner(tr("BANNER_BREAK_HELD") % left)
	)
	rules.queen_pocketed.connect(
		func(_s: int) -> void: hud.banner(tr("BANNER_QUEEN_POCKETED"), Color(1, 0.4, 0.4))
	)
	rules.queen_covered.connect(_on_queen_covered)
	rules.queen_returned.connect(
		func(_r: String) -> void: hud.banner(tr("BANNER_QUEEN_RETURNED"), Color(1, 0.6, 0.6))
	)
	rules.board_finished.connect(_on_board_finished)
	rules.board_started.connect(
		func(number: int, _b: int) -> void: hud.banner(tr("BANNER_BOARD_N") % number)
	)
	rules.match_finished.connect(_on_match_finished)
	ai.shot_ready.connect(controller.play_computer_shot)
	ai.think_failed.connect(_on_think_failed)
	hud.pause_pressed.connect(_pause)
	hud.slider_moved.connect(
		func(value: float) -> void:
			if controller.state == StrikerController.State.READY:
				controller.slide_to(value)
	)
	controller.changed.connect(func() -> void: hud.slider.set_value_no_signal(controller.offset))


## Scales and centres the board in the room the HUD leaves, portrait or landscape.
func _fit() -> void:
	var room := Hud.board_room(get_viewport().get_visible_rect().size)
	var fit := minf(room.size.x, room.size.y) / board.get_board_size()
	board_view.scale = Vector2(fit, fit)
	board_view.position = room.get_center()


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed("pause"):
		_pause()


func _notification(what: int) -> void:
	if what in [NOTIFICATION_WM_CLOSE_REQUEST, NOTIFICATION_APPLICATION_PAUSED]:
		_save()


func _save() -> void:
	if is_instance_valid(rules) and not rules.is_match_over():
		Session.save_match(rules.save_match())


func _on_turn_started(seat: int) -> void:
	# Saved at every turn, at rest: a phone may end the game without warning.
	_save()
	_show_points_won()
	_refresh_hud()
	if hud.has_panel():
		_held_seat = seat
		return
	_start_turn(seat)


func _start_turn(seat: int) -> void:
	_held_seat = -1
	controller.end_turn()
	if seat < 0:
		return
	# Nobody plays while the board turns: a touch would land off the striker it cannot see yet.
	# A turning cut short by the next turn never finishes, and its call goes with it.
	var turning := _turn_board_to(seat)
	if turning == null:
		_begin_turn(seat)
	else:
		turning.finished.connect(_begin_turn.bind(seat), CONNECT_ONE_SHOT)


## The seat's turn proper, once the board faces it: the computer thinks, or the person plays.
func _begin_turn(seat: int) -> void:
	if Session.is_computer(seat):
		ai.think(seat, Session.level_of(seat))
	else:
		controller.begin_turn(seat)
		hud.banner(tr("BANNER_TO_PLAY") % _player_name(seat))


## Turns the board so that `seat` sits at the bottom (when the setting allows); returns the
## turning, or null when the board already faces that way.
func _turn_board_to(seat: int) -> Tween:
	var target := board.get_seat_rotation(seat) if GameSettings.turn_board else 0.0
	var goal := board_view.rotation + wrapf(target - board_view.rotation, -PI, PI)
	if _turn_tween:
		_turn_tween.kill()
	_turn_tween = null
	if is_equal_approx(goal, board_view.rotation):
		return null
	_turn_tween = create_tween().set_trans(Tween.TRANS_SINE).set_ease(Tween.EASE_IN_OUT)
	_turn_tween.tween_property(board_view, "rotation", goal, TURN_SECONDS)
	return _turn_tween


func _on_piece_pocketed(piece: int, _kind: int, _pocket: int) -> void:
	var node := board.get_piece_node(piece)
	if node == null:
		return
	var tween := create_tween()
	tween.tween_property(node, "scale", Vector2(0.3, 0.3), 0.25)
	tween.parallel().tween_property(node, "modulate:a", 0.0, 0.25)
	tween.tween_callback(
		func() -> void:
			node.visible = false
			node.scale = Vector2.ONE
			node.modulate.a = 1.0
	)


func _on_piece_placed(piece: int, _kind: int, _at: Vector2) -> void:
	var node := board.get_piece_node(piece)
	if node == null:
		return
	node.scale = Vector2(0.2, 0.2)
	node.modulate.a = 1.0
	var tween := create_tween().set_trans(Tween.TRANS_BACK).set_ease(Tween.EASE_OUT)
	tween.tween_property(node, "scale", Vector2.ONE, 0.35)


func _on_foul(_seat: int, foul: String, penalty: int) -> void:
	var cost := tr("PENALTY_DUE") if penalty == CarromRules.PENALTY_DUE else tr("PENALTY_PIECE")
	if penalty == CarromRules.PENALTY_SHARED:
		cost = ""
	hud.banner(tr("FOUL_" + foul) + ("\n" + cost if cost != "" else ""), Color(1, 0.5, 0.4))


func _on_queen_covered(seat: int) -> void:
	hud.banner(tr("BANNER_QUEEN_COVERED") % _player_name(seat), Color(1, 0.45, 0.45))


func _on_board_finished(winner: int, points: PackedInt32Array, _scores: PackedInt32Array) -> void:
	var title := (
		tr("PANEL_BOARD_DRAWN") if winner < 0 else tr("PANEL_BOARD_WON") % _side_name(winner)
	)
	var lines: Array = []
	for side in points.size():
		lines.append(tr("PANEL_POINTS_LINE") % [_side_name(side), points[side]])
	hud.show_panel(title, lines, [[tr("PANEL_NEXT_BOARD"), _next_board]])
	_refresh_hud()


func _next_board() -> void:
	hud.close_panel()
	_start_turn(_held_seat if _held_seat >= 0 else rules.get_seat_to_play())


func _on_match_finished(winner: int, scores: PackedInt32Array) -> void:
	Session.clear_save()
	controller.end_turn()
	var title := tr("PANEL_DRAW") if winner < 0 else tr("PANEL_MATCH_WON") % _side_name(winner)
	var lines: Array = []
	for side in scores.size():
		lines.append(tr("PANEL_SCORE_LINE") % [_side_name(side), scores[side]])
	hud.show_panel(
		title, lines, [[tr("PANEL_PLAY_AGAIN"), _play_again], [tr("PANEL_MAIN_MENU"), _to_menu]]
	)


func _on_think_failed(reason: String) -> void:
	push_warning("The computer found no shot (%s); it plays a gentle one." % reason)
	var seat := rules.get_seat_to_play()
	controller.play_computer_shot(seat, 0.0, board.get_seat_forward(seat), 0.3)


func _pause() -> void:
	if hud.has_panel():
		return
	_save()
	get_tree().paused = true
	(
		hud
		. show_panel(
			tr("PANEL_PAUSED"),
			[],
			[
				[tr("PANEL_RESUME"), _resume],
				[tr("PANEL_RESTART"), _play_again],
				[tr("MENU_RULES"), _overlay.bind(preload("res://scenes/rules_screen.tscn"))],
				[tr("MENU_SETTINGS"), _overlay.bind(preload("res://scenes/settings_screen.tscn"))],
				[tr("PANEL_MAIN_MENU"), _to_menu],
			]
		)
	)


func _resume() -> void:
	hud.close_panel()
	get_tree().paused = false
	if _held_seat >= 0:
		_start_turn(_held_seat)


func _overlay(scene: PackedScene) -> void:
	var screen: Control = scene.instantiate()
	screen.process_mode = Node.PROCESS_MODE_ALWAYS
	hud.add_child(screen)


func _play_again() -> void:
	get_tree().paused = false
	ai.cancel()
	Session.new_match()
	get_tree().reload_current_scene()


func _to_menu() -> void:
	_save()
	get_tree().paused = false
	ai.cancel()
	get_tree().change_scene_to_file("res://scenes/main_menu.tscn")


func _player_name(seat: int) -> String:
	var number: int = Array(rules.get_seats()).find(seat) + 1
	var name := tr("NAME_PLAYER") % number
	if Session.is_computer(seat):
		name = tr("NAME_COMPUTER") % number
	return name


func _side_name(side: int) -> String:
	var names: Array = []
	for seat: int in rules.get_seats_of_side(side):
		names.append(_player_name(seat))
	return " & ".join(names)


## Points the last shot earned in the points game, shown as a pop-up.
func _show_points_won() -> void:
	var points := rules.get_board_points()
	if points.size() == _last_points.size():
		for side in points.size():
			var gained := points[side] - _last_points[side]
			if gained > 0 and rules.mode == CarromRules.MODE_POINTS:
				hud.banner("+%d  %s" % [gained, _side_name(side)], Color(1, 0.85, 0.3))
	_last_points = points


func _refresh_hud() -> void:
	var entries: Array = []
	var scores := rules.get_scores()
	var to_play := rules.get_seat_to_play()
	var queen_covered := rules.get_queen_state() == CarromRules.QUEEN_COVERED
	for side in scores.size():
		var colour := -1
		var playing := false
		for seat: int in rules.get_seats_of_side(side):
			colour = rules.get_colour_of_seat(seat)
			playing = playing or seat == to_play
		var held := rules.get_held_coins(side)
		var pocketed := 0
		if colour == CarromBoard.KIND_WHITE:
			pocketed = int(held.get("white", 0))
		elif colour == CarromBoard.KIND_BLACK:
			pocketed = int(held.get("black", 0))
		(
			entries
			. append(
				{
					"name": _side_name(side),
					"score": scores[side],
					"colour": COLOURS.get(colour, COLOURS[-1]),
					"playing": playing,
					"pocketed": pocketed,
					"queen": queen_covered and rules.get_queen_side() == side,
				}
			)
		)
	hud.show_sides(entries)
	var parts: Array = [tr("STATUS_BOARD") % [rules.get_board_number(), rules.max_boards]]
	if to_play >= 0:
		parts.append(tr("BANNER_TO_PLAY") % _player_name(to_play))
	parts.append(_queen_text())
	var dues := rules.get_dues()
	for side in dues.size():
		if dues[side] > 0:
			parts.append(tr("STATUS_OWES") % [_side_name(side), dues[side]])
	hud.show_status("  ·  ".join(parts))


func _queen_text() -> String:
	match rules.get_queen_state():
		CarromRules.QUEEN_AWAITING_COVER:
			return tr("QUEEN_AWAITS")
		CarromRules.QUEEN_TOO_EARLY:
			return tr("QUEEN_TOO_EARLY")
		CarromRules.QUEEN_COVERED:
			return tr("QUEEN_COVERED_BY") % _side_name(rules.get_queen_side())
	return tr("QUEEN_ON_BOARD")
