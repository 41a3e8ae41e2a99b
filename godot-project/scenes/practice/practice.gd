extends Node2D
## Practice: one player and no rules. Strike from any of the four baselines as often as you
## like (the turn never passes), drag coins to set up a position, undo the last shots, and
## copy a position as a short code or set one up from a code a friend sent; the coach
## (TableCoach) hints from the baseline struck from. Laid out in practice.tscn; the board is
## free play (no `CarromRules`).

const MENU := "res://scenes/main_menu/main_menu.tscn"
## Shots that can be undone, most recent last.
const UNDO_LIMIT := 50

@export var board_view: Node2D
@export var board: CarromBoard
@export var controller: StrikerController
@export var dragger: PieceDragger
@export var coach: TableCoach

## The baseline struck from (a seat, 0–3).
var seat := 0
## The table before each shot not yet undone (`CarromBoard.save_state`).
var undo_states: Array[String] = []
## Laying out moves the bars, which say they resized: not a reason to lay out again.
var _fitting := false

@onready var top_bar: Control = %TopBar
@onready var bottom_bar: Control = %BottomBar
@onready var buttons: BoxContainer = %Buttons
@onready var code_row: BoxContainer = %CodeRow
@onready var undo_button: Button = %Undo
@onready var code_edit: LineEdit = %Code
@onready var copy_button: Button = %Copy
@onready var set_up_button: Button = %SetUp
@onready var message: Label = %Message


func _ready() -> void:
	LookShelf.dress(board)
	get_viewport().size_changed.connect(_fit)
	ScreenFit.safe_area_changed.connect(_fit)
	top_bar.resized.connect(_fit)
	bottom_bar.resized.connect(_fit)
	turn_to(0)
	_show_undo()
	_fit.call_deferred()


## Strikes from `for_seat`'s baseline from now on: the board turns so it is at the bottom.
func turn_to(for_seat: int) -> void:
	seat = for_seat
	board_view.rotation = board.get_seat_rotation(seat)
	_ready_to_strike()


## A position to strike from the baseline of `seat`: the striker waits there, and the coach
## is offered for it.
func _ready_to_strike() -> void:
	controller.begin_turn(seat)
	coach.offer(seat, true)


## Puts the table back as it was before the last shot (or reset, or code set up).
func undo() -> bool:
	if undo_states.is_empty() or board.is_moving():
		return false
	board.load_state(undo_states.pop_back())
	_ready_to_strike()
	_show_undo()
	return true


## The controls under the board in portrait, beside it in landscape.
func _fit() -> void:
	if _fitting:
		return
	_fitting = true
	# Beside the board (landscape) Copy and Set up share the panel's width, their words
	# wrapping where a language's are long; under it they take what their words need.
	var wrap := TextServer.AUTOWRAP_OFF
	if TurningGrid.is_landscape(self):
		wrap = TextServer.AUTOWRAP_WORD_SMART
	for button: Button in [copy_button, set_up_button]:
		button.autowrap_mode = wrap
	BoardRoom.lay_out(board_view, board, top_bar, bottom_bar, [buttons, code_row])
	_fitting = false


func _keep_for_undo() -> void:
	undo_states.push_back(board.save_state())
	if undo_states.size() > UNDO_LIMIT:
		undo_states.pop_front()
	_show_undo()


func _show_undo() -> void:
	undo_button.disabled = undo_states.is_empty()


func _say(key: String) -> void:
	message.text = tr(key)


func _on_controller_striking(_seat: int, _at: float, _toward: Vector2, _strength: float) -> void:
	_keep_for_undo()
	coach.drop()
	message.text = ""


## The coach's words stand in the message line until the next strike.
func _on_coach_said(words: String) -> void:
	message.text = words


func _on_board_shot_finished(_report: Dictionary) -> void:
	_ready_to_strike()


func _on_dragger_moved(placed: bool) -> void:
	_say("PRACTICE_MOVED" if placed else "PRACTICE_NO_ROOM")
	_ready_to_strike()


func _on_undo_pressed() -> void:
	undo()


func _on_reset_pressed() -> void:
	if board.is_moving():
		return
	_keep_for_undo()
	board.reset_board()
	_ready_to_strike()


func _on_turn_pressed() -> void:
	if not board.is_moving():
		turn_to((seat + 1) % 4)


func _on_copy_pressed() -> void:
	code_edit.text = board.get_position_code()
	DisplayServer.clipboard_set(code_edit.text)
	_say("PRACTICE_COPIED")


func _on_set_up_pressed() -> void:
	var code := code_edit.text.strip_edges()
	var problem := board.check_position_code(code)
	if not problem.is_empty() or board.is_moving():
		push_warning("That position code cannot be set up: %s" % problem)
		_say("PRACTICE_BAD_CODE")
		return
	_keep_for_undo()
	board.set_position_code(code)
	_ready_to_strike()
	_say("PRACTICE_SET_UP_DONE")


func _on_back_pressed() -> void:
	get_tree().change_scene_to_file(MENU)
