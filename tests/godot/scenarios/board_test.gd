extends Scenario
## CarromBoard: set-up, striking, signals, aim guide, saves and refused calls.


func test_board_starts_in_the_opening_formation() -> void:
	var board := new_board()
	var pieces: Array = board.get_pieces()
	check(pieces.size() == 20, "20 pieces, striker included")
	var on_board := pieces.filter(
		func(p: Dictionary) -> bool: return p["place"] == CarromBoard.PLACE_BOARD
	)
	check(on_board.size() == 19, "19 pieces on the board")
	check(pieces[19]["place"] == CarromBoard.PLACE_HAND, "striker in hand")
	check(pieces[0]["kind"] == CarromBoard.KIND_QUEEN, "piece 0 is the queen")
	check(board.get_piece_node(0) != null, "a node shows the queen")
	check(not board.is_moving(), "at rest")


func test_strike_runs_to_rest_and_reports_by_signals() -> void:
	var board := new_board()
	var counts := {"hits": 0, "cushion": 0, "finished": 0}
	board.pieces_collided.connect(
		func(_a: int, _b: int, _i: float, _at: Vector2) -> void: counts["hits"] += 1
	)
	board.cushion_hit.connect(
		func(_p: int, _i: float, _at: Vector2) -> void: counts["cushion"] += 1
	)
	board.shot_finished.connect(func(_r: Dictionary) -> void: counts["finished"] += 1)
	check(board.place_striker(0, 0.0), "striker placed mid-baseline")
	check(board.strike(Vector2(0, -1), 1.0), "full-power strike accepted")
	check(board.is_moving(), "moving after the strike")
	var report: Dictionary = board.simulate_to_rest()
	check(not board.is_moving(), "at rest after simulate_to_rest")
	check(report.get("broke_formation", false), "the break broke the formation")
	check(report.get("seat", -1) == 0, "the report names seat 0")
	check(counts["hits"] > 0, "pieces_collided emitted")
	check(counts["cushion"] > 0, "cushion_hit emitted")
	check(counts["finished"] == 1, "shot_finished emitted once")


func test_bad_arguments_are_refused_and_change_nothing() -> void:
	var board := new_board()
	var before: String = board.save_state()
	check(not board.place_striker(7, 0.0), "seat 7 refused")
	check(not board.place_striker(0, NAN), "NaN offset refused")
	check(not board.place_striker(0, 200.0), "an offset straddling a base circle refused (K1)")
	check(not board.strike(Vector2(0, -1), 0.5), "striking before placing refused")
	check(board.save_state() == before, "nothing changed")
	check(board.place_striker(0, 0.0), "a legal spot is taken")
	var placed: String = board.save_state()
	check(not board.strike(Vector2.ZERO, 0.5), "zero direction refused")
	check(not board.strike(Vector2(0, -1), 1.5), "power above 1 refused")
	check(not board.strike(Vector2(0, -1), NAN), "NaN power refused")
	check(not board.strike(Vector2(0, 1), 0.5), "a backward strike refused (K3)")
	check(board.save_state() == placed, "nothing changed by refused strikes")
	check(board.strike(Vector2(0, -1), 0.5), "a good strike still works")
	check(not board.strike(Vector2(0, -1), 0.5), "striking while pieces move refused")
	check(not board.load_state("not json"), "damaged save refused")
	board.simulate_to_rest()


func test_aim_guide_finds_the_piece_ahead() -> void:
	var board := new_board()
	board.place_striker(0, 0.0)
	var guide: Dictionary = board.predict_path(Vector2(0, -1), 1.0)
	check(guide["hit_piece"] >= 0, "a piece is hit")
	var points: PackedVector2Array = guide["points"]
	check(points.size() >= 2, "the path has a start and a contact")
	check(points[0] == board.get_striker_spot(0, 0.0), "the path starts at the striker")


func test_save_and_load_restore_the_table() -> void:
	var board := new_board()
	var opening: String = board.save_state()
	board.place_striker(0, 30.0)
	board.strike(Vector2(0.1, -1), 1.0)
	board.simulate_to_rest()
	check(board.save_state() != opening, "the break changed the table")
	check(board.load_state(opening), "the opening loads")
	check(board.save_state() == opening, "the same table is back")


