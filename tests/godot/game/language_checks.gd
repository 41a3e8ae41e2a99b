class_name LanguageChecks
extends GameChecks
## The game in each of its languages, checked headless for run_game_tests.gd: every screen, in
## portrait and landscape, shows its text whole and in glyphs its fonts have (as the text
## server shapes it, conjuncts and vowel signs too); Urdu mirrors the interface and not the
## board or the baseline slider; numbers are written in the language's own digits; a name in
## any of the game's scripts is taken for online play, a direction override is not.

const ONLINE_MENU := "res://scenes/online/online_menu.tscn"
## Characters laid out but never drawn: joiners, direction marks and isolates, word joiners.
const INVISIBLE := [[0x200B, 0x200F], [0x2028, 0x202E], [0x2060, 0x206F], [0xFEFF, 0xFEFF]]

## The scenes every language is looked at in.
var _scenes: Array


func _init(scene_tree: SceneTree, report: Callable, start_match: Callable, scenes: Array) -> void:
	super(scene_tree, report, start_match)
	_scenes = scenes


func run() -> void:
	await _check_right_to_left_mirrors_the_interface_only()
	await _check_numerals()
	await _check_names_in_every_script()
	await _check_banner_clear_of_the_board()
	for size in [Vector2i(720, 1280), Vector2i(1280, 720)]:
		for language: String in languages():
			await _check_language(language, size)


## The locale codes the game speaks, as Settings lists them.
func languages() -> Array:
	var script: Script = root.get_node("GameSettings").get_script()
	return (script.get_script_constant_map()["LANGUAGES"] as Dictionary).keys()


func _set_language(language: String) -> void:
	var settings: Node = root.get_node("GameSettings")
	settings.set("language", language)
	settings.call("apply")
	await tree.process_frame


## In Urdu the window lays out right to left: the bottom bar's Pause button moves to the left of
## the slider, the top bar reads from the right; the board stands where it stands in English and
## the baseline slider still runs left to right, as the striker does.
func _check_right_to_left_mirrors_the_interface_only() -> void:
	var seen := {}
	for language: String in ["en", "ur"]:
		await _set_language(language)
		var game: Node2D = await _start_match.call(HUMANS, 5)
		await tree.process_frame
		var slider: Control = game.get_node("Hud").find_child("Slider", true, false)
		var pause: Control = game.get_node("Hud").find_child("Pause", true, false)
		var status: Control = game.get_node("Hud").find_child("Status", true, false)
		seen[language] = {
			"window": root.is_layout_rtl(),
			"status": status.is_layout_rtl(),
			"pause_left": pause.global_position.x < slider.global_position.x,
			"slider": slider.is_layout_rtl(),
			# Across: a taller top bar may move the board down a pixel, never mirror it.
			"board": _across(game.get_node("BoardView/Board") as Node2D),
		}
		game.queue_free()
		await tree.process_frame
	await _set_language("en")
	var en: Dictionary = seen["en"]
	var ur: Dictionary = seen["ur"]
	_report.call(
		"in Urdu the interface mirrors, the board and the baseline slider do not",
		(
			ur["window"]
			and ur["status"]
			and ur["pause_left"]
			and not ur["slider"]
			and not en["window"]
			and not en["pause_left"]
			and ur["board"] == en["board"]
		),
		str(seen)
	)


## How `node` lies across the screen: which way its horizontal axis points and where its
## centre is across (a taller top bar may make the board smaller, never turn it).
static func _across(node: Node2D) -> Vector3:
	var placed := node.get_global_transform()
	var axis := placed.x.normalized()
	return Vector3(snappedf(axis.x, 0.001), snappedf(axis.y, 0.001), placed.origin.x)


