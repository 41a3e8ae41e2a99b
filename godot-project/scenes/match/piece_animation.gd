class_name PieceAnimation
extends Node
## How the pieces of the board above this node come and go: a pocketed piece shrinks and fades
## into its pocket; a piece put back on the board (a penalty, the queen's return) pops into
## place. The board itself only moves pieces; this node makes their arrivals and exits visible.

## Seconds a piece takes to drop into a pocket.
@export var drop_seconds := 0.25
## Seconds a returned piece takes to settle.
@export var return_seconds := 0.35

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
