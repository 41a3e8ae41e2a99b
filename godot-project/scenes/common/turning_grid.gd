class_name TurningGrid
extends GridContainer
## Lays its children side by side in `landscape_columns` columns when the screen is wider than
## it is high, and in `portrait_columns` when it is held upright. A landscape screen is 720
## logical pixels high: a form's rows one under another would not fit it, and it is wide
## enough for two or three of them next to each other; upright, one column keeps each row a
## thumb's width. Children flow row by row (right to left in a right-to-left language).

@export var portrait_columns := 1
@export var landscape_columns := 2


## Whether the window is wider than it is high (as ScreenFit turns the logical screen).
static func is_landscape(node: Node) -> bool:
	var window := node.get_tree().root
	return window.size.x > window.size.y


func _enter_tree() -> void:
	get_tree().root.size_changed.connect(_turn, CONNECT_DEFERRED)
	_turn()


func _exit_tree() -> void:
	get_tree().root.size_changed.disconnect(_turn)


func _turn() -> void:
	var wanted := landscape_columns if is_landscape(self) else portrait_columns
	if columns != wanted:
		columns = wanted
