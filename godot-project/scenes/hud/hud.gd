class_name Hud
extends CanvasLayer
## Scores, whose turn, the queen and dues; the striker slider and pause; banners for what
## happens; and the panel open over the board (pause, end of board, game over). Laid out in
## hud.tscn. In portrait the sides are a bar above the board and the slider a bar under it,
## within thumb reach; in landscape they are panels left and right of the board.

signal pause_pressed
## The player asked the coach (again: the next hint).
signal hint_pressed
## The player opened quick chat (the button's rect, to open the phrases by it).
signal chat_pressed(at: Rect2)
signal slider_moved(value: float)
## The room left for the board changed (the view turned, or the top bar grew).
signal room_changed

## How long a quick-chat phrase shows over its side, seconds.
const SAID_SECONDS := 3.5

## Least height of the top bar in portrait (it grows to fit its text).
const TOP_HEIGHT := 150.0
## Height of the bottom bar in portrait.
const BOTTOM_HEIGHT := 120.0
## Width of each side panel in landscape.
const SIDE_WIDTH := 300.0
## Space kept round the board in landscape.
const LANDSCAPE_MARGIN := 24.0

## The scene shown for each side.
@export var side_badge: PackedScene

var _panel: Control
var _laying_out := false
## The rules shown last, to show again in a new language, and the note shown with them.
var _rules: CarromRules
var _note := ""

@onready var slider: HSlider = %Slider
@onready var hint_button: Button = %Hint
@onready var chat_button: Button = %Chat
@onready var _top: PanelContainer = %TopBar
@onready var _bottom: BoxContainer = %BottomBar
@onready var _sides: BoxContainer = %Sides
@onready var _status: Label = %Status
@onready var _banner: Banner = %Banner


func _notification(what: int) -> void:
	if what != NOTIFICATION_TRANSLATION_CHANGED:
		return
	if is_instance_valid(_rules):
		refresh(_rules, _note)
	# A line of banner in another script may stand taller or shorter: the board's room with
	# it, once the language's line spacing is set too (the settings set it after the locale).
	if is_node_ready():
		_layout.call_deferred()


func _ready() -> void:
	get_viewport().size_changed.connect(_layout)
	ScreenFit.safe_area_changed.connect(_layout)
	_top.resized.connect(_on_top_resized)
	_layout()


## Where the board may go, between the bars and under a line of banner (portrait) or between
## the side panels (landscape), inside the display's safe area.
func board_room() -> Rect2:
	var view := get_viewport().get_visible_rect().size
	var safe := ScreenFit.safe_rect(view)
	if view.x > view.y:
		var room := (
			Vector2(safe.size.x - 2.0 * SIDE_WIDTH, safe.size.y)
			- Vector2.ONE * 2.0 * LANDSCAPE_MARGIN
		)
		return Rect2(
			safe.position + Vector2(SIDE_WIDTH, 0.0) + Vector2.ONE * LANDSCAPE_MARGIN, room
		)
	# The banner shows under the top bar: the board starts below a line of it, so a message
	# never hides the far pockets, however tall the language's script makes the bars.
	var top := _top_height() + _banner.line_height()
	return Rect2(
		safe.position.x, safe.position.y + top, safe.size.x, safe.size.y - top - BOTTOM_HEIGHT
	)


## The top bar's height in portrait: as set, or more when its text needs it (the bar grows
## by itself, and says so with `resized`).
func _top_height() -> float:
	return maxf(TOP_HEIGHT, _top.size.y)


## The top bar grew or shrank with its text (a longer name, another language).
func _on_top_resized() -> void:
	if not _laying_out:
		_layout()


## Places the bars for the view's shape: bars above and under the board in portrait, panels
## beside it in landscape.
func _layout() -> void:
	_laying_out = true
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
		# At the top of the right panel, growing down as its text needs.
		_banner.set_anchors_preset(Control.PRESET_TOP_RIGHT)
		_banner.offset_left = -SIDE_WIDTH
		_banner.offset_right = 0.0
		_banner.offset_top = LANDSCAPE_MARGIN
		_banner.offset_bottom = LANDSCAPE_MARGIN
		_banner.grow_vertical = Control.GROW_DIRECTION_END
	else:
		_top.set_anchors_and_offsets_preset(Control.PRESET_TOP_WIDE)
		_top.offset_bottom = TOP_HEIGHT
		_bottom.set_anchors_and_offsets_preset(Control.PRESET_BOTTOM_WIDE)
		_bottom.offset_top = -BOTTOM_HEIGHT
		_bottom.alignment = BoxContainer.ALIGNMENT_BEGIN
		_banner.set_anchors_and_offsets_preset(Control.PRESET_TOP_WIDE)
		_banner.offset_top = _top_height()
		_banner.offset_bottom = _banner.offset_top
		_banner.grow_vertical = Control.GROW_DIRECTION_END
	for placed: Control in [_top, _bottom, _banner]:
		ScreenFit.inset(placed, true)
	_laying_out = false
	room_changed.emit()


