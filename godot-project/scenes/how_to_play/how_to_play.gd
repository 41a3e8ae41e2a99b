class_name HowToPlay
extends Control
## The first match's lesson, over the real board: place the striker, pull back, let go. Each
## step draws its gesture at the striker itself; the player can skip at any step. The board
## takes no touch while it shows.

## Shown, or skipped, to the end.
signal done

## Each step: its heading and its text (translation keys).
const STEPS := [
	["HOW_PLACE_TITLE", "HOW_PLACE"],
	["HOW_PULL_TITLE", "HOW_PULL"],
	["HOW_RELEASE_TITLE", "HOW_RELEASE"],
]

## The dimming over the board.
@export var dim := Color(0.0, 0.0, 0.0, 0.45)
## The colour of the drawn gestures.
@export var gesture_colour := Color(1.0, 0.86, 0.55)

## The board whose striker the steps point at, the seat that plays it and where the striker
## stands along its baseline.
var board: CarromBoard
var seat := 0
var offset := 0.0
var _step := 0


func _ready() -> void:
	_show_step()


func _notification(what: int) -> void:
	if what == NOTIFICATION_RESIZED:
		queue_redraw()


## Which step shows: 0 place, 1 pull back, 2 release.
func get_step() -> int:
	return _step


func _show_step() -> void:
	%Step.text = STEPS[_step][0]
	%Text.text = STEPS[_step][1]
	%Next.text = "HOW_DONE" if _step == STEPS.size() - 1 else "HOW_NEXT"
	queue_redraw()


func _on_next_pressed() -> void:
	if _step < STEPS.size() - 1:
		_step += 1
		_show_step()
	else:
		_finish()


func _on_skip_pressed() -> void:
	_finish()


func _finish() -> void:
	done.emit()
	queue_free()


func _draw() -> void:
	draw_rect(Rect2(Vector2.ZERO, size), dim)
	if board == null or not is_instance_valid(board):
		return
	# Board pixels to this control's pixels.
	var to_here := get_global_transform_with_canvas().affine_inverse()
	to_here *= board.get_global_transform_with_canvas()
	var spot := board.get_striker_spot(seat, offset)
	var forward := board.get_seat_forward(seat)
	var right := board.get_seat_right(seat)
	var at := to_here * spot
	var width := 5.0
	match _step:
		0:
			_arrow(at, to_here * (spot - right * 180.0), width)
			_arrow(at, to_here * (spot + right * 180.0), width)
		1:
			_arrow(at, to_here * (spot - forward * 160.0), width)
		2:
			_arrow(at, to_here * (spot + forward * 220.0), width)
	draw_arc(at, 46.0, 0.0, TAU, 48, gesture_colour, width, true)


func _arrow(from: Vector2, to: Vector2, width: float) -> void:
	var along := (to - from).normalized()
	var start := from + along * 52.0
	draw_line(start, to, gesture_colour, width, true)
	var side := along.orthogonal() * 16.0
	draw_colored_polygon(
		PackedVector2Array([to + along * 8.0, to - along * 20.0 + side, to - along * 20.0 - side]),
		gesture_colour
	)
