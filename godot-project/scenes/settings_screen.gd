extends Control
## Sound volume, the aim guide and the turning board; saved when closed.

signal closed


func _ready() -> void:
	var column := Ui.page(self)
	column.add_child(Ui.label(tr("Settings"), Ui.TITLE_SIZE))
	var volume := HSlider.new()
	volume.min_value = 0.0
	volume.max_value = 1.0
	volume.step = 0.05
	volume.value = GameSettings.volume
	volume.custom_minimum_size.y = Ui.MIN_BUTTON_HEIGHT
	volume.value_changed.connect(_on_volume)
	column.add_child(Ui.row(tr("Volume"), volume))
	column.add_child(_toggle(tr("Aim guide"), GameSettings.aim_guide, _on_aim_guide))
	column.add_child(_toggle(tr("Turn the board to the player"), GameSettings.turn_board, _on_turn))
	column.add_child(Ui.button(tr("Back"), _close))


func _toggle(text: String, on: bool, changed: Callable) -> CheckButton:
	var toggle := CheckButton.new()
	toggle.text = text
	toggle.button_pressed = on
	toggle.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	toggle.custom_minimum_size.y = Ui.MIN_BUTTON_HEIGHT
	toggle.toggled.connect(changed)
	return toggle


func _on_volume(value: float) -> void:
	GameSettings.volume = value
	GameSettings.apply()
	Sfx.play("click", 0.6)


func _on_aim_guide(on: bool) -> void:
	GameSettings.aim_guide = on


func _on_turn(on: bool) -> void:
	GameSettings.turn_board = on


func _close() -> void:
	GameSettings.save_settings()
	closed.emit()
	queue_free()
