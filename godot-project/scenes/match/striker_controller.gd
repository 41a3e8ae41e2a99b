class_name StrikerController
extends Node
## One controller for every device: it places the striker along the baseline, aims and sets
## the power like a slingshot, and strikes. Touch, mouse and keyboard all end up in the same
## few methods, and the computer plays through them too.

signal changed
## The striker is about to be struck: `seat`'s striker at `at` along its baseline, along
## `toward` (board coordinates) at `strength` 0–1. `struck` follows if the board took it.
signal striking(for_seat: int, at: float, toward: Vector2, strength: float)
## The striker was struck at `power` (0–1).
signal struck(power: float)

enum State { OFF, READY, PLACING, AIMING, CHARGING, COMPUTER }

## How far (board pixels) a drag back from the striker must go for full power.
const FULL_PULL := 260.0
## Below this power a release cancels the shot (the drag went back onto the striker).
const CANCEL_POWER := 0.06
const KEY_SLIDE_SPEED := 260.0
const KEY_TURN_SPEED := 1.2
const KEY_CHARGE_SECONDS := 1.2
const COMPUTER_AIM_SECONDS := 0.7
## The least size, in logical pixels across, of the spot that takes a press on the striker:
## 96 of the 720 across a phone held upright, 8.3 mm on a 5-inch screen, above the 7.6 mm
## (48 dp) that phone makers ask of a touch target.
const TOUCH_TARGET := 96.0

@export var board: CarromBoard
## Online, strikes go to the host through this (and come back to the board from it); offline
## it is empty and the board is struck at once.
var net: CarromNet
var seat := -1
var state := State.OFF
## Where the striker stands, pixels along the baseline to the player's right.
var offset := 0.0
## A spot the player tried that is not legal, to show in red (NAN when none).
var refused_offset := NAN
var direction := Vector2.UP
var power := 0.0


func _process(delta: float) -> void:
	if state in [State.READY, State.CHARGING]:
		_keyboard(delta)


## A person's turn begins for `for_seat`: the striker comes to the nearest free legal spot.
func begin_turn(for_seat: int) -> void:
	var same_player := seat == for_seat
	seat = for_seat
	direction = board.get_seat_forward(seat)
	power = 0.0
	offset = board.get_free_striker_offset(seat, offset if same_player else 0.0)
	board.place_striker(seat, offset)
	state = State.READY
	changed.emit()


## Whether the player here is placing or aiming: what the others see of it online.
func is_aiming() -> bool:
	return state in [State.READY, State.PLACING, State.AIMING, State.CHARGING]


func end_turn() -> void:
	state = State.OFF
	refused_offset = NAN
	changed.emit()


## Moves the striker as near `wanted` (pixels along the baseline) as the rules allow.
func slide_to(wanted: float) -> void:
	if seat < 0 or board.is_moving():
		return
	var limit := board.get_striker_offset_limit()
	var snapped := board.nearest_legal_offset(clampf(wanted, -limit, limit))
	if board.is_striker_position_legal(seat, snapped):
		offset = snapped
		refused_offset = NAN
		board.place_striker(seat, offset)
	else:
		refused_offset = snapped
	changed.emit()


## Aims along `aim` (board coordinates) with `strength` 0–1.
func aim(aim_direction: Vector2, strength: float) -> void:
	if aim_direction.length() > 0.0:
		direction = aim_direction.normalized()
	power = clampf(strength, 0.0, 1.0)
	changed.emit()


## Strikes with the current aim, or cancels if the power is too low. True if it struck.
func release() -> bool:
	if power < CANCEL_POWER or not board.is_forward(seat, direction):
		power = 0.0
		state = State.READY if state != State.COMPUTER else state
		changed.emit()
		return false
	striking.emit(seat, offset, direction, power)
	var done := (
		net.strike(seat, offset, direction, power) if net else board.strike(direction, power)
	)
	state = State.OFF if done else State.READY
	if done:
		struck.emit(power)
	changed.emit()
	return done


## The computer's shot, played visibly: place, show the aim a moment, strike.
func play_computer_shot(for_seat: int, at: float, aim_direction: Vector2, strength: float) -> void:
	seat = for_seat
	state = State.COMPUTER
	offset = at
	board.place_striker(seat, offset)
	aim(aim_direction, strength)
	await get_tree().create_timer(COMPUTER_AIM_SECONDS).timeout
	if state == State.COMPUTER and is_instance_valid(board):
		release()


