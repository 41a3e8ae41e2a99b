class_name ReadableWidth
extends MarginContainer
## Keeps its content at most `max_width` pixels wide, centred: lines of text stay short enough
## to read on a wide landscape screen, and fill a phone's width in portrait.
##
## A page of controls may ask to be compact in landscape (`compact_landscape`): the landscape
## screen is 720 logical pixels high, its player holds a phone by its ends or uses a mouse,
## so each control laid out a thumb's height (THUMB) is LANDSCAPE_HEIGHT high there, and a
## title takes the theme's `TitleLabelLandscape`; upright, all are as laid out again. Controls
## added later (a list filled by a script) are fitted as they come.

## The height of a control laid out for a thumb.
const THUMB := 88.0
## That control's height in a compact page in landscape.
const LANDSCAPE_HEIGHT := 72.0
const THUMB_META := &"thumb_height"

@export var max_width := 1100.0
## The widest the content is in landscape (0: `max_width`): a form of one column reaches and
## reads better narrower than a page of text.
@export var landscape_width := 0.0
@export var compact_landscape := false


func _notification(what: int) -> void:
	if what == NOTIFICATION_RESIZED:
		var widest := max_width
		if landscape_width > 0.0 and TurningGrid.is_landscape(self):
			widest = landscape_width
		# The room the parent gives (a scroll's width), not this one's own width: content wider
		# than the room widens this container, and margins taken from that would widen it more.
		var room := size.x
		if get_parent() is Control:
			room = minf(room, (get_parent() as Control).size.x)
		var side := int(maxf(0.0, (room - widest) / 2.0))
		# Set only when it changes: each setting lays the page out again.
		if get_theme_constant("margin_left") != side or get_theme_constant("margin_right") != side:
			add_theme_constant_override("margin_left", side)
			add_theme_constant_override("margin_right", side)
	elif what == NOTIFICATION_ENTER_TREE and compact_landscape:
		get_tree().root.size_changed.connect(_fit_all, CONNECT_DEFERRED)
		get_tree().node_added.connect(_on_node_added)
		_fit_all()
	elif what == NOTIFICATION_EXIT_TREE and compact_landscape:
		get_tree().root.size_changed.disconnect(_fit_all)
		get_tree().node_added.disconnect(_on_node_added)


func _fit_all() -> void:
	var landscape := TurningGrid.is_landscape(self)
	for node in find_children("*", "Control", true, false):
		_fit(node as Control, landscape)
	# Sizes changed all over the page within one frame, and a container may have laid itself
	# out with a child's old height: once they have settled, every one measures and lays out
	# again.
	if not get_tree().process_frame.is_connected(_measure_again):
		get_tree().process_frame.connect(_measure_again, CONNECT_ONE_SHOT)


func _measure_again() -> void:
	var nodes := find_children("*", "Control", true, false)
	nodes.append(self)
	# The scroll around the page decides on its bar from what it last measured of the page.
	if get_parent() is Container:
		nodes.append(get_parent())
	for node in nodes:
		(node as Control).update_minimum_size()
		if node is Container:
			(node as Container).queue_sort()


func _on_node_added(node: Node) -> void:
	if node is Control and is_ancestor_of(node):
		_fit(node as Control, TurningGrid.is_landscape(self))


## A thumb's control (remembered as one the first time it is seen) at the orientation's
## height, a title at its size.
func _fit(control: Control, landscape: bool) -> void:
	if is_equal_approx(control.custom_minimum_size.y, THUMB):
		control.set_meta(THUMB_META, true)
	if control.has_meta(THUMB_META):
		control.custom_minimum_size.y = LANDSCAPE_HEIGHT if landscape else THUMB
	# Wrapping text does not say that its height changed when its width did (Godot 4.3: a label
	# measures again when resized, a button when drawn, and neither tells its container): asked
	# again then, a row follows its lines when the screen turns and its column narrows.
	var button := control as Button
	if button and button.autowrap_mode != TextServer.AUTOWRAP_OFF:
		_remeasure_on(button.draw, button)
	var label := control as Label
	if label and label.autowrap_mode != TextServer.AUTOWRAP_OFF:
		_remeasure_on(label.resized, label)
	if label and label.theme_type_variation in [&"TitleLabel", &"TitleLabelLandscape"]:
		label.theme_type_variation = &"TitleLabelLandscape" if landscape else &"TitleLabel"


static func _remeasure_on(event: Signal, control: Control) -> void:
	if not event.is_connected(control.update_minimum_size):
		event.connect(control.update_minimum_size)
