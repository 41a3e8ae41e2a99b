class_name TurnFlow
extends Node
## Whose turn it is, played out: the board turns to face the seat, then the person plays or the
## computer thinks. Nobody plays while the board turns (a touch would land off a striker it
## cannot see yet), and a turn that comes while a panel is open waits for it to close.

## A person's turn has begun, the board facing them.
signal person_to_play(seat: int)

## Seconds the board takes to turn to the next seat.
const TURN_SECONDS := 0.6

@export var rules: CarromRules
@export var board: CarromBoard
## The node turned so that the seat to play sits at the bottom.
@export var board_view: Node2D
@export var ai: CarromAi
@export var controller: StrikerController
## Returned pieces waiting beside the board are placed before anyone strikes (RULES.md X3).
@export var placement: ReturnedPlacement
## The toss's winner chooses who breaks before anyone strikes (RULES.md IC6).
@export var toss: Toss

var _holding := false
var _held_seat := -1
var _turn_tween: Tween
## The seat a person here last played, which the board keeps facing on the computer's and the
## other devices' turns (-1: none yet).
var _facing := -1


## Turns wait until `release`.
func hold() -> void:
	_holding = true


## Turns go on: the one that came while holding begins now. False when none came.
func release() -> bool:
	_holding = false
	var seat := _held_seat
	_held_seat = -1
	if seat >= 0:
		start(seat)
	return seat >= 0


## Begins `seat`'s turn (-1: nobody's, the match is over): the board turns to face it first.
func start(seat: int) -> void:
	_held_seat = -1
	controller.end_turn()
	if seat < 0:
		return
	# A turning cut short by the next turn never finishes, and its call goes with it.
	var turning := _turn_board_to(seat)
	if turning == null:
		_begin(seat)
	else:
		turning.finished.connect(_begin.bind(seat), CONNECT_ONE_SHOT)


func _on_rules_turn_started(seat: int) -> void:
	if _holding:
		_held_seat = seat
	else:
		start(seat)


## The toss's winner faces the board and chooses who breaks.
func _on_rules_toss_won(seat: int) -> void:
	_on_rules_turn_started(seat)


## The seat's turn proper, once the board faces it: what the match awaits (the rules say: a
## toss's choice or a placement comes before a strike) is begun; for a strike the computer
## thinks, or the person plays; online, a seat played elsewhere waits for its shot from the host.
func _begin(seat: int) -> void:
	var awaited := rules.get_awaited_kind()
	if awaited == CarromRules.AWAITS_CHOICE and toss != null:
		toss.begin(rules.get_awaited_seat())
		return
	if awaited == CarromRules.AWAITS_PLACEMENT and placement != null:
		placement.begin(rules.get_awaited_seat())
		return
	if Online.is_remote(seat):
		return
	if Online.role != Online.Role.JOIN and Session.is_computer(seat):
		ai.think(seat, Session.level_of(seat))
	else:
		controller.begin_turn(seat)
		person_to_play.emit(seat)


## Turns the board for `seat`'s turn (when the setting allows): a seat a person here plays
## comes to the bottom, so pass-and-play turns to each player; against the computer, or
## online, the player's own side stays at the bottom. Returns the turning, or null when the
## board already faces that way (or was set there at once, with "reduce motion").
func _turn_board_to(seat: int) -> Tween:
	var target := board.get_seat_rotation(_facing_for(seat)) if GameSettings.turn_board else 0.0
	var goal := board_view.rotation + wrapf(target - board_view.rotation, -PI, PI)
	if _turn_tween:
		_turn_tween.kill()
	_turn_tween = null
	if is_equal_approx(goal, board_view.rotation):
		return null
	if GameSettings.reduce_motion:
		board_view.rotation = goal
		return null
	_turn_tween = create_tween().set_trans(Tween.TRANS_SINE).set_ease(Tween.EASE_IN_OUT)
	_turn_tween.tween_property(board_view, "rotation", goal, TURN_SECONDS)
	return _turn_tween


## The seat the board faces on `seat`'s turn: its own when a person here plays it, else the
## seat a person here last played (or first plays), else its own (the computer against
## itself).
func _facing_for(seat: int) -> int:
	if Session.is_person_here(seat):
		_facing = seat
	elif _facing < 0:
		for other: int in rules.get_seats():
			if Session.is_person_here(other):
				_facing = other
				break
	return _facing if _facing >= 0 else seat


## The returned pieces are placed: the turn they held up begins.
func _on_placement_placed() -> void:
	_on_rules_turn_started(rules.get_seat_to_play())
