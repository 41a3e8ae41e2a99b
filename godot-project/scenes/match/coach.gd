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
## Seconds the coach looks at each strike when it reviews a board (its hints take longer).
const REVIEW_SECONDS := 0.4

## The coach's own CarromAi.
@export var rules: CarromRules
@export var ai: CarromAi
@export var hud: Hud
@export var hint_view: HintView

## The seat whose turn is coached (-1: none).
var seat := -1
## The hints for this turn, best first, and the one shown (-1: none yet).
var hints: Array[Dictionary] = []
var shown := -1
## The board under way (from `board_started`), and the panel waiting for its review.
var _board := 0
var _review_panel: BoardEndPanel
## A review is under way (the coach's search is its, not a hint's).
var _reviewing := false


## Whether a player at `for_seat` may be coached in this match.
static func offered(for_seat: int) -> bool:
	if Online.is_online() or for_seat < 0:
		return false
	return not Session.computer_seats().is_empty() or GameSettings.hints_pass_and_play


## A person's turn begins: the button is offered if coaching is.
func begin_turn(for_seat: int) -> void:
	# Play went on: a review not yet shown is no longer wanted.
	_drop_review()
	end_turn()
	seat = for_seat
	# A match loaded from a save says no board_started: its board is the one under way.
	if _board < 1:
		_board = rules.get_board_number()
	hud.offer_hint(offered(seat))


## Stops a review under way, if any: its lines would come to a panel nobody reads.
func _drop_review() -> void:
	if _reviewing:
		_reviewing = false
		ai.cancel()


## The turn is over (struck, timed out, the match left): nothing of its hints stays.
func end_turn() -> void:
	if not _reviewing:
		ai.cancel()
	seat = -1
	hints = []
	shown = -1
	hint_view.clear()
	hud.offer_hint(false)


## A board begins: its number, for the review when it ends (read then, the rules have already
## moved on to the next board).
func _on_rules_board_started(number: int, _breaker: int) -> void:
	_board = number


## Another seat's turn (a strike passed it, or a clock ran out). A new turn of the seat
## coached is begun by `begin_turn`, which may come first: the board need not turn for it.
func _on_rules_turn_started(to_play: int) -> void:
	if to_play != seat:
		end_turn()


## H on a keyboard presses the button.
func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed("hint") and hud.hint_button.visible and not hud.hint_button.disabled:
		get_viewport().set_input_as_handled()
		ask()


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
	push_warning("The coach found nothing (%s)." % reason)
	hud.offer_hint(seat >= 0)
	if _reviewing and is_instance_valid(_review_panel):
		_review_panel.show_review([], false)
	_reviewing = false


## The seats a board's review looks at: the people's, where coaching is offered.
static func reviewed_seats() -> PackedInt32Array:
	var seats := PackedInt32Array()
	for for_seat: int in Session.seats():
		if not Session.is_computer(for_seat) and offered(for_seat):
			seats.append(for_seat)
	return seats


## The board just ended: the coach looks at every strike its people played in it, and `panel`
## shows their best and worst when it is done.
func review_board(panel: BoardEndPanel) -> void:
	var seats := reviewed_seats()
	if seats.is_empty() or _board < 1:
		return
	# A review of an earlier board still under way is no longer wanted.
	_drop_review()
	end_turn()
	var budget := ai.time_budget
	ai.time_budget = REVIEW_SECONDS
	if ai.review(rules.get_replay(), _board, seats):
		_reviewing = true
		_review_panel = panel
		panel.begin_review()
		panel.tree_exiting.connect(_on_review_panel_closed.bind(panel), CONNECT_ONE_SHOT)
	ai.time_budget = budget


## The panel waiting for a review closed (the next board, the match's end, the menu): the
## review is no longer wanted, and the search stops rather than run on for nobody.
func _on_review_panel_closed(panel: BoardEndPanel) -> void:
	if panel == _review_panel:
		_drop_review()


func _on_ai_review_ready(lines: Array[Dictionary]) -> void:
	if _reviewing and is_instance_valid(_review_panel):
		_review_panel.show_review(lines, reviewed_seats().size() > 1)
	_reviewing = false


func _show(index: int) -> void:
	shown = index
	var hint := hints[index]
	hint_view.show_hint(hint)
	hud.banner(words(hint, index, hints.size()), Banner.Tone.NEWS, WORDS_SECONDS)


## What hint `index` of `count` says: which it is, why it was chosen and how often it comes off.
static func words(hint: Dictionary, index: int, count: int) -> String:
	var why := TranslationServer.translate("HINT_" + str(hint["reason"]).to_upper())
	var chance := roundi(float(hint["chance"]) * 100.0)
	return Words.say("HINT_LINE", [index + 1, count, why, chance])
