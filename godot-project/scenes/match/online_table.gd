class_name OnlineTable
extends Node
## Online, the table round the board: who sits where (the names the players gave, in the HUD
## and banners), the wait for every open seat to be taken before the first strike, the wait for
## a player who dropped (nobody plays; the status line counts down), the computer standing in
## for one who did not come back, and turns that timed out or that the host refused.

## Seconds a refused turn's reason stays on the banner.
const REFUSAL_SECONDS := 3.5

@export var rules: CarromRules
@export var board: CarromBoard
@export var net: CarromNet
@export var hud: Hud
@export var turn_flow: TurnFlow
@export var controller: StrikerController
@export var ai: CarromAi
@export var ring: TurnClockRing
@export var toss: Toss
@export var placement: ReturnedPlacement

var _paused := false
var _tick: Timer
## Who sat at each seat when this table last looked (`CarromNet.WHO_*`), to tell what changed.
var _seen := {}


func _ready() -> void:
	_tick = Timer.new()
	_tick.wait_time = 1.0
	_tick.timeout.connect(hud.refresh.bind(rules))
	add_child(_tick)


func _on_net_players_changed(pause_seconds: int) -> void:
	var stood_in := false
	for seat: int in rules.get_seats():
		var was: int = _seen.get(seat, CarromNet.WHO_UNTOLD)
		var now := net.get_who(seat)
		_seen[seat] = now
		if was == now or was == CarromNet.WHO_UNTOLD:
			continue
		stood_in = stood_in or now == CarromNet.WHO_STAND_IN
		_announce(seat, was, now)
	var waiting := pause_seconds > 0 or net.get_open_seats() > 0
	if waiting and not _paused:
		_pause()
	elif not waiting and (_paused or stood_in):
		_resume()
	hud.refresh(rules)


## Says what changed at `seat` (`was` and `now` are `CarromNet.WHO_*`).
func _announce(seat: int, was: int, now: int) -> void:
	var player := SeatNames.player_name(rules, seat)
	match now:
		CarromNet.WHO_AWAY:
			hud.banner(Words.say("BANNER_AWAY", player), Banner.Tone.FOUL)
		CarromNet.WHO_STAND_IN:
			hud.banner(Words.say("BANNER_STAND_IN", net.get_player_name(seat)))
		CarromNet.WHO_PERSON:
			var back := was != CarromNet.WHO_OPEN
			hud.banner(Words.say("BANNER_BACK" if back else "BANNER_JOINED", player))


## Nobody plays while the match waits for players.
func _pause() -> void:
	_paused = true
	turn_flow.hold()
	controller.end_turn()
	toss.cancel()
	placement.cancel()
	ai.cancel()
	ring.stop()
	_tick.start()


## Play goes on: the turn under way starts again (the computer's, if it stands in now).
func _resume() -> void:
	_paused = false
	_tick.stop()
	if rules.is_match_over():
		turn_flow.release()
		return
	if not turn_flow.release() and not board.is_moving():
		turn_flow.start(rules.get_seat_to_play())
	ring.begin(rules.get_seat_to_play())


## The host refused the turn this device sent (a strike, a placement, the toss's choice): the
## player sees why, and the turn is theirs again, begun afresh.
func _on_net_turn_refused(_seat: int, reason: String) -> void:
	# The turn first (it says whose it is), then why the last try was not taken.
	if not _paused and not board.is_moving() and not rules.is_match_over():
		turn_flow.start(rules.get_seat_to_play())
	# Held longer than news: there is a reason to read.
	hud.banner(Words.say("BANNER_TURN_REFUSED", reason), Banner.Tone.FOUL, REFUSAL_SECONDS)


func _on_net_turn_passed(seat: int) -> void:
	hud.banner(Words.say("BANNER_TIMED_OUT", SeatNames.player_name(rules, seat)), Banner.Tone.FOUL)


func _on_rules_forfeited(seat: int, _side: int) -> void:
	ring.stop()
	hud.banner(Words.say("BANNER_FORFEIT", SeatNames.player_name(rules, seat)), Banner.Tone.FOUL)
