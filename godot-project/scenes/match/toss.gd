class_name Toss
extends Node
## The toss (RULES.md IC6): under a ruleset with one, its winner chooses who breaks the first
## board before anyone strikes. A person chooses on a panel over the board; the computer
## chooses after a moment, so the banner can be read. Online the choice goes through the host
## (`CarromNet.choose_break`), and a winner on another device chooses there.

## Seconds the computer seems to weigh the toss before it chooses.
const COMPUTER_SECONDS := 0.8

@export var rules: CarromRules
@export var ai: CarromAi
@export var hud: Hud
@export var toss_panel: PackedScene

## The panel open for a person's choice, if any.
var _panel: TossPanel
## Counts `begin` and `cancel`, so that a computer's choice begun before a cancel is dropped.
var _asked := 0


## `seat` won the toss and chooses now.
func begin(seat: int) -> void:
	_asked += 1
	var asked := _asked
	var winner := SeatNames.player_name(rules, seat)
	hud.banner(Words.say("TOSS_WON", winner))
	if Online.is_remote(seat):
		return
	if Session.is_computer(seat):
		# A timer the pause menu holds: the choice waits for a paused match.
		await get_tree().create_timer(COMPUTER_SECONDS, false).timeout
		if asked == _asked and rules.get_toss_seat() == seat:
			if Online.is_online():
				Online.net.play_computer_step(seat)
			else:
				ai.choose_break(seat)
		return
	_panel = toss_panel.instantiate()
	hud.open_panel(_panel)
	_panel.show_toss(winner, SeatNames.player_name(rules, next_seat(rules, seat)))
	_panel.chosen.connect(_on_chosen.bind(seat))


## The match stops for now (online, waiting for players): a choice under way is put away, and
## asked again when the turn begins again.
func cancel() -> void:
	_asked += 1
	if is_instance_valid(_panel) and not _panel.is_queued_for_deletion():
		hud.close_panel()
	_panel = null


## The seat after `seat` in turn order: the one that breaks if the winner lets the break go.
static func next_seat(of: CarromRules, seat: int) -> int:
	var seats := of.get_seats()
	return seats[(seats.find(seat) + 1) % seats.size()]


func _on_chosen(breaks: bool, seat: int) -> void:
	hud.close_panel()
	_panel = null
	if rules.get_toss_seat() != seat:
		return
	if Online.is_online():
		Online.net.choose_break(seat, breaks)
	else:
		rules.choose_break(seat, breaks)
