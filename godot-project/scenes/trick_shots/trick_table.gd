extends Node2D
## One trick shot on a board: its position set up, its goal and strike limits shown, each shot
## judged by `CarromTrickShots`; done, the stars are kept and the next trick offered; failed,
## it can be tried again; the coach (TableCoach) hints while the attempt goes on. Today's
## challenge done is sent to the match server's world board (DailyBoard) for a player who has
## a name online. Laid out in trick_table.tscn; the board has no referee.

const MENU := "res://scenes/main_menu/main_menu.tscn"

@export var board_view: Node2D
@export var board: CarromBoard
@export var controller: StrikerController
@export var tricks: CarromTrickShots
@export var coach: TableCoach

## The trick played (an index into the file's tricks), and every trick as read.
var index := 0
var all_tricks: Array[Dictionary] = []
var _fitting := false

@onready var top_bar: Control = %TopBar
@onready var panel: Control = %Panel
@onready var buttons: BoxContainer = %Buttons
@onready var title: Label = %Title
@onready var goal: Label = %Goal
@onready var status: Label = %Status
@onready var next_button: Button = %Next
@onready var world: Label = %World
@onready var daily_board: DailyBoard = $DailyBoard


func _ready() -> void:
	LookShelf.dress(board)
	coach.offer(0, false)
	get_viewport().size_changed.connect(_fit)
	ScreenFit.safe_area_changed.connect(_fit)
	top_bar.resized.connect(_fit)
	panel.resized.connect(_fit)
	var text := FileAccess.get_file_as_string(TrickList.TRICKS_FILE)
	if Session.trick_day >= 0:
		# The expert makes and solves today's challenge first, on a thread of its own: a
		# moment, said while it lasts.
		title.text = TrickList.trick_name(TrickStars.DAILY_PREFIX)
		status.text = tr("TRICK_DAILY_PREPARING")
		_fit.call_deferred()
		text = ""
		if tricks.prepare_daily_challenge(Session.trick_day):
			var made: Array = await tricks.daily_challenge_ready
			text = made[1]
	if tricks.load_tricks(text):
		all_tricks = tricks.get_tricks()
	if all_tricks.is_empty():
		status.text = tr("TRICK_NONE")
		return
	var first := Session.trick_index if Session.trick_day < 0 else 0
	begin(clampi(first, 0, all_tricks.size() - 1))
	_fit.call_deferred()


## Sets trick `which` up afresh and waits for its first strike.
func begin(which: int) -> void:
	index = which
	if Session.trick_day < 0:
		Session.trick_index = which
	var trick := all_tricks[index]
	tricks.start(index)
	board_view.rotation = board.get_seat_rotation(trick["seat"])
	controller.begin_turn(trick["seat"])
	title.text = TrickList.trick_name(trick["id"])
	goal.text = goal_text(trick)
	next_button.visible = false
	world.visible = false
	coach.offer(trick["seat"], true)
	_show_strikes()


## What the trick asks, in the player's language.
static func goal_text(trick: Dictionary) -> String:
	if trick["goal"] == "queen_and_cover":
		return TranslationServer.translate("TRICK_GOAL_QUEEN")
	var key := "TRICK_GOAL_POCKET"
	if trick["colour"] == CarromBoard.KIND_WHITE:
		key = "TRICK_GOAL_WHITE"
	elif trick["colour"] == CarromBoard.KIND_BLACK:
		key = "TRICK_GOAL_BLACK"
	var text: String = Words.say(key, trick["count"])
	if trick["one_turn"]:
		text += " " + TranslationServer.translate("TRICK_ONE_TURN")
	return text


func _show_strikes() -> void:
	var stars: PackedInt32Array = all_tricks[index]["stars"]
	status.text = Words.say("TRICK_STRIKES", [tricks.get_strikes(), stars[0], stars[2]])


func _fit() -> void:
	if _fitting:
		return
	_fitting = true
	BoardRoom.lay_out(board_view, board, top_bar, panel, [buttons])
	_fitting = false


func _on_board_shot_finished(_report: Dictionary) -> void:
	tricks.record_last_shot()
	if not tricks.is_attempt_over():
		controller.begin_turn(all_tricks[index]["seat"])
		_show_strikes()
	coach.offer(all_tricks[index]["seat"], not tricks.is_attempt_over())


## The coach's words stand where the strikes are counted until the next strike.
func _on_coach_said(words: String) -> void:
	if words.is_empty():
		_show_strikes()
	else:
		status.text = words


func _on_tricks_trick_done(strikes: int, stars: int) -> void:
	var before := LookShelf.progress()
	TrickStars.keep(all_tricks[index]["id"], stars)
	controller.end_turn()
	coach.offer(all_tricks[index]["seat"], false)
	status.text = Words.say("TRICK_DONE", [strikes, TrickList.stars_text(stars)])
	# A striker or board these stars earned, said under them.
	for look in LookShelf.newly_earned(before):
		status.text += "\n" + LookShelf.earned_text(look)
	next_button.visible = index + 1 < all_tricks.size()
	if Session.trick_day >= 0:
		_send_to_world()


## Today's challenge done: its strikes go to the world board, for a player with a name online
## (the strikes alone: the server counts them itself).
func _send_to_world() -> void:
	world.visible = true
	if GameSettings.player_name.strip_edges().is_empty():
		world.text = tr("DAILY_NO_NAME")
		return
	world.text = tr("DAILY_SENDING")
	var sent := daily_board.send(
		GameSettings.server_url,
		GameSettings.player_name,
		GameSettings.device_token,
		Session.trick_day,
		tricks.get_daily_entry()
	)
	if not sent:
		world.text = tr("DAILY_UNREACHED")


func _on_daily_board_told(line: String) -> void:
	world.text = line


func _on_tricks_trick_failed(reason: String) -> void:
	controller.end_turn()
	coach.offer(all_tricks[index]["seat"], false)
	status.text = tr("TRICK_FAILED_" + reason.to_upper())


func _on_again_pressed() -> void:
	if not board.is_moving() and not all_tricks.is_empty():
		begin(index)


func _on_next_pressed() -> void:
	if not board.is_moving() and index + 1 < all_tricks.size():
		begin(index + 1)


func _on_back_pressed() -> void:
	get_tree().change_scene_to_file(MENU)
