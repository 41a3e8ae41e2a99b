extends Control
## The main menu: a new match (game, who plays each seat, points and boards), continue the
## saved match, rules, settings, quit.

const MODES := ["MODE_SINGLES", "MODE_DOUBLES", "MODE_POINTS"]
const PLAYER_KINDS := ["human", "easy", "medium", "hard"]
const PLAYER_NAMES := ["PLAYER_HUMAN", "PLAYER_EASY", "PLAYER_MEDIUM", "PLAYER_HARD"]

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
	var modes: Array = MODES.map(func(m: String) -> String: return tr(m))
	column.add_child(Ui.row(tr("MENU_GAME"), Ui.choice(modes, Session.mode, _on_mode)))
	_seat_rows = VBoxContainer.new()
	column.add_child(_seat_rows)
	_fill_seats()
	column.add_child(Ui.row(tr("MENU_TARGET"), _spin(1, 200, Session.target_points, _on_target)))
	column.add_child(Ui.row(tr("MENU_BOARDS"), _spin(1, 30, Session.max_boards, _on_boards)))
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


func _spin(low: int, high: int, value: int, changed: Callable) -> SpinBox:
	var spin := SpinBox.new()
	spin.min_value = low
	spin.max_value = high
	spin.value = value
	spin.custom_minimum_size.y = Ui.MIN_BUTTON_HEIGHT
	spin.value_changed.connect(changed)
	return spin


## One row per seat in play: a human, or the computer at a level.
func _fill_seats() -> void:
	for child in _seat_rows.get_children():
		child.queue_free()
	var names: Array = PLAYER_NAMES.map(func(n: String) -> String: return tr(n))
	var number := 1
	for seat: int in Session.seats():
		var kind := PLAYER_KINDS.find(Session.players.get(seat, "human"))
		var pick := Ui.choice(names, maxi(kind, 0), _on_player.bind(seat))
		_seat_rows.add_child(Ui.row(tr("NAME_PLAYER") % number, pick))
		number += 1


func _on_mode(index: int) -> void:
	Session.mode = index
	_fill_seats()


func _on_player(index: int, seat: int) -> void:
	Session.players[seat] = PLAYER_KINDS[index]


func _on_target(value: float) -> void:
	Session.target_points = int(value)


func _on_boards(value: float) -> void:
	Session.max_boards = int(value)


func _on_play() -> void:
	Session.new_match()
	get_tree().change_scene_to_file("res://scenes/match.tscn")


func _on_continue() -> void:
	if Session.load_match():
		get_tree().change_scene_to_file("res://scenes/match.tscn")
	else:
		_continue.disabled = true


func _open(scene: PackedScene) -> void:
	add_child(scene.instantiate())
