class_name TableCoach
extends Node
## The coach on a table with no referee (a trick shot, practice): the hint button asks the
## expert, a CarromAi of its own, for its best shots for a player alone striking from `seat`'s
## baseline, draws the first on the board, and on each press after, the next. A strike, a new
## position or another baseline drops them (`offer` again, or `drop`).

## What the hint shown says, for the screen's status line; "" once there is none to say.
signal said(words: String)

@export var ai: CarromAi
@export var board: CarromBoard
@export var hint_view: HintView
@export var button: Button

## The baseline coached.
var seat := 0
## The hints for this position, best first, and the one shown (-1: none yet).
var hints: Array[Dictionary] = []
var shown := -1


func _ready() -> void:
	button.pressed.connect(ask)
	ai.hints_ready.connect(_on_ai_hints_ready)
	ai.think_failed.connect(_on_ai_think_failed)


## A position is ready to strike from `for_seat`'s baseline: the button is offered (or not),
## and hints for any position before are dropped.
func offer(for_seat: int, offered: bool) -> void:
	drop()
	seat = for_seat
	button.visible = offered


## The position the hints were for is gone (a strike, most often).
func drop() -> void:
	ai.cancel()
	hints = []
	shown = -1
	hint_view.clear()
	button.disabled = false


## The button: the first press asks the coach, each press after shows the next hint.
func ask() -> void:
	if not button.visible or board.is_moving():
		return
	if not hints.is_empty():
		_show((shown + 1) % hints.size())
	elif not ai.is_thinking() and ai.coach(seat, Coach.HINTS):
		button.disabled = true


## H on a keyboard presses the button.
func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed("hint") and button.visible and not button.disabled:
		get_viewport().set_input_as_handled()
		ask()


func _show(which: int) -> void:
	shown = which
	hint_view.show_hint(hints[which])
	said.emit(Coach.words(hints[which], which, hints.size()))


func _on_ai_hints_ready(found: Array[Dictionary]) -> void:
	button.disabled = false
	hints = found
	if hints.is_empty():
		said.emit("")
	else:
		_show(0)


func _on_ai_think_failed(reason: String) -> void:
	push_warning("The coach found nothing (%s)." % reason)
	button.disabled = false
	said.emit("")