func test_a_physics_resource_changes_the_simulation() -> void:
	var board := new_board()
	var physics := CarromPhysics.new()
	physics.sliding_friction = 0.3
	board.physics = physics
	board.place_striker(0, 0.0)
	board.strike(Vector2(0, -1), 1.0)
	var slow: Dictionary = board.simulate_to_rest()
	board.reset_board()
	physics.sliding_friction = 0.12
	check(board.place_striker(0, 0.0), "a changed resource plays from the next placing")
	board.strike(Vector2(0, -1), 1.0)
	var fast: Dictionary = board.simulate_to_rest()
	check(slow["steps"] < fast["steps"], "more friction stops the break sooner")
	board.reset_board()
	physics.piece_restitution = 1.5
	check(not board.place_striker(0, 0.0), "a restitution above 1 is refused")
	check(board.save_state() != "", "the board still answers")


func test_pockets_are_numbered_counter_clockwise_from_the_bottom_right() -> void:
	# The striker, sent from a baseline's end straight at each corner, reports the pocket that
	# the doc of piece_pocketed names for that corner (bottom right first, then up the right).
	var corners := {0: Vector2(1, 1), 1: Vector2(1, -1), 2: Vector2(-1, -1), 3: Vector2(-1, 1)}
	for pocket: int in corners:
		var board := new_board()
		var seen: Array[int] = []
		board.piece_pocketed.connect(func(_piece: int, _kind: int, p: int) -> void: seen.append(p))
		var corner: Vector2 = corners[pocket]
		var seat := 0
		while board.get_seat_forward(seat).dot(corner) <= 0.0:
			seat += 1
		var limit := board.get_striker_offset_limit() * 0.99
		var side := signf(board.get_seat_right(seat).dot(corner))
		var offset := board.nearest_legal_offset(side * limit)
		check(board.place_striker(seat, offset), "placed for pocket %d" % pocket)
		var target := corner * board.get_board_size() * 0.4
		board.strike(target - board.get_striker_spot(seat, offset), 0.6)
		board.simulate_to_rest()
		check(seen == [pocket], "the striker drops into pocket %d (saw %s)" % [pocket, seen])
		board.free()


## A turning board is painted again once it holds still, not in every frame of its turn, and
## its painting is read texel for texel only while it lies square (a software renderer spends
## its frames on the pixels it shades).
func test_a_turning_board_is_painted_once_it_holds_still() -> void:
	var board := new_board()
	var picture := await _painted_picture(board)
	if picture == null:
		return
	check(
		picture.texture_filter == CanvasItem.TEXTURE_FILTER_NEAREST,
		"square and still: texel for texel"
	)
	var paintings := [0]
	board.draw.connect(func() -> void: paintings[0] += 1)
	var off_square: Array[int] = []
	for i in 20:
		# Through a half turn, in steps that miss the quarter turn.
		board.rotation = PI * (i + 0.5) / 20.0 if i < 19 else PI
		await tree.process_frame
		if i < 19:
			off_square.append(picture.texture_filter)
	check(paintings[0] == 0, "not painted while it turns (%d times)" % paintings[0])
	check(
		off_square.all(func(f: int) -> bool: return f == CanvasItem.TEXTURE_FILTER_LINEAR),
		"filtered while it turns off the square: %s" % [off_square]
	)
	for i in 4:
		await tree.process_frame
	check(paintings[0] == 1, "painted once when it holds still (%d times)" % paintings[0])
	check(
		picture.texture_filter == CanvasItem.TEXTURE_FILTER_NEAREST, "a half turn lies square again"
	)


## A board that never holds still (a game maker's slowly spinning one) is still painted again
## now and then, and a faded board's painting is blended with what lies under it.
func test_a_board_always_turning_is_painted_now_and_then_and_a_faded_one_blends() -> void:
	var board := new_board()
	var picture := await _painted_picture(board)
	if picture == null:
		return
	var paintings := [0]
	board.draw.connect(func() -> void: paintings[0] += 1)
	for i in 80:
		board.rotation += 0.01
		await tree.process_frame
	check(paintings[0] >= 2, "painted again while always turning (%d times)" % paintings[0])
	var opaque := (picture.material as ShaderMaterial).shader.code
	board.modulate.a = 0.5
	await tree.process_frame
	var faded := (picture.material as ShaderMaterial).shader.code
	check(opaque.contains("blend_disabled"), "an opaque board is drawn without blending")
	check(not faded.contains("blend_disabled"), "a faded board is blended")


## The internal node that shows `board`'s painting, a few frames after the board was made (it
## paints on its first frames); null, and a failed check, when there is none.
func _painted_picture(board: CarromBoard) -> Node2D:
	var picture: Node2D = null
	for child in board.get_children(true):
		if child.get_class() == "BoardPicture":
			picture = child
	check(picture != null, "the board shows its painting through a picture node")
	for i in 3:
		await tree.process_frame
	return picture
