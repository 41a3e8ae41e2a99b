extends Control
## The main menu: the board itself as it stands before a break, the title, and the buttons in
## their groups — Play (a new match, the saved one), Online, Practice and tricks, More (rules,
## settings, quit). In portrait the board stands between the title and the buttons; in
## landscape beside them. Every button shows without scrolling in either, a thumb's height,
## and no wider than a hand or a mouse expects. Laid out in main_menu.tscn, its text as translation
## keys; the other screens open over it.

const NEW_MATCH := preload("res://scenes/new_match/new_match.tscn")
const ONLINE_MENU := preload("res://scenes/online/online_menu.tscn")
const TRICK_LIST := preload("res://scenes/trick_shots/trick_list.tscn")
const REPLAY_LIST := preload("res://scenes/replays/replay_list.tscn")
const RULES_SCREEN := preload("res://scenes/rules/rules_screen.tscn")
const SETTINGS_SCREEN := preload("res://scenes/settings/settings_screen.tscn")
## How the groups are tried, most room first, until they fit: a button's height (a thumb's,
## lower only where a language's longer words or taller lines need the room) and whether the
## groups show their headings.
const STEPS: Array[Dictionary] = [
	{"height": 88.0, "headings": true},
	{"height": 72.0, "headings": true},
	{"height": 72.0, "headings": false},
	{"height": 60.0, "headings": false},
]

## The canvas layer a screen opened from the menu is drawn on: above the menu's board, whose
## pieces draw at a z index over plain controls.
const SCREEN_LAYER := 1
## In landscape the buttons take this much of the width; the board the rest.
const GROUPS_SHARE := 0.5
## The board stands a little turned, as on a table seen from a chair.
const BOARD_TURN := -0.06

@onready var continue_button: Button = %Continue
@onready var quit_button: Button = %Quit
@onready var title: Label = %Title
@onready var body: BoxContainer = %Body
@onready var stage: Control = %Stage
@onready var board_view: Node2D = %BoardView
@onready var board: CarromBoard = %Board
@onready var groups: VBoxContainer = %Groups
@onready var page: VBoxContainer = %Page


func _ready() -> void:
	continue_button.disabled = not SaveSlot.has_save()
	quit_button.visible = not OS.has_feature("mobile") and not OS.has_feature("web")
	# The striker waits on the first player's baseline, as before a break.
	board.place_striker(0, 0.0)
	stage.resized.connect(_fit_board)
	_lay_out()
	# As the game starts: friends' invitations reach this player on any screen.
	Online.reach_friends()


func _notification(what: int) -> void:
	# Another language's words and lines take other room.
	if what == NOTIFICATION_TRANSLATION_CHANGED:
		_lay_out.call_deferred()


## Upright: title, board, buttons, one above the other. In landscape: the board the whole
## height beside the title and the buttons, which keep to a column as wide as a hand or a
## mouse wants, each label on one line.
func _lay_out() -> void:
	if not is_node_ready():
		return
	var landscape := size.x > size.y
	body.vertical = not landscape
	var title_home: Control = groups if landscape else page
	if title.get_parent() != title_home:
		title.reparent(title_home, false)
		title_home.move_child(title, 0)
	title.theme_type_variation = &"GameTitleLandscape" if landscape else &"GameTitle"
	groups.custom_minimum_size.x = size.x * GROUPS_SHARE if landscape else 0.0
	var width := groups.custom_minimum_size.x if landscape else page.size.x
	var buttons := groups.find_children("*", "Button", true, false)
	for button: Button in buttons:
		button.autowrap_mode = TextServer.AUTOWRAP_OFF
	for row: BoxContainer in groups.find_children("Row", "BoxContainer", true, false):
		_stack_if_crowded(row, width)
	# The room the groups have: the whole height in landscape (beside the board), else what the
	# title and a board of at least half the width leave.
	# (The page's own height would be no measure: content too tall for it makes it taller.)
	var room := size.y - page.offset_top + page.offset_bottom
	if not landscape:
		room -= title.get_combined_minimum_size().y + size.x * 0.5
	for step in STEPS:
		for button: Button in buttons:
			button.custom_minimum_size.y = step["height"]
		for heading: Label in groups.find_children("Heading", "Label", true, false):
			heading.visible = step["headings"]
		if groups.get_combined_minimum_size().y <= room:
			break
	_fit_board()


## Stands a row's buttons one above the other when a label would not fit its share of `width`
## on one line (a long word in Tamil, say), side by side otherwise.
func _stack_if_crowded(row: BoxContainer, width: float) -> void:
	var shown := row.get_children().filter(func(c: Node) -> bool: return (c as Control).visible)
	if shown.is_empty():
		return
	var separation := row.get_theme_constant("separation")
	var share := (width - separation * (shown.size() - 1)) / shown.size()
	var crowded := false
	for button: Button in shown:
		var font := button.get_theme_font("font")
		var font_size := button.get_theme_font_size("font_size")
		var label := font.get_string_size(tr(button.text), HORIZONTAL_ALIGNMENT_LEFT, -1, font_size)
		# Half the button's own margins may go to the label: it still reads clear of the edge.
		var edges := button.get_theme_stylebox("normal").get_minimum_size().x * 0.5
		crowded = crowded or label.x + edges > share
	row.vertical = crowded


## The board as large as the stage holds, in its middle.
func _fit_board() -> void:
	var room := stage.size
	var across := board.get_board_size() * (cos(BOARD_TURN) + absf(sin(BOARD_TURN)))
	if across <= 0.0 or room.x <= 0.0 or room.y <= 0.0:
		return
	var scale_to := minf(room.x, room.y) / across
	board_view.scale = Vector2(scale_to, scale_to)
	board_view.rotation = BOARD_TURN
	board_view.position = room / 2.0


## Opens `scene` over the menu on a canvas layer of its own, which goes when the screen does.
func _open(scene: PackedScene) -> void:
	var layer := CanvasLayer.new()
	layer.layer = SCREEN_LAYER
	var screen := scene.instantiate()
	screen.tree_exited.connect(layer.queue_free)
	layer.add_child(screen)
	add_child(layer)


func _on_play_pressed() -> void:
	_open(NEW_MATCH)


func _on_online_pressed() -> void:
	_open(ONLINE_MENU)


## A board of one's own, with no rules: see scenes/practice/.
func _on_practice_pressed() -> void:
	get_tree().change_scene_to_file("res://scenes/practice/practice.tscn")


func _on_trick_shots_pressed() -> void:
	_open(TRICK_LIST)


## The finished matches kept on this device, to watch again or share.
func _on_replays_pressed() -> void:
	_open(REPLAY_LIST)


## Continues the saved match, or says it cannot be continued (and why, in the log) when the
## save is damaged or from another version.
func _on_continue_pressed() -> void:
	var problem := "the save file holds no match"
	if SaveSlot.read():
		problem = CarromRules.check_match(SaveSlot.document)
	if problem.is_empty():
		get_tree().change_scene_to_file("res://scenes/match/match.tscn")
		return
	push_warning("The saved match cannot be continued: %s" % problem)
	SaveSlot.clear()
	Session.new_match()
	continue_button.disabled = true
	continue_button.text = "MENU_SAVE_DAMAGED"


func _on_rules_pressed() -> void:
	_open(RULES_SCREEN)


func _on_settings_pressed() -> void:
	_open(SETTINGS_SCREEN)


func _on_quit_pressed() -> void:
	get_tree().quit()


## The back button at the first screen ends the game, as a phone's first screen does.
func go_back() -> void:
	get_tree().quit()
