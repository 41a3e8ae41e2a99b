extends PanelContainer
## Play online: host the match set up in New match (its human seats after the first open to
## friends who join), or join a host by its address or its room code. Laid out in
## online_menu.tscn.

## Closed without going online.
signal closed

const MATCH := "res://scenes/match/match.tscn"

@onready var player_name: LineEdit = %Name
@onready var port: SpinBox = %Port
@onready var address: LineEdit = %Address
@onready var status: Label = %Status


func _ready() -> void:
	player_name.text = GameSettings.player_name
	port.set_value_no_signal(Session.online_port)
	address.text = Session.online_address


func _on_host_pressed() -> void:
	if not _keep_choices():
		return
	Session.new_match()
	Session.online = "host"
	get_tree().change_scene_to_file(MATCH)


func _on_join_pressed() -> void:
	if not _keep_choices():
		return
	var host := address.text.strip_edges()
	var room := RoomCode.decode(host)
	if not room.is_empty():
		host = room["address"]
		Session.online_port = room["port"]
	elif not (host.is_valid_ip_address() or _is_host_name(host)):
		status.text = "ONLINE_BAD_ADDRESS"
		return
	Session.online_address = host
	Session.new_match()
	Session.online = "join"
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
	Session.online_port = int(port.value)
	return true


## A host name: letters, digits, '-' and dots, as DNS allows.
static func _is_host_name(text: String) -> bool:
	var host_name := RegEx.create_from_string(
		"^[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\\.[A-Za-z0-9-]{1,63})*$"
	)
	return text.length() <= 253 and host_name.search(text) != null
