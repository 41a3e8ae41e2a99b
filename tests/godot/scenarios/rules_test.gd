extends Scenario
## CarromRules refereeing a CarromBoard: turns, verdicts as signals, refused calls.


func test_match_starts_and_only_the_seat_to_play_may_strike() -> void:
	var nodes := new_match(CarromRules.MODE_SINGLES, 1)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	var seat := rules.get_seat_to_play()
	check(seat in [0, 2], "a singles seat starts")
	check(
		rules.get_awaited_kind() == CarromRules.AWAITS_STRIKE and rules.get_awaited_seat() == seat,
		"the rules await a strike from the seat to play"
	)
	check(rules.get_colour_of_seat(seat) == CarromBoard.KIND_WHITE, "the first player plays white")
	check(rules.get_scores().size() == 2, "two sides")
	check(not board.place_striker(2 - seat, 0.0), "the other seat may not place")
	check(not board.place_striker(1, 0.0), "seat 1 does not play singles")
	check(board.place_striker(seat, 0.0), "the seat to play places")


func test_a_shot_is_judged_and_the_turn_announced() -> void:
	var nodes := new_match(CarromRules.MODE_SINGLES, 3)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	var turns: Array[int] = []
	rules.turn_started.connect(func(s: int) -> void: turns.append(s))
	var seat := rules.get_seat_to_play()
	board.place_striker(seat, 0.0)
	board.strike(board.get_seat_forward(seat), 1.0)
	board.simulate_to_rest()
	check(turns.size() == 1, "turn_started after the shot")
	check(not rules.is_breaking(), "the break broke the formation")
	var left: Dictionary = rules.get_pieces_left()
	var on_board := 0
	for p in board.get_pieces():
		if p["place"] == CarromBoard.PLACE_BOARD and p["kind"] != CarromBoard.KIND_STRIKER:
			on_board += 1
	var counted: int = left["white"] + left["black"] + (1 if left["queen"] else 0)
	check(counted == on_board, "the rules count what lies on the board")


func test_a_break_that_breaks_nothing_is_tried_again() -> void:
	var nodes := new_match(CarromRules.MODE_SINGLES, 5)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	var failed: Array[int] = []
	rules.break_failed.connect(func(_s: int, left: int) -> void: failed.append(left))
	var seat := rules.get_seat_to_play()
	board.place_striker(seat, 150.0)
	board.strike(board.get_seat_forward(seat), 0.02)
	board.simulate_to_rest()
	check(failed == [2], "break_failed with two attempts left")
	check(rules.get_seat_to_play() == seat, "the same seat breaks again")


func test_declared_fouls_and_bad_calls() -> void:
	var nodes := new_match(CarromRules.MODE_SINGLES, 2)
	var rules: CarromRules = nodes[1]
	var fouls: Array[String] = []
	rules.foul_committed.connect(
		func(_s: int, f: String, p: int) -> void: fouls.append("%s:%d" % [f, p])
	)
	var seat := rules.get_seat_to_play()
	check(not rules.declare_foul(seat, "F1"), "F1 cannot be declared")
	check(not rules.declare_foul(9, "F7"), "seat 9 refused")
	check(rules.declare_foul(seat, "F7"), "F7 declared")
	check(fouls == ["F7:%d" % CarromRules.PENALTY_DUE], "a due with nothing pocketed")
	check(rules.get_seat_to_play() != seat, "the foul ended the turn")
	check(not rules.load_match("{}"), "a damaged save is refused")


func test_points_game_seats_three() -> void:
	var nodes := new_match(CarromRules.MODE_POINTS, 4)
	var rules: CarromRules = nodes[1]
	check(rules.get_seats() == PackedInt32Array([0, 1, 2]), "seats 0, 1, 2")
	check(rules.get_seats() == CarromRules.seats_of_mode(CarromRules.MODE_POINTS), "one source")
	check(rules.get_colour_of_seat(0) == -1, "no colours in the points game")
	check(rules.get_scores().size() == 3, "three players")


