class_name AimView
extends Node2D
## Draws what the player is doing with the striker: a ring while it waits, the aim line and
## power ring while aiming, the aim guide from CarromBoard.predict_path, and a refused spot.

@export var controller: StrikerController
@export var board: CarromBoard
## Online, how long another player's aim stays shown after its last update, in seconds.
@export var remote_aim_seconds := 0.6

## Another player's aim (online): seat, striker offset, direction, and when it fades.
var _remote := {}


func _ready() -> void:
	z_index = 5


func _process(_delta: float) -> void:
	queue_redraw()


## Shows where another player (online) is aiming: their striker at `offset`, along `direction`.
func show_remote(seat: int, offset: float, direction: Vector2) -> void:
	_remote = {
		"seat": seat,
		"offset": offset,
		"direction": direction.normalized(),
		"until": Time.get_ticks_msec() + remote_aim_seconds * 1000.0,
	}


func _draw() -> void:
	if board != null and not _remote.is_empty() and Time.get_ticks_msec() < _remote["until"]:
		_draw_remote()
	if controller == null or board == null or controller.seat < 0 or board.is_moving():
		return
	var state := controller.state
	if state == StrikerController.State.OFF:
		return
	var radius := board.get_piece_radius(CarromBoard.KIND_STRIKER)
	var at := board.get_striker_spot(controller.seat, controller.offset)
	if not is_nan(controller.refused_offset):
		var refused := board.get_striker_spot(controller.seat, controller.refused_offset)
		draw_circle(refused, radius, Color(0.9, 0.1, 0.1, 0.45))
		draw_arc(refused, radius, 0.0, TAU, 40, Color(1, 0.2, 0.2), 3.0, true)
	var power := controller.power
	if power <= 0.0:
		var pulse := 0.5 + 0.5 * sin(Time.get_ticks_msec() / 250.0)
		# The ring marks where a press takes the striker.
		var ring := controller.grab_radius()
		draw_arc(at, ring, 0.0, TAU, 48, Color(1, 1, 0.6, 0.35 + 0.35 * pulse), 3.0, true)
		return
	var dir := controller.direction
	var heat := Color(0.3, 0.9, 0.3).lerp(Color(1.0, 0.25, 0.15), power)
	if GameSettings.aim_guide:
		_draw_guide(dir, power)
	draw_line(at, at + dir * (radius * 1.5 + 220.0 * power), heat, 5.0, true)
	draw_arc(at, radius * 1.6, -PI / 2.0, -PI / 2.0 + TAU * power, 48, heat, 6.0, true)


func _draw_guide(dir: Vector2, power: float) -> void:
	var guide: Dictionary = board.predict_path(dir, power)
	var points: PackedVector2Array = guide.get("points", PackedVector2Array())
	if points.size() < 2:
		return
	var faint := Color(1, 1, 1, 0.55)
	for i in points.size() - 1:
		draw_dashed_line(points[i], points[i + 1], faint, 2.5, 10.0)
	var end := points[points.size() - 1]
	var radius := board.get_piece_radius(CarromBoard.KIND_STRIKER)
	draw_arc(end, radius, 0.0, TAU, 32, faint, 2.0, true)
	if int(guide.get("hit_piece", -1)) >= 0:
		var hit_dir: Vector2 = guide["hit_direction"]
		var from := end + hit_dir * radius * 1.9
		draw_line(from, from + hit_dir * 90.0, Color(1, 0.9, 0.3, 0.8), 3.0, true)


func _draw_remote() -> void:
	if board.is_moving():
		return
	var radius := board.get_piece_radius(CarromBoard.KIND_STRIKER)
	var at := board.get_striker_spot(_remote["seat"], _remote["offset"])
	var faint := Color(0.75, 0.85, 1.0, 0.7)
	draw_arc(at, radius * 1.3, 0.0, TAU, 40, faint, 3.0, true)
	draw_line(at, at + _remote["direction"] * (radius * 1.5 + 160.0), faint, 4.0, true)
