class_name ReadableWidth
extends MarginContainer
## Keeps its content at most `max_width` pixels wide, centred: lines of text stay short enough
## to read on a wide landscape screen, and fill a phone's width in portrait.

@export var max_width := 1100.0


func _notification(what: int) -> void:
	if what == NOTIFICATION_RESIZED:
		var side := int(maxf(0.0, (size.x - max_width) / 2.0))
		add_theme_constant_override("margin_left", side)
		add_theme_constant_override("margin_right", side)
