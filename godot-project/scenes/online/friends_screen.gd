class_name FriendsScreen
extends PanelContainer
## Friends on the match server: this player's friend tag, a friend added by theirs, requests
## answered, each friend with what they are doing now (and Invite, Team up or Watch), the
## players met lately, and a code to bring another device to this player or to use one from
## another. The list is asked for again every few seconds while it shows. Laid out in
## friends_screen.tscn.

## Closed.
signal closed

const PROFILE := preload("res://scenes/online/profile_screen.tscn")
## The players of recent matches shown, at most.
const RECENT_SHOWN := 4
## The words of each presence (`CarromLobby.PRESENCE_*`).
const PRESENCE_WORDS := {
	CarromLobby.PRESENCE_ONLINE: "PRESENCE_ONLINE",
	CarromLobby.PRESENCE_AWAY: "PRESENCE_AWAY",
	CarromLobby.PRESENCE_PLAYING: "PRESENCE_PLAYING",
	CarromLobby.PRESENCE_OFFLINE: "PRESENCE_OFFLINE",
}

## The game an invitation is for: the mode and ruleset chosen on Play online.
var mode := "singles"
var rules := "classic"

var _server: ServerLink

@onready var tag: Label = %Tag
@onready var tag_field: LineEdit = %TagField
@onready var status: Label = %Status
@onready var asking: VBoxContainer = %Asking
@onready var list: VBoxContainer = %List
@onready var empty: Label = %Empty
@onready var recent: VBoxContainer = %Recent
@onready var blocked: VBoxContainer = %Blocked
@onready var claim_field: LineEdit = %ClaimField


func _ready() -> void:
	_server = Online.server
	if _server:
		_server.people_told.connect(_on_people_told)
		_server.welcomed.connect(_on_welcomed)
		_server.refused.connect(_say)
		_server.ask(CarromLobby.friends())
	_show_tag()


func _show_tag() -> void:
	var shown := _server.tag if _server else ""
	tag.text = Words.say("FRIENDS_YOUR_TAG", shown) if not shown.is_empty() else ""
	tag.visible = not shown.is_empty()


func _on_welcomed(_player: String, _playing: bool) -> void:
	# Welcomed again (a code claimed): the name is the player's own now.
	if _server.welcomed_name != "" and _server.welcomed_name != GameSettings.player_name:
		GameSettings.player_name = _server.welcomed_name
		GameSettings.save_settings()
	_show_tag()
	_server.ask(CarromLobby.friends())


func _on_people_told(message: Dictionary) -> void:
	match int(message["kind"]):
		CarromLobby.HEARD_FRIENDS:
			_show_list(message)
		CarromLobby.HEARD_LINK_CODE:
			var minutes := ceili(int(message["expires_in"]) / 60.0)
			_say(Words.say("FRIENDS_LINK_CODE", [message["code"], minutes]))
		CarromLobby.HEARD_FRIEND_ASKED, CarromLobby.HEARD_BEFRIENDED:
			_server.ask(CarromLobby.friends())


## The list as the server told it: requests, friends, and the players met lately.
func _show_list(message: Dictionary) -> void:
	_refill(asking, message["asking"], _asking_row)
	_refill(list, message["list"], _friend_row)
	var known := {}
	for friend: Dictionary in message["list"]:
		known[friend["player"]] = true
	for person: Dictionary in message["asked"]:
		known[person["player"]] = true
	var met: Array = []
	for person: Dictionary in message["recent"]:
		if not known.has(person["player"]) and met.size() < RECENT_SHOWN:
			met.append(person)
	_refill(recent, met, _recent_row)
	_refill(blocked, message["blocked"], _blocked_row)
	empty.visible = list.get_child_count() == 0


func _refill(box: VBoxContainer, people: Array, row_of: Callable) -> void:
	for child in box.get_children():
		box.remove_child(child)
		child.queue_free()
	for person: Variant in people:
		if person is Dictionary:
			box.add_child(row_of.call(person))
	box.visible = box.get_child_count() > 0


func _asking_row(person: Dictionary) -> Control:
	var row := _row(Words.say("FRIENDS_ASKS", _shown(person)))
	_button(row, "FRIENDS_ACCEPT", _answer.bind(person["player"], true))
	_button(row, "FRIENDS_DECLINE", _answer.bind(person["player"], false))
	return row


