class_name PieceDragger
extends Node
## Practice: a press on a coin or the queen picks it up, the drag carries it and the release
## sets it down where it is (`CarromBoard.move_piece`), or takes it off the board when let go
## beyond the frame. A spot the board refuses (over a pocket, on another piece) puts the piece
## back where it was. The striker and its baseline stay the controller's.

## A piece was let go: `placed` whether the board took the new spot.
signal moved(placed: bool)

@export var board: CarromBoard
@export var controller: StrikerController

## The piece held (-1 for none), and where its node stood when it was picked up.
var held := -1
var _from := Vector2.ZERO


## Runs before the controller (it comes later in the scene): a press on a piece is the
## dragger's, any other press goes on to the controller.
func _unhandled_input(event: InputEvent) -> void:
	if held >= 0 or not _is_press(event) or board.is_moving():
		return
	var at := controller.to_board(event.position)
	var id := piece_at(at)
	if id < 0:
		return
	held = id
	_from = board.get_piece_node(id).position
	get_viewport().set_input_as_handled()


func _input(event: InputEvent) -> void:
	if held < 0 or event.device == InputEvent.DEVICE_ID_EMULATION:
		return
	if StrikerController.is_pointer_button(event) and not event.pressed:
		_set_down(controller.to_board(event.position))
		get_viewport().set_input_as_handled()
	elif (
		event is InputEventScreenDrag or (event is InputEventMouseMotion and event.button_mask & 1)
	):
		board.get_piece_node(held).position = controller.to_board(event.position)
		get_viewport().set_input_as_handled()


## The coin or queen on the board under `at` (board pixels), or -1. The striker's touch
## target comes first: a press there is the controller's.
func piece_at(at: Vector2) -> int:
	if (
		controller.seat >= 0
		and (
			at.distance_to(controller.board.get_striker_spot(controller.seat, controller.offset))
			< controller.grab_radius()
		)
	):
		return -1
	for piece: Dictionary in board.get_pieces():
		var coin: bool = piece["kind"] != CarromBoard.KIND_STRIKER
		var on_board: bool = piece["place"] == CarromBoard.PLACE_BOARD
		var reach := board.get_piece_radius(piece["kind"])
		if coin and on_board and at.distance_to(piece["position"]) <= reach:
			return piece["id"]
	return -1


func _set_down(at: Vector2) -> void:
	var inside := maxf(absf(at.x), absf(at.y)) <= board.get_board_size() / 2.0
	# A spot no piece can take is part of play, not an error: ask first.
	var placed := board.check_piece_spot(held, at, inside).is_empty()
	placed = placed and board.move_piece(held, at, inside)
	if not placed:
		board.get_piece_node(held).position = _from
	held = -1
	moved.emit(placed)


func _is_press(event: InputEvent) -> bool:
	if event.device == InputEvent.DEVICE_ID_EMULATION:
		return false
	return StrikerController.is_pointer_button(event) and event.pressed
