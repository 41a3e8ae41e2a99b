class_name InstantReplay
extends Node
## The last shot, watched again. Every strike starts from a table at rest that the board can
## save, and the core plays the same strike the same way bit for bit; so the replay is that
## table on a second board with no referee, and the same strike on it. The match is untouched.

## The replay has come to rest (or was stopped).
signal finished

## The board of the match, whose strikes are recorded.
@export var board: CarromBoard
## The board the replay plays on: unrefereed, hidden until a replay.
@export var replay_board: CarromBoard

var _pending: Array = []
var _last: Array = []
var _playing := false


## Whether a shot has been played that can be watched again.
func can_replay() -> bool:
	return not _last.is_empty()


func is_playing() -> bool:
	return _playing


## Plays the last shot again on the replay board, over the match's board. False when there is
## none, or when the replay board refused it (the reason is logged).
func play() -> bool:
	if _last.is_empty() or _playing:
		return false
	var table: String = _last[0]
	var ok := replay_board.load_state(table)
	ok = ok and replay_board.place_striker(_last[1], _last[2])
	ok = ok and replay_board.strike(_last[3], _last[4])
	if not ok:
		return false
	_playing = true
	replay_board.process_mode = Node.PROCESS_MODE_ALWAYS
	replay_board.visible = true
	board.visible = false
	return true


## Ends the replay at once and shows the match's board again.
func stop() -> void:
	if not _playing:
		return
	_playing = false
	replay_board.visible = false
	replay_board.process_mode = Node.PROCESS_MODE_DISABLED
	board.visible = true
	finished.emit()


## A tap, a click or a key ends the replay early.
func _unhandled_input(event: InputEvent) -> void:
	var pressed := event.is_pressed() and not event.is_echo()
	if _playing and pressed and not event is InputEventMouseMotion:
		get_viewport().set_input_as_handled()
		stop()


func _on_controller_striking(seat: int, at: float, toward: Vector2, strength: float) -> void:
	_pending = [board.save_state(), seat, at, toward, strength]


func _on_controller_struck(_power: float) -> void:
	_last = _pending


func _on_replay_board_shot_finished(_report: Dictionary) -> void:
	# A moment at rest, so the last pocket is seen before the board changes back.
	await get_tree().create_timer(0.6, true, false, true).timeout
	stop()
