class_name ReturnedPlacement
extends Node2D
## Returned pieces placed by an opponent (RULES.md X3). When pieces wait beside the board, the
## seat that places them does: the computer at once, a person who asked for it in Settings
## ("place them for me") nearest the centre, and any other person by hand — each waiting piece
## stands at the spot nearest the centre, and is dragged (touch or mouse) anywhere inside the
## outer circle; a spot it may not have shows red and takes nothing. Letting go of a piece on a
## legal spot, or tapping it where it stands, settles it; when every piece is settled they are
## placed (Enter places them all as they stand). A person who leaves it for `SECONDS` has them
## placed nearest the centre, as the rule does by itself. Online a placement goes through the
## host (`CarromNet.place_returned`) and is done when it stands on this board
## (`pieces_placed`); a placer on another device places there while this one waits.

## The pieces are placed: the turn goes on.
signal placed

## Seconds a person has to place before the pieces go nearest the centre.
const SECONDS := 20.0
## Seconds the computer waits, so that a player sees the pieces go back.
const COMPUTER_SECONDS := 0.6
## The waiting pieces' colours, by kind (CarromBoard.KIND_*).
const COLOURS := {
	CarromBoard.KIND_WHITE: Color(0.96, 0.92, 0.82),
	CarromBoard.KIND_BLACK: Color(0.14, 0.12, 0.11),
	CarromBoard.KIND_QUEEN: Color(0.78, 0.1, 0.16),
}

@export var board: CarromBoard
@export var rules: CarromRules
@export var ai: CarromAi
@export var hud: Hud

## The seat placing (-1: nobody), and what it places where: kinds, spots (board pixels) and
## whether each is settled.
var seat := -1
var kinds := PackedInt32Array()
var spots := PackedVector2Array()
var settled: Array[bool] = []
## Whether the last placement was made by the clock, the person having left it.
var timed_out := false
## The piece held by a finger or the mouse (-1: none), and seconds left to place.
var _held := -1
var _left := 0.0
## Counts `begin` and `cancel`, so that a computer's placement begun before a cancel is dropped.
var _asked := 0


func _ready() -> void:
	z_index = 5


## `for_seat` places the pieces waiting beside the board.
func begin(for_seat: int) -> void:
	_asked += 1
	var asked := _asked
	seat = for_seat
	kinds = rules.get_placing_kinds()
	spots = PackedVector2Array()
	settled = []
	_held = -1
	timed_out = false
	if Online.is_remote(seat):
		hud.banner(Words.say("BANNER_PLACE_RETURNED", SeatNames.player_name(rules, seat)))
		return
	if Session.is_computer(seat):
		# A timer the pause holds: the computer does not place behind the pause menu.
		await get_tree().create_timer(COMPUTER_SECONDS, false).timeout
		if asked != _asked or rules.get_placing_seat() != for_seat:
			return
		if Online.is_online():
			_finish(Online.net.play_computer_step(seat))
		else:
			_finish(ai.place_returned(seat))
		return
	if GameSettings.place_for_me:
		_finish(_place(PackedInt32Array(), PackedVector2Array()))
		return
	spots = rules.get_placement_proposals()
	for kind in kinds:
		settled.append(false)
	_left = SECONDS
	hud.banner(
		Words.say("BANNER_PLACE_RETURNED", SeatNames.player_name(rules, seat)),
		Banner.Tone.NEWS,
		5.0
	)
	queue_redraw()


## The match stops for now (online, waiting for players): a placement under way is put away
## (nothing placed), and begins again when the turn does.
func cancel() -> void:
	_asked += 1
	_clear()


## Whether a person is placing now.
func is_placing() -> bool:
	return seat >= 0 and not spots.is_empty()


func _process(delta: float) -> void:
	if not is_placing() or get_tree().paused or hud.has_panel():
		return
	_left -= delta
	if _left <= 0.0:
		timed_out = true
		hud.banner(tr("BANNER_PLACED_FOR_YOU"))
		_finish(_place(PackedInt32Array(), PackedVector2Array()))
	queue_redraw()


func _unhandled_input(event: InputEvent) -> void:
	if not is_placing() or event.device == InputEvent.DEVICE_ID_EMULATION:
		return
	if event.is_action_pressed("ui_accept"):
		place_as_they_stand()
		get_viewport().set_input_as_handled()
	elif StrikerController.is_pointer_button(event) and event.pressed:
		press(StrikerController.screen_to_board(board, event.position))
		get_viewport().set_input_as_handled()


