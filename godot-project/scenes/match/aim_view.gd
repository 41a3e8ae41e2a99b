class_name AimView
extends Node2D
## Draws what the player is doing with the striker: a ring while it waits, the aim line and
## power ring while aiming, the aim guide from CarromBoard.predict_path, and a refused spot.

@export var controller: StrikerController
@export var board: CarromBoard


func _ready() -> void:
	z_index = 5


func _process(_delta: float) -> void:
	queue_redraw()


func _draw() -> void:
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
