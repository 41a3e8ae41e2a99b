extends PanelContainer
## Sound volume, language, the aim guide, the turning board and vibration; saved when closed.
## Laid out in settings_screen.tscn with its text as translation keys: a new language shows at
## once.

signal closed

@onready var volume: HSlider = %Volume
@onready var language: OptionButton = %Language
@onready var aim_guide: CheckButton = %AimGuide
@onready var turn_board: CheckButton = %TurnBoard
@onready var vibration: CheckButton = %Vibration


func _ready() -> void:
	volume.set_value_no_signal(GameSettings.volume)
	aim_guide.set_pressed_no_signal(GameSettings.aim_guide)
	turn_board.set_pressed_no_signal(GameSettings.turn_board)
	vibration.set_pressed_no_signal(GameSettings.vibration)
	_fill_languages()


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		_fill_languages()


## Each language by its own name, in the language chosen now.
func _fill_languages() -> void:
	language.clear()
	for code: String in GameSettings.LANGUAGES:
		language.add_item(tr(GameSettings.LANGUAGES[code]))
	language.select(GameSettings.LANGUAGES.keys().find(GameSettings.language))


func _on_volume_value_changed(value: float) -> void:
	GameSettings.volume = value
	GameSettings.apply()


func _on_language_item_selected(index: int) -> void:
	GameSettings.language = GameSettings.LANGUAGES.keys()[index]
	GameSettings.save_settings()


func _on_aim_guide_toggled(on: bool) -> void:
	GameSettings.aim_guide = on


func _on_turn_board_toggled(on: bool) -> void:
	GameSettings.turn_board = on


func _on_vibration_toggled(on: bool) -> void:
	GameSettings.vibration = on


func _on_back_pressed() -> void:
	GameSettings.save_settings()
	closed.emit()
	queue_free()