## A press begins here when nothing on the screen took it first (a button, the slider).
func _unhandled_input(event: InputEvent) -> void:
	if not _listening(event) or not is_pointer_button(event) or not event.pressed:
		return
	_press(to_board(event.position))
	get_viewport().set_input_as_handled()


## Once the striker or the baseline is held, the drag and the release belong to it wherever
## the finger goes, over a bar of the HUD too (which would otherwise swallow them).
func _input(event: InputEvent) -> void:
	if state not in [State.PLACING, State.AIMING] or not _listening(event):
		return
	if is_pointer_button(event) and not event.pressed:
		_release_pointer()
		get_viewport().set_input_as_handled()
	elif is_pointer_drag(event):
		_drag(to_board(event.position))
		get_viewport().set_input_as_handled()


## Whether the controller takes pointer input now: a person's turn, the board at rest, and
## each physical press once (not the copies Godot makes for emulation).
func _listening(event: InputEvent) -> bool:
	if state in [State.OFF, State.COMPUTER] or board.is_moving():
		return false
	return event.device != InputEvent.DEVICE_ID_EMULATION


## A touch, or the left mouse button, pressed or let go.
static func is_pointer_button(event: InputEvent) -> bool:
	if event is InputEventMouseButton:
		return event.button_index == MOUSE_BUTTON_LEFT
	return event is InputEventScreenTouch


## A point of the screen in board pixels (the board may be scaled and turned).
func to_board(screen: Vector2) -> Vector2:
	return screen_to_board(board, screen)


## A point on the screen as `on`'s board pixels.
static func screen_to_board(on: CarromBoard, screen: Vector2) -> Vector2:
	return on.get_global_transform_with_canvas().affine_inverse() * screen


## A finger's drag, or the mouse moved with its left button held.
static func is_pointer_drag(event: InputEvent) -> bool:
	return (
		event is InputEventScreenDrag
		or (event is InputEventMouseMotion and event.button_mask & MOUSE_BUTTON_MASK_LEFT)
	)


func _striker_position() -> Vector2:
	return board.get_striker_spot(seat, offset)


## How near the striker (board pixels) a press takes it: the striker and a rim, and never
## less than `TOUCH_TARGET` on the screen however small the board is drawn.
func grab_radius() -> float:
	return reach(board, CarromBoard.KIND_STRIKER)


## How near a piece of `kind` on `on` (board pixels) a press takes it: the piece and a rim,
## and never less than `TOUCH_TARGET` on the screen however small the board is drawn.
static func reach(on: CarromBoard, kind: int) -> float:
	var radius := on.get_piece_radius(kind) * 1.8
	var scale := on.get_global_transform_with_canvas().get_scale().x
	return maxf(radius, TOUCH_TARGET / 2.0 / scale) if scale > 0.0 else radius


func _press(at: Vector2) -> void:
	var radius := board.get_piece_radius(CarromBoard.KIND_STRIKER)
	if at.distance_to(_striker_position()) < grab_radius():
		state = State.AIMING
		aim(direction, 0.0)
	elif _baseline_distance(at) < radius * 3.0:
		state = State.PLACING
		slide_to(_along_baseline(at))


func _drag(at: Vector2) -> void:
	match state:
		State.PLACING:
			slide_to(_along_baseline(at))
		State.AIMING:
			var pull := _striker_position() - at
			aim(pull, pull.length() / FULL_PULL)


func _release_pointer() -> void:
	match state:
		State.AIMING:
			release()
		State.PLACING:
			state = State.READY
			refused_offset = NAN
			changed.emit()


func _along_baseline(at: Vector2) -> float:
	return (at - board.get_striker_spot(seat, 0.0)).dot(board.get_seat_right(seat))


func _baseline_distance(at: Vector2) -> float:
	var forward := board.get_seat_forward(seat)
	return absf((at - board.get_striker_spot(seat, 0.0)).dot(forward))


## Arrows slide the striker (left, right) and turn the aim (up, down); hold space for power.
func _keyboard(delta: float) -> void:
	var slide := Input.get_axis("ui_left", "ui_right")
	if slide != 0.0 and state == State.READY:
		slide_to(offset + slide * KEY_SLIDE_SPEED * delta)
	var turn := Input.get_axis("ui_up", "ui_down")
	if turn != 0.0:
		aim(direction.rotated(turn * KEY_TURN_SPEED * delta), power)
	if Input.is_action_pressed("strike"):
		state = State.CHARGING
		aim(direction, power + delta / KEY_CHARGE_SECONDS)
	elif state == State.CHARGING:
		release()
