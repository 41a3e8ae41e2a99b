extends Control
## Sound volume, the aim guide and the turning board; saved when closed.

signal closed


func _ready() -> void:
	_build()


func _build() -> void:
	for child in get_children():
		child.queue_free()
	var column := Ui.page(self)
	column.add_child(Ui.label(tr("MENU_SETTINGS"), Ui.TITLE_SIZE))
	var volume := HSlider.new()
	volume.min_value = 0.0
	volume.max_value = 1.0
	volume.step = 0.05
	volume.value = GameSettings.volume
	volume.custom_minimum_size.y = Ui.MIN_BUTTON_HEIGHT
	volume.value_changed.connect(_on_volume)
	volume.add_to_group(SoundCues.VOLUME_PREVIEW)
	column.add_child(Ui.row(tr("SETTINGS_VOLUME"), volume))
	var codes: Array = GameSettings.LANGUAGES.keys()
	var names: Array = codes.map(func(c: String) -> String: return tr(GameSettings.LANGUAGES[c]))
	var language := Ui.choice(names, codes.find(GameSettings.language), _on_language.bind(codes))
	column.add_child(Ui.row(tr("SETTINGS_LANGUAGE"), language))
	column.add_child(_toggle(tr("SETTINGS_AIM_GUIDE"), GameSettings.aim_guide, _on_aim_guide))
	column.add_child(_toggle(tr("SETTINGS_TURN_BOARD"), GameSettings.turn_board, _on_turn))
	column.add_child(Ui.button(tr("MENU_BACK"), _close))


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


## A new language shows at once: this screen is built again in it.
func _on_language(index: int, codes: Array) -> void:
	GameSettings.language = codes[index]
	GameSettings.save_settings()
	_build.call_deferred()


func _on_aim_guide(on: bool) -> void:
	GameSettings.aim_guide = on


func _on_turn(on: bool) -> void:
	GameSettings.turn_board = on


func _close() -> void:
	GameSettings.save_settings()
	closed.emit()
	queue_free()
