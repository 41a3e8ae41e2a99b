class_name ProfileScreen
extends PanelContainer
## The player as the match server knows them: their friend tag, their rating on each ladder
## with a chart of the last rated matches, the devices that sign in as them (each but this one
## can be unlinked), and a recovery code to write down for a new phone. Laid out in
## profile_screen.tscn.

## Closed.
signal closed

## The largest answer read, bytes.
const MAX_BYTES := 65536

var _server: ServerLink
var _history: HTTPRequest

@onready var tag: Label = %Tag
@onready var ratings: Label = %Ratings
@onready var chart: RatingChart = %Chart
@onready var devices: VBoxContainer = %Devices
@onready var recovery: Label = %RecoveryCode
@onready var status: Label = %Status


func _ready() -> void:
	_server = Online.server
	_history = HTTPRequest.new()
	_history.body_size_limit = MAX_BYTES
	_history.timeout = 10.0
	_history.request_completed.connect(_on_history_completed)
	add_child(_history)
	chart.visible = false
	_fill()
	if _server:
		_server.people_told.connect(_on_people_told)
		_server.refused.connect(_say)
		_server.ask(CarromLobby.devices())
		var player := _server.player_id
		if player.is_valid_hex_number() and player.length() == 16:
			_history.request("%s/players/%s" % [ServerHttp.http_base(_server.url), player])


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		_fill()


func _fill() -> void:
	var shown := _server.tag if _server else ""
	tag.text = Words.say("FRIENDS_YOUR_TAG", shown) if not shown.is_empty() else ""
	ratings.text = RatingsScreen.your_ratings(_server)


func _on_people_told(message: Dictionary) -> void:
	match int(message["kind"]):
		CarromLobby.HEARD_DEVICES:
			_show_devices(message["list"])
		CarromLobby.HEARD_RECOVERY:
			recovery.text = Words.say("PROFILE_RECOVERY_CODE", message["code"])
			recovery.visible = true


func _show_devices(listed: Array) -> void:
	for child in devices.get_children():
		devices.remove_child(child)
		child.queue_free()
	for device: Variant in listed:
		if not device is Dictionary:
			continue
		var row := HBoxContainer.new()
		var label := Label.new()
		label.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
		var linked := Time.get_date_string_from_unix_time(int(device["linked"]))
		label.text = (
			tr("PROFILE_THIS_DEVICE") if device["this"] else Words.say("PROFILE_DEVICE", linked)
		)
		row.add_child(label)
		if not device["this"]:
			var unlink := Button.new()
			unlink.text = "PROFILE_UNLINK"
			unlink.theme_type_variation = &"SecondaryButton"
			unlink.custom_minimum_size = Vector2(0, 72)
			unlink.pressed.connect(_unlink.bind(str(device["id"])))
			row.add_child(unlink)
		devices.add_child(row)


## The rating after each of the last rated matches on the ladder played most, oldest first,
## from the server's answer (untrusted: anything that is not one shows no chart).
func _on_history_completed(
	result: int, code: int, _headers: PackedStringArray, body: PackedByteArray
) -> void:
	if result != HTTPRequest.RESULT_SUCCESS or code != 200:
		return
	var answer: Variant = ServerHttp.read_json(body.get_string_from_utf8())
	var changes: Variant = answer.get("history") if answer is Dictionary else null
	if changes is Array:
		chart.show_ratings(chart_points(changes))


## The points of the chart from a player's history (newest first, as the server lists it):
## the ladder with the most changes, its first rating before and every rating after.
static func chart_points(changes: Array) -> PackedInt32Array:
	var by_ladder := {}
	for change: Variant in changes:
		if change is Dictionary:
			var ladder := str(change.get("ladder", ""))
			if not by_ladder.has(ladder):
				by_ladder[ladder] = []
			by_ladder[ladder].append(change)
	var most: Array = []
	for ladder: String in by_ladder:
		if by_ladder[ladder].size() > most.size():
			most = by_ladder[ladder]
	var points := PackedInt32Array()
	if most.is_empty():
		return points
	most.reverse()
	points.append(int(most[0].get("before", 0)))
	for change: Dictionary in most:
		points.append(int(change.get("after", 0)))
	return points


func _unlink(device: String) -> void:
	if _server:
		_server.ask(CarromLobby.unlink(device))


func _on_recovery_pressed() -> void:
	if _server:
		_server.ask(CarromLobby.recovery())


## Shows `text` as the screen's status line (none: no line).
func _say(text: String) -> void:
	status.text = text
	status.visible = not text.is_empty()


func _on_back_pressed() -> void:
	closed.emit()
	queue_free()
