class_name PieceLook
extends Node2D
## The look of a piece in the game: `piece.gdshader` on a square a little larger than the
## piece (room for its shadow), sized by the board it stands on. The board moves and turns
## the node; this script only tells the shader how fast the piece moves, so that its shadow
## lifts (not with "reduce motion"). Each kind is a scene of its own (white_coin.tscn, …) with
## its colours in the material: a modder makes a new design as a scene, without code.

## The square drawn, in radii from the centre: the shadow falls up to this far.
const REACH := 1.6
## Moving this many of its radii a second lifts a piece's shadow all the way (about 2 m/s).
const FULL_LIFT_RADII_PER_SECOND := 110.0

## What the piece is (`CarromBoard.KIND_*`), for a modder's own designs.
@export var kind := CarromBoard.KIND_WHITE
## The piece's radius in pixels: the board sets it before the piece enters the tree.
@export var radius := 16.0:
	set(value):
		radius = maxf(value, 1.0)
		if _shader:
			_shader.set_shader_parameter("radius", radius)
		queue_redraw()

var _last := Vector2.INF
var _lift := 0.0
var _shader: ShaderMaterial


func _ready() -> void:
	_shader = material as ShaderMaterial
	radius = radius


func _draw() -> void:
	var half := radius * REACH
	draw_rect(Rect2(-half, -half, 2.0 * half, 2.0 * half), Color.WHITE)


func _process(delta: float) -> void:
	if _shader == null or delta <= 0.0:
		return
	var speed := 0.0 if _last == Vector2.INF else position.distance_to(_last) / delta
	_last = position
	var target := 0.0
	if not GameSettings.reduce_motion:
		target = clampf(speed / (radius * FULL_LIFT_RADII_PER_SECOND), 0.0, 1.0)
	# Rises at once with a hit, settles over a few frames.
	var lift := target if target > _lift else move_toward(_lift, target, delta * 3.0)
	if absf(lift - _lift) > 0.01 or (lift == 0.0 and _lift != 0.0):
		_lift = lift
		_shader.set_shader_parameter("lift", _lift)


## How high the shadow stands now (0 at rest), for tests.
func get_lift() -> float:
	return _lift
