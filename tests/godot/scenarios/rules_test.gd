extends Scenario
## CarromRules refereeing a CarromBoard: turns, verdicts as signals, refused calls.


func test_match_starts_and_only_the_seat_to_play_may_strike() -> void:
	var nodes := new_match(0, 1)
	var board: CarromBoard = nodes[0]
	var rules: CarromRules = nodes[1]
	var seat := rules.get_seat_to_play()
	check(seat in [0, 2], "a singles seat starts")
	check(rules.get_colour_of_seat(seat) == "white", "the first player plays white")
	check(rules.get_scores().size() == 2, "two sides")
	check(not board.place_striker(2 - seat, 0.0), "the other seat may not place")
	check(not board.place_striker(1, 0.0), "seat 1 does not play singles")
	check(board.place_striker(seat, 0.0), "the seat to play places")


func test_a_shot_is_judged_and_the_turn_announced() -> void:
	var nodes := new_match(0, 3)
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
		if p["place"] == "board" and p["kind"] != "striker":
			on_board += 1
	var counted: int = left["white"] + left["black"] + (1 if left["queen"] else 0)
	check(counted == on_board, "the rules count what lies on the board")


func test_a_break_that_breaks_nothing_is_tried_again() -> void:
	var nodes := new_match(0, 5)
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
	var nodes := new_match(0, 2)
	var rules: CarromRules = nodes[1]
	var fouls: Array[String] = []
	rules.foul_committed.connect(
		func(_s: int, f: String, p: String) -> void: fouls.append(f + ":" + p)
	)
	var seat := rules.get_seat_to_play()
	check(not rules.declare_foul(seat, "F1"), "F1 cannot be declared")
	check(not rules.declare_foul(9, "F7"), "seat 9 refused")
	check(rules.declare_foul(seat, "F7"), "F7 declared")
	check(fouls == ["F7:due"], "a due with nothing pocketed")
	check(rules.get_seat_to_play() != seat, "the foul ended the turn")
	check(not rules.load_state("{}"), "a damaged save is refused")


func test_points_game_seats_three() -> void:
	var nodes := new_match(2, 4)
	var rules: CarromRules = nodes[1]
	check(rules.get_seats() == PackedInt32Array([0, 1, 2]), "seats 0, 1, 2")
	check(rules.get_colour_of_seat(0) == "", "no colours in the points game")
	check(rules.get_scores().size() == 3, "three players")
