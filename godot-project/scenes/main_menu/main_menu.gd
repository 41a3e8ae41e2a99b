extends Control
## The main menu: a new match (game, who plays each seat, points and boards), continue the
## saved match, rules, settings, quit. Laid out in main_menu.tscn; its text is translation keys,
## and the choices filled here are filled again when the language changes.

## The games offered, in the order of the choice, by their translation keys.
const MODES := {
	CarromRules.MODE_SINGLES: "MODE_SINGLES",
	CarromRules.MODE_DOUBLES: "MODE_DOUBLES",
	CarromRules.MODE_POINTS: "MODE_POINTS",
}
const SEAT_ROW := preload("res://scenes/main_menu/seat_row.tscn")
const RULES_SCREEN := preload("res://scenes/rules/rules_screen.tscn")
const SETTINGS_SCREEN := preload("res://scenes/settings/settings_screen.tscn")

@onready var mode: OptionButton = %Mode
@onready var seats: VBoxContainer = %Seats
@onready var target: SpinBox = %Target
@onready var boards: SpinBox = %Boards
@onready var continue_button: Button = %Continue
@onready var quit_button: Button = %Quit


func _ready() -> void:
	var limits := CarromRules.get_limits()
	_set_range(target, limits["target_points"], Session.target_points)
	_set_range(boards, limits["max_boards"], Session.max_boards)
	continue_button.disabled = not Session.has_save()
	quit_button.visible = not OS.has_feature("mobile") and not OS.has_feature("web")
	_fill_modes()
	_fill_seats()


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		_fill_modes()


## A number picker over `limits` (low, high), without telling anyone of the first value: a
## new lower limit clamps the value, and that must not reach the session as a choice.
func _set_range(spin: SpinBox, limits: PackedInt32Array, value: int) -> void:
	spin.set_block_signals(true)
	spin.min_value = limits[0]
	spin.max_value = limits[1]
	spin.value = value
	spin.set_block_signals(false)


func _fill_modes() -> void:
	mode.clear()
	for key: String in MODES.values():
		mode.add_item(tr(key))
	mode.select(MODES.keys().find(Session.mode))


## One row per seat in play: a person, or the computer at a level.
func _fill_seats() -> void:
	for child in seats.get_children():
		child.queue_free()
	var number := 1
	for seat: int in Session.seats():
		var row: SeatRow = SEAT_ROW.instantiate()
		row.seat = seat
		row.number = number
		row.player_chosen.connect(_on_seat_row_player_chosen)
		seats.add_child(row)
		number += 1


func _on_mode_item_selected(index: int) -> void:
	Session.mode = MODES.keys()[index]
	_fill_seats()


func _on_seat_row_player_chosen(seat: int, player: int) -> void:
	Session.players[seat] = player


func _on_target_value_changed(value: float) -> void:
	Session.target_points = int(value)


func _on_boards_value_changed(value: float) -> void:
	Session.max_boards = int(value)


func _on_play_pressed() -> void:
	Session.new_match()
	get_tree().change_scene_to_file("res://scenes/match/match.tscn")


## Continues the saved match, or says it cannot be continued (and why, in the log) when the
## save is damaged or from another version.
func _on_continue_pressed() -> void:
	var problem := "the save file holds no match"
	if Session.load_match():
		problem = CarromRules.check_match(Session.saved_match)
	if problem.is_empty():
		get_tree().change_scene_to_file("res://scenes/match/match.tscn")
		return
	push_warning("The saved match cannot be continued: %s" % problem)
	Session.clear_save()
	Session.new_match()
	continue_button.disabled = true
	continue_button.text = "MENU_SAVE_DAMAGED"


func _on_rules_pressed() -> void:
	add_child(RULES_SCREEN.instantiate())


func _on_settings_pressed() -> void:
	add_child(SETTINGS_SCREEN.instantiate())


func _on_quit_pressed() -> void:
	get_tree().quit()
