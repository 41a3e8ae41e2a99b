class_name PocketTray
extends Control
## What a side has pocketed this board, at a glance: one small disc per coin it keeps, whites
## then blacks, and the queen after them once the side has covered her. Sizes are exports;
## colours come from theme.tres: the coins' from the `SideBadge` side colours (so trays and
## swatches change together), the queen's and the rims from the `PocketTray` type.

## Radius of a disc, in pixels.
@export var disc_radius := 9.0
## Space between discs, in pixels.
@export var gap := 3.0
## Discs in a row before the next row begins (a side keeps at most nine of its colour and
## the queen).
@export_range(1, 30) var per_row := 10

var _white := 0
var _black := 0
var _queen := false


## Shows `white` and `black` coins, and the queen when `queen`.
func show_pieces(white: int, black: int, queen: bool) -> void:
	_white = maxi(white, 0)
	_black = maxi(black, 0)
	_queen = queen
	var discs := _discs().size()
	var columns := mini(discs, per_row)
	var rows := maxi(ceili(float(discs) / per_row), 1)
	var step := 2.0 * disc_radius + gap
	custom_minimum_size = Vector2(maxf(columns * step - gap, 0.0), rows * step - gap + 2.0)
	queue_redraw()


## What the tray shows: {"white": n, "black": n, "queen": bool}.
func get_shown() -> Dictionary:
	return {"white": _white, "black": _black, "queen": _queen}


func _discs() -> Array[Color]:
	var discs: Array[Color] = []
	for i in _white:
		discs.append(get_theme_color("white_side", "SideBadge"))
	for i in _black:
		discs.append(get_theme_color("black_side", "SideBadge"))
	if _queen:
		discs.append(get_theme_color("queen", "PocketTray"))
	return discs


func _draw() -> void:
	var step := 2.0 * disc_radius + gap
	var start := Vector2((size.x - custom_minimum_size.x) / 2.0, 1.0) + Vector2.ONE * disc_radius
	var discs := _discs()
	for i in discs.size():
		var at := start + Vector2(i % per_row, floori(float(i) / per_row)) * step
		draw_circle(at, disc_radius, discs[i])
		# A light rim round a dark coin, a dark one round a light coin: every coin shows.
		var dark := discs[i].get_luminance() < 0.4
		var rim := get_theme_color("light_rim" if dark else "dark_rim", "PocketTray")
		draw_arc(at, disc_radius - 1.0, 0.0, TAU, 24, rim, 2.0, true)
