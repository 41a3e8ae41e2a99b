class_name HitFlash
extends Node2D
## A small puff of dust and light where two pieces, or a piece and a rail, met hard: a ring
## that spreads and fades in a fifth of a second. PieceAnimation keeps a few and reuses them.

## Seconds a flash lasts.
const SECONDS := 0.22

var _age := SECONDS
var _size := 10.0
var _strength := 1.0


func _ready() -> void:
	z_index = 3
	visible = false


## Flashes at `at` (board pixels), as big as `size` pixels, as bright as `strength` (0–1).
func flash(at: Vector2, size: float, strength: float) -> void:
	position = at
	_size = size
	_strength = clampf(strength, 0.0, 1.0)
	_age = 0.0
	visible = true
	queue_redraw()


## Whether the flash is showing.
func is_showing() -> bool:
	return visible and _age < SECONDS


func _process(delta: float) -> void:
	if not visible:
		return
	_age += delta
	if _age >= SECONDS:
		visible = false
		return
	queue_redraw()


func _draw() -> void:
	var t := _age / SECONDS
	var fade := (1.0 - t) * (1.0 - t) * _strength
	var spread := _size * (0.5 + 0.9 * t)
	draw_circle(Vector2.ZERO, spread * 0.55, Color(1.0, 0.97, 0.88, 0.35 * fade))
	draw_arc(Vector2.ZERO, spread, 0.0, TAU, 24, Color(1.0, 0.95, 0.85, 0.55 * fade), 1.5, true)
