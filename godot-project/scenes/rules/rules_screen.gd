extends PanelContainer
## The rules the game plays, in plain words, readable on a phone. Laid out in
## rules_screen.tscn, its text as translation keys, so it follows the language by itself.

signal closed


func _on_back_pressed() -> void:
	closed.emit()
	queue_free()
