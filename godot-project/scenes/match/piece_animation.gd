class_name PieceAnimation
extends Node
## How the pieces of the board above this node come and go: a pocketed piece shrinks and fades
## into its pocket; a piece put back on the board (a penalty, the queen's return) pops into
## place; the striker glides to a spot far from where it stood (the computer's choice, a new
## turn, a tap along the slider). The board itself only moves pieces; this node makes their
## arrivals and exits visible.

## The striker's id on the board.
const STRIKER := CarromBoard.STRIKER_ID

## Seconds a piece takes to drop into a pocket.
@export var drop_seconds := 0.25
## Seconds a returned piece takes to settle.
@export var return_seconds := 0.35
## Seconds the striker takes to glide to a new spot.
@export var glide_seconds := 0.25
## A move shorter than this many striker radii is shown as it is (a drag along the baseline).
@export var glide_from_radii := 2.5

var _striker_at := Vector2.INF
var _glide: Tween

@onready var board: CarromBoard = get_parent()


func _ready() -> void:
	board.hide_pocketed = false


func _on_board_piece_pocketed(piece: int, _kind: int, _pocket: int) -> void:
	var node := board.get_piece_node(piece)
	if node == null:
		return
	var tween := create_tween()
	tween.tween_property(node, "scale", Vector2(0.3, 0.3), drop_seconds)
	tween.parallel().tween_property(node, "modulate:a", 0.0, drop_seconds)
	tween.tween_callback(
		func() -> void:
			node.visible = false
			node.scale = Vector2.ONE
			node.modulate.a = 1.0
	)


func _on_board_piece_placed(piece: int, _kind: int, _at: Vector2) -> void:
	var node := board.get_piece_node(piece)
	if node == null:
		return
	node.scale = Vector2(0.2, 0.2)
	node.modulate.a = 1.0
	var tween := create_tween().set_trans(Tween.TRANS_BACK).set_ease(Tween.EASE_OUT)
	tween.tween_property(node, "scale", Vector2.ONE, return_seconds)


func _on_board_striker_placed(_seat: int, at: Vector2) -> void:
	var node := board.get_piece_node(STRIKER)
	var from := _striker_at
	_striker_at = at
	if node == null or not node.visible or from == Vector2.INF:
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