func test_cb1_cb3_alone_the_turn_never_passes_and_one_board_is_played() -> void:
	var nodes := new_match(CarromRules.MODE_SOLO, 6)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	check(rules.get_seats() == PackedInt32Array([0]), "one seat")
	check(rules.get_scores().size() == 1, "one side")
	check(rules.get_colour_of_seat(0) == -1, "every coin is the player's")
	_play_strikes(board, rules, 4)
	check(rules.get_seat_to_play() == 0, "four strikes later the same player strikes")
	check(CarromRules.mode_named("solo") == -1, "never named by a host or a command line")


## Plays `strikes` strikes of the seat to play straight ahead at full power, through the board.
func _play_strikes(board: CarromBoard, rules: CarromRules, strikes: int) -> void:
	for i in strikes:
		var seat := rules.get_seat_to_play()
		if seat < 0:
			return
		var offset := board.get_free_striker_offset(seat, 40.0 * (i % 5 - 2))
		board.place_striker(seat, offset)
		var aim := board.get_seat_forward(seat) + board.get_seat_right(seat) * (0.1 * (i % 3 - 1))
		board.strike(aim, 0.9)
		board.simulate_to_rest()


func test_a_match_replays_bit_for_bit_through_the_nodes() -> void:
	var nodes := new_match(CarromRules.MODE_DOUBLES, 9)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	_play_strikes(board, rules, 10)
	# Two strikes played out by the board's own physics frames, as in a game.
	for i in 2:
		var seat := rules.get_seat_to_play()
		board.place_striker(seat, board.get_free_striker_offset(seat, 0.0))
		board.strike(board.get_seat_forward(seat), 0.7)
		while board.is_moving():
			await tree.physics_frame
	var saved := rules.save_match()
	var replay := rules.get_replay()
	var other := CarromBoard.new()
	add(other, "Other")
	var referee := CarromRules.new()
	referee.board = other
	add(referee, "OtherRules")
	check(referee.play_replay(replay), "the replay plays")
	check(referee.save_match() == saved, "the replayed match is the same, bit for bit")
	check(other.get_pieces() == board.get_pieces(), "the same pieces in the same places")
	check(not referee.play_replay('{"actions": 3}'), "a damaged replay is refused")
	check(referee.save_match() == saved, "and changes nothing")


func test_a_finished_match_is_stepped_through_forwards_and_back() -> void:
	var nodes := new_match(CarromRules.MODE_SINGLES, 9)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	var states: Array[String] = [rules.save_match()]
	for i in 5:
		_play_strikes(board, rules, 1)
		states.append(rules.save_match())
	var replay := rules.get_replay()
	check(CarromRules.get_replay_length(replay) == 5, "five actions in the replay")
	for step in [5, 2, 4, 0, 3]:
		check(rules.play_replay_to(replay, step), "step %d plays" % step)
		check(rules.save_match() == states[step], "step %d is the match as it stood then" % step)
	check(not rules.play_replay_to(replay, -1), "a step below zero is refused")
	check(rules.save_match() == states[3], "and changes nothing")
	check(CarromRules.get_replay_length('{"actions": 3}') == -1, "a damaged replay has no length")


func test_a_replay_is_watched_one_action_at_a_time_on_a_board_that_shows_it() -> void:
	var nodes := new_match(CarromRules.MODE_SINGLES, 9)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	var seat := rules.get_seat_to_play()
	rules.pass_turn(seat)
	_play_strikes(board, rules, 3)
	var replay := rules.get_replay()
	var ended := rules.save_match()
	check(CarromRules.check_replay(replay) == "", "the replay can be watched")
	check(CarromRules.check_replay('{"actions": 3}') != "", "a damaged one cannot, with a reason")
	check(rules.play_replay_to(replay, 0), "set up at its start")
	check(rules.get_replay_progress() == 0, "no action played yet")
	check(rules.play_replay_next(replay), "the pass plays")
	check(rules.get_replay_progress() == 1 and not board.is_moving(), "at once")
	check(rules.play_replay_next(replay), "the first strike plays")
	check(board.is_moving(), "and rolls on the board")
	check(not rules.play_replay_next(replay), "nothing more while it rolls")
	board.simulate_to_rest()
	while rules.get_replay_progress() < CarromRules.get_replay_length(replay):
		check(rules.play_replay_next(replay), "the next strike plays")
		board.simulate_to_rest()
	check(rules.save_match() == ended, "played on to its end it is the match that was played")
	check(not rules.play_replay_next(replay), "past the end is refused")
	check(rules.save_match() == ended, "and changes nothing")
	var other := new_match(CarromRules.MODE_SINGLES, 10)
	check(not other[1].play_replay_next(replay), "another match is not this replay's start")


