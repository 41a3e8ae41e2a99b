class_name Ui
extends RefCounted
## Small builders for the menus, so that every screen looks alike and reads well on a phone.

const TITLE_SIZE := 56
const HEADING_SIZE := 36
const MIN_BUTTON_HEIGHT := 72.0


static func label(text: String, size: int = 0) -> Label:
	var l := Label.new()
	l.text = text
	l.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	l.horizontal_alignment = HORIZONTAL_ALIGNMENT_CENTER
	if size > 0:
		l.add_theme_font_size_override("font_size", size)
	return l


static func button(text: String, pressed: Callable) -> Button:
	var b := Button.new()
	b.text = text
	b.custom_minimum_size.y = MIN_BUTTON_HEIGHT
	b.pressed.connect(pressed)
	return b


## A full-screen page: a dark backdrop, margins, and a scrolling column to fill.
static func page(owner: Control) -> VBoxContainer:
	owner.set_anchors_preset(Control.PRESET_FULL_RECT)
	var backdrop := ColorRect.new()
	backdrop.color = Color(0.11, 0.09, 0.08, 0.97)
	backdrop.set_anchors_preset(Control.PRESET_FULL_RECT)
	owner.add_child(backdrop)
	var margin := MarginContainer.new()
	margin.set_anchors_preset(Control.PRESET_FULL_RECT)
	for side in ["left", "right", "top", "bottom"]:
		margin.add_theme_constant_override("margin_" + side, 32)
	owner.add_child(margin)
	var scroll := ScrollContainer.new()
	scroll.horizontal_scroll_mode = ScrollContainer.SCROLL_MODE_DISABLED
	margin.add_child(scroll)
	var column := VBoxContainer.new()
	column.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	column.add_theme_constant_override("separation", 18)
	scroll.add_child(column)
	return column
