extends PanelContainer
## Play online: a quick match with players of one's strength, a friend's room by its code, or
## watching a friend's match, through the match server in the Settings; or, Nearby, a match
## hosted on this network (the one set up in New match, its human seats after the first open to
## friends) or joined from the games heard here. Ports, addresses and the server's URL are under
## Advanced. Laid out in online_menu.tscn.

## Closed without going online.
signal closed

const MATCH := "res://scenes/match/match.tscn"
## The turn timers a host may choose, in seconds (0: none).
const TIMERS: Array[int] = [0, 20, 30, 45]
const RATINGS := preload("res://scenes/online/ratings_screen.tscn")
const FRIENDS := preload("res://scenes/online/friends_screen.tscn")

@onready var player_name: LineEdit = %Name
@onready var port: SpinBox = %Port
@onready var address: LineEdit = %Address
@onready var status: Label = %Status
@onready var timer: OptionButton = %Timer
@onready var host_saved: CheckButton = %HostSaved
@onready var host_web: CheckButton = %HostWeb
@onready var beacon: LanBeacon = %Beacon
@onready var found: VBoxContainer = %Found
@onready var found_label: Label = %FoundLabel
@onready var mode: OptionButton = %Mode
@onready var ruleset: OptionButton = %Rules
@onready var code: LineEdit = %Code
@onready var resume_button: Button = %Resume
@onready var waiting: VBoxContainer = %Waiting
@onready var room_code: Label = %RoomCode
@onready var wait_line: Label = %WaitLine
@onready var play_computer: Button = %PlayComputer
@onready var advanced: CheckButton = %Advanced
@onready var advanced_box: VBoxContainer = %AdvancedBox
@onready var server_url: LineEdit = %Server
@onready var give_way: GiveWay = $GiveWay


func _ready() -> void:
	player_name.text = GameSettings.player_name
	port.set_value_no_signal(Online.port)
	address.text = Online.address
	server_url.text = GameSettings.server_url
	# Ports, addresses and the server's URL are a developer's: a player finds games nearby, by
	# a room code, or through the game's own server. The fold keeps a player's own choices.
	var join: Control = advanced_box.get_node("AdvancedGrid/Join")
	for row: Control in [server_url.get_parent(), port.get_parent(), address.get_parent(), join]:
		row.visible = GameSettings.developer
	advanced.text = "ONLINE_ADVANCED" if GameSettings.developer else "ONLINE_MORE"
	_fill_timers()
	_fill_games()
	timer.select(maxi(0, TIMERS.find(Online.turn_seconds)))
	# Already talking to the server (waiting for a match while playing the computer, say).
	if Online.server:
		_listen(Online.server)
		resume_button.visible = false
	# A match kept on this device (one whose host left, say) can be hosted from where it was.
	host_saved.visible = SaveSlot.has_save()
	# A web build has only WebSocket; elsewhere a host may take web players instead of ENet's.
	host_web.visible = not OS.has_feature("web") and GameSettings.developer
	host_web.set_pressed_no_signal(Online.websocket)
	# Another listener on this device (a second window) has the port: type the address there.
	if beacon.listen() != OK:
		found_label.text = "ONLINE_NOT_SEARCHING"
	# A wait shown or gone makes the page taller or shorter: it fits itself again.
	waiting.visibility_changed.connect(give_way.fit)


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		var chosen := timer.selected
		_fill_timers()
		timer.select(chosen)
		var game := [mode.selected, ruleset.selected]
		_fill_games()
		mode.select(game[0])
		ruleset.select(game[1])
		_on_beacon_games_changed()


func _fill_timers() -> void:
	timer.clear()
	for seconds in TIMERS:
		timer.add_item(Words.turn_timer(seconds))


func _fill_games() -> void:
	mode.clear()
	for name_key: String in CarromRules.get_mode_names():
		mode.add_item(tr("MODE_" + name_key.to_upper()))
	ruleset.clear()
	for name_key: String in CarromRuleset.get_preset_names():
		ruleset.add_item(tr("RULESET_" + name_key.to_upper()))


