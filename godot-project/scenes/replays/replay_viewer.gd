class_name ReplayViewer
extends Node2D
## Watches a finished match (a kept one, or a file someone shared) from its first break, on a
## board refereed as it was: play and pause, a shot back or forward, 1×, 2× or 4×, the HUD's
## scores and the banners as they came, and the coach's view of the shot about to be played.
## A step forward plays the recorded action on the board (`CarromRules.play_replay_next`): a
## strike rolls as it rolled, bit for bit; a step back sets the match up as it stood an action
## before (`play_replay_to`). Nothing here writes the player's saves. Laid out in
## replay_viewer.tscn; `Session.replay` says what to watch.

## Where Back goes.
const MENU := "res://scenes/main_menu/main_menu.tscn"
const SPEEDS: Array[float] = [1.0, 2.0, 4.0]
## While playing, the pause between one action and the next, in seconds at 1×.
const BETWEEN := 0.8
const PLAY_ICON := preload("res://icons/play.svg")
const PAUSE_ICON := preload("res://icons/pause.svg")

@export var board_view: Node2D
@export var board: CarromBoard
@export var rules: CarromRules
@export var hud: Hud
@export var coach: TableCoach

## The replay watched (`CarromRules.get_replay` text) and how many actions it holds.
var replay := ""
var length := 0
## Whether it plays on by itself, and at which of `SPEEDS`.
var playing := false
var speed_index := 0
## While playing, seconds until the next action.
var _wait := 0.0
## The position the coach was last offered for (actions played, and whether at rest).
var _coached := -1
## `Session.players` as they were before this match's were shown, put back on leaving.
var _players_before := {}

@onready var play_button: Button = %Play
@onready var back_step: Button = %StepBack
@onready var next_step: Button = %StepNext
@onready var speed_button: Button = %Speed
@onready var refusal: Label = %Refusal


func _ready() -> void:
	LookShelf.dress(board)
	hud.slider.visible = false
	hud.get_node("%Pause").visible = false
	hud.room_changed.connect(_fit)
	board.shot_finished.connect(_on_board_shot_finished)
	coach.said.connect(_on_coach_said)
	_players_before = Session.players.duplicate()
	_fit()
	if not Session.replay.is_empty():
		watch(Session.replay, Session.replay_players)


func _exit_tree() -> void:
	Engine.time_scale = 1.0
	if not _players_before.is_empty():
		Session.players = _players_before


## Sets the match up at its first action, paused. False, with the reason shown, when the
## replay cannot be watched.
func watch(text: String, players: Dictionary) -> bool:
	var problem := CarromRules.check_replay(text)
	if problem.is_empty():
		length = CarromRules.get_replay_length(text)
		replay = text
		for seat: int in players:
			Session.players[seat] = players[seat]
		if step_to(0):
			return true
		problem = "its first action cannot be played"
	replay = ""
	length = 0
	refusal.text = Words.say("REPLAY_REFUSED", problem)
	refusal.visible = true
	_show()
	return false


## The match as it stood after its first `actions` actions, at rest. False when refused.
func step_to(actions: int) -> bool:
	if replay.is_empty():
		return false
	_coached = -1
	if not rules.play_replay_to(replay, clampi(actions, 0, length)):
		return false
	_show()
	return true


## The next action, played as it was (a strike rolls). False at the end or while a shot rolls.
func step_forward() -> bool:
	if replay.is_empty() or board.is_moving() or progress() >= length:
		return false
	var played := rules.play_replay_next(replay)
	_show()
	return played


## Back one action: a shot rolling is cut short and its start shown.
func step_back() -> bool:
	if progress() == 0:
		return false
	# While a shot rolls it is already counted: one back is the position it was struck from.
	return step_to(progress() - 1)


## How many actions the board has played.
func progress() -> int:
	return maxi(rules.get_replay_progress(), 0)


func set_playing(on: bool) -> void:
	playing = on and not replay.is_empty() and progress() < length
	_wait = 0.0
	_show()


func set_speed(index: int) -> void:
	speed_index = clampi(index, 0, SPEEDS.size() - 1)
	Engine.time_scale = SPEEDS[speed_index]
	_show()


func _process(delta: float) -> void:
	if not playing or board.is_moving():
		return
	if progress() >= length:
		set_playing(false)
		return
	_wait -= delta
	if _wait <= 0.0:
		_wait = BETWEEN
		if not step_forward():
			set_playing(false)


func _on_board_shot_finished(_report: Dictionary) -> void:
	_wait = BETWEEN
	_show()


## The HUD, the step reached and the buttons as things stand.
func _show() -> void:
	var at := progress()
	var note := Words.say("REPLAY_STEP", [at, length]) if length > 0 else ""
	if rules.is_match_over() and at >= length and length > 0:
		note = tr("REPLAY_END")
	if not replay.is_empty():
		hud.refresh(rules, note)
	var at_rest := not board.is_moving()
	back_step.disabled = replay.is_empty() or at == 0
	next_step.disabled = replay.is_empty() or at >= length or not at_rest
	play_button.disabled = replay.is_empty() or at >= length
	play_button.icon = PAUSE_ICON if playing else PLAY_ICON
	play_button.tooltip_text = "REPLAY_PAUSE" if playing else "REPLAY_PLAY"
	speed_button.text = "%s×" % Words.number(int(SPEEDS[speed_index]))
	# A new position to coach: the shot about to be played from it.
	var position_key := at * 2 + (1 if at_rest else 0)
	if position_key != _coached:
		_coached = position_key
		var seat := rules.get_seat_to_play()
		var offered := not replay.is_empty() and at_rest and seat >= 0 and at < length
		coach.offer(maxi(seat, 0), offered)


## The coach's words for the hint drawn, in the banner.
func _on_coach_said(words: String) -> void:
	if not words.is_empty():
		hud.banner(words)


func _fit() -> void:
	var room := hud.board_room()
	var fit := minf(room.size.x, room.size.y) / board.get_board_size()
	board_view.scale = Vector2(fit, fit)
	board_view.position = room.get_center()


func _on_play_pressed() -> void:
	set_playing(not playing)


func _on_step_back_pressed() -> void:
	set_playing(false)
	step_back()


func _on_step_next_pressed() -> void:
	set_playing(false)
	step_forward()


func _on_speed_pressed() -> void:
	set_speed((speed_index + 1) % SPEEDS.size())


func _on_back_pressed() -> void:
	go_back()


## Back (the button, a phone's back, Escape): to the menu.
func go_back() -> void:
	get_tree().change_scene_to_file(MENU)
