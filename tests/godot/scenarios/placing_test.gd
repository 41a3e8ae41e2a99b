extends Scenario
## Returned pieces placed by an opponent (RULES.md X3) through the nodes: `placement_owed`,
## a spot checked while it is dragged, a refused and an accepted placement, and the computer's.


## A singles match with the opponent placing, played until a declared foul sends a held coin
## back; the nodes and the seat that places, or an empty array when no coin was ever held.
func _until_a_piece_waits(seed: int) -> Array:
	var board := new_board()
	var rules := CarromRules.new()
	rules.mode = CarromRules.MODE_SINGLES
	# The classic preset, as a new ruleset holds it: the opponent places (X3).
	rules.ruleset = CarromRuleset.new()
	check(rules.ruleset.opponent_places, "every preset has the opponent place returned pieces")
	rules.board = board
	add(rules, "Rules")
	check(rules.start_match(seed), "start_match accepted")
	var owed: Array[int] = []
	rules.placement_owed.connect(
		func(seat: int, _kinds: PackedInt32Array) -> void: owed.append(seat)
	)
	for i in 200:
		var seat := rules.get_seat_to_play()
		if seat < 0:
			break
		var held: Dictionary = rules.get_held_coins(rules.get_side_of_seat(seat))
		if held.get("white", 0) + held.get("black", 0) > 0:
			# A touched piece (F7) costs one of the coins held: it goes back, and waits.
			check(rules.declare_foul(seat, "F7"), "F7 declared")
			check(owed == [2 - seat], "placement_owed names the opponent")
			return [board, rules, 2 - seat]
		var offset := board.get_free_striker_offset(seat, 40.0 * (i % 5 - 2))
		board.place_striker(seat, offset)
		var aim := board.get_seat_forward(seat) + board.get_seat_right(seat) * (0.15 * (i % 5 - 2))
		board.strike(aim, 0.6 + 0.1 * (i % 4))
		board.simulate_to_rest()
		if rules.get_placing_seat() >= 0:
			return [board, rules, rules.get_placing_seat()]
	check(false, "a coin went back within 200 strikes")
	return []


func test_x3_a_waiting_piece_is_placed_by_the_opponent_on_a_legal_spot() -> void:
	var found := _until_a_piece_waits(3)
	if found.is_empty():
		return
	var board: CarromBoard = found[0]
	var rules: CarromRules = found[1]
	var placer: int = found[2]
	check(rules.get_placing_seat() == placer, "the opponent places")
	check(
		rules.get_awaited_kind() == CarromRules.AWAITS_PLACEMENT,
		"the rules await the placement before any strike"
	)
	check(rules.get_awaited_seat() == placer, "and await it from the placer")
	var kinds := rules.get_placing_kinds()
	check(kinds.size() >= 1, "a piece waits")
	var to_play := rules.get_seat_to_play()
	check(not board.place_striker(to_play, 0.0), "nobody strikes before the placement")
	var none := PackedInt32Array()
	var no_spots := PackedVector2Array()
	var far := PackedVector2Array()
	for k in kinds:
		far.append(Vector2(300.0, 0.0))
	check(
		rules.get_placement_refusal(kinds[0], Vector2(300.0, 0.0), none, no_spots) != "", "outside"
	)
	check(not rules.place_returned(placer, kinds, far), "a spot outside the circle is refused")
	check(rules.get_placing_seat() == placer, "and the pieces still wait")
	check(not rules.place_returned(2 - placer, none, no_spots), "the other seat may not place")
	var spots := PackedVector2Array()
	var placed := PackedInt32Array()
	for k in kinds:
		var spot := _free_spot(rules, k, placed, spots)
		placed.append(k)
		spots.append(spot)
	var moved: Array[Vector2] = []
	board.piece_placed.connect(func(_id: int, _k: int, at: Vector2) -> void: moved.append(at))
	check(rules.place_returned(placer, kinds, spots), "legal spots are taken")
	check(moved.size() == kinds.size(), "each placed piece announced")
	check(moved.size() > 0 and moved[0].is_equal_approx(spots[0]), "where the placer put it")
	check(rules.get_placing_seat() == -1, "nothing waits any more")
	check(board.place_striker(to_play, board.get_free_striker_offset(to_play, 0.0)), "play goes on")


func test_x3_the_computer_places_for_its_seat() -> void:
	var found := _until_a_piece_waits(5)
	if found.is_empty():
		return
	var board: CarromBoard = found[0]
	var rules: CarromRules = found[1]
	var placer: int = found[2]
	var ai := CarromAi.new()
	ai.board = board
	add(ai, "Ai")
	check(not ai.place_returned(2 - placer), "nothing waits for the other seat")
	check(ai.place_returned(placer), "the computer places")
	check(rules.get_placing_seat() == -1, "nothing waits any more")
	var saved := rules.save_match()
	check(rules.load_match(saved), "the match with its placement saves and loads")


## A spot on rings round the centre where `kind` may go beside those placed already.
func _free_spot(
	rules: CarromRules, kind: int, kinds: PackedInt32Array, spots: PackedVector2Array
) -> Vector2:
	for ring: float in [60.0, 45.0, 30.0, 0.0]:
		for step in 24:
			var at := Vector2.RIGHT.rotated(TAU * step / 24.0) * ring
			if rules.get_placement_refusal(kind, at, kinds, spots) == "":
				return at
	return Vector2.ZERO