## In every language, portrait and landscape, the banner saying whose turn it is stays clear
## of the board: in portrait it sits under the top bar, which a script like Nastaliq makes
## taller, and the board starts below it (keeping most of the screen's width); in landscape
## it sits in the side panel. On a tall phone (9:19.5) a long message (a forfeit, which wraps
## in several scripts) and any message of two lines stay clear too: the board, as wide as the
## screen, stands in the middle of the height left, with room to spare above it.
## The language is changed with the match under way, as from the pause menu's settings: the
## board makes room for the new script's line.
func _check_banner_clear_of_the_board() -> void:
	var covered: Array[String] = []
	# Each view, and whether long messages are held to it too (a 16:9 phone has no height to
	# spare for a second line in Urdu).
	var views := {Vector2i(720, 1280): false, Vector2i(1280, 720): true, Vector2i(720, 1560): true}
	for size: Vector2i in views:
		root.size = size
		var game: Node2D = await _start_match.call(HUMANS, 5)
		var hud: Node = game.get_node("Hud")
		for language: String in languages():
			await _set_language(language)
			var player := Words.say("NAME_PLAYER", 1)
			var to_play := Words.say("BANNER_TO_PLAY", player)
			var messages := [to_play]
			if views[size]:
				messages.append_array(
					[Words.say("BANNER_FORFEIT", player), to_play + "\n" + to_play]
				)
			for message: String in messages:
				hud.call("banner", message)
				for i in 3:
					await tree.process_frame
				var board := game.get_node("BoardView/Board") as Node2D
				var zoom := board.get_global_transform().x.length()
				var side: float = board.call("get_board_size") * zoom
				var drawn := Rect2(
					board.global_position - Vector2.ONE * side / 2.0, Vector2.ONE * side
				)
				var banner := (hud.get_node("%Banner") as Control).get_global_rect()
				if banner.intersects(drawn) or side < 0.85 * minf(size.x, size.y):
					covered.append(
						(
							"%s %dx%d %s: banner %s, board %s"
							% [language, size.x, size.y, message.c_escape(), banner, drawn]
						)
					)
		game.queue_free()
		await tree.process_frame
		await _set_language("en")
	root.size = Vector2i(720, 1280)
	_report.call(
		(
			"in every language the turn banner stays clear of the board, portrait and landscape,"
			+ " and a two-line message too on a tall phone"
		),
		covered.is_empty(),
		", ".join(covered.slice(0, 3))
	)


## Bengali and Nepali write numbers in their own digits, on screen too; Hindi, Urdu, Tamil and
## Sinhala in Western digits. A Latin name inside an Urdu sentence is isolated, so it keeps its
## letters' order and its place.
func _check_numerals() -> void:
	var wanted := {"bn": "১৮", "ne": "१८", "hi": "18", "ur": "18", "ta": "18", "si": "18"}
	var seen := {}
	var ok := true
	for language: String in wanted:
		await _set_language(language)
		var said := Words.say("STATUS_BOARD", [1, 8])
		var digits := ""
		for i in said.length():
			var c := said.unicode_at(i)
			if _is_digit(c):
				digits += said[i]
		seen[language] = said
		ok = ok and digits == wanted[language]
	await _set_language("bn")
	var game: Node2D = await _start_match.call(HUMANS, 5)
	await tree.process_frame
	var status: Label = game.get_node("Hud").find_child("Status", true, false)
	var on_screen := status.text
	game.queue_free()
	await _set_language("ur")
	var sentence := Words.say("BANNER_TO_PLAY", "Asha")
	await _set_language("en")
	var english := Words.say("BANNER_TO_PLAY", "Asha")
	ok = ok and "১" in on_screen and not "1" in on_screen
	ok = ok and "\u2068Asha\u2069" in sentence and english == "Asha to play"
	_report.call(
		"numbers in each language's digits, on screen too; a Latin name isolated in Urdu",
		ok,
		"%s | on screen in Bengali: %s | %s" % [seen, on_screen, sentence.c_escape()]
	)


## Whether `code` is a decimal digit of any script (0–9 and the Indic and Arabic digits).
static func _is_digit(code: int) -> bool:
	for start: int in [0x30, 0x660, 0x6F0, 0x966, 0x9E6, 0xBE6, 0xDE6]:
		if code >= start and code < start + 10:
			return true
	return false


