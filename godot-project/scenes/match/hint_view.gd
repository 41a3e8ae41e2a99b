class_name HintView
extends Node2D
## Draws the coach's hint on the board: a ghost striker where to stand it, the power as an arc
## round it, the striker's path off the cushions to the first piece it meets (the aim guide's
## geometry) and which way that piece goes, a ring round the piece it means to pocket and one
## round that pocket.

@export var board: CarromBoard

## The hint shown (empty: none), as CarromAi.hints_ready gives one.
var hint := {}


func _ready() -> void:
	z_index = 4


## Shows `shown` until `clear`.
func show_hint(shown: Dictionary) -> void:
	hint = shown
	queue_redraw()


func clear() -> void:
	hint = {}
	queue_redraw()


func _draw() -> void:
	if hint.is_empty() or board == null or board.is_moving():
		return
	var colour := Color(0.55, 0.9, 1.0, 0.85)
	var radius := board.get_piece_radius(CarromBoard.KIND_STRIKER)
	var at := board.get_striker_spot(int(hint["seat"]), float(hint["offset"]))
	var direction: Vector2 = Vector2(hint["direction"]).normalized()
	var power := float(hint["power"])
	draw_circle(at, radius, Color(colour, 0.25))
	draw_arc(at, radius, 0.0, TAU, 40, colour, 3.0, true)
	draw_arc(at, radius * 1.6, -PI / 2.0, -PI / 2.0 + TAU * power, 48, colour, 5.0, true)
	var guide := board.predict_path_at(int(hint["seat"]), float(hint["offset"]), direction, power)
	var points: PackedVector2Array = guide.get("points", PackedVector2Array())
	for i in points.size() - 1:
		draw_dashed_line(points[i], points[i + 1], colour, 3.0, 14.0)
	if int(guide.get("hit_piece", -1)) >= 0 and points.size() > 1:
		var sent: Vector2 = guide["hit_direction"]
		var from := points[points.size() - 1] + sent * radius * 1.9
		draw_line(from, from + sent * 90.0, colour, 3.0, true)
	var target := int(hint["target"])
	for piece: Dictionary in board.get_pieces():
		if int(piece["id"]) == target and int(piece["place"]) == CarromBoard.PLACE_BOARD:
			var piece_radius := board.get_piece_radius(int(piece["kind"]))
			draw_arc(piece["position"], piece_radius * 1.5, 0.0, TAU, 32, colour, 3.0, true)
	var pocket := int(hint["pocket"])
	if pocket >= 0:
		var mouth := board.get_pocket_position(pocket)
		draw_arc(mouth, radius * 1.8, 0.0, TAU, 40, colour, 4.0, true)
