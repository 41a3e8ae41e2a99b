class_name PhoneChecks
extends GameChecks
## How the game behaves as a phone app, checked headless for run_game_tests.gd: the back
## button (sent to the scene tree as Android sends it) leaves the screen on top, and only that
## one; in a match it opens the pause menu and closes it again; sent to the background, a match
## is saved where it stands and waits behind the pause menu; Settings show the game's version;
## a notch's safe area keeps the HUD, the board and every screen clear of it.

const MAIN_MENU := "res://scenes/main_menu/main_menu.tscn"
const SETTINGS := "res://scenes/settings/settings_screen.tscn"


func run() -> void:
	await _check_back_leaves_the_screen_on_top()
	await _check_back_in_a_match_pauses_and_resumes()
	await _check_background_saves_the_match()
	await _check_settings_show_the_version()
	await _check_safe_area()


## The phone's back button, as the operating system sends it to the whole tree.
func _press_back() -> void:
	root.propagate_notification(Node.NOTIFICATION_WM_GO_BACK_REQUEST)
	await tree.process_frame


## Rules open over the main menu: back closes the rules and leaves the menu.
func _check_back_leaves_the_screen_on_top() -> void:
	var menu: Control = load(MAIN_MENU).instantiate()
	root.add_child(menu)
	await tree.process_frame
	menu.call("_on_rules_pressed")
	await tree.process_frame
	var opened := menu.get_child_count()
	await _press_back()
	var closed := menu.get_child_count()
	var menu_stays := is_instance_valid(menu) and menu.is_inside_tree()
	menu.queue_free()
	await tree.process_frame
	_report.call(
		"the back button closes the screen on top and only that one",
		closed == opened - 1 and menu_stays,
		"children %d then %d, menu stays %s" % [opened, closed, menu_stays]
	)


## In a match, back opens the pause menu (the turns wait), and back again closes it.
func _check_back_in_a_match_pauses_and_resumes() -> void:
	var game: Node2D = await _start_match.call(HUMANS, 5)
	await _press_back()
	var paused: bool = tree.paused
	var hud: Node = game.get_node("Hud")
	var menu_open: bool = hud.call("has_panel")
	await _press_back()
	var resumed: bool = not tree.paused and not hud.call("has_panel")
	var still_playing := is_instance_valid(game) and game.is_inside_tree()
	game.queue_free()
	tree.paused = false
	await tree.process_frame
	_report.call(
		"the back button in a match opens the pause menu and closes it again",
		paused and menu_open and resumed and still_playing,
		"paused %s, menu %s, resumed %s, playing %s" % [paused, menu_open, resumed, still_playing]
	)


## Sent to the background (a call, the home button), a match is saved as it stands.
func _check_background_saves_the_match() -> void:
	var save_slot: Node = root.get_node("SaveSlot")
	save_slot.call("clear")
	var game: Node2D = await _start_match.call(HUMANS, 6)
	var rules: CarromRules = game.get("rules")
	var expected := rules.save_match()
	save_slot.call("clear")
	game.propagate_notification(Node.NOTIFICATION_APPLICATION_PAUSED)
	var saved: bool = save_slot.call("read")
	var same: bool = saved and save_slot.get("document") == expected
	await tree.process_frame
	var waits := tree.paused and not game.find_children("*", "PauseMenu", true, false).is_empty()
	tree.paused = false
	game.queue_free()
	save_slot.call("clear")
	await tree.process_frame
	_report.call(
		"a match sent to the background is saved where it stands and waits behind the pause menu",
		same and waits,
		"saved %s, the same match %s, paused %s" % [saved, same, waits]
	)


## Settings show the game's version, the one the export writes into every preset (the test
## command holds project.godot's to the workspace's), in the player's language.
func _check_settings_show_the_version() -> void:
	var settings: Node = root.get_node("GameSettings")
	var version := str(ProjectSettings.get_setting("application/config/version", ""))
	var shown := []
	for language: String in ["en", "hi"]:
		settings.set("language", language)
		settings.call("apply")
		var screen: Node = load(SETTINGS).instantiate()
		root.add_child(screen)
		await tree.process_frame
		shown.append((screen.get_node("%Version") as Label).text)
		screen.queue_free()
		await tree.process_frame
	settings.set("language", "en")
	settings.call("apply")
	_report.call(
		"Settings show the game's version",
		version.count(".") == 2 and shown == ["Version " + version, "संस्करण " + version],
		"%s, project version '%s'" % [shown, version]
	)


## A display that cuts away 90 px at the top, 70 at the bottom and 40 and 30 at the sides (as
## a phone with a notch and rounded corners reports it): the HUD's bars, the board and the
## menu stay inside what is left, in portrait and landscape, right to left too (the notch does
## not move with the language), and all come back when it goes.
func _check_safe_area() -> void:
	var fit: Node = root.get_node("ScreenFit")
	var margins := Vector4(40, 90, 30, 70)
	fit.call("force_safe_margins", margins)
	var seen := {}
	for size in [Vector2i(720, 1280), Vector2i(1280, 720)]:
		root.size = size
		await tree.process_frame
		var safe: Rect2 = fit.call("safe_rect", Vector2(size))
		var game: Node2D = await _start_match.call(HUMANS, 4)
		await tree.process_frame
		var hud: Node = game.get_node("Hud")
		var top: Control = hud.find_child("TopBar", true, false)
		var bottom: Control = hud.find_child("BottomBar", true, false)
		var room: Rect2 = hud.call("board_room")
		seen["%dx%d" % [size.x, size.y]] = [
			safe.encloses(top.get_global_rect()),
			safe.encloses(bottom.get_global_rect()),
			safe.encloses(room),
		]
		game.queue_free()
		await tree.process_frame
	root.size = Vector2i(720, 1280)
	var menu: Control = load(MAIN_MENU).instantiate()
	root.add_child(menu)
	await tree.process_frame
	await tree.process_frame
	var inset := menu.get_global_rect()
	# Right to left the notch is where it was: the menu keeps clear of the same edges.
	var settings: Node = root.get_node("GameSettings")
	settings.set("language", "ur")
	settings.call("apply")
	await tree.process_frame
	await tree.process_frame
	var urdu := menu.get_global_rect()
	settings.set("language", "en")
	settings.call("apply")
	await tree.process_frame
	await tree.process_frame
	var back := menu.get_global_rect()
	fit.call("force_safe_margins", null)
	await tree.process_frame
	var whole := menu.get_global_rect()
	menu.queue_free()
	await tree.process_frame
	var wanted := Rect2(40, 90, 720 - 70, 1280 - 160)
	var ok := inset.is_equal_approx(wanted) and whole.is_equal_approx(Rect2(0, 0, 720, 1280))
	ok = ok and urdu.is_equal_approx(wanted) and back.is_equal_approx(wanted)
	for inside: Array in seen.values():
		ok = ok and not false in inside
	_report.call(
		"the safe area of a notched display keeps the HUD, the board and the menus clear of it",
		ok,
		(
			"bars and board inside %s, menu %s, in Urdu %s, %s, then %s"
			% [seen, inset, urdu, back, whole]
		)
	)
