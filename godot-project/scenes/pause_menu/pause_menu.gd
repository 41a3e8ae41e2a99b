class_name PauseMenu
extends PanelContainer
## The pause menu: go on, watch the last shot again, start again, read the rules, change the
## settings, or leave for the main menu. It only asks; the match decides what each means.
## In landscape its buttons stand two by two (pause_menu.tscn's TurningGrids): six one under
## another would not fit a screen 720 logical pixels high.

signal resume_requested
signal replay_requested
signal restart_requested
signal main_menu_requested

const RULES_SCREEN := preload("res://scenes/rules/rules_screen.tscn")
const SETTINGS_SCREEN := preload("res://scenes/settings/settings_screen.tscn")


## Offers the replay only when there is a shot to watch.
func set_can_replay(can: bool) -> void:
	%Replay.visible = can


func _on_resume_pressed() -> void:
	resume_requested.emit()


func _on_replay_pressed() -> void:
	replay_requested.emit()


func _on_restart_pressed() -> void:
	restart_requested.emit()


func _on_rules_pressed() -> void:
	_overlay(RULES_SCREEN)


func _on_settings_pressed() -> void:
	_overlay(SETTINGS_SCREEN)


func _on_main_menu_pressed() -> void:
	main_menu_requested.emit()


## A screen over this menu (it frees itself when closed).
func _overlay(scene: PackedScene) -> void:
	var screen: Control = scene.instantiate()
	screen.process_mode = Node.PROCESS_MODE_ALWAYS
	add_sibling(screen)
