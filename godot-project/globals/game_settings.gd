extends Node
## The player's settings, kept between runs in user://settings.cfg.

signal changed

const PATH := "user://settings.cfg"
## The match server a player reaches when the project names none: one on this device
## (`cargo xtask server`). A studio that ships the game names its own in the project setting
## SERVER_SETTING; a developer may pass `--server-url=ws://…` after `--`.
const DEFAULT_SERVER := "ws://127.0.0.1:24681/ws"
## The project setting that names the match server.
const SERVER_SETTING := "carrom/online/server_url"
## The project setting that shows the developer's network controls on the player's screens
## (the match server's address; ports and addresses in Play online); `--developer` after `--`
## shows them too.
const DEVELOPER_SETTING := "carrom/developer/network_controls"
## The languages the game speaks: locale code and the key of its own name.
const LANGUAGES := {
	"en": "LANG_EN",
	"id": "LANG_ID",
	"eo": "LANG_EO",
	"ko": "LANG_KO",
	"es": "LANG_ES",
	"te": "LANG_TE",
	"hi": "LANG_HI",
	"ur": "LANG_UR",
	"bn": "LANG_BN",
	"ta": "LANG_TA",
	"si": "LANG_SI",
	"ne": "LANG_NE"
}

## Extra room above and below each line, as a share of the font's size, for the languages
## whose script stands taller than the fonts' shared line height: Urdu's Nastaliq stacks its
## letters up and reaches down (its font is cut to the others' line height so that buttons and
## fields in every other language keep their size).
const TALL_LINES := {"ur": Vector2(0.6, 0.25)}
## The turn timers a match on this device may have, in seconds a turn (0: none).
const TURN_TIMERS: Array[int] = [0, 10, 15, 20, 30]

## Master volume, 0–1.
var volume := 0.8
## Draw the aim guide (where the striker and the first piece it hits will go).
var aim_guide := true
## Turn the board so that the player to strike sits at the bottom.
var turn_board := true
## Offer the coach's hints in pass-and-play too (against the computer they always are; online,
## never).
var hints_pass_and_play := false
## Pieces this device's players are to place (RULES.md X3) go nearest the centre by themselves.
var place_for_me := false
## A light vibration on a strike and on a pocket, where the device has a vibrator.
var vibration := true
## Turns the board's effects off (a pocketed piece's drop, the flash of a hard hit, the
## striker's glide, a lifted shadow): pieces appear and go as the physics has them.
var reduce_motion := false
## A quiet room sound under a match.
var ambience := false
## Seconds a person has for each turn of a match on this device (0: no timer); a turn that runs
## out passes (RULES.md T2). One of TURN_TIMERS.
var turn_seconds := 0
## Whether the how-to-play overlay has been shown (it is shown once, on the first match).
var how_to_play_seen := false
## The name shown to others online.
var player_name := ""
## This device's token online, made once: a player who drops out takes their seat back with it.
var device_token := ""
## Whether the link to the match server opens as the game starts, so that friends' invitations
## reach any screen (only once the server has given this player a friend tag).
var reachable := true
## The friend tag the match server last gave this player ("" before the first visit online).
var friend_tag := ""
## The game's language: picked from the system on first start, then as the player chose.
var language := ""
## The match server for Quick match, Play a friend and Watch (ws:// or wss://).
var server_url := DEFAULT_SERVER
## Whether the player's screens show the developer's network controls (see DEVELOPER_SETTING).
## Without them the match server is the project's, whatever a settings file says.
var developer := false
## The striker design and board finish chosen (a `Look`'s id; "" or one not earned: the first
## earned, see `LookShelf.chosen`).
var striker_look := ""
var board_look := ""


func _ready() -> void:
	load_settings()


## The match server the project names (or `--server-url=` names), if it is one.
static func studio_server() -> String:
	var url := str(ProjectSettings.get_setting(SERVER_SETTING, DEFAULT_SERVER))
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--server-url="):
			url = arg.trim_prefix("--server-url=")
	return url if CarromLobby.is_server_url(url) else DEFAULT_SERVER


## Whether the project or the command line asks for the developer's network controls.
static func developer_asked() -> bool:
	return (
		bool(ProjectSettings.get_setting(DEVELOPER_SETTING, false))
		or "--developer" in OS.get_cmdline_user_args()
	)


