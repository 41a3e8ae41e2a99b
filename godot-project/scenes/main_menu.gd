extends Control
## The main menu: a new match (game, who plays each seat, points and boards), continue the
## saved match, rules, settings, quit.

## The games offered, in the order of the choice, by their translation keys.
const MODES := {
	CarromRules.MODE_SINGLES: "MODE_SINGLES",
	CarromRules.MODE_DOUBLES: "MODE_DOUBLES",
	CarromRules.MODE_POINTS: "MODE_POINTS",
}

var _seat_rows: VBoxContainer
var _continue: Button
var _language := ""


func _ready() -> void:
	GameSettings.changed.connect(_rebuild)
	_build()


## After a change of language the menu is built again in it, under any open screen.
func _rebuild() -> void:
	if _language == GameSettings.language:
		return
	for child in get_children():
		if not child.has_signal("closed"):
			child.queue_free()
	_build.call_deferred()


func _build() -> void:
	_language = GameSettings.language
	var column := Ui.page(self)
	column.add_child(Ui.label(tr("APP_TITLE"), Ui.TITLE_SIZE))
	var modes: Array = MODES.values().map(func(m: String) -> String: return tr(m))
	var mode_index: int = MODES.keys().find(Session.mode)
	column.add_child(Ui.row(tr("MENU_GAME"), Ui.choice(modes, mode_index, _on_mode)))
	_seat_rows = VBoxContainer.new()
	column.add_child(_seat_rows)
	_fill_seats()
	var limits := CarromRules.get_limits()
	var points: PackedInt32Array = limits["target_points"]
	var boards: PackedInt32Array = limits["max_boards"]
	column.add_child(Ui.row(tr("MENU_TARGET"), _spin(points, Session.target_points, _on_target)))
	column.add_child(Ui.row(tr("MENU_BOARDS"), _spin(boards, Session.max_boards, _on_boards)))
	column.add_child(Ui.button(tr("MENU_PLAY"), _on_play))
	_continue = Ui.button(tr("MENU_CONTINUE"), _on_continue)
	_continue.disabled = not Session.has_save()
	column.add_child(_continue)
	column.add_child(
		Ui.button(tr("MENU_RULES"), _open.bind(preload("res://scenes/rules_screen.tscn")))
	)
	column.add_child(
		Ui.button(tr("MENU_SETTINGS"), _open.bind(preload("res://scenes/settings_screen.tscn")))
	)
	if not OS.has_feature("mobile") and not OS.has_feature("web"):
		column.add_child(Ui.button(tr("MENU_QUIT"), get_tree().quit))
	for child in get_children():
		if child.has_signal("closed"):
			move_child(child, -1)


## A number picker over `limits` (low, high).
func _spin(limits: PackedInt32Array, value: int, changed: Callable) -> SpinBox:
	var spin := SpinBox.new()
	spin.min_value = limits[0]
	spin.max_value = limits[1]
	spin.value = value
	spin.custom_minimum_size.y = Ui.MIN_BUTTON_HEIGHT
	spin.value_changed.connect(changed)
	return spin


## One row per seat in play: a human, or the computer at a level.
func _fill_seats() -> void:
	for child in _seat_rows.get_children():
		child.queue_free()
	var names: Array = _player_kinds().map(
		func(kind: int) -> String:
			if kind == Session.HUMAN:
				return tr("PLAYER_HUMAN")
			return tr("PLAYER_" + CarromAi.get_level_key(kind).to_upper())
	)
	var number := 1
	for seat: int in Session.seats():
		var kind := _player_kinds().find(Session.players.get(seat, Session.HUMAN))
		var pick := Ui.choice(names, maxi(kind, 0), _on_player.bind(seat))
		_seat_rows.add_child(Ui.row(tr("NAME_PLAYER") % number, pick))
		number += 1


## A person, then the computer's levels, as offered for a seat.
func _player_kinds() -> Array:
	return [Session.HUMAN] + Array(CarromAi.get_levels())


func _on_mode(index: int) -> void:
	Session.mode = MODES.keys()[index]
	_fill_seats()


func _on_player(index: int, seat: int) -> void:
	Session.players[seat] = _player_kinds()[index]


func _on_target(value: float) -> void:
	Session.target_points = int(value)


func _on_boards(value: float) -> void:
	Session.max_boards = int(value)


func _on_play() -> void:
	Session.new_match()
	get_tree().change_scene_to_file("res://scenes/match.tscn")


## Continues the saved match, or says it cannot be continued (and why, in the log) when the
## save is damaged or from another version.
func _on_continue() -> void:
	var problem := "the save file holds no match"
	if Session.load_match():
		problem = CarromRules.check_match(Session.saved_match)
	if problem.is_empty():
		get_tree().change_scene_to_file("res://scenes/match.tscn")
		return
	push_warning("The saved match cannot be continued: %s" % problem)
	Session.clear_save()
	Session.new_match()
	_continue.disabled = true
	_continue.text = tr("MENU_SAVE_DAMAGED")


func _open(scene: PackedScene) -> void:
	add_child(scene.instantiate())
