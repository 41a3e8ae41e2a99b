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
