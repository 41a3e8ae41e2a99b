class_name Banner
extends PanelContainer
## A message about what just happened, off the playing surface, that fades before long. Its
## tones are colours of the `BannerLabel` theme type, so a modder restyles them in theme.tres.

enum Tone { NEWS, FOUL, QUEEN, POINTS }

## Seconds the message stays fully shown.
@export var hold_seconds := 1.3

var _tween: Tween
## Measures a line of message (`line_height`).
var _probe: Label

@onready var _text: Label = %Text


## Shows `text` in `tone` for `hold` seconds (`hold_seconds` when negative), then fades it.
func show_message(text: String, tone: Tone = Tone.NEWS, hold := -1.0) -> void:
	_text.text = text
	_text.self_modulate = _tone_colour(tone)
	if _tween:
		_tween.kill()
	modulate.a = 0.0
	_tween = create_tween()
	_tween.tween_property(self, "modulate:a", 1.0, 0.15)
	_tween.tween_interval(hold_seconds if hold < 0.0 else hold)
	_tween.tween_property(self, "modulate:a", 0.0, 0.4)


## Height of a one-line message, frame included, as the current language's script is drawn
## (Urdu's lines stand taller): the HUD keeps this much clear above the board in portrait. A
## hidden label of the banner's own type measures the message shown most, as the banner would.
func line_height() -> float:
	if _probe == null:
		_probe = Label.new()
		_probe.theme_type_variation = _text.theme_type_variation
		_probe.auto_translate_mode = Node.AUTO_TRANSLATE_MODE_DISABLED
		_probe.visible = false
		add_child(_probe, false, Node.INTERNAL_MODE_BACK)
	# A player's number in it brings in the digits' font too. Set afresh, so that the line is
	# shaped again with the font as it is now (the language's line spacing may have changed).
	_probe.text = ""
	_probe.text = Words.say("BANNER_TO_PLAY", Words.say("NAME_PLAYER", 1))
	return _probe.get_combined_minimum_size().y + get_theme_stylebox("panel").get_minimum_size().y


## The message shown last (empty before the first).
func get_message() -> String:
	return _text.text


func _tone_colour(tone: Tone) -> Color:
	match tone:
		Tone.FOUL:
			return get_theme_color("foul_color", "BannerLabel")
		Tone.QUEEN:
			return get_theme_color("queen_color", "BannerLabel")
		Tone.POINTS:
			return get_theme_color("points_color", "BannerLabel")
	return Color.WHITE
