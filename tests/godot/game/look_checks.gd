class_name LookChecks
extends GameChecks
## Strikers and boards earned by play, checked headless for run_game_tests.gd: with nothing
## earned only the looks from the start can be chosen (Settings shows the others with what
## earns them, and a choice of one not earned is not worn); boards won by a person count and
## earn a striker, boards the computer wins do not; trick-shot stars and days of the daily
## challenge earn theirs; a look chosen in Settings is the one a new match's board wears. The
## player's own progress, stars and choices are put back afterwards.

const SETTINGS := "res://scenes/settings/settings_screen.tscn"
const RUBY := "ruby_striker"
const RUBY_SCENE := "res://scenes/pieces/striker_ruby.tscn"
const TEAK := "teak_board"

var _kept := {}


func run() -> void:
	_put_aside()
	_check_only_looks_from_the_start_at_first()
	await _check_settings_shows_what_earns_the_rest()
	await _check_boards_won_earn_a_striker()
	_check_stars_and_days_earn_theirs()
	await _check_the_chosen_look_is_worn()
	_put_back()


## The player's progress, stars and chosen looks, kept aside so that the checks start from
## nothing earned.
func _put_aside() -> void:
	for path in [LookShelf.PROGRESS_FILE, TrickStars.STARS_FILE]:
		_kept[path] = FileAccess.get_file_as_string(path) if FileAccess.file_exists(path) else null
		DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	_kept["striker"] = _settings().get("striker_look")
	_kept["board"] = _settings().get("board_look")
	_settings().set("striker_look", "")
	_settings().set("board_look", "")


func _put_back() -> void:
	for path in [LookShelf.PROGRESS_FILE, TrickStars.STARS_FILE]:
		DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
		if _kept[path] != null:
			var file := FileAccess.open(path, FileAccess.WRITE)
			file.store_string(_kept[path])
	_settings().set("striker_look", _kept["striker"])
	_settings().set("board_look", _kept["board"])


func _settings() -> Node:
	return root.get_node("GameSettings")


func _ids(looks: Array[Look]) -> Array[String]:
	var ids: Array[String] = []
	for look in looks:
		ids.append(look.id)
	return ids


func _check_only_looks_from_the_start_at_first() -> void:
	var strikers := LookShelf.all(Look.Part.STRIKER)
	var boards := LookShelf.all(Look.Part.BOARD)
	var earned: Array[String] = []
	for look in strikers + boards:
		if LookShelf.is_earned(look):
			earned.append(look.id)
	_report.call(
		"with nothing earned, only the first striker and board can be chosen",
		(
			strikers.size() >= 4
			and boards.size() >= 3
			and earned == ["classic_striker", "birch_board"]
		),
		"strikers %s, boards %s, earned %s" % [_ids(strikers), _ids(boards), earned]
	)
	# A choice of one not earned (a settings file edited by hand, say) is not worn.
	_settings().set("striker_look", RUBY)
	var worn := LookShelf.chosen(Look.Part.STRIKER)
	_report.call(
		"a striker not earned is not worn even when chosen",
		worn != null and worn.id == "classic_striker",
		worn.id if worn else "none"
	)
	_settings().set("striker_look", "")


func _check_settings_shows_what_earns_the_rest() -> void:
	var screen: Node = load(SETTINGS).instantiate()
	root.add_child(screen)
	await tree.process_frame
	var strikers: OptionButton = screen.get_node("%StrikerLook")
	var looks := LookShelf.all(Look.Part.STRIKER)
	var ruby := looks.filter(func(look: Look) -> bool: return look.id == RUBY)
	var at := _ids(looks).find(RUBY)
	var ok := (
		strikers.item_count == looks.size()
		and at > 0
		and strikers.is_item_disabled(at)
		and not strikers.is_item_disabled(0)
		and strikers.get_item_text(at).contains(LookShelf.how_earned(ruby[0]))
		and strikers.selected == 0
	)
	_report.call(
		"Settings lists every striker, those not earned shut with what earns them",
		ok,
		"%d items, ruby '%s'" % [strikers.item_count, strikers.get_item_text(at) if at >= 0 else ""]
	)
	screen.queue_free()
	await tree.process_frame