## The match server's link, opened with this player's name, its signals heard here; null
## (and the reason shown) when the name or the server's address will not do.
func _server() -> ServerLink:
	if not _keep_choices():
		return null
	var url := server_url.text.strip_edges()
	if not CarromLobby.is_server_url(url):
		status.text = "ONLINE_BAD_SERVER"
		advanced.button_pressed = true
		return null
	if url != GameSettings.server_url:
		GameSettings.server_url = url
		GameSettings.save_settings()
		Online.leave_server()
	var server := Online.server_link()
	_listen(server)
	return server


func _listen(server: ServerLink) -> void:
	for pair: Array in [
		[server.welcomed, _on_server_welcomed],
		[server.queued, _on_server_queued],
		[server.room_told, _on_server_room],
		[server.refused, _on_server_refused],
		[server.link_down, _on_server_down],
	]:
		var heard: Signal = pair[0]
		if not heard.is_connected(pair[1]):
			heard.connect(pair[1])


func _on_quick_pressed() -> void:
	var server := _server()
	if server:
		server.quick(_chosen_mode(), _chosen_rules())
		_show_waiting("", tr("ONLINE_LOOKING"))


func _on_make_room_pressed() -> void:
	var server := _server()
	if server:
		server.create_room(_chosen_mode(), _chosen_rules())
		_show_waiting("", tr("ONLINE_MAKING_ROOM"))


## The mode and the ruleset chosen, as the server names them.
func _chosen_mode() -> String:
	return CarromRules.get_mode_names()[maxi(0, mode.selected)]


func _chosen_rules() -> String:
	return CarromRuleset.get_preset_names()[maxi(0, ruleset.selected)]


func _on_join_code_pressed() -> void:
	var typed := _typed_code()
	var server := _server() if not typed.is_empty() else null
	if server:
		server.join_room(typed)
		_show_waiting(typed, tr("ONLINE_JOINING"))


func _on_watch_code_pressed() -> void:
	var typed := _typed_code()
	var server := _server() if not typed.is_empty() else null
	if server:
		server.watch(typed)


func _on_resume_pressed() -> void:
	var server := _server()
	if server:
		server.resume()


## The code typed, as the server reads it (any case, spaces and dashes dropped); empty, and
## the reason shown, when it cannot be a code.
func _typed_code() -> String:
	var typed := CarromLobby.normal_code(code.text.strip_edges())
	if typed == "":
		status.text = "ONLINE_BAD_CODE"
	return typed


func _show_waiting(shown_code: String, line: String) -> void:
	waiting.visible = true
	room_code.text = shown_code
	wait_line.text = line
	status.text = ""


func _on_server_welcomed(_player: String, playing: bool) -> void:
	resume_button.visible = playing


func _on_server_queued(seconds: int, window: int) -> void:
	play_computer.visible = true
	_show_waiting("", Words.say("ONLINE_QUEUED", [seconds, window]))


func _on_server_room(shown_code: String, expires_in: int, taken: int, seats: int) -> void:
	play_computer.visible = false
	_show_waiting(shown_code, Words.say("ONLINE_ROOM", [taken, seats, ceili(expires_in / 60.0)]))


func _on_server_refused(reason: String) -> void:
	waiting.visible = false
	status.text = reason


func _on_server_down(reason: String) -> void:
	waiting.visible = false
	status.text = Words.say("ONLINE_NO_SERVER", reason)


## While the quick match looks: a match against the computer, left for the online one as soon
## as it is found.
func _on_play_computer_pressed() -> void:
	Session.new_match()
	for seat: int in Session.players:
		Session.players[seat] = Session.HUMAN if seat == 0 else CarromAi.LEVEL_MEDIUM
	get_tree().change_scene_to_file(MATCH)


func _on_cancel_pressed() -> void:
	if Online.server:
		Online.server.cancel()
	waiting.visible = false


## The player's ratings and the leaderboards (the server's link is opened to read them).
func _on_ratings_pressed() -> void:
	if _server():
		add_child(RATINGS.instantiate())