func _friend_row(friend: Dictionary) -> Control:
	var presence := int(friend["presence"])
	var row := _row("%s · %s" % [_shown(friend), tr(PRESENCE_WORDS.get(presence, ""))])
	match presence:
		CarromLobby.PRESENCE_PLAYING:
			_button(row, "ONLINE_WATCH", _watch.bind(friend["code"]))
		CarromLobby.PRESENCE_ONLINE, CarromLobby.PRESENCE_AWAY:
			_button(row, "FRIENDS_INVITE", _invite.bind(friend["player"]))
			_button(row, "FRIENDS_TEAM_UP", _team_up.bind(friend["player"]))
	return row


func _recent_row(person: Dictionary) -> Control:
	var row := _row(Words.say("FRIENDS_MET", _shown(person)))
	if not str(person["tag"]).is_empty():
		_button(row, "FRIENDS_ADD", _befriend.bind(person["tag"]))
	_button(row, "FRIENDS_BLOCK", _block.bind(person["player"], true))
	return row


func _blocked_row(person: Dictionary) -> Control:
	var row := _row(Words.say("FRIENDS_BLOCKED", _shown(person)))
	_button(row, "FRIENDS_UNBLOCK", _block.bind(person["player"], false))
	return row


## Blocks `player` (no requests, invitations, chat or quick matches with them) or lifts it.
func _block(player: String, on: bool) -> void:
	_ask(CarromLobby.block(player) if on else CarromLobby.unblock(player))


## A person as a line shows them: their friend tag, or their name while they have none.
static func _shown(person: Dictionary) -> String:
	var their_tag: String = person["tag"]
	return their_tag if not their_tag.is_empty() else str(person["name"])


func _row(text: String) -> HBoxContainer:
	var row := HBoxContainer.new()
	var label := Label.new()
	label.text = text
	label.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	label.vertical_alignment = VERTICAL_ALIGNMENT_CENTER
	row.add_child(label)
	return row


func _button(row: HBoxContainer, key: String, pressed: Callable) -> void:
	var button := Button.new()
	button.text = key
	button.theme_type_variation = &"SecondaryButton"
	button.custom_minimum_size = Vector2(0, 72)
	button.pressed.connect(pressed)
	row.add_child(button)


func _answer(player: String, accept: bool) -> void:
	_ask(CarromLobby.answer(player, accept))


func _invite(player: String) -> void:
	_ask(CarromLobby.invite(player, mode, rules))
	_say("FRIENDS_INVITED")


func _team_up(player: String) -> void:
	_ask(CarromLobby.partner(player, rules))
	_say("FRIENDS_TEAMING")


func _watch(room_code: String) -> void:
	if _server and not room_code.is_empty():
		_server.watch(room_code)


func _befriend(friend_tag: String) -> void:
	_ask(CarromLobby.befriend(friend_tag))


func _on_add_pressed() -> void:
	var typed := tag_field.text.strip_edges()
	if typed.is_empty():
		_say("FRIENDS_TAG_HINT")
		return
	_befriend(typed)
	tag_field.text = ""


func _on_tag_submitted(_text: String) -> void:
	_on_add_pressed()


func _on_profile_pressed() -> void:
	add_child(PROFILE.instantiate())


func _on_link_pressed() -> void:
	_ask(CarromLobby.link_code())


func _on_claim_pressed() -> void:
	var typed := claim_field.text.strip_edges()
	if typed.is_empty() or _server == null:
		_say("FRIENDS_CLAIM_HINT")
		return
	_server.claim(typed)
	claim_field.text = ""


func _on_refresh_timeout() -> void:
	if _server and _server.is_welcomed():
		_server.ask(CarromLobby.friends())


func _ask(request: String) -> void:
	if _server:
		_server.ask(request)
	else:
		_say("FRIENDS_NO_SERVER")


## Shows `text` as the screen's status line (none: no line).
func _say(text: String) -> void:
	status.text = text
	status.visible = not text.is_empty()


func _on_back_pressed() -> void:
	closed.emit()
	queue_free()
