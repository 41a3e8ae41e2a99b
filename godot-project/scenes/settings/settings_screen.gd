extends PanelContainer
## Sound volume, language, the aim guide, hints in pass-and-play, returned pieces placed for
## the player, the turning board, a turn timer for matches on this device, the striker and the
## board played with (those not yet earned shown with what earns them, and not chosen),
## vibration, reduced motion (the board's drops, flashes and glides left out), the quiet room
## sound under a match, whether friends can reach the player whenever the game is open, the
## match server's address and the game's version; saved when closed (an address that is not a
## ws:// or wss:// URL is refused). The room sound starts or stops as it is toggled.
## Laid out in settings_screen.tscn with its text as translation keys: a new language shows at
## once. In landscape the settings stand in two columns, so that the page needs no scrolling.

signal closed

@onready var volume: HSlider = %Volume
@onready var language: OptionButton = %Language
@onready var aim_guide: CheckButton = %AimGuide
@onready var hints: CheckButton = %Hints
@onready var place_for_me: CheckButton = %PlaceForMe
@onready var turn_board: CheckButton = %TurnBoard
@onready var turn_timer: OptionButton = %TurnTimer
@onready var striker_look: OptionButton = %StrikerLook
@onready var board_look: OptionButton = %BoardLook
@onready var vibration: CheckButton = %Vibration
@onready var reduce_motion: CheckButton = %ReduceMotion
@onready var ambience: CheckButton = %Ambience
@onready var reachable: CheckButton = %Reachable
@onready var server: LineEdit = %Server
@onready var server_status: Label = %ServerStatus
@onready var version: Label = %Version


func _ready() -> void:
	volume.set_value_no_signal(GameSettings.volume)
	aim_guide.set_pressed_no_signal(GameSettings.aim_guide)
	hints.set_pressed_no_signal(GameSettings.hints_pass_and_play)
	place_for_me.set_pressed_no_signal(GameSettings.place_for_me)
	turn_board.set_pressed_no_signal(GameSettings.turn_board)
	vibration.set_pressed_no_signal(GameSettings.vibration)
	reduce_motion.set_pressed_no_signal(GameSettings.reduce_motion)
	ambience.set_pressed_no_signal(GameSettings.ambience)
	reachable.set_pressed_no_signal(GameSettings.reachable)
	server.text = GameSettings.server_url
	# The match server's address is a developer's setting, not a player's.
	server.get_parent().visible = GameSettings.developer
	_fill_languages()
	_fill_turn_timers()
	_fill_looks()
	version.text = version_text()


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		_fill_languages()
		_fill_turn_timers()
		_fill_looks()
		version.text = version_text()


## The game's version (the workspace's, which the export writes into project.godot and every
## preset), to tell support which build a player has.
static func version_text() -> String:
	return Words.say(
		"SETTINGS_VERSION", str(ProjectSettings.get_setting("application/config/version", ""))
	)


## Each language by its own name, in the language chosen now.
func _fill_languages() -> void:
	language.clear()
	for code: String in GameSettings.LANGUAGES:
		language.add_item(tr(GameSettings.LANGUAGES[code]))
	language.select(GameSettings.LANGUAGES.keys().find(GameSettings.language))


## Each turn timer in the language chosen now, the player's chosen.
func _fill_turn_timers() -> void:
	turn_timer.clear()
	for seconds in GameSettings.TURN_TIMERS:
		turn_timer.add_item(Words.turn_timer(seconds))
	turn_timer.select(GameSettings.TURN_TIMERS.find(GameSettings.turn_seconds))


## The strikers and boards by name and a swatch of their colours (no label beside them: the
## swatches tell a striker from a board, as each list's tooltip does), the chosen one
## selected; one not earned yet says what earns it and cannot be chosen.
func _fill_looks() -> void:
	var counts := LookShelf.progress()
	for part: Look.Part in [Look.Part.STRIKER, Look.Part.BOARD]:
		var button := striker_look if part == Look.Part.STRIKER else board_look
		var chosen := LookShelf.chosen(part)
		button.clear()
		for look in LookShelf.all(part):
			var earned := LookShelf.is_earned(look, counts)
			var text := tr(look.name_key)
			if not earned:
				text = Words.say("LOOK_LOCKED", [text, LookShelf.how_earned(look)])
			button.add_icon_item(LookShelf.swatch(look), text)
			var index := button.item_count - 1
			button.set_item_metadata(index, look.id)
			button.set_item_disabled(index, not earned)
			if look == chosen:
				button.select(index)


func _on_striker_look_item_selected(index: int) -> void:
	GameSettings.striker_look = str(striker_look.get_item_metadata(index))


func _on_board_look_item_selected(index: int) -> void:
	GameSettings.board_look = str(board_look.get_item_metadata(index))


func _on_turn_timer_item_selected(index: int) -> void:
	GameSettings.turn_seconds = GameSettings.TURN_TIMERS[index]


func _on_volume_value_changed(value: float) -> void:
	GameSettings.volume = value
	GameSettings.apply()


func _on_language_item_selected(index: int) -> void:
	GameSettings.language = GameSettings.LANGUAGES.keys()[index]
	GameSettings.save_settings()


func _on_aim_guide_toggled(on: bool) -> void:
	GameSettings.aim_guide = on


func _on_hints_toggled(on: bool) -> void:
	GameSettings.hints_pass_and_play = on


func _on_place_for_me_toggled(on: bool) -> void:
	GameSettings.place_for_me = on


func _on_turn_board_toggled(on: bool) -> void:
	GameSettings.turn_board = on


func _on_vibration_toggled(on: bool) -> void:
	GameSettings.vibration = on


func _on_reduce_motion_toggled(on: bool) -> void:
	GameSettings.reduce_motion = on


## Heard at once: `apply()` tells the match's room sound to start or stop.
func _on_ambience_toggled(on: bool) -> void:
	GameSettings.ambience = on
	GameSettings.apply()


## Turned on, the link opens at once (for a player the server knows); turned off, the next start
## opens none. A link open now stays: it may hold a quick match's wait or a room.
func _on_reachable_toggled(on: bool) -> void:
	GameSettings.reachable = on
	if on:
		Online.reach_friends(true)


## Keeps the match server's address if it is one; false, saying why, if not.
func _keep_server() -> bool:
	var url := server.text.strip_edges()
	# Left empty: the game's own server again.
	if url.is_empty():
		url = GameSettings.studio_server()
		server.text = url
	if not CarromLobby.is_server_url(url):
		_say("ONLINE_BAD_SERVER")
		return false
	if url != GameSettings.server_url:
		GameSettings.server_url = url
		# The next online request reaches the new server.
		Online.leave_server()
	_say("")
	return true


## A line under the server's address, which takes no room while it says nothing.
func _say(key: String) -> void:
	server_status.text = key
	server_status.visible = not key.is_empty()


func _on_server_text_submitted(_text: String) -> void:
	_keep_server()


func _on_back_pressed() -> void:
	if not _keep_server():
		return
	GameSettings.save_settings()
	closed.emit()
	queue_free()
