class_name TrickList
extends PanelContainer
## The trick shots: one button per trick of `data/trick_shots.json`, with the stars the player
## has earned on it; a press opens it on a board (trick_table.tscn). Stars are kept on the
## device (`TrickStars`). The buttons stand three abreast in landscape (a
## TurningGrid), one under another upright.

signal closed

const TRICKS_FILE := "res://data/trick_shots.json"
const TABLE := "res://scenes/trick_shots/trick_table.tscn"

@onready var list: GridContainer = %List


func _ready() -> void:
	_fill()


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		_fill()


## The tricks of the game's file, read by `CarromTrickShots` (refused, with the reason in the
## log, when damaged).
static func read_tricks() -> Array[Dictionary]:
	var judge := CarromTrickShots.new()
	var tricks: Array[Dictionary] = []
	if judge.load_tricks(FileAccess.get_file_as_string(TRICKS_FILE)):
		tricks = judge.get_tricks()
	judge.free()
	return tricks


## Today, as the daily challenge counts days: since 1 January 1970, UTC, so that everyone in
## the world has the same challenge at the same moment.
static func today() -> int:
	return int(Time.get_unix_time_from_system() / 86400.0)


## A trick's name in the player's language: its translation, or its id in words.
static func trick_name(id: String) -> String:
	if id.begins_with(TrickStars.DAILY_PREFIX):
		return TranslationServer.translate("TRICK_DAILY")
	var key := "TRICK_" + id.to_upper()
	var translated := TranslationServer.translate(key)
	return id.capitalize() if translated == key else translated


## Stars earned, in words ("" before any).
static func stars_text(earned: int) -> String:
	return Words.say("TRICK_STARS", earned) if earned > 0 else ""


func _fill() -> void:
	for child in list.get_children():
		list.remove_child(child)
		child.queue_free()
	# Today's challenge first: made from the date, the same for everyone.
	var daily := _trick_button(
		trick_name(TrickStars.DAILY_PREFIX), TrickStars.best(TrickStars.DAILY_PREFIX + str(today()))
	)
	daily.theme_type_variation = &"PrimaryButton"
	daily.pressed.connect(_open_daily)
	list.add_child(daily)
	var index := 0
	for trick in read_tricks():
		var button := _trick_button(trick_name(trick["id"]), TrickStars.best(trick["id"]))
		button.pressed.connect(_open.bind(index))
		list.add_child(button)
		index += 1


## A trick's button: its name and the stars earned on it.
func _trick_button(name_text: String, stars: int) -> Button:
	var button := Button.new()
	button.custom_minimum_size = Vector2(0, 88)
	button.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	# A long name wraps in a narrow column rather than widening the page.
	button.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	button.theme_type_variation = &"SecondaryButton"
	var earned := stars_text(stars)
	button.text = name_text + ("  ·  " + earned if earned else "")
	return button


func _open(index: int) -> void:
	Session.trick_index = index
	Session.trick_day = -1
	get_tree().change_scene_to_file(TABLE)


func _open_daily() -> void:
	Session.trick_day = today()
	get_tree().change_scene_to_file(TABLE)


func _on_back_pressed() -> void:
	closed.emit()
	queue_free()