func load_settings() -> void:
	var file := ConfigFile.new()
	if file.load(PATH) == OK:
		volume = clampf(float(file.get_value("audio", "volume", volume)), 0.0, 1.0)
		aim_guide = bool(file.get_value("play", "aim_guide", aim_guide))
		turn_board = bool(file.get_value("play", "turn_board", turn_board))
		hints_pass_and_play = bool(
			file.get_value("play", "hints_pass_and_play", hints_pass_and_play)
		)
		place_for_me = bool(file.get_value("play", "place_for_me", place_for_me))
		vibration = bool(file.get_value("play", "vibration", vibration))
		reduce_motion = bool(file.get_value("play", "reduce_motion", reduce_motion))
		ambience = bool(file.get_value("audio", "ambience", ambience))
		turn_seconds = int(file.get_value("play", "turn_seconds", turn_seconds))
		how_to_play_seen = bool(file.get_value("play", "how_to_play_seen", how_to_play_seen))
		language = str(file.get_value("play", "language", ""))
		player_name = str(file.get_value("online", "name", ""))
		device_token = str(file.get_value("online", "token", ""))
		server_url = str(file.get_value("online", "server", server_url))
		reachable = bool(file.get_value("online", "reachable", reachable))
		friend_tag = str(file.get_value("online", "tag", ""))
		striker_look = str(file.get_value("looks", "striker", ""))
		board_look = str(file.get_value("looks", "board", ""))
	if not LANGUAGES.has(language):
		language = system_language()
	if not turn_seconds in TURN_TIMERS:
		turn_seconds = 0
	developer = developer_asked()
	# A player's build plays on the project's server; only a developer's keeps another.
	if not developer or not CarromLobby.is_server_url(server_url):
		server_url = studio_server()
	if not _is_token(device_token):
		device_token = Crypto.new().generate_random_bytes(16).hex_encode()
	apply()


func save_settings() -> void:
	var file := ConfigFile.new()
	file.set_value("audio", "volume", volume)
	file.set_value("play", "aim_guide", aim_guide)
	file.set_value("play", "turn_board", turn_board)
	file.set_value("play", "hints_pass_and_play", hints_pass_and_play)
	file.set_value("play", "place_for_me", place_for_me)
	file.set_value("play", "vibration", vibration)
	file.set_value("play", "reduce_motion", reduce_motion)
	file.set_value("audio", "ambience", ambience)
	file.set_value("play", "turn_seconds", turn_seconds)
	file.set_value("play", "how_to_play_seen", how_to_play_seen)
	file.set_value("play", "language", language)
	file.set_value("online", "name", player_name)
	file.set_value("online", "token", device_token)
	file.set_value("online", "server", server_url)
	file.set_value("online", "reachable", reachable)
	file.set_value("online", "tag", friend_tag)
	file.set_value("looks", "striker", striker_look)
	file.set_value("looks", "board", board_look)
	file.save(PATH)
	apply()


## Whether `text` is a token as the host takes it: 32 hex digits (a file edited by hand may not be).
static func _is_token(text: String) -> bool:
	return text.length() == 32 and text.is_valid_hex_number()


## The system's language if the game speaks it, else English.
func system_language() -> String:
	var system := OS.get_locale_language()
	return system if LANGUAGES.has(system) else "en"


## Applies the settings that act on the engine, and tells whoever listens.
func apply() -> void:
	TranslationServer.set_locale(language)
	# The root follows the language's direction (Urdu mirrors the interface; the board, a
	# Node2D, does not); setting it again tells every control the direction may have changed.
	get_tree().root.set_layout_direction(Window.LAYOUT_DIRECTION_LOCALE)
	_give_lines_room(TALL_LINES.get(language, Vector2.ZERO))
	AudioServer.set_bus_volume_db(0, linear_to_db(maxf(volume, 0.0001)))
	AudioServer.set_bus_mute(0, volume <= 0.0)
	changed.emit()


## Gives every font of the project theme `room` (top and bottom, shares of its size) above and
## below its lines: the default font (for the default size, 28) and each type's own font (for
## that type's size: titles, headings). A type with a size of its own but the default font
## (the score, the status line) gets the default font's room.
func _give_lines_room(room: Vector2) -> void:
	var theme := ThemeDB.get_project_theme()
	if theme == null:
		return
	_room(theme.default_font, theme.default_font_size, room)
	for type in theme.get_font_type_list():
		var size := theme.default_font_size
		if theme.has_font_size("font_size", type):
			size = theme.get_font_size("font_size", type)
		for font_name in theme.get_font_list(type):
			_room(theme.get_font(font_name, type), size, room)


static func _room(font: Font, size: int, room: Vector2) -> void:
	var variation := font as FontVariation
	if variation:
		variation.spacing_top = roundi(room.x * size)
		variation.spacing_bottom = roundi(room.y * size)
