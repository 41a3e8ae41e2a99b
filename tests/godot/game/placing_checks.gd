class_name PlacingChecks
extends GameChecks
## Returned pieces placed by the opponent (RULES.md X3), checked headless for
## run_game_tests.gd: a person drags a returned coin to a spot outside the circle (refused, it
## stays to place) and then inside it (placed there, and the next turn begins); a person who
## leaves it has it placed nearest the centre when the time runs out; the computer places for
## its own seat; "place them for me" places at once.

## Time runs this much faster while the placing clock is waited out.
const SPEED_UP := 8.0


func run() -> void:
	await _check_place_by_touch()
	await _check_time_runs_out()
	await _check_computer_places()
	await _check_place_for_me()


## A match of `players` played by the board's own calls until a piece goes back: a foul of a
## strike, or a touched piece (F7) once the seat to play holds a coin. The game, or null when
## none went back.
func _until_a_coin_goes_back(players: Dictionary, seed_value: int, placer := -1) -> Node2D:
	var game: Node2D = await _start_match.call(players, seed_value)
	var rules: CarromRules = game.get_node("Rules")
	var board: CarromBoard = game.get_node("BoardView/Board")
	for i in 200:
		var seat := rules.get_seat_to_play()
		var placing := rules.get_placing_seat()
		if placing >= 0 and placer in [-1, placing]:
			return game
		if placing >= 0:
			# Not the placer looked for: the person places where the pieces stand.
			await _until(func() -> bool: return _placement(game).call("is_placing"))
			_placement(game).call("place_as_they_stand")
			continue
		if seat < 0:
			break
		if _is_computer(seat):
			# The computer plays its own turn.
			await _until(func() -> bool: return rules.get_seat_to_play() != seat, 20.0)
			await _until(func() -> bool: return not board.is_moving(), 10.0)
			continue
		var held: Dictionary = rules.get_held_coins(rules.get_side_of_seat(seat))
		if held.get("white", 0) + held.get("black", 0) > 0 and placer in [-1, _next_seat(seat)]:
			rules.declare_foul(seat, "F7")
			return game
		var offset := board.get_free_striker_offset(seat, 40.0 * (i % 5 - 2))
		board.place_striker(seat, offset)
		var aim := board.get_seat_forward(seat) + board.get_seat_right(seat) * (0.15 * (i % 5 - 2))
		board.strike(aim, 0.6 + 0.1 * (i % 4))
		board.simulate_to_rest()
		await tree.process_frame
	game.queue_free()
	await tree.process_frame
	return null


## The seat after `seat` in singles.
func _next_seat(seat: int) -> int:
	return 2 - seat


## Whether `seat` is the computer's in the match being played.
func _is_computer(seat: int) -> bool:
	return root.get_node("Session").call("is_computer", seat)


func _placement(game: Node2D) -> Node2D:
	return game.get_node("BoardView/Board/ReturnedPlacement")


func _touch(at: Vector2, pressed: bool) -> void:
	var event := InputEventScreenTouch.new()
	event.position = at
	event.pressed = pressed
	Input.parse_input_event(event)
	await tree.process_frame


func _drag(at: Vector2) -> void:
	var event := InputEventScreenDrag.new()
	event.position = at
	Input.parse_input_event(event)
	await tree.process_frame


## Drags the first waiting piece from where it stands to `to` (board pixels) by touch.
func _drag_piece(game: Node2D, to: Vector2) -> void:
	var board: CarromBoard = game.get_node("BoardView/Board")
	var placement := _placement(game)
	var to_screen := root.get_final_transform() * board.get_global_transform_with_canvas()
	var spots: PackedVector2Array = placement.get("spots")
	await _touch(to_screen * spots[0], true)
	await _drag(to_screen * spots[0].lerp(to, 0.5))
	await _drag(to_screen * to)
	await _touch(to_screen * to, false)


