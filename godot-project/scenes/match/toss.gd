class_name Toss
extends Node
## The toss (RULES.md IC6): under a ruleset with one, its winner chooses who breaks the first
## board before anyone strikes. A person chooses on a panel over the board; the computer
## chooses after a moment, so the banner can be read.

## Seconds the computer seems to weigh the toss before it chooses.
const COMPUTER_SECONDS := 0.8

@export var rules: CarromRules
@export var ai: CarromAi
@export var hud: Hud
@export var toss_panel: PackedScene


## `seat` won the toss and chooses now.
func begin(seat: int) -> void:
	var winner := SeatNames.player_name(rules, seat)
	hud.banner(Words.say("TOSS_WON", winner))
	if Session.is_computer(seat):
		# A timer the pause menu holds: the choice waits for a paused match.
		await get_tree().create_timer(COMPUTER_SECONDS, false).timeout
		if rules.get_toss_seat() == seat:
			ai.choose_break(seat)
		return
	var panel: TossPanel = toss_panel.instantiate()
	hud.open_panel(panel)
	panel.show_toss(winner, SeatNames.player_name(rules, next_seat(rules, seat)))
	panel.chosen.connect(_on_chosen.bind(seat))


## The seat after `seat` in turn order: the one that breaks if the winner lets the break go.
static func next_seat(of: CarromRules, seat: int) -> int:
	var seats := of.get_seats()
	return seats[(seats.find(seat) + 1) % seats.size()]


func _on_chosen(breaks: bool, seat: int) -> void:
	hud.close_panel()
	rules.choose_break(seat, breaks)