## Once a piece is held, its drag and release belong to it wherever the finger goes.
func _input(event: InputEvent) -> void:
	if _held < 0 or event.device == InputEvent.DEVICE_ID_EMULATION:
		return
	if StrikerController.is_pointer_button(event) and not event.pressed:
		release()
		get_viewport().set_input_as_handled()
	elif StrikerController.is_pointer_drag(event):
		drag(StrikerController.screen_to_board(board, event.position))
		get_viewport().set_input_as_handled()


## A press at `at` (board pixels) takes the nearest waiting piece within reach.
func press(at: Vector2) -> void:
	_held = -1
	var nearest := INF
	for i in spots.size():
		# A coin is small on a phone: the press may land as far off as the striker's may.
		var reach := StrikerController.reach(board, kinds[i])
		var distance := at.distance_to(spots[i])
		if distance <= reach and distance < nearest:
			nearest = distance
			_held = i


## The held piece follows the finger, wherever it goes; it shows red where it may not stay.
func drag(at: Vector2) -> void:
	if _held < 0:
		return
	spots[_held] = at
	settled[_held] = false
	queue_redraw()


## Let go: on a legal spot (or tapped where it stood) the piece is settled; when every piece
## is, they are placed.
func release() -> void:
	if _held < 0:
		return
	if refusal(_held) == "":
		settled[_held] = true
	_held = -1
	queue_redraw()
	if settled.all(func(done: bool) -> bool: return done):
		place_as_they_stand()


## Places every piece where it stands, if each may; otherwise says why and waits.
func place_as_they_stand() -> void:
	for i in spots.size():
		var why := refusal(i)
		if why != "":
			hud.banner(tr("BANNER_PLACE_REFUSED"), Banner.Tone.FOUL)
			return
	_finish(_place(kinds, spots))


## Why piece `i` may not stay where it stands (beside the pieces before it), or "".
func refusal(i: int) -> String:
	return rules.get_placement_refusal(kinds[i], spots[i], kinds.slice(0, i), spots.slice(0, i))


## Places the pieces of `of_kinds` at `at` (all nearest the centre when both are empty): on
## this board's rules offline, through the host online. Whether it was taken (online: sent).
func _place(of_kinds: PackedInt32Array, at: PackedVector2Array) -> bool:
	if Online.is_online():
		return Online.net.place_returned(seat, of_kinds, at)
	return rules.place_returned(seat, of_kinds, at)


func _finish(done: bool) -> void:
	if not done:
		push_warning("The returned pieces could not be placed; they go nearest the centre.")
		done = _place(PackedInt32Array(), PackedVector2Array())
	if not done:
		# Nothing more to try: the match waits rather than begin the same placement again.
		push_error("The returned pieces cannot be placed at all; the match cannot go on.")
		return
	if not Online.is_online():
		_done()
		return
	# Online the pieces stand on this board once the host has numbered the placement: until
	# then nothing is held, drawn or timed here.
	spots = PackedVector2Array()
	settled = []
	_held = -1
	queue_redraw()


## Online: `placer`'s placement, from this device or another, stands on this board. One that
## comes before its placement began here (the board still turning) needs nothing: the turn
## finds nothing waiting when it begins.
func _on_net_pieces_placed(_placer: int) -> void:
	if seat >= 0:
		_done()


## The placement is over: the turn goes on.
func _done() -> void:
	_clear()
	placed.emit()


## Nobody places: nothing waits, is held or is drawn.
func _clear() -> void:
	seat = -1
	spots = PackedVector2Array()
	kinds = PackedInt32Array()
	settled = []
	_held = -1
	queue_redraw()


func _draw() -> void:
	if not is_placing():
		return
	var circle := board.get_outer_circle_radius()
	draw_arc(Vector2.ZERO, circle, 0.0, TAU, 64, Color(1, 1, 1, 0.6), 3.0, true)
	draw_arc(
		Vector2.ZERO,
		circle + 8.0,
		-PI / 2.0,
		-PI / 2.0 + TAU * _left / SECONDS,
		64,
		Color.GOLD,
		4.0
	)
	for i in spots.size():
		var radius := board.get_piece_radius(kinds[i])
		var legal := refusal(i) == ""
		draw_circle(spots[i], radius, COLOURS.get(kinds[i], Color.GRAY))
		var ring := Color.LIME_GREEN if legal else Color.RED
		if settled[i]:
			ring = Color.WHITE
		draw_arc(spots[i], radius * 1.25, 0.0, TAU, 32, ring, 3.0, true)