## Play online takes a player's name in each script the game speaks and refuses one with a
## direction override (which would turn the text around it back to front) or a control.
func _check_names_in_every_script() -> void:
	var menu: Control = load(ONLINE_MENU).instantiate()
	root.add_child(menu)
	await tree.process_frame
	var kept: String = root.get_node("GameSettings").get("player_name")
	var names := ["Asha", "कृष्ण शर्मा", "عمران خان", "সাকিব", "கார்த்திக்", "ශ්‍රී", "김민준", "సాయి"]
	var refused := []
	for name: String in names:
		menu.get_node("%Name").text = name
		if not menu.call("_keep_choices"):
			refused.append(name)
	var taken := []
	for name: String in ["abc\u202Efed", "a\u2066b", "\u094Dक", "line\tname"]:
		menu.get_node("%Name").text = name
		if menu.call("_keep_choices"):
			taken.append(name.c_escape())
	root.get_node("GameSettings").set("player_name", kept)
	menu.queue_free()
	await tree.process_frame
	_report.call(
		"a name in any of the game's scripts is taken online, an override or a control is not",
		refused.is_empty() and taken.is_empty(),
		"refused %s, taken %s" % [refused, taken]
	)


## In `language` at window `size`: every screen shows its text whole, in glyphs the font has.
func _check_language(language: String, size: Vector2i) -> void:
	await _set_language(language)
	root.size = size
	var problems: Array[String] = []
	for path: String in _scenes:
		var node: Node = load(path).instantiate()
		root.add_child(node)
		for i in 3:
			await tree.process_frame
		_inspect(node, problems)
		node.queue_free()
		await tree.process_frame
	var name := "language %s at %dx%d" % [language, size.x, size.y]
	_report.call(name, problems.is_empty(), ", ".join(problems.slice(0, 4)))
	await _set_language("en")
	root.size = Vector2i(720, 1280)


## Checks each visible control with text under `node`.
func _inspect(node: Node, problems: Array[String]) -> void:
	for child in node.get_children():
		_inspect(child, problems)
	if not (node is Label or node is Button) or not (node as Control).is_visible_in_tree():
		return
	var control := node as Control
	# Text set in a scene is a translation key that the node translates as it draws.
	var text: String = control.atr(control.get("text"))
	if text.is_empty():
		return
	var font := control.get_theme_font("font")
	var missing := _missing_glyph(text, font, control.get_theme_font_size("font_size"))
	if not missing.is_empty():
		problems.append("%s lacks %s in '%s'" % [control.name, missing, text])
		return
	var view := control.get_viewport_rect().size
	var box := control.get_global_rect()
	var least := control.get_combined_minimum_size()
	if box.position.x < -1.0 or box.end.x > view.x + 1.0:
		problems.append("'%s' runs off the screen" % text)
	elif least.x > box.size.x + 1.0:
		problems.append("'%s' is wider than its box" % text)
	elif least.y > box.size.y + 1.0:
		problems.append("'%s' is taller than its box (%d > %d)" % [text, least.y, box.size.y])


## The first character of `text` drawn with no glyph (as a box), "" when every one has one: the
## text is shaped as a label shapes it, so a conjunct or a vowel sign the font cannot form is
## found as well as a letter it lacks.
static func _missing_glyph(text: String, font: Font, size: int) -> String:
	var line := TextLine.new()
	line.add_string(text, font, size)
	var server := TextServerManager.get_primary_interface()
	for glyph: Dictionary in server.shaped_text_get_glyphs(line.get_rid()):
		var at: int = glyph["start"]
		var code := text.unicode_at(at) if at >= 0 and at < text.length() else 0
		if code <= 32 or _invisible(code):
			continue
		if not (glyph["font_rid"] as RID).is_valid() or int(glyph["index"]) == 0:
			return "%s (U+%04X)" % [char(code), code]
	return ""


static func _invisible(code: int) -> bool:
	for span: Array in INVISIBLE:
		if code >= span[0] and code <= span[1]:
			return true
	return false
