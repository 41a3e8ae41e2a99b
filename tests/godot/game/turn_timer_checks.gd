class_name TurnTimerChecks
extends GameChecks
## The turn timer of a match on this device (Settings → Turn timer), checked headless for
## run_game_tests.gd: off, nothing is timed; on, a ring round the striker empties, a turn that
## runs out passes with a banner saying so, the clock holds while the game is paused, and a
## player whose three turns in a row run out gives up the match (RULES.md T2, G3). Time runs
## eight times as fast here, so that ten seconds take little more than one.

const SPEED_UP := 8.0
const LONG_PATIENCE := 20.0


func run() -> void:
	var settings: Node = root.get_node("GameSettings")
	var was: int = settings.get("turn_seconds")
	Engine.time_scale = SPEED_UP
	settings.set("turn_seconds", 0)
	await _check_off()
	settings.set("turn_seconds", 10)
	await _check_a_turn_runs_out()
	await _check_changed_mid_turn(settings)
	await _check_three_in_a_row()
	Engine.time_scale = 1.0
	settings.set("turn_seconds", was)


func _check_off() -> void:
	var game: Node2D = await _start_match.call(HUMANS, 3)
	var rules: CarromRules = game.get_node("Rules")
	var ring: Node = game.get_node("BoardView/Board/TurnClockRing")
	var seat := rules.get_seat_to_play()
	# Twelve seconds of the match's time.
	await tree.create_timer(12.0).timeout
	var shown: float = ring.call("left")
	var ok := rules.get_seat_to_play() == seat and shown < 0.0
	_report.call(
		"with the turn timer off no turn is timed",
		ok,
		"seat to play %d (was %d), ring %.2f" % [rules.get_seat_to_play(), seat, shown]
	)
	game.queue_free()
	await tree.process_frame


func _check_a_turn_runs_out() -> void:
	var game: Node2D = await _start_match.call(HUMANS, 3)
	var rules: CarromRules = game.get_node("Rules")
	var board: CarromBoard = game.get_node("BoardView/Board")
	var ring: Node = game.get_node("BoardView/Board/TurnClockRing")
	var controller: Node = game.get_node("Controller")
	var seat := rules.get_seat_to_play()
	# The player slides the striker and aims, but never lets go.
	controller.call("slide_to", 0.3)
	await tree.create_timer(4.0).timeout
	var share: float = ring.call("left")
	var emptying := share > 0.0 and share < 0.8
	# Paused, the clock holds: eight seconds of waiting, still this player's turn.
	game.call("go_back")
	await tree.create_timer(8.0, true).timeout
	var held := rules.get_seat_to_play() == seat and tree.paused
	game.call("go_back")
	var passed := await _until(func() -> bool: return rules.get_seat_to_play() != seat)
	var banner: String = game.get_node("Hud/Banner").call("get_message")
	var next_ready := await _until(func() -> bool: return controller.get("state") == 1)
	var striker: Dictionary = board.get_pieces()[CarromBoard.STRIKER_ID]
	(
		_report
		. call(
			"a turn timer empties round the striker, holds while paused, and passes the turn",
			emptying and held and passed and next_ready and banner.contains("Player"),
			(
				"ring at %.2f after 4 s, held paused %s, passed %s, banner '%s', next ready %s, striker %s"
				% [share, held, passed, banner, next_ready, striker["place"]]
			)
		)
	)
	game.queue_free()
	await tree.process_frame


## The timer set off in the middle of a turn (from the pause menu's settings, say) neither
## passes that turn at once nor leaves it untimed: it counts from the next turn.
func _check_changed_mid_turn(settings: Node) -> void:
	var game: Node2D = await _start_match.call(HUMANS, 3)
	var rules: CarromRules = game.get_node("Rules")
	var seat := rules.get_seat_to_play()
	await tree.create_timer(2.0).timeout
	settings.set("turn_seconds", 0)
	await tree.create_timer(2.0).timeout
	var kept := rules.get_seat_to_play() == seat
	var passed := await _until(func() -> bool: return rules.get_seat_to_play() != seat)
	settings.set("turn_seconds", 10)
	_report.call(
		"a turn timer set off mid-turn counts from the next turn",
		kept and passed,
		"still the turn after the change %s, then passed %s" % [kept, passed]
	)
	game.queue_free()
	await tree.process_frame


func _check_three_in_a_row() -> void:
	var game: Node2D = await _start_match.call(HUMANS, 3)
	var rules: CarromRules = game.get_node("Rules")
	var first := rules.get_seat_to_play()
	var outs := []
	rules.turn_timed_out.connect(func(seat: int, _row: int) -> void: outs.append(seat))
	var over := await _until(func() -> bool: return rules.is_match_over(), LONG_PATIENCE)
	var winner_side := rules.get_winner()
	var other_side := rules.get_side_of_seat((first + 2) % 4)
	_report.call(
		"three turns in a row run out give up the match",
		over and outs.size() == 5 and outs.count(first) == 3 and winner_side == other_side,
		(
			"over %s, timed out %s, winner %d (the other side %d)"
			% [over, outs, winner_side, other_side]
		)
	)
	game.queue_free()
	await tree.process_frame
