extends PanelContainer
## Play online: host the match set up in New match (its human seats after the first open to
## friends who join), or join a host picked from the games heard on this network, or by its
## address or its room code. Laid out in online_menu.tscn.

## Closed without going online.
signal closed

const MATCH := "res://scenes/match/match.tscn"
## The turn timers a host may choose, in seconds (0: none).
const TIMERS: Array[int] = [0, 20, 30, 45]

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


func _ready() -> void:
	player_name.text = GameSettings.player_name
	port.set_value_no_signal(Online.port)
	address.text = Online.address
	_fill_timers()
	timer.select(maxi(0, TIMERS.find(Online.turn_seconds)))
	# A match kept on this device (one whose host left, say) can be hosted from where it was.
	host_saved.visible = SaveSlot.has_save()
	# A web build has only WebSocket; elsewhere a host may take web players instead of ENet's.
	host_web.visible = not OS.has_feature("web")
	host_web.set_pressed_no_signal(Online.websocket)
	# Another listener on this device (a second window) has the port: type the address there.
	if beacon.listen() != OK:
		found_label.text = "ONLINE_NOT_SEARCHING"


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		var chosen := timer.selected
		_fill_timers()
		timer.select(chosen)
		_on_beacon_games_changed()


func _fill_timers() -> void:
	timer.clear()
	for seconds in TIMERS:
		timer.add_item(
			tr("ONLINE_TIMER_OFF") if seconds == 0 else tr("ONLINE_TIMER_SECONDS") % seconds
		)


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
		button.text = (
			tr("ONLINE_FOUND_GAME")
			% [host_name, tr("MODE_" + str(game["mode"]).to_upper()), game["open"], key]
		)
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
	var room := RoomCode.decode(host)
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
	closed.emit()
	queue_free()


## Keeps the name and port for next time; false (and says why) when the name will not do.
func _keep_choices() -> bool:
	var name_given := player_name.text.strip_edges()
	var allowed := RegEx.create_from_string("^[\\p{L}\\p{N} _-]{1,24}$")
	if allowed.search(name_given) == null:
		status.text = "ONLINE_BAD_NAME"
		return false
	GameSettings.player_name = name_given
	GameSettings.save_settings()
	Online.port = int(port.value)
	return true


## A host name: letters, digits, '-' and dots, as DNS allows.
static func _is_host_name(text: String) -> bool:
	var host_name := RegEx.create_from_string(
		"^[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\\.[A-Za-z0-9-]{1,63})*$"
	)
	return text.length() <= 253 and host_name.search(text) != null
