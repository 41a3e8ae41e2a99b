extends PanelContainer
## A new match: the game, the rules (a preset or a game maker's ruleset), who plays each seat
## (a person or the computer at a level), points to win and boards. Laid out in new_match.tscn:
## the game's choices and the seats one under another upright, side by side in landscape (a
## TurningGrid), so that four seats fit a landscape screen too. The choices filled here are
## filled again when the language changes. The choices live in `Session`, so the screen opens
## as it was left.

## Closed without starting.
signal closed

## The games offered, in the order of the choice, by their translation keys.
const MODES := {
	CarromRules.MODE_SINGLES: "MODE_SINGLES",
	CarromRules.MODE_DOUBLES: "MODE_DOUBLES",
	CarromRules.MODE_POINTS: "MODE_POINTS",
}
const SEAT_ROW := preload("res://scenes/new_match/seat_row.tscn")
const MATCH := "res://scenes/match/match.tscn"

@onready var mode: OptionButton = %Mode
@onready var ruleset: OptionButton = %Ruleset
@onready var seats: VBoxContainer = %Seats
@onready var target: SpinBox = %Target
@onready var boards: SpinBox = %Boards


func _ready() -> void:
	var limits := CarromRules.get_limits()
	_set_range(target, limits["target_points"], Session.target_points)
	_set_range(boards, limits["max_boards"], Session.max_boards)
	_fill_modes()
	_fill_rulesets()
	_fill_seats()


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		_fill_modes()
		_fill_rulesets()


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


func _fill_rulesets() -> void:
	ruleset.clear()
	var paths := Session.ruleset_paths()
	for path in paths:
		var rules := load(path) as CarromRuleset
		ruleset.add_item(ruleset_name(rules) if rules != null else path.get_file())
		ruleset.set_item_metadata(ruleset.item_count - 1, path)
	ruleset.select(maxi(0, paths.find(Session.ruleset_path)))


## A ruleset's name in the player's language: a preset's translation, or a game maker's
## ruleset by its id ("beach_rules" reads "Beach Rules").
static func ruleset_name(rules: CarromRuleset) -> String:
	var key := "RULESET_" + rules.id.to_upper()
	var translated := TranslationServer.translate(key)
	return rules.id.capitalize() if translated == key else translated


## One row per seat in play: a person, or the computer at a level.
func _fill_seats() -> void:
	for child in seats.get_children():
		seats.remove_child(child)
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


## New rules bring their own target and boards; the player may change them after.
func _on_ruleset_item_selected(index: int) -> void:
	Session.ruleset_path = ruleset.get_item_metadata(index)
	var rules := Session.ruleset()
	Session.target_points = rules.target_points
	Session.max_boards = rules.max_boards
	var limits := CarromRules.get_limits()
	_set_range(target, limits["target_points"], Session.target_points)
	_set_range(boards, limits["max_boards"], Session.max_boards)


func _on_seat_row_player_chosen(seat: int, player: int) -> void:
	Session.players[seat] = player


func _on_target_value_changed(value: float) -> void:
	Session.target_points = int(value)


func _on_boards_value_changed(value: float) -> void:
	Session.max_boards = int(value)


func _on_start_pressed() -> void:
	Session.new_match()
	get_tree().change_scene_to_file(MATCH)


func _on_back_pressed() -> void:
	closed.emit()
	queue_free()
