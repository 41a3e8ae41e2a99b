extends Node
## Keeps the game's logical screen the same size whichever way the device is held: 720 wide in
## portrait, 720 high in landscape. The project's base size is portrait (720×1280); stretched
## as it is into a landscape window, every text and button would shrink to 56 %. Turning the
## base with the window keeps a button a thumb's size and a line of text readable both ways.

## The short side of the logical screen, in logical pixels.
const SHORT_SIDE := 720
## The long side of the logical screen at the project's own shape.
const LONG_SIDE := 1280


func _ready() -> void:
	get_tree().root.size_changed.connect(_fit)
	_fit()


func _fit() -> void:
	var window := get_tree().root
	var landscape := window.size.x > window.size.y
	var base := Vector2i(LONG_SIDE, SHORT_SIDE) if landscape else Vector2i(SHORT_SIDE, LONG_SIDE)
	if window.content_scale_size != base:
		window.content_scale_size = base
