extends Node
## Keeps the game's logical screen the same size whichever way the device is held: 720 wide in
## portrait, 720 high in landscape. The project's base size is portrait (720×1280); stretched
## as it is into a landscape window, every text and button would shrink to 56 %. Turning the
## base with the window keeps a button a thumb's size and a line of text readable both ways.
##
## It also keeps every screen clear of what a phone's display cuts away (a notch, a camera
## hole, rounded corners): each control laid straight on the window or on a canvas layer (a
## screen, the HUD's bars, a panel) has its sides that hold to an edge of the screen moved in
## by that edge's margin of the display's safe area.

## The safe area's margins changed (the device turned, or a test set them).
signal safe_area_changed

## The short side of the logical screen, in logical pixels.
const SHORT_SIDE := 720
## The long side of the logical screen at the project's own shape.
const LONG_SIDE := 1280
const INSET_META := &"safe_inset"
const INSET_GROUP := &"safe_inset"

## What the display cuts away at each edge, in logical pixels: x left, y top, z right,
## w bottom. Zero on a desktop, where a window has no notch.
var safe_margins := Vector4.ZERO
## Margins a test (or a preview) sets instead of the display's.
var _forced: Variant = null


func _ready() -> void:
	get_tree().root.size_changed.connect(_fit)
	get_tree().node_added.connect(_on_node_added)
	_fit()


func _fit() -> void:
	var window := get_tree().root
	var landscape := window.size.x > window.size.y
	var base := Vector2i(LONG_SIDE, SHORT_SIDE) if landscape else Vector2i(SHORT_SIDE, LONG_SIDE)
	if window.content_scale_size != base:
		window.content_scale_size = base
	_update_safe_area()


## Sets the margins as a display with a notch would report them (a test's stand-in for a
## phone); `null` goes back to the display's own.
func force_safe_margins(margins: Variant) -> void:
	_forced = margins
	_update_safe_area()


func _update_safe_area() -> void:
	var margins: Vector4 = _forced if _forced != null else _measured()
	if margins == safe_margins:
		return
	safe_margins = margins
	_inset_all()
	safe_area_changed.emit()


## The display's safe area as margins of this window, in logical pixels. Only a phone's or a
## tablet's display cuts anything away; a desktop reports its usable area, which is no notch.
func _measured() -> Vector4:
	if not OS.has_feature("mobile"):
		return Vector4.ZERO
	var safe := Rect2(DisplayServer.get_display_safe_area())
	var window := Rect2(DisplayServer.window_get_position(), DisplayServer.window_get_size())
	var scale := get_tree().root.get_final_transform().get_scale()
	if scale.x <= 0.0 or scale.y <= 0.0:
		return Vector4.ZERO
	return Vector4(
		maxf(0.0, safe.position.x - window.position.x) / scale.x,
		maxf(0.0, safe.position.y - window.position.y) / scale.y,
		maxf(0.0, window.end.x - safe.end.x) / scale.x,
		maxf(0.0, window.end.y - safe.end.y) / scale.y
	)


## `view` (the whole logical screen) less the safe area's margins.
func safe_rect(view: Vector2) -> Rect2:
	var m := safe_margins
	return Rect2(m.x, m.y, maxf(1.0, view.x - m.x - m.z), maxf(1.0, view.y - m.y - m.w))


## Moves each side of `control` that holds to an edge of the screen (anchor 0 or 1) in by
## that edge's margin. Idempotent: it remembers what it moved. `laid_out` says the caller has
## just set the control's offsets afresh (a layout that places it every time). Right to left,
## Godot lays a control's offsets out mirrored, so the margins of the screen's left and right
## (where the notch physically is) are swapped first.
func inset(control: Control, laid_out := false) -> void:
	var had: Vector4 = Vector4.ZERO if laid_out else control.get_meta(INSET_META, Vector4.ZERO)
	var wanted := safe_margins
	if control.is_layout_rtl():
		wanted = Vector4(safe_margins.z, safe_margins.y, safe_margins.x, safe_margins.w)
	var change := wanted - had
	control.offset_left += _towards(control.anchor_left, change.x, change.z)
	control.offset_right += _towards(control.anchor_right, change.x, change.z)
	control.offset_top += _towards(control.anchor_top, change.y, change.w)
	control.offset_bottom += _towards(control.anchor_bottom, change.y, change.w)
	control.set_meta(INSET_META, wanted)
	if not control.is_in_group(INSET_GROUP):
		control.add_to_group(INSET_GROUP)


## How far a side anchored at `anchor` moves: in from the start edge, or back from the end.
static func _towards(anchor: float, start: float, end: float) -> float:
	if is_zero_approx(anchor):
		return start
	if is_equal_approx(anchor, 1.0):
		return -end
	return 0.0


## A new language may read the other way: every control is inset again for its direction
## (once the window has taken the language's direction).
func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		_inset_all.call_deferred()


func _inset_all() -> void:
	for control: Control in get_tree().get_nodes_in_group(INSET_GROUP):
		inset(control)


## A screen, or a bar or panel on a canvas layer, is kept inside the safe area once its own
## script has placed it.
func _on_node_added(node: Node) -> void:
	var parent := node.get_parent()
	if node is Control and (parent == get_tree().root or parent is CanvasLayer):
		_inset_placed.call_deferred(node)


func _inset_placed(control: Control) -> void:
	if is_instance_valid(control) and control.is_inside_tree():
		inset(control)
