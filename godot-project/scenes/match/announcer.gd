class_name Announcer
extends Node
## Says what the rules decided, as banners off the board: whose turn, fouls, the queen, a new
## board, points won in the points game. Every message of a match is chosen here.

@export var rules: CarromRules
@export var hud: Hud

var _last_points := PackedInt32Array()


func _on_turn_flow_person_to_play(seat: int) -> void:
	hud.banner(Words.say("BANNER_TO_PLAY", SeatNames.player_name(rules, seat)))


func _on_rules_break_failed(_seat: int, attempts_left: int) -> void:
	hud.banner(Words.say("BANNER_BREAK_HELD", attempts_left))


func _on_rules_foul_committed(_seat: int, foul: String, penalty: int) -> void:
	var text := tr("FOUL_" + foul)
	if penalty == CarromRules.PENALTY_DUE:
		text += "\n" + tr("PENALTY_DUE")
	elif penalty == CarromRules.PENALTY_BOARD_LOST:
		text += "\n" + tr("PENALTY_BOARD_LOST")
	elif penalty != CarromRules.PENALTY_SHARED:
		text += "\n" + tr("PENALTY_PIECE")
	hud.banner(text, Banner.Tone.FOUL)


func _on_rules_queen_pocketed(_seat: int) -> void:
	hud.banner(tr("BANNER_QUEEN_POCKETED"), Banner.Tone.QUEEN)


func _on_rules_queen_covered(seat: int) -> void:
	hud.banner(
		Words.say("BANNER_QUEEN_COVERED", SeatNames.player_name(rules, seat)), Banner.Tone.QUEEN
	)


func _on_rules_queen_returned(_reason: String) -> void:
	hud.banner(tr("BANNER_QUEEN_RETURNED"), Banner.Tone.QUEEN)


func _on_rules_break_chosen(_seat: int, breaker: int) -> void:
	hud.banner(Words.say("BANNER_BREAKS", SeatNames.player_name(rules, breaker)))


## A game of a match of games ended (RULES.md IC5): whose it is, and the games won so far.
func _on_rules_game_finished(
	number: int, winner: int, _scores: PackedInt32Array, games_won: PackedInt32Array
) -> void:
	var text := (
		Words.say("BANNER_GAME_WON", [number, SeatNames.side_name(rules, winner)])
		if winner >= 0
		else Words.say("BANNER_GAME_LEVEL", number)
	)
	hud.banner(text + "\n" + games_line(games_won), Banner.Tone.POINTS)


## The games each side has won, as "2–1" in the language's digits.
static func games_line(games_won: PackedInt32Array) -> String:
	var counts: Array[String] = []
	for won in games_won:
		counts.append(Words.number(won))
	return Words.say("STATUS_GAMES_WON", "–".join(counts))


func _on_rules_board_started(number: int, _breaker: int) -> void:
	_last_points = PackedInt32Array()
	hud.banner(Words.say("BANNER_BOARD_N", number))


## Points the last shot earned in the points game, shown as they come.
func _on_rules_turn_started(_seat: int) -> void:
	var points := rules.get_board_points()
	if rules.is_scored_by_pieces() and points.size() == _last_points.size():
		for side in points.size():
			var gained := points[side] - _last_points[side]
			if gained > 0:
				hud.banner(
					(
						"+%s  %s"
						% [Words.number(gained), Words.isolated(SeatNames.side_name(rules, side))]
					),
					Banner.Tone.POINTS
				)
	_last_points = points
