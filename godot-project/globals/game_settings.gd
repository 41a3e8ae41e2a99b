extends Node
## The player's settings, kept between runs in user://settings.cfg.

signal changed

const PATH := "user://settings.cfg"
## The languages the game speaks: locale code and the key of its own name.
const LANGUAGES := {
	"en": "LANG_EN",
	"id": "LANG_ID",
	"eo": "LANG_EO",
	"ko": "LANG_KO",
	"es": "LANG_ES",
	"te": "LANG_TE"
}

## Master volume, 0–1.
var volume := 0.8
## Draw the aim guide (where the striker and the first piece it hits will go).
var aim_guide := true
## Turn the board so that the player to strike sits at the bottom.
var turn_board := true
## A light vibration on a strike and on a pocket, where the device has a vibrator.
var vibration := true
## Whether the how-to-play overlay has been shown (it is shown once, on the first match).
var how_to_play_seen := false
## The game's language: picked from the system on first start, then as the player chose.
var language := ""


func _ready() -> void:
	load_settings()


func load_settings() -> void:
	var file := ConfigFile.new()
	if file.load(PATH) == OK:
		volume = clampf(float(file.get_value("audio", "volume", volume)), 0.0, 1.0)
		aim_guide = bool(file.get_value("play", "aim_guide", aim_guide))
		turn_board = bool(file.get_value("play", "turn_board", turn_board))
		vibration = bool(file.get_value("play", "vibration", vibration))
		how_to_play_seen = bool(file.get_value("play", "how_to_play_seen", how_to_play_seen))
		language = str(file.get_value("play", "language", ""))
	if not LANGUAGES.has(language):
		language = system_language()
	apply()


func save_settings() -> void:
	var file := ConfigFile.new()
	file.set_value("audio", "volume", volume)
	file.set_value("play", "aim_guide", aim_guide)
	file.set_value("play", "turn_board", turn_board)
	file.set_value("play", "vibration", vibration)
	file.set_value("play", "how_to_play_seen", how_to_play_seen)
	file.set_value("play", "language", language)
	file.save(PATH)
	apply()


## The system's language if the game speaks it, else English.
func system_language() -> String:
	var system := OS.get_locale_language()
	return system if LANGUAGES.has(system) else "en"


## Applies the settings that act on the engine, and tells whoever listens.
func apply() -> void:
	TranslationServer.set_locale(language)
	AudioServer.set_bus_volume_db(0, linear_to_db(maxf(volume, 0.0001)))
	AudioServer.set_bus_mute(0, volume <= 0.0)
	changed.emit()
