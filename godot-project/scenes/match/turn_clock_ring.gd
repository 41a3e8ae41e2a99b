class_name TurnClockRing
extends Node2D
## Online with a turn timer: a ring round the striker of the seat to play that empties as the
## turn's time runs out, the same on every screen. The host keeps the real time (and a little
## grace for the network); this ring starts when the turn reaches this board.

@export var board: CarromBoard
@export var rules: CarromRules
@export var net: CarromNet
## The ring's width and how far it stands out from the striker, in board pixels.
@export var width := 6.0
@export var gap := 14.0
## The share of the time left below which the ring turns red.
@export var warn_below := 0.25

var _seat := -1
var _started_msec := 0


func _ready() -> void:
	z_index = 4


func _process(_delta: float) -> void:
	queue_redraw()


## `seat`'s turn begins on this board (or begins again after a wait); its time starts now.
func begin(seat: int) -> void:
	_seat = seat
	_started_msec = Time.get_ticks_msec()


func _on_rules_turn_started(seat: int) -> void:
	begin(seat)


## Nobody is timed: the match is over, or waits for a player who dropped.
func stop() -> void:
	_seat = -1


## The share of the turn's time left (1 to 0), or -1 when no turn is timed.
func left() -> float:
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