## Friends: the player's tag, requests, friends with their presence (the server's link is
## opened to reach them); an invitation is for the game chosen here.
func _on_friends_pressed() -> void:
	if _server():
		var screen: FriendsScreen = FRIENDS.instantiate()
		screen.mode = _chosen_mode()
		screen.rules = _chosen_rules()
		add_child(screen)


func _on_advanced_toggled(on: bool) -> void:
	advanced_box.visible = on
	# Open, the advanced settings may scroll; closed, the page fits itself again.
	if not on:
		give_way.fit()


func _on_host_pressed() -> void:
	if not _keep_choices():
		return
	Session.new_match()
	Online.turn_seconds = TIMERS[maxi(0, timer.selected)]
	Online.websocket = host_web.button_pressed or OS.has_feature("web")
	if host_saved.visible and host_saved.button_pressed and not SaveSlot.read():
		status.text = "MENU_SAVE_DAMAGED"
		return
	Online.role = Online.Role.HOST
	get_tree().change_scene_to_file(MATCH)


## A button per game heard on this network; pressing one joins it.
func _on_beacon_games_changed() -> void:
	for child in found.get_children():
		child.queue_free()
	var keys := beacon.games.keys()
	keys.sort()
	for key: String in keys:
		var game: Dictionary = beacon.games[key]
		var button := Button.new()
		button.theme_type_variation = &"SecondaryButton"
		button.custom_minimum_size.y = 88
		button.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
		var host_name: String = game["name"] if not game["name"].is_empty() else tr("ONLINE_SERVER")
		var mode := tr("MODE_" + str(game["mode"]).to_upper())
		button.text = Words.say("ONLINE_FOUND_GAME", [host_name, mode, game["open"], key])
		button.pressed.connect(_join_found.bind(game["address"], game["port"]))
		found.add_child(button)


func _join_found(host: String, game_port: int) -> void:
	address.text = "%s" % host
	Online.port = game_port
	port.set_value_no_signal(game_port)
	_on_join_pressed()


func _on_join_pressed() -> void:
	if not _keep_choices():
		return
	var host := address.text.strip_edges()
	# "ws://" before the address: a host that takes web players (WebSocket).
	var websocket := host.begins_with("ws://") or OS.has_feature("web")
	host = host.trim_prefix("ws://")
	var room := CarromLobby.read_host_code(host)
	if not room.is_empty():
		host = room["address"]
		Online.port = room["port"]
	elif not (host.is_valid_ip_address() or _is_host_name(host)):
		status.text = "ONLINE_BAD_ADDRESS"
		return
	Online.address = host
	Session.new_match()
	Online.websocket = websocket
	Online.role = Online.Role.JOIN
	get_tree().change_scene_to_file(MATCH)


func _on_back_pressed() -> void:
	# Leaving the screen leaves the queue or the room too (a running match waits on the server).
	if Online.server and waiting.visible:
		Online.server.cancel()
		Online.leave_server()
	closed.emit()
	queue_free()


## Keeps the name and port for next time; false (and says why) when the name will not do.
func _keep_choices() -> bool:
	var name_given := player_name.text.strip_edges()
	# The host's own check (carrom-net's): letters, marks and digits of any script, spaces,
	# '-', '_' and the joiners; a letter or digit in it; no mark or joiner first.
	if CarromNet.name_problem(name_given) != "":
		status.text = "ONLINE_BAD_NAME"
		return false
	GameSettings.player_name = name_given
	GameSettings.save_settings()
	Online.port = int(port.value)
	return true


## A host name: letters, digits, '-' and dots, as DNS allows.
static func _is_host_name(text: String) -> bool:
	if text.is_empty() or text.length() > 253:
		return false
	var labels := text.split(".")
	for label: String in labels:
		if label.is_empty() or label.length() > 63:
			return false
		for i in label.length():
			var c := label.unicode_at(i)
			if not _is_letter_or_digit(c) and c != 0x2D:
				return false
	return labels[0].unicode_at(0) != 0x2D


## Whether the character `c` is an ASCII letter or digit, as host names are spelled.
static func _is_letter_or_digit(c: int) -> bool:
	return (c >= 0x61 and c <= 0x7A) or (c >= 0x41 and c <= 0x5A) or (c >= 0x30 and c <= 0x39)
