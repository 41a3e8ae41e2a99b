extends Control
## The main menu: a new match (game, who plays each seat, points and boards), continue the
## saved match, rules, settings, quit.

const MODES := ["2 players", "4 players in teams", "3-player points game"]
const PLAYER_KINDS := ["human", "easy", "medium", "hard"]
const PLAYER_NAMES := ["Human", "Computer (easy)", "Computer (medium)", "Computer (hard)"]

var _seat_rows: VBoxContainer
var _continue: Button


func _ready() -> void:
	var column := Ui.page(self)
	column.add_child(Ui.label(tr("Carrom"), Ui.TITLE_SIZE))
	var modes: Array = MODES.map(func(m: String) -> String: return tr(m))
	column.add_child(Ui.row(tr("Game"), Ui.choice(modes, Session.mode, _on_mode)))
	_seat_rows = VBoxContainer.new()
	column.add_child(_seat_rows)
	_fill_seats()
	column.add_child(Ui.row(tr("Points to win"), _spin(1, 200, Session.target_points, _on_target)))
	column.add_child(Ui.row(tr("Boards at most"), _spin(1, 30, Session.max_boards, _on_boards)))
	column.add_child(Ui.button(tr("Play"), _on_play))
	_continue = Ui.button(tr("Continue saved match"), _on_continue)
	_continue.disabled = not Session.has_save()
	column.add_child(_continue)
	column.add_child(Ui.button(tr("Rules"), _open.bind(preload("res://scenes/rules_screen.tscn"))))
	column.add_child(
		Ui.button(tr("Settings"), _open.bind(preload("res://scenes/settings_screen.tscn")))
	)
	if not OS.has_feature("mobile") and not OS.has_feature("web"):
		column.add_child(Ui.button(tr("Quit"), get_tree().quit))


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
		_seat_rows.add_child(Ui.row(tr("Player %d") % number, pick))
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
