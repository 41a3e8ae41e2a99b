extends Scenario
## CarromTrickShots on a board with no referee: a file read or refused, a trick set up, shots
## judged once each, and the attempt's end signalled.

## One white coin on the diagonal to seat 0's far right pocket, every other piece off.
const ONE_COIN := (
	"cp1._____2GoOpj______________________________________"
	+ "____________________________________________________w"
)


func _file(stars: String) -> String:
	return (
		(
			'{"format": "carrom-trick-shots", "version": 1, "tricks": [{"id": "one", "position": "%s", '
			+ '"seat": 0, "goal": {"kind": "pocket", "count": 1}, "stars": %s}]}'
		)
		% [ONE_COIN, stars]
	)


func _judge() -> Array:
	var board := new_board()
	var tricks := CarromTrickShots.new()
	tricks.board = board
	add(tricks, "Tricks")
	return [board, tricks]


func test_a_trick_file_is_read_or_refused_whole() -> void:
	var tricks: CarromTrickShots = _judge()[1]
	check(not tricks.load_tricks("{}"), "an empty object is refused")
	check(not tricks.load_tricks(_file("[3, 2, 1]")), "shrinking star limits are refused")
	check(tricks.get_tricks().is_empty(), "nothing was read")
	check(tricks.load_tricks(_file("[1, 2, 2]")), "a good file is read")
	var trick: Dictionary = tricks.get_tricks()[0]
	check(trick["id"] == "one" and trick["goal"] == "pocket" and trick["count"] == 1, "its fields")
	check(trick["stars"] == PackedInt32Array([1, 2, 2]), "its star limits")
	check(not tricks.start(5), "a trick that does not exist is refused")


func test_a_trick_is_set_up_and_each_shot_counts_once() -> void:
	var nodes := _judge()
	var board: CarromBoard = nodes[0]
	var tricks: CarromTrickShots = nodes[1]
	tricks.load_tricks(_file("[1, 2, 2]"))
	check(tricks.start(0), "the trick starts")
	check(board.get_position_code() == ONE_COIN, "its position is on the board")
	check(not tricks.record_last_shot(), "no shot yet")
	var ended := []
	tricks.trick_done.connect(func(s: int, stars: int) -> void: ended.append(["done", s, stars]))
	tricks.trick_failed.connect(func(why: String) -> void: ended.append(["failed", why]))
	# Two misses straight up the board: the second uses up the strikes.
	for i in 2:
		board.place_striker(0, -150.0)
		board.strike(board.get_seat_forward(0), 0.3)
		board.simulate_to_rest()
		check(tricks.record_last_shot(), "shot %d counts" % (i + 1))
		check(not tricks.record_last_shot(), "shot %d counts once" % (i + 1))
	check(tricks.get_strikes() == 2, "two strikes counted")
	check(ended == [["failed", "out_of_strikes"]], "out of strikes: %s" % [ended])
	check(tricks.is_attempt_over(), "the attempt is over")
	check(tricks.start(0) and tricks.get_strikes() == 0, "it can be tried again")


func test_a_days_challenge_is_made_while_frames_go_on_the_same_as_asked_at_once() -> void:
	var tricks: CarromTrickShots = _judge()[1]
	var ready := []
	var made := func(day: int, text: String) -> void: ready.append([day, text])
	tricks.daily_challenge_ready.connect(made)
	check(not tricks.prepare_daily_challenge(-1), "a day before 1970 is refused")
	check(not tricks.is_preparing_daily_challenge(), "and nothing is being made")
	# Asked for one day and then another: only the last is made known.
	check(tricks.prepare_daily_challenge(20788), "a day is accepted")
	check(tricks.prepare_daily_challenge(20789), "another replaces it")
	var frames := 0
	var until := Time.get_ticks_msec() + 60000
	while ready.is_empty() and Time.get_ticks_msec() < until:
		frames += 1
		await tree.process_frame
	check(frames > 1, "frames went on while it was made (%d)" % frames)
	var last_only: bool = ready.size() == 1 and ready[0][0] == 20789
	check(last_only, "only the last day asked for is signalled: %s" % [ready])
	if ready.size() == 1:
		var at_once := CarromTrickShots.get_daily_challenge(20789)
		check(ready[0][1] == at_once, "the same file as asked at once")
		check(tricks.load_tricks(ready[0][1]), "a file load_tricks reads")
	check(not tricks.is_preparing_daily_challenge(), "nothing is being made any more")


func test_cb1_with_no_referee_the_coach_hints_for_a_player_alone_and_the_computer_waits() -> void:
	var nodes := _judge()
	var board: CarromBoard = nodes[0]
	var tricks: CarromTrickShots = nodes[1]
	tricks.load_tricks(_file("[1, 2, 2]"))
	tricks.start(0)
	var ai := CarromAi.new()
	ai.board = board
	ai.time_budget = 1.0
	add(ai, "Coach")
	check(not ai.think(0, CarromAi.LEVEL_EXPERT), "the computer plays only in a match")
	check(not ai.coach(5, 1), "a seat that does not exist is refused")
	# From the bottom baseline, and from the top one (the position turned for the coach).
	for seat in [0, 2]:
		var found := []
		var take := func(hints: Array) -> void: found.append_array(hints)
		ai.hints_ready.connect(take)
		check(ai.coach(seat, 1), "seat %d is coached on the trick" % seat)
		var until := Time.get_ticks_msec() + 30000
		while found.is_empty() and ai.is_thinking() and Time.get_ticks_msec() < until:
			await tree.process_frame
		ai.hints_ready.disconnect(take)
		check(found.size() == 1, "one hint for seat %d: %s" % [seat, found])
		if found.size() == 1:
			var hint: Dictionary = found[0]
			var spot: bool = board.is_striker_position_legal(seat, hint["offset"])
			var from_there: bool = hint["seat"] == seat and spot
			check(
				from_there and board.is_forward(seat, hint["direction"]),
				"from its baseline: %s" % [hint]
			)
