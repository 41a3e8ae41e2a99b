class_name PocketTray
extends Control
## What a side has pocketed this board, at a glance: one small disc per coin of its colour, and
## the queen beside them once the side has her. Drawn here so that a modder can restyle it.

## Radius of a disc, in pixels.
@export var disc_radius := 9.0
## Space between discs, in pixels.
@export var gap := 3.0
## The queen's colour.
@export var queen_colour := Color(0.78, 0.08, 0.12)
## The rim around a light disc, and around a dark one: every coin shows on any bar.
@export var dark_rim := Color(0.05, 0.04, 0.03, 0.9)
@export var light_rim := Color(0.8, 0.74, 0.62, 1.0)

var _count := 0
var _colour := Color.WHITE
var _queen := false


## Shows `count` coins of `colour`, and the queen when `queen`.
func show_pieces(count: int, colour: Color, queen: bool) -> void:
	_count = maxi(count, 0)
	_colour = colour
	_queen = queen
	var discs := _count + (1 if _queen else 0)
	custom_minimum_size = Vector2(
		maxf(discs * (2.0 * disc_radius + gap) - gap, 0.0), 2.0 * disc_radius + 2.0
	)
	queue_redraw()


func _draw() -> void:
	var step := 2.0 * disc_radius + gap
	var start := (size.x - custom_minimum_size.x) / 2.0 + disc_radius
	var y := size.y / 2.0
	for i in _count + (1 if _queen else 0):
		var colour := queen_colour if i == _count else _colour
		var at := Vector2(start + i * step, y)
		draw_circle(at, disc_radius, colour)
		var rim := light_rim if colour.get_luminance() < 0.4 else dark_rim
		draw_arc(at, disc_radius - 1.0, 0.0, TAU, 24, rim, 2.0, true)