## Seat 0 a person, seat 2 the computer: boards the person's side wins count, the computer's
## do not; the third earns the ruby striker.
func _check_boards_won_earn_a_striker() -> void:
	var game: Node2D = await _start_match.call({0: -1, 2: CarromAi.LEVEL_EASY}, 5)
	game.call("_count_board_won", 2)
	var after_computer: int = LookShelf.progress()[Look.Earned.BOARDS_WON]
	for i in 3:
		game.call("_count_board_won", 0)
	var won: int = LookShelf.progress()[Look.Earned.BOARDS_WON]
	var ruby := LookShelf.all(Look.Part.STRIKER).filter(
		func(look: Look) -> bool: return look.id == RUBY
	)
	_report.call(
		"boards a person wins earn the ruby striker, boards the computer wins do not",
		after_computer == 0 and won == 3 and not ruby.is_empty() and LookShelf.is_earned(ruby[0]),
		"after the computer's board %d, after three of the person's %d" % [after_computer, won]
	)
	game.queue_free()
	await tree.process_frame


func _check_stars_and_days_earn_theirs() -> void:
	var before := LookShelf.progress()
	var stars := ConfigFile.new()
	stars.set_value("stars", "straight_in", 3)
	stars.set_value("stars", "cut_to_the_corner", 3)
	stars.set_value("stars", "daily_20000", 1)
	stars.set_value("stars", "daily_20001", 2)
	stars.set_value("stars", "daily_20002", 1)
	stars.save(TrickStars.STARS_FILE)
	var earned := _ids(LookShelf.newly_earned(before))
	var counts := LookShelf.progress()
	_report.call(
		"trick-shot stars earn the jade striker and three days of the challenge the sun",
		(
			earned == ["jade_striker", "sun_striker"]
			and counts[Look.Earned.TRICK_STARS] == 10
			and counts[Look.Earned.DAILY_CHALLENGES] == 3
		),
		"earned %s, counts %s" % [earned, counts]
	)


## Ruby and (its boards given) teak chosen in Settings: a new match's board wears them.
func _check_the_chosen_look_is_worn() -> void:
	var kept := ConfigFile.new()
	kept.set_value("progress", "boards_won", 10)
	kept.save(LookShelf.PROGRESS_FILE)
	var screen: Node = load(SETTINGS).instantiate()
	root.add_child(screen)
	await tree.process_frame
	for pair in [["%StrikerLook", RUBY], ["%BoardLook", TEAK]]:
		var button: OptionButton = screen.get_node(pair[0])
		for i in button.item_count:
			if button.get_item_metadata(i) == pair[1]:
				button.select(i)
				button.item_selected.emit(i)
	screen.queue_free()
	var game: Node2D = await _start_match.call({0: -1, 2: CarromAi.LEVEL_EASY}, 5)
	var board: CarromBoard = game.get_node("BoardView/Board")
	var teak := LookShelf.chosen(Look.Part.BOARD)
	var striker_ring := Color()
	for child in board.get_children():
		# The piece nodes (PieceLook, not named here: it reaches the game's settings) say
		# their kind.
		var look := child as CanvasItem
		if look and child.get("kind") == CarromBoard.KIND_STRIKER and look.material:
			striker_ring = (look.material as ShaderMaterial).get_shader_parameter("ring_colour")
	var ruby_piece := (load(RUBY_SCENE) as PackedScene).instantiate() as CanvasItem
	var ruby_ring: Color = ruby_piece.material.get_shader_parameter("ring_colour")
	ruby_piece.free()
	_report.call(
		"the striker and board chosen in Settings are the ones a new match wears",
		(
			_settings().get("striker_look") == RUBY
			and board.striker_scene.resource_path == RUBY_SCENE
			and striker_ring == ruby_ring
			and teak.id == TEAK
			and board.surface_texture == teak.surface_texture
		),
		(
			"striker %s (ring %s), board %s"
			% [board.striker_scene.resource_path, striker_ring, teak.id]
		)
	)
	game.queue_free()
	await tree.process_frame
