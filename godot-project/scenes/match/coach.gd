class_name Coach
extends Node
## The coach: on a person's turn, the hint button asks the expert (a CarromAi of its own, so
## that it never waits for the computer opponent) for its best shots for that player, shows the
## first on the board with why and how often it comes off, and on each press after, the next.
## Offered against the computer, in pass-and-play when the setting allows, never online.

## Hints asked for at once; pressing past the last comes back to the first.
const HINTS := 3
## Seconds a hint's words stay in the banner.
const WORDS_SECONDS := 6.0

## The coach's own CarromAi.
@export var ai: CarromAi
@export var hud: Hud
@export var hint_view: HintView

## The seat whose turn is coached (-1: none).
var seat := -1
## The hints for this turn, best first, and the one shown (-1: none yet).
var hints: Array[Dictionary] = []
var shown := -1


## Whether a player at `for_seat` may be coached in this match.
static func offered(for_seat: int) -> bool:
	if Online.is_online() or for_seat < 0:
		return false
	return not Session.computer_seats().is_empty() or GameSettings.hints_pass_and_play


## A person's turn begins: the button is offered if coaching is.
func begin_turn(for_seat: int) -> void:
	end_turn()
	seat = for_seat
	hud.offer_hint(offered(seat))


## The turn is over (struck, timed out, the match left): nothing of its hints stays.
func end_turn() -> void:
	ai.cancel()
	seat = -1
	hints = []
	shown = -1
	hint_view.clear()
	hud.offer_hint(false)


## Another seat's turn (a strike passed it, or a clock ran out). A new turn of the seat
## coached is begun by `begin_turn`, which may come first: the board need not turn for it.
func _on_rules_turn_started(to_play: int) -> void:
	if to_play != seat:
		end_turn()


## The button: the first press asks, each press after shows the next hint.
func ask() -> void:
	if seat < 0 or ai.is_thinking():
		return
	if not hints.is_empty():
		_show((shown + 1) % hints.size())
		return
	if ai.coach(seat, HINTS):
		hud.offer_hint(true, true)


func _on_ai_hints_ready(found: Array[Dictionary]) -> void:
	hud.offer_hint(seat >= 0)
	if seat < 0 or found.is_empty():
		return
	hints = found
	_show(0)


func _on_ai_think_failed(reason: String) -> void:
	push_warning("The coach found no hint (%s)." % reason)
	hud.offer_hint(seat >= 0)


func _show(index: int) -> void:
	shown = index
	var hint := hints[index]
	hint_view.show_hint(hint)
	var why := tr("HINT_" + str(hint["reason"]).to_upper())
	var chance := roundi(float(hint["chance"]) * 100.0)
	var words := Words.say("HINT_LINE", [index + 1, hints.size(), why, chance])
	hud.banner(words, Banner.Tone.NEWS, WORDS_SECONDS)
