class_name OnlineTable
extends Node
## Online, the table round the board: who sits where (the names the players gave, in the HUD
## and banners), the wait for every open seat to be taken before the first strike, the wait for
## a player who dropped (nobody plays; the status line counts down), the computer standing in
## for one who did not come back, and turns that timed out or that the host refused.

## Seconds a refused turn's reason stays on the banner.
const REFUSAL_SECONDS := 3.5
## Words for each kind of refused turn (`CarromNet.REFUSED_*`); the host's own words for any
## other.
const REFUSAL_WORDS := {
	CarromNet.REFUSED_NOT_YOUR_TURN: "REFUSAL_NOT_YOUR_TURN",
	CarromNet.REFUSED_NOT_YOUR_SEAT: "REFUSAL_NOT_YOUR_SEAT",
	CarromNet.REFUSED_WAITING: "REFUSAL_WAITING",
	CarromNet.REFUSED_ROLLING: "REFUSAL_ROLLING",
	CarromNet.REFUSED_OVER: "REFUSAL_OVER",
	CarromNet.REFUSED_RULES: "REFUSAL_RULES",
	CarromNet.REFUSED_TOO_FAST: "REFUSAL_TOO_FAST",
}

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
## Whether the computer stood in for a player since the players were last told.
var _stood_in := false


func _ready() -> void:
	_tick = Timer.new()
	_tick.wait_time = 1.0
	_tick.timeout.connect(hud.refresh.bind(rules))
	add_child(_tick)


## What changed at `seat` (`CarromNet.NEWS_*`), said on the banner.
func _on_net_seat_news(seat: int, news: int) -> void:
	var player := SeatNames.player_name(rules, seat)
	match news:
		CarromNet.NEWS_AWAY:
			hud.banner(Words.say("BANNER_AWAY", player), Banner.Tone.FOUL)
		CarromNet.NEWS_STOOD_IN:
			_stood_in = true
			hud.banner(Words.say("BANNER_STAND_IN", net.get_player_name(seat)))
		CarromNet.NEWS_JOINED:
			hud.banner(Words.say("BANNER_JOINED", player))
		CarromNet.NEWS_BACK:
			hud.banner(Words.say("BANNER_BACK", player))


func _on_net_players_changed(pause_seconds: int) -> void:
	var stood_in := _stood_in
	_stood_in = false
	var waiting := pause_seconds > 0 or net.get_open_seats() > 0
	if waiting and not _paused:
		_pause()
	elif not waiting and (_paused or stood_in):
		_resume()
	hud.refresh(rules)


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
func _on_net_turn_refused(_seat: int, kind: int, reason: String) -> void:
	# The turn first (it says whose it is), then why the last try was not taken.
	if not _paused and not board.is_moving() and not rules.is_match_over():
		turn_flow.start(rules.get_seat_to_play())
	var why: String = tr(REFUSAL_WORDS[kind]) if REFUSAL_WORDS.has(kind) else reason
	# Held longer than news: there is a reason to read.
	hud.banner(Words.say("BANNER_TURN_REFUSED", why), Banner.Tone.FOUL, REFUSAL_SECONDS)


func _on_net_turn_passed(seat: int) -> void:
	hud.banner(Words.say("BANNER_TIMED_OUT", SeatNames.player_name(rules, seat)), Banner.Tone.FOUL)


func _on_rules_forfeited(seat: int, _side: int) -> void:
	ring.stop()
	hud.banner(Words.say("BANNER_FORFEIT", SeatNames.player_name(rules, seat)), Banner.Tone.FOUL)
