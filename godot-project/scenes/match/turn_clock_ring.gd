class_name TurnClockRing
extends Node2D
## A ring round the striker of the seat to play that empties as the turn's time runs out.
## Online with a turn timer, the same on every screen: the host keeps the real time (and a
## little grace for the network) and passes the turn; this ring starts when the turn reaches
## this board. Offline with a turn timer (`GameSettings.turn_seconds`), this is the clock: it
## runs while a person may strike — not while the board turns to them, pieces move, a panel
## is open, the game is paused or its window is not in front — and says `ran_out` when their
## time is up (the match then passes the turn, RULES.md T2). The computer's turns are never
## timed.

## Offline, `seat`'s person let their turn's time run out.
signal ran_out(seat: int)

## The longest a frame may count on the offline clock, in seconds: a hitch or a window left
## behind another does not spend the turn at once.
const LONGEST_FRAME := 0.25

@export var board: CarromBoard
@export var rules: CarromRules
@export var net: CarromNet
## Offline, the clock holds while a panel or the lesson is open over the board.
@export var hud: Hud
## The ring's width and how far it stands out from the striker, in board pixels.
@export var width := 6.0
@export var gap := 14.0
## The share of the time left below which the ring turns red.
@export var warn_below := 0.25

var _seat := -1
var _started_msec := 0
## Offline: the person timed now (-1: nobody), the seconds their turn has, and has run.
var _stroke_seat := -1
var _stroke_seconds := 0.0
var _spent := 0.0
## Whether the game's window is in front (a desktop's other windows hold the clock too).
var _in_front := true


func _ready() -> void:
	z_index = 4


func _process(delta: float) -> void:
	# A turn that went to another seat (the computer's, say) is not this person's to time.
	# Nor is a turn held up while returned pieces are placed (RULES.md X3): it starts again after.
	if (
		_stroke_seat >= 0
		and (rules.get_seat_to_play() != _stroke_seat or rules.get_placing_seat() >= 0)
	):
		_stroke_seat = -1
	if _stroke_seat >= 0 and not board.is_moving() and not _waits():
		_spent += minf(delta, LONGEST_FRAME)
		if _spent >= _stroke_seconds:
			var seat := _stroke_seat
			_stroke_seat = -1
			ran_out.emit(seat)
	queue_redraw()


## Offline: `seat`'s person may strike now; their time starts (no timer, nothing happens).
func begin_stroke(seat: int) -> void:
	_stroke_seat = -1
	if Online.is_online() or GameSettings.turn_seconds <= 0:
		return
	_stroke_seat = seat
	# Timed by the setting as the turn began: changed mid-turn, it counts from the next.
	_stroke_seconds = GameSettings.turn_seconds
	_spent = 0.0


## Whether the offline clock holds: a panel open over the board, the lesson shown, the window
## behind another.
func _waits() -> bool:
	return not _in_front or (hud != null and (hud.has_panel() or hud.has_node("HowToPlay")))


func _notification(what: int) -> void:
	if what == NOTIFICATION_APPLICATION_FOCUS_OUT:
		_in_front = false
	elif what == NOTIFICATION_APPLICATION_FOCUS_IN:
		_in_front = true


## `seat`'s turn begins on this board (or begins again after a wait); its time starts now.
func begin(seat: int) -> void:
	_seat = seat
	_started_msec = Time.get_ticks_msec()


func _on_rules_turn_started(seat: int) -> void:
	begin(seat)


## Nobody is timed: the match is over, or waits for a player who dropped.
func stop() -> void:
	_seat = -1
	_stroke_seat = -1


## The share of the turn's time left (1 to 0), or -1 when no turn is timed.
func left() -> float:
	if _stroke_seat >= 0:
		if board.is_moving() or rules.is_match_over():
			return -1.0
		return clampf(1.0 - _spent / _stroke_seconds, 0.0, 1.0)
	var seconds := net.get_turn_seconds() if net else 0
	# A match that waits for players has stopped the ring (OnlineTable); one that ended, too.
	if _seat < 0 or seconds <= 0 or board.is_moving() or rules.is_match_over():
		return -1.0
	var spent := (Time.get_ticks_msec() - _started_msec) / 1000.0
	return clampf(1.0 - spent / seconds, 0.0, 1.0)


func _draw() -> void:
	var share := left()
	if share < 0.0:
		return
	var striker := board.get_piece_node(CarromBoard.STRIKER_ID)
	if striker == null or not striker.visible:
		return
	var radius := board.get_piece_radius(CarromBoard.KIND_STRIKER) + gap
	var colour := Color(0.95, 0.95, 0.85, 0.85) if share > warn_below else Color(1, 0.3, 0.2, 0.95)
	draw_arc(striker.position, radius, 0.0, TAU, 48, Color(0, 0, 0, 0.25), width, true)
	if share > 0.0:
		draw_arc(
			striker.position, radius, -PI / 2.0, -PI / 2.0 + TAU * share, 48, colour, width, true
		)
