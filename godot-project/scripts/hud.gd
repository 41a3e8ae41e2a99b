class_name Hud
extends CanvasLayer
## Scores, whose turn, the queen and dues; the striker slider and pause; banners for what
## happens; and the panels for pause, end of board and game over. In portrait the sides are a
## bar above the board and the slider a bar under it, within thumb reach; in landscape they are
## panels left and right of the board, the slider low on the right.

signal pause_pressed
signal slider_moved(value: float)

const TOP_HEIGHT := 150.0
const BOTTOM_HEIGHT := 120.0
const PAUSE_ICON := preload("res://icons/pause.svg")
## Width of each side panel in landscape.
const SIDE_WIDTH := 360.0
## Space kept round the board in landscape.
const LANDSCAPE_MARGIN := 24.0

var slider: HSlider
var _top: PanelContainer
var _bottom: BoxContainer
var _sides: BoxContainer
var _status: Label
var _banner: PanelContainer
var _banner_text: Label
var _banner_tween: Tween
var _panel: Control


func _ready() -> void:
	_top = PanelContainer.new()
	add_child(_top)
	var column := VBoxContainer.new()
	column.alignment = BoxContainer.ALIGNMENT_CENTER
	_top.add_child(column)
	_sides = BoxContainer.new()
	_sides.alignment = BoxContainer.ALIGNMENT_CENTER
	_sides.add_theme_constant_override("separation", 24)
	column.add_child(_sides)
	_status = Ui.label("")
	_status.add_theme_font_size_override("font_size", 24)
	column.add_child(_status)

	_bottom = BoxContainer.new()
	_bottom.add_theme_constant_override("separation", 16)
	add_child(_bottom)
	slider = HSlider.new()
	slider.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	slider.size_flags_vertical = Control.SIZE_SHRINK_CENTER
	slider.custom_minimum_size = Vector2(200, 64)
	slider.step = 0.5
	slider.value_changed.connect(func(v: float) -> void: slider_moved.emit(v))
	_bottom.add_child(slider)
	# An icon, big enough for a thumb; its name shows as a tooltip with a mouse.
	var pause := Button.new()
	pause.icon = PAUSE_ICON
	pause.tooltip_text = "HUD_PAUSE"
	pause.custom_minimum_size = Vector2(Ui.MIN_BUTTON_HEIGHT, Ui.MIN_BUTTON_HEIGHT)
	pause.icon_alignment = HORIZONTAL_ALIGNMENT_CENTER
	pause.expand_icon = true
	pause.pressed.connect(func() -> void: pause_pressed.emit())
	pause.size_flags_vertical = Control.SIZE_SHRINK_CENTER
	pause.size_flags_horizontal = Control.SIZE_SHRINK_END
	_bottom.add_child(pause)

	# Banners show under the top bar, off the playing surface, and fade before long.
	_banner = PanelContainer.new()
	_banner.theme_type_variation = &"Banner"
	_banner.mouse_filter = Control.MOUSE_FILTER_IGNORE
	_banner.modulate.a = 0.0
	_banner_text = Ui.label("")
	_banner_text.theme_type_variation = &"BannerLabel"
	_banner.add_child(_banner_text)
	add_child(_banner)
	get_viewport().size_changed.connect(_layout)
	_layout()


## Where the board may go in a view of `view` size, portrait or landscape.
static func board_room(view: Vector2) -> Rect2:
	if view.x > view.y:
		var room := (
			Vector2(view.x - 2.0 * SIDE_WIDTH, view.y) - Vector2.ONE * 2.0 * LANDSCAPE_MARGIN
		)
		return Rect2(Vector2(SIDE_WIDTH, 0.0) + Vector2.ONE * LANDSCAPE_MARGIN, room)
	return Rect2(0.0, TOP_HEIGHT, view.x, view.y - TOP_HEIGHT - BOTTOM_HEIGHT)


