class_name LayoutChecks
extends GameChecks
## Every screen but the rules (a document) fits the screen without scrolling, upright (720×1280)
## and in landscape (1280×720, a desktop window or a phone held sideways), in every language of
## the game (Urdu's lines are tall, Tamil's words long): no scroll bar shows and every button
## lies wholly on the screen; and no button is wider than a hand or a mouse wants in
## landscape. Checked headless for run_game_tests.gd.

const SCREENS := [
	"res://scenes/main_menu/main_menu.tscn",
	"res://scenes/new_match/new_match.tscn",
	"res://scenes/settings/settings_screen.tscn",
	"res://scenes/pause_menu/pause_menu.tscn",
	"res://scenes/trick_shots/trick_list.tscn",
	"res://scenes/online/online_menu.tscn",
	"res://scenes/online/ratings_screen.tscn",
	"res://scenes/online/friends_screen.tscn",
	"res://scenes/online/profile_screen.tscn",
]
## The widest a button may be in landscape, in logical pixels: a wide form's two columns, not
## the whole screen.
const WIDEST_IN_LANDSCAPE := 760.0


func run() -> void:
	await _in_every_language(SCREENS, _problems, _named)


func _named(path: String, size: Vector2i) -> String:
	return (
		"%s fits %dx%d without scrolling in every language"
		% [path.get_file().get_basename(), size.x, size.y]
	)


## What keeps the screen at `path` from fitting a window of `size` in the language set now.
func _problems(path: String, size: Vector2i) -> PackedStringArray:
	var screen: Node = load(path).instantiate()
	root.add_child(screen)
	# A page may hide what it can do without, a frame at a time (GiveWay).
	for i in 10:
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
	return problems
