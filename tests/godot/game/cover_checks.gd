class_name CoverChecks
extends GameChecks
## Every screen the main menu opens covers what is under it: nothing outside the screen that
## Godot draws after it (a later canvas layer, a higher z index, or later in the tree at the
## same z) lies over the text of its labels and buttons, upright and in landscape, in every
## language. The menu's own board and pieces are what would: their pieces draw at a z index
## above plain controls. Checked headless for run_game_tests.gd.

const MENU := "res://scenes/main_menu/main_menu.tscn"
## The menu's buttons, by the handler each runs, and the screen each opens.
const OPENS := {
	"_on_play_pressed": "NewMatch",
	"_on_online_pressed": "OnlineMenu",
	"_on_trick_shots_pressed": "TrickList",
	"_on_replays_pressed": "ReplayList",
	"_on_rules_pressed": "RulesScreen",
	"_on_settings_pressed": "SettingsScreen",
}


func run() -> void:
	await _in_every_language(OPENS.keys(), _drawn_over, _named)


func _named(handler: String, size: Vector2i) -> String:
	return (
		"%s opened from the menu is drawn over nothing at %dx%d in every language"
		% [OPENS[handler], size.x, size.y]
	)


## What is drawn over the text of the screen the menu's `handler` opens.
func _drawn_over(handler: String, _size: Vector2i) -> PackedStringArray:
	var name: String = OPENS[handler]
	var menu: Control = load(MENU).instantiate()
	root.add_child(menu)
	await tree.process_frame
	menu.call(handler)
	for i in 5:
		await tree.process_frame
	var screen: Control = menu.find_child(name, true, false)
	var seen: PackedStringArray = []
	if screen == null:
		seen.append("%s did not open" % name)
	else:
		var texts := _texts(screen)
		for item: CanvasItem in root.find_children("*", "CanvasItem", true, false):
			if not item.is_visible_in_tree() or screen.is_ancestor_of(item) or item == screen:
				continue
			if not _drawn_after(item, screen):
				continue
			var area := _area(item)
			for text: Control in texts:
				if area.has_area() and area.intersects(text.get_global_rect()):
					seen.append("%s over %s" % [item.name, text.name])
					break
	menu.queue_free()
	await tree.process_frame
	return seen


## The visible labels and buttons of `screen` that show text.
func _texts(screen: Control) -> Array[Control]:
	var found: Array[Control] = []
	for node in screen.find_children("*", "Control", true, false):
		var shows := (node is Label or node is Button) and not str(node.get("text")).is_empty()
		if shows and (node as Control).is_visible_in_tree():
			found.append(node)
	return found


## Whether Godot draws `item` after (over) `screen`: a later canvas layer, else a higher
## z index, else later in the tree.
func _drawn_after(item: CanvasItem, screen: CanvasItem) -> bool:
	var a := [_layer(item), _z(item)]
	var b := [_layer(screen), _z(screen)]
	if a != b:
		return a[0] > b[0] or (a[0] == b[0] and a[1] > b[1])
	return item.is_greater_than(screen)


## The canvas layer `item` is drawn on (0 for the window's own).
func _layer(item: Node) -> int:
	var node := item.get_parent()
	while node != null:
		if node is CanvasLayer:
			return (node as CanvasLayer).layer
		node = node.get_parent()
	return 0


## `item`'s z index as drawn: its own, added to its parent's while it is relative.
func _z(item: CanvasItem) -> int:
	var z := 0
	var node: Node = item
	while node is CanvasItem:
		var canvas := node as CanvasItem
		z += canvas.z_index
		if not canvas.z_as_relative:
			break
		node = node.get_parent()
	return z


## Where `item` draws on the screen: a control's rectangle, a piece's disc.
func _area(item: CanvasItem) -> Rect2:
	if item is Control:
		return (item as Control).get_global_rect()
	var radius: Variant = item.get("radius")
	if item is Node2D and radius is float:
		var node := item as Node2D
		var r: float = radius * node.get_global_transform().get_scale().x
		return Rect2(node.global_position - Vector2(r, r), Vector2(r, r) * 2.0)
	return Rect2()