## Places the bars for the view's shape: bars above and under the board in portrait, panels
## beside it in landscape.
func _layout() -> void:
	var view := get_viewport().get_visible_rect().size
	var landscape := view.x > view.y
	_sides.vertical = landscape
	_bottom.vertical = landscape
	if landscape:
		_top.set_anchors_and_offsets_preset(Control.PRESET_LEFT_WIDE)
		_top.offset_right = SIDE_WIDTH
		_bottom.set_anchors_and_offsets_preset(Control.PRESET_RIGHT_WIDE)
		_bottom.offset_left = -SIDE_WIDTH + LANDSCAPE_MARGIN
		_bottom.offset_right = -LANDSCAPE_MARGIN
		_bottom.alignment = BoxContainer.ALIGNMENT_END
		_banner.set_anchors_and_offsets_preset(Control.PRESET_RIGHT_WIDE)
		_banner.offset_left = -SIDE_WIDTH
		_banner.offset_top = TOP_HEIGHT
		_banner.offset_bottom = TOP_HEIGHT
	else:
		_top.set_anchors_and_offsets_preset(Control.PRESET_TOP_WIDE)
		_top.offset_bottom = TOP_HEIGHT
		_bottom.set_anchors_and_offsets_preset(Control.PRESET_BOTTOM_WIDE)
		_bottom.offset_top = -BOTTOM_HEIGHT
		_bottom.alignment = BoxContainer.ALIGNMENT_BEGIN
		_banner.set_anchors_and_offsets_preset(Control.PRESET_TOP_WIDE)
		_banner.offset_top = TOP_HEIGHT - 44.0
		_banner.offset_bottom = _banner.offset_top


## Shows each side: its colour (or none), its players, its score, and what it has pocketed
## this board (`pocketed` coins, `queen`).
func show_sides(entries: Array) -> void:
	for child in _sides.get_children():
		child.queue_free()
	for entry: Dictionary in entries:
		var box := VBoxContainer.new()
		box.custom_minimum_size.x = 180
		var name_label := Ui.label(entry["name"])
		name_label.autowrap_mode = TextServer.AUTOWRAP_OFF
		name_label.text_overrun_behavior = TextServer.OVERRUN_TRIM_ELLIPSIS
		name_label.add_theme_font_size_override("font_size", 22)
		var score := Ui.label(str(entry["score"]), 40)
		if entry["playing"]:
			score.add_theme_color_override("font_color", Color(1.0, 0.85, 0.3))
		var colour := Panel.new()
		var style := StyleBoxFlat.new()
		style.bg_color = entry["colour"]
		style.border_color = Color(0.75, 0.7, 0.6)
		style.set_border_width_all(2)
		style.set_corner_radius_all(6)
		colour.add_theme_stylebox_override("panel", style)
		colour.custom_minimum_size = Vector2(36, 12)
		colour.size_flags_horizontal = Control.SIZE_SHRINK_CENTER
		var tray := PocketTray.new()
		tray.show_pieces(entry["pocketed"], entry["colour"], entry["queen"])
		box.add_child(name_label)
		box.add_child(colour)
		box.add_child(score)
		box.add_child(tray)
		_sides.add_child(box)


func show_status(text: String) -> void:
	_status.text = text


## A message under the top bar, off the board, that fades after a moment.
func banner(text: String, colour: Color = Color.WHITE) -> void:
	_banner_text.text = text
	_banner_text.self_modulate = colour
	if _banner_tween:
		_banner_tween.kill()
	_banner.modulate.a = 0.0
	_banner_tween = create_tween()
	_banner_tween.tween_property(_banner, "modulate:a", 1.0, 0.15)
	_banner_tween.tween_interval(1.3)
	_banner_tween.tween_property(_banner, "modulate:a", 0.0, 0.4)


## A panel over the board with a title, lines of text and buttons ([text, callable] pairs).
func show_panel(title: String, lines: Array, buttons: Array) -> void:
	close_panel()
	_panel = Control.new()
	var column := Ui.page(_panel)
	column.add_child(Ui.label(title, Ui.TITLE_SIZE))
	for line: String in lines:
		column.add_child(Ui.label(line, Ui.HEADING_SIZE))
	for pair: Array in buttons:
		column.add_child(Ui.button(pair[0], pair[1]))
	add_child(_panel)


func close_panel() -> void:
	if is_instance_valid(_panel):
		_panel.queue_free()
	_panel = null


func has_panel() -> bool:
	return is_instance_valid(_panel)
