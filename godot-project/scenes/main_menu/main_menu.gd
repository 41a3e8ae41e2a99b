extends Control
## The main menu: a new match, online play, practice, trick shots, the saved match, rules,
## settings, quit. Laid out in
## main_menu.tscn, its text as translation keys; the other screens open over it.

const NEW_MATCH := preload("res://scenes/new_match/new_match.tscn")
const ONLINE_MENU := preload("res://scenes/online/online_menu.tscn")
const TRICK_LIST := preload("res://scenes/trick_shots/trick_list.tscn")
const RULES_SCREEN := preload("res://scenes/rules/rules_screen.tscn")
const SETTINGS_SCREEN := preload("res://scenes/settings/settings_screen.tscn")

@onready var continue_button: Button = %Continue
@onready var quit_button: Button = %Quit


func _ready() -> void:
	continue_button.disabled = not SaveSlot.has_save()
	quit_button.visible = not OS.has_feature("mobile") and not OS.has_feature("web")


func _on_play_pressed() -> void:
	add_child(NEW_MATCH.instantiate())


func _on_online_pressed() -> void:
	add_child(ONLINE_MENU.instantiate())


## A board of one's own, with no rules: see scenes/practice/.
func _on_practice_pressed() -> void:
	get_tree().change_scene_to_file("res://scenes/practice/practice.tscn")


func _on_trick_shots_pressed() -> void:
	add_child(TRICK_LIST.instantiate())


## Continues the saved match, or says it cannot be continued (and why, in the log) when the
## save is damaged or from another version.
func _on_continue_pressed() -> void:
	var problem := "the save file holds no match"
	if SaveSlot.read():
		problem = CarromRules.check_match(SaveSlot.document)
	if problem.is_empty():
		get_tree().change_scene_to_file("res://scenes/match/match.tscn")
		return
	push_warning("The saved match cannot be continued: %s" % problem)
	SaveSlot.clear()
	Session.new_match()
	continue_button.disabled = true
	continue_button.text = "MENU_SAVE_DAMAGED"


func _on_rules_pressed() -> void:
	add_child(RULES_SCREEN.instantiate())


func _on_settings_pressed() -> void:
	add_child(SETTINGS_SCREEN.instantiate())


func _on_quit_pressed() -> void:
	get_tree().quit()


## The back button at the first screen ends the game, as a phone's first screen does.
func go_back() -> void:
	get_tree().quit()
