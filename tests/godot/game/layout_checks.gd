class_name LayoutChecks
extends GameChecks
## Every screen but the rules (a document) fits the screen without scrolling, upright (720×1280)
## and in landscape (1280×720, a desktop window or a phone held sideways): no scroll bar shows
## and every button lies wholly on the screen; and no button is wider than a hand or a mouse
## wants in landscape. Checked headless for run_game_tests.gd.

const SCREENS := [
	"res://scenes/main_menu/main_menu.tscn",
	"res://scenes/new_match/new_match.tscn",
	"res://scenes/settings/settings_screen.tscn",
	"res://scenes/pause_menu/pause_menu.tscn",
	"res://scenes/trick_shots/trick_list.tscn",
	"res://scenes/online/online_menu.tscn",
	"res://scenes/online/ratings_screen.tscn",
]
## The widest a button may be in landscape, in logical pixels: a wide form's two columns, not
## the whole screen.
const WIDEST_IN_LANDSCAPE := 760.0


func run() -> void:
	for size in [Vector2i(720, 1280), Vector2i(1280, 720)]:
		root.size = size
		await tree.process_frame
		for path: String in SCREENS:
			await _check_fits(path, size)
	root.size = Vector2i(720, 1280)
	await tree.process_frame


func _check_fits(path: String, size: Vector2i) -> void:
	var screen: Node = load(path).instantiate()
	root.add_child(screen)
	for i in 3:
		await tree.process_frame
	var view := Rect2(Vector2.ZERO, root.get_visible_rect().size)
	var problems: PackedStringArray = []
	for scroll: ScrollContainer in screen.find_children("*", "ScrollContainer", true, false):
		if scroll.is_visible_in_tree() and scroll.get_v_scroll_bar().visible:
			problems.append("%s scrolls" % scroll.name)
	for button: Button in screen.find_children("*", "Button", true, false):
		if not button.is_visible_in_tree():
			continue
		var rect := button.get_global_rect()
		if not view.grow(0.5).encloses(rect):
			problems.append("%s off the screen at %s" % [button.name, rect])
		if size.x > size.y and rect.size.x > WIDEST_IN_LANDSCAPE:
			problems.append("%s %d wide" % [button.name, rect.size.x])
	screen.queue_free()
	await tree.process_frame
	_report.call(
		"%s fits %dx%d without scrolling" % [path.get_file().get_basename(), size.x, size.y],
		problems.is_empty(),
		", ".join(problems)
	)