func _check_place_by_touch() -> void:
	var game := await _until_a_coin_goes_back(HUMANS, 3)
	if game == null:
		_report.call("a coin goes back for the opponent to place", false, "no coin was held")
		return
	var rules: CarromRules = game.get_node("Rules")
	var board: CarromBoard = game.get_node("BoardView/Board")
	var placement := _placement(game)
	var placer := rules.get_placing_seat()
	var shown := await _until(func() -> bool: return placement.call("is_placing"))
	var banner: String = game.get_node("Hud/Banner").call("get_message")
	_report.call(
		"the opponent is asked to place the returned coin",
		shown and placer >= 0 and banner != "",
		"placer %d, banner %s" % [placer, banner]
	)
	# Outside the circle: refused; it still waits, and nobody strikes.
	var outside := Vector2(board.get_outer_circle_radius() + 40.0, 0.0)
	await _drag_piece(game, outside)
	var still: bool = rules.get_placing_seat() == placer and placement.call("is_placing")
	var not_settled: bool = not placement.get("settled")[0]
	_report.call(
		"a coin dropped outside the circle is not placed",
		still and not_settled,
		"placing seat %d" % rules.get_placing_seat()
	)
	# Inside, clear of every piece: placed there, and the turn begins.
	var spot := Vector2.ZERO
	for ring: float in [60.0, 50.0, 40.0]:
		for k in 24:
			var at := Vector2.RIGHT.rotated(TAU * k / 24.0) * ring
			var kinds: PackedInt32Array = placement.get("kinds")
			var others: PackedVector2Array = placement.get("spots").slice(1)
			# Clear of the board's pieces and of the other waiting pieces where they stand.
			var why := rules.get_placement_refusal(kinds[0], at, kinds.slice(1), others)
			if spot == Vector2.ZERO and why == "":
				spot = at
	var several: bool = placement.get("kinds").size() > 1
	await _drag_piece(game, spot)
	if several:
		# The others are tapped where they stand.
		placement.call("place_as_they_stand")
	var placed := await _until(func() -> bool: return rules.get_placing_seat() < 0)
	var there := false
	for piece: Dictionary in board.get_pieces():
		if Vector2(piece["position"]).distance_to(spot) < 0.5:
			there = int(piece["place"]) == CarromBoard.PLACE_BOARD
	var controller: Node = game.get_node("Controller")
	var ready := await _until(func() -> bool: return controller.get("state") == 1)
	_report.call(
		"a coin dragged inside the circle is placed there and the turn goes on",
		placed and there and ready,
		"placed %s, at %s %s, controller %s" % [placed, spot, there, controller.get("state")]
	)
	game.queue_free()
	await tree.process_frame


func _check_time_runs_out() -> void:
	var game := await _until_a_coin_goes_back(HUMANS, 5)
	if game == null:
		_report.call("a coin goes back for the opponent to place", false, "no coin was held")
		return
	var rules: CarromRules = game.get_node("Rules")
	var placement := _placement(game)
	await _until(func() -> bool: return placement.call("is_placing"))
	Engine.time_scale = SPEED_UP
	var placed := await _until(func() -> bool: return rules.get_placing_seat() < 0)
	Engine.time_scale = 1.0
	var timed_out: bool = placement.get("timed_out")
	_report.call(
		"left alone, the returned coin is placed nearest the centre when the time runs out",
		placed and timed_out,
		"placed %s, by the clock %s" % [placed, timed_out]
	)
	game.queue_free()
	await tree.process_frame


func _check_computer_places() -> void:
	var players := HUMANS.duplicate()
	players[2] = CarromAi.LEVEL_EASY
	var game := await _until_a_coin_goes_back(players, 4, 2)
	if game == null:
		_report.call("the computer places for its seat", false, "no coin was held by the person")
		return
	var rules: CarromRules = game.get_node("Rules")
	var placer := rules.get_placing_seat()
	var placed := await _until(func() -> bool: return rules.get_placing_seat() < 0)
	_report.call(
		"the computer places the returned coin for its seat",
		placer == 2 and placed,
		"placer %d" % placer
	)
	game.queue_free()
	await tree.process_frame


func _check_place_for_me() -> void:
	var settings: Node = root.get_node("GameSettings")
	settings.set("place_for_me", true)
	var game := await _until_a_coin_goes_back(HUMANS, 3)
	if game == null:
		settings.set("place_for_me", false)
		_report.call("place them for me", false, "no coin was held")
		return
	var rules: CarromRules = game.get_node("Rules")
	var placed := await _until(func() -> bool: return rules.get_placing_seat() < 0, 2.0)
	var placing: bool = _placement(game).call("is_placing")
	settings.set("place_for_me", false)
	_report.call(
		"with 'place them for me' the coin goes nearest the centre at once", placed and not placing
	)
	game.queue_free()
	await tree.process_frame
