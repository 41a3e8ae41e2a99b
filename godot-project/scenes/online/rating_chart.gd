class_name RatingChart
extends Control
## A player's rating over their last rated matches, oldest on the left (mirrored in a
## right-to-left language): a line through each match's rating after it, the first point the
## rating before the first, and the highest and lowest written at the side.

## The line's colour and width, and the labels' colour.
const LINE := Color(0.85, 0.65, 0.3)
const GRID := Color(1, 1, 1, 0.12)
const WIDTH := 3.0
const TEXT := Color(0.86, 0.82, 0.74)

var _ratings: PackedInt32Array = []


## Shows `ratings`, oldest first (none, or one: nothing to draw).
func show_ratings(ratings: PackedInt32Array) -> void:
	_ratings = ratings
	visible = ratings.size() >= 2
	queue_redraw()


func _draw() -> void:
	if _ratings.size() < 2:
		return
	var low := _ratings[0]
	var high := _ratings[0]
	for rating in _ratings:
		low = mini(low, rating)
		high = maxi(high, rating)
	var font := get_theme_default_font()
	var font_size := 20
	var label_width := 64.0
	var area := Rect2(label_width, 8.0, size.x - label_width - 8.0, size.y - 16.0)
	var span := maxf(1.0, high - low)
	var points := PackedVector2Array()
	for i in _ratings.size():
		var x := area.position.x + area.size.x * i / (_ratings.size() - 1)
		var y := area.end.y - area.size.y * (_ratings[i] - low) / span
		if is_layout_rtl():
			x = size.x - x + label_width - 8.0
		points.append(Vector2(x, y))
	draw_line(Vector2(area.position.x, area.position.y), Vector2(area.end.x, area.position.y), GRID)
	draw_line(Vector2(area.position.x, area.end.y), Vector2(area.end.x, area.end.y), GRID)
	draw_polyline(points, LINE, WIDTH, true)
	var top := Words.number(high)
	var bottom := Words.number(low)
	draw_string(font, Vector2(0, area.position.y + font_size * 0.4), top, 0, -1, font_size, TEXT)
	draw_string(font, Vector2(0, area.end.y + font_size * 0.4), bottom, 0, -1, font_size, TEXT)
