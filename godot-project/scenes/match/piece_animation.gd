class_name PieceAnimation
extends Node
## How the pieces of the board above this node come and go: a pocketed piece drops into its
## pocket (it shrinks and darkens as it falls, then is gone); a piece put back on the board (a
## penalty, the queen's return) pops into place; the striker glides to a spot far from where it
## stood (the computer's choice, a new turn, a tap along the slider); a hard hit flashes where
## it happened. The board itself only moves pieces; this node makes their arrivals, exits and
## hits visible. With "reduce motion" (`GameSettings.reduce_motion`) none of it plays: pieces
## appear and go as the physics has them.

## The striker's id on the board.
const STRIKER := CarromBoard.STRIKER_ID
## How dark a piece is at the bottom of the pocket.
const DEPTH_COLOUR := Color(0.22, 0.19, 0.17, 1.0)
## A hit at least this hard (`Sfx.strength_of`, 0–1) flashes.
const FLASH_FROM := 0.45
## Flashes kept for reuse: a break makes many hits at once, and only the hardest few show.
const FLASHES := 4

## Seconds a piece takes to drop into a pocket.
@export var drop_seconds := 0.3
## Seconds a returned piece takes to settle.
@export var return_seconds := 0.35
## Seconds the striker takes to glide to a new spot.
@export var glide_seconds := 0.25
## A move shorter than this many striker radii is shown as it is (a drag along the baseline).
@export var glide_from_radii := 2.5

var _striker_at := Vector2.INF
var _glide: Tween
var _drops := {}
var _flashes: Array[HitFlash] = []

@onready var board: CarromBoard = get_parent()


func _ready() -> void:
	board.hide_pocketed = false
	board.pieces_collided.connect(
		func(_a: int, _b: int, impulse: float, at: Vector2) -> void: _hit(impulse, at)
	)
	board.cushion_hit.connect(func(_p: int, impulse: float, at: Vector2) -> void: _hit(impulse, at))
	for i in FLASHES:
		var flash := HitFlash.new()
		board.add_child.call_deferred(flash)
		_flashes.append(flash)


func _on_board_piece_pocketed(piece: int, _kind: int, _pocket: int) -> void:
	var node := board.get_piece_node(piece)
	if node == null:
		return
	if GameSettings.reduce_motion:
		node.visible = false
		return
	var tween := create_tween().set_trans(Tween.TRANS_QUAD).set_ease(Tween.EASE_IN)
	_drops[piece] = tween
	tween.tween_property(node, "scale", Vector2(0.55, 0.55), drop_seconds)
	tween.parallel().tween_property(node, "modulate", DEPTH_COLOUR, drop_seconds)
	tween.tween_property(node, "modulate:a", 0.0, 0.08)
	tween.tween_callback(
		func() -> void:
			_drops.erase(piece)
			node.visible = false
			node.scale = Vector2.ONE
			node.modulate = Color.WHITE
	)


func _on_board_piece_placed(piece: int, _kind: int, _at: Vector2) -> void:
	var node := board.get_piece_node(piece)
	if node == null:
		return
	# A piece that comes back before its drop has finished stops dropping.
	var drop: Tween = _drops.get(piece)
	if drop:
		drop.kill()
		_drops.erase(piece)
	node.modulate = Color.WHITE
	if GameSettings.reduce_motion:
		node.scale = Vector2.ONE
		return
	node.scale = Vector2(0.2, 0.2)
	var tween := create_tween().set_trans(Tween.TRANS_BACK).set_ease(Tween.EASE_OUT)
	tween.tween_property(node, "scale", Vector2.ONE, return_seconds)


func _on_board_striker_placed(_seat: int, at: Vector2) -> void:
	var node := board.get_piece_node(STRIKER)
	var from := _striker_at
	_striker_at = at
	if node == null or not node.visible or from == Vector2.INF or GameSettings.reduce_motion:
		return
	var far := board.get_piece_radius(CarromBoard.KIND_STRIKER) * glide_from_radii
	if from.distance_to(at) < far:
		return
	if _glide:
		_glide.kill()
	node.position = from
	_glide = create_tween().set_trans(Tween.TRANS_QUAD).set_ease(Tween.EASE_OUT)
	# The board moves its pieces itself once struck: the glide gives way at once.
	_glide.tween_method(
		func(p: Vector2) -> void:
			if not board.is_moving():
				node.position = p,
		from,
		at,
		glide_seconds
	)


## A hard hit at `at` flashes there, in the first flash not showing.
func _hit(impulse: float, at: Vector2) -> void:
	var strength := Sfx.strength_of(impulse)
	if strength < FLASH_FROM or GameSettings.reduce_motion:
		return
	for flash in _flashes:
		if flash.is_inside_tree() and not flash.is_showing():
			var size := board.get_piece_radius(CarromBoard.KIND_WHITE) * 1.4
			flash.flash(at, size, strength)
			return


## Whether any hit flash shows now (for tests).
func is_flashing() -> bool:
	return _flashes.any(func(f: HitFlash) -> bool: return f.is_showing())