func test_one_save_holds_the_whole_match() -> void:
	var nodes := new_match(CarromRules.MODE_SINGLES, 6)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	_play_strikes(board, rules, 4)
	var saved := rules.save_match()
	var seat := rules.get_seat_to_play()
	_play_strikes(board, rules, 3)
	check(rules.load_match(saved), "the save loads")
	check(rules.save_match() == saved, "table, rules and replay are back as saved")
	check(rules.get_seat_to_play() == seat, "the same seat is to play")
	var next: Dictionary = JSON.parse_string(saved)
	next["version"] = 99
	check(not rules.load_match(JSON.stringify(next)), "another version is refused")
	check(rules.save_match() == saved, "a refused load changes nothing")
	check(not board.load_state(board.save_state()), "the board alone does not load mid-match")
	check(not board.reset_board(), "nor is it reset under the referee")


func test_the_computer_refuses_a_time_budget_that_is_not_a_number() -> void:
	var nodes := new_match(CarromRules.MODE_SINGLES, 8)
	var ai := CarromAi.new()
	ai.board = nodes[0]
	add(ai, "Ai")
	ai.time_budget = NAN
	var seat: int = nodes[1].get_seat_to_play()
	check(not ai.think(seat, CarromAi.LEVEL_EASY), "a NaN budget is refused")
	check(not ai.is_thinking(), "and no search starts")
	ai.time_budget = 0.2
	check(ai.think(seat, CarromAi.LEVEL_EASY), "a real budget thinks")
	ai.cancel()


func test_the_expert_answers_on_the_worker_threads_asked_for() -> void:
	var nodes := new_match(CarromRules.MODE_SINGLES, 12)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	var ai := CarromAi.new()
	ai.board = board
	add(ai, "Ai")
	check(CarromAi.get_level_key(CarromAi.LEVEL_EXPERT) == "expert", "the expert level has a key")
	check(CarromAi.LEVEL_EXPERT in CarromAi.get_levels(), "and is offered with the others")
	var seat := rules.get_seat_to_play()
	ai.threads = -1
	check(not ai.think(seat, CarromAi.LEVEL_EXPERT), "a negative thread count is refused")
	ai.threads = 2
	ai.time_budget = 2.0
	var answers: Array = []
	ai.shot_ready.connect(
		func(s: int, offset: float, dir: Vector2, power: float) -> void:
			answers.append([s, offset, dir, power])
	)
	check(ai.think(seat, CarromAi.LEVEL_EXPERT), "the expert thinks")
	var waited := 0
	while answers.is_empty() and waited < 600:
		await tree.process_frame
		waited += 1
	check(ai.get_thread_count() == 2, "on two threads (%d)" % ai.get_thread_count())
	check(answers.size() == 1, "and answers once")
	if answers.size() == 1:
		var shot: Array = answers[0]
		check(shot[0] == seat, "for the seat to play")
		check(board.place_striker(seat, shot[1]), "from a legal spot on its baseline")
		check(board.strike(shot[2], shot[3]), "with a legal strike")


func test_each_mode_name_reads_back_as_its_mode() -> void:
	var names := CarromRules.get_mode_names()
	for mode: int in [CarromRules.MODE_SINGLES, CarromRules.MODE_DOUBLES, CarromRules.MODE_POINTS]:
		check(
			CarromRules.mode_named(names[mode]) == mode, "mode %d is named %s" % [mode, names[mode]]
		)
	check(CarromRules.mode_named("snooker") == -1, "a name of no mode is none")