## Shows the match as `rules` has it: each side's badge, then the board, whose turn, the queen
## and dues on the status line, and `note` after them (a replay's shot number, say).
func refresh(rules: CarromRules, note := "") -> void:
	_rules = rules
	_note = note
	var scores := rules.get_scores()
	while _sides.get_child_count() > scores.size():
		var extra := _sides.get_child(_sides.get_child_count() - 1)
		_sides.remove_child(extra)
		extra.queue_free()
	while _sides.get_child_count() < scores.size():
		_sides.add_child(side_badge.instantiate())
	var to_play := rules.get_seat_to_play()
	for side in scores.size():
		var seats := rules.get_seats_of_side(side)
		var colour := rules.get_colour_of_seat(seats[0]) if not seats.is_empty() else -1
		var badge: SideBadge = _sides.get_child(side)
		badge.show_side(
			SeatNames.side_name(rules, side),
			scores[side],
			colour,
			to_play in seats,
			rules.get_held_coins(side),
			rules.get_queen_state() == CarromRules.QUEEN_COVERED and rules.get_queen_side() == side
		)
	var parts := _status_parts(rules, to_play)
	if not note.is_empty():
		parts.append(note)
	_status.text = "  ·  ".join(parts)


func _status_parts(rules: CarromRules, to_play: int) -> Array[String]:
	# The match's own number of boards: `max_boards` may be 0, "the ruleset's".
	var ruleset := rules.get_match_ruleset()
	var boards := ruleset.max_boards if ruleset else rules.max_boards
	var parts: Array[String] = []
	# A match of games (RULES.md IC5): which game, and the games won so far.
	if rules.get_games_in_match() > 1:
		parts.append(
			Words.say("STATUS_GAME", [rules.get_game_number(), rules.get_games_in_match()])
		)
		parts.append(Announcer.games_line(rules.get_games_won()))
	parts.append(Words.say("STATUS_BOARD", [rules.get_board_number(), boards]))
	if to_play >= 0:
		parts.append(Words.say("BANNER_TO_PLAY", SeatNames.player_name(rules, to_play)))
	var queen := SeatNames.queen_text(rules)
	if not queen.is_empty():
		parts.append(queen)
	var dues := rules.get_dues()
	for side in dues.size():
		if dues[side] > 0:
			parts.append(Words.say("STATUS_OWES", [SeatNames.side_name(rules, side), dues[side]]))
	var open := Online.open_seats()
	if open > 0:
		parts.append(Words.say("STATUS_OPEN_SEATS", open))
	var waiting := Online.waiting()
	if waiting["seconds"] > 0:
		parts.append(Words.say("STATUS_WAITING", [waiting["names"], waiting["seconds"]]))
	if Online.role == Online.Role.HOST:
		# What friends need to join: the address and port, or the code for both.
		var address := RoomCode.local_address()
		var code := CarromLobby.host_code(address, Online.port)
		parts.append(Words.say("STATUS_HOSTING", ["%s:%d" % [address, Online.port], code]))
	return parts


## A message under the top bar, off the board, that fades after a moment (`hold` seconds
## fully shown; the banner's own time when negative).
func banner(text: String, tone: Banner.Tone = Banner.Tone.NEWS, hold := -1.0) -> void:
	_banner.show_message(text, tone, hold)


## Opens `panel` over the board, closing the one open before.
func open_panel(panel: Control) -> void:
	close_panel()
	_panel = panel
	add_child(panel)


func close_panel() -> void:
	if is_instance_valid(_panel):
		_panel.queue_free()
	_panel = null


func has_panel() -> bool:
	return is_instance_valid(_panel) and not _panel.is_queued_for_deletion()


func _on_slider_value_changed(value: float) -> void:
	slider_moved.emit(value)


func _on_pause_pressed() -> void:
	pause_pressed.emit()


## Offers the hint button (`busy`: the coach is thinking, so it waits).
func offer_hint(offered: bool, busy := false) -> void:
	hint_button.visible = offered
	hint_button.disabled = busy


func _on_hint_pressed() -> void:
	hint_pressed.emit()


## Offers quick chat (a match on the match server, played here).
func offer_chat(offered: bool) -> void:
	chat_button.visible = offered


func _on_chat_pressed() -> void:
	chat_pressed.emit(chat_button.get_global_rect())


## Shows `text` (a quick-chat phrase) just under the badge of `side` for a moment; over the
## banner when the side has no badge.
func say_over_side(side: int, text: String) -> void:
	if side < 0 or side >= _sides.get_child_count():
		banner(text)
		return
	var badge: Control = _sides.get_child(side)
	var said := Label.new()
	said.text = text
	said.theme_type_variation = &"HeadingLabel"
	said.top_level = true
	said.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	said.custom_minimum_size.x = maxf(badge.size.x, 160.0)
	said.position = badge.global_position + Vector2(0, badge.size.y)
	badge.add_child(said)
	get_tree().create_timer(SAID_SECONDS).timeout.connect(said.queue_free)
