class_name LookShelf
extends RefCounted
## The strikers and boards of `res://looks/`, which of them the player has earned, the one
## chosen of each, and the board dressed in them. What earns a look is counted on this device:
## boards won (`count_board_won`, in `user://progress.cfg`), trick-shot stars and days of the
## daily challenge (`TrickStars`).

const DIR := "res://looks"
const PROGRESS_FILE := "user://progress.cfg"


## Every look of `part` (`Look.Part`), those earned from the start first, then by what earns
## them and how much; a file that is not a look is left out. An exported game lists its
## resources under their own names with ".remap" added.
static func all(part: Look.Part) -> Array[Look]:
	var looks: Array[Look] = []
	if not DirAccess.dir_exists_absolute(DIR):
		return looks
	for file_name in DirAccess.get_files_at(DIR):
		var path := DIR.path_join(file_name.trim_suffix(".remap"))
		if not path.ends_with(".tres"):
			continue
		var look := load(path) as Look
		if look != null and look.part == part and not look.id.is_empty():
			looks.append(look)
	looks.sort_custom(
		func(a: Look, b: Look) -> bool:
			return [a.earned_by, a.needed, a.id] < [b.earned_by, b.needed, b.id]
	)
	return looks


## How far the player has come towards each `Look.Earned`.
static func progress() -> Dictionary:
	var kept := ConfigFile.new()
	kept.load(PROGRESS_FILE)
	var tricks := TrickStars.totals()
	return {
		Look.Earned.FROM_THE_START: 0,
		Look.Earned.BOARDS_WON: maxi(int(kept.get_value("progress", "boards_won", 0)), 0),
		Look.Earned.TRICK_STARS: tricks["stars"],
		Look.Earned.DAILY_CHALLENGES: tricks["days"],
	}


## Whether the player has earned `look`, by `progress()` (given, or read now).
static func is_earned(look: Look, so_far: Dictionary = {}) -> bool:
	var counts := so_far if not so_far.is_empty() else progress()
	return look.earned_by == Look.Earned.FROM_THE_START or counts[look.earned_by] >= look.needed


## The look of `part` the player chose, if it is there and earned; else the first one earned.
static func chosen(part: Look.Part) -> Look:
	# The settings node, not named: this script compiles where the game's globals are not
	# loaded (a test runner's own script).
	var settings := (Engine.get_main_loop() as SceneTree).root.get_node_or_null("GameSettings")
	var id := ""
	if settings != null:
		id = str(settings.get("striker_look" if part == Look.Part.STRIKER else "board_look"))
	var counts := progress()
	var first: Look = null
	for look in all(part):
		if not is_earned(look, counts):
			continue
		if look.id == id:
			return look
		if first == null:
			first = look
	return first


## Dresses `board` in the chosen striker and board (nothing changes where none is found).
static func dress(board: CarromBoard) -> void:
	var striker := chosen(Look.Part.STRIKER)
	if striker != null and striker.striker_scene != null:
		board.striker_scene = striker.striker_scene
	var finish := chosen(Look.Part.BOARD)
	if finish != null:
		if finish.frame_texture != null:
			board.frame_texture = finish.frame_texture
		if finish.surface_texture != null:
			board.surface_texture = finish.surface_texture


## A small picture of `look` for a list: the striker's face, ring and rim as a disc, or the
## board's frame round its playing surface, in their own colours.
static func swatch(look: Look, size := 40) -> Texture2D:
	var image := Image.create(size, size, false, Image.FORMAT_RGBA8)
	var half := size / 2.0
	if look.part == Look.Part.STRIKER:
		var colours := _striker_colours(look)
		for y in size:
			for x in size:
				var d := Vector2(x + 0.5 - half, y + 0.5 - half).length() / half
				if d <= 1.0:
					image.set_pixel(
						x, y, colours[0] if d < 0.55 else colours[1] if d < 0.8 else colours[2]
					)
	else:
		var frame := _wood_colour(look.frame_texture)
		var surface := _wood_colour(look.surface_texture)
		var border := maxi(size / 6, 1)
		image.fill(frame)
		image.fill_rect(Rect2i(border, border, size - 2 * border, size - 2 * border), surface)
	return ImageTexture.create_from_image(image)


## A striker look's face, ring and rim colours, as its scene's material has them.
static func _striker_colours(look: Look) -> Array[Color]:
	var colours: Array[Color] = [Color.WHITE, Color.GRAY, Color.DIM_GRAY]
	var piece := look.striker_scene.instantiate() if look.striker_scene else null
	var material := (
		(piece as CanvasItem).material as ShaderMaterial if piece is CanvasItem else null
	)
	if material:
		for i in 3:
			var value: Variant = material.get_shader_parameter(
				["face_colour", "ring_colour", "rim_colour"][i]
			)
			if value is Color:
				colours[i] = value
	if piece:
		piece.free()
	return colours


## The middle of a wood texture's colours (a noise texture's ramp), or grey.
static func _wood_colour(texture: Texture2D) -> Color:
	var noise := texture as NoiseTexture2D
	if noise and noise.color_ramp:
		return noise.color_ramp.sample(0.5)
	return Color.GRAY


## One more board won by a person on this device. The looks it earns, newly, if any.
static func count_board_won() -> Array[Look]:
	var before := progress()
	var kept := ConfigFile.new()
	kept.load(PROGRESS_FILE)
	kept.set_value("progress", "boards_won", before[Look.Earned.BOARDS_WON] + 1)
	kept.save(PROGRESS_FILE)
	return newly_earned(before)


## The looks earned now that were not by `before` (a `progress()` from earlier).
static func newly_earned(before: Dictionary) -> Array[Look]:
	var now := progress()
	var earned: Array[Look] = []
	for part: Look.Part in [Look.Part.STRIKER, Look.Part.BOARD]:
		for look in all(part):
			if is_earned(look, now) and not is_earned(look, before):
				earned.append(look)
	return earned


## That the player has earned `look`, in words.
static func earned_text(look: Look) -> String:
	return Words.say("LOOK_EARNED", TranslationServer.translate(look.name_key))


## What earns `look`, in words (a look earned from the start needs none: "").
static func how_earned(look: Look) -> String:
	match look.earned_by:
		Look.Earned.BOARDS_WON:
			return Words.say("LOOK_EARNED_BY_BOARDS", look.needed)
		Look.Earned.TRICK_STARS:
			return Words.say("LOOK_EARNED_BY_STARS", look.needed)
		Look.Earned.DAILY_CHALLENGES:
			return Words.say("LOOK_EARNED_BY_DAILY", look.needed)
	return ""
