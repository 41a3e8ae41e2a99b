class_name QuickChat
extends Node
## Quick chat in a match on the match server: the fixed phrases (no free text: nothing to
## moderate), sent from a menu by the HUD's chat button and shown over the sender's side, in
## this player's language; Mute hides everyone else's. The server paces them and drops what a
## player who blocked the sender would be sent.

var _server: ServerLink
var _hud: Hud
var _rules: CarromRules
var _menu: PopupMenu
var _muted := false


## Quick chat for the match `rules` shows in `hud`, over `server`.
func setup(server: ServerLink, hud: Hud, rules: CarromRules) -> void:
	_server = server
	_hud = hud
	_rules = rules
	_menu = PopupMenu.new()
	add_child(_menu)
	_fill()
	_menu.id_pressed.connect(_on_id_pressed)
	hud.chat_pressed.connect(_on_chat_pressed)
	server.people_told.connect(_on_people_told)
	hud.offer_chat(true)


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and _menu:
		_fill()


## The phrases, then Mute (a check item, the last).
func _fill() -> void:
	_menu.clear()
	var phrases := CarromLobby.get_phrases()
	for i in phrases.size():
		_menu.add_item(tr(phrase_key(phrases[i])), i)
	_menu.add_check_item(tr("CHAT_MUTE"), phrases.size())
	_menu.set_item_checked(phrases.size(), _muted)


## The translation key of the phrase sent as `phrase`.
static func phrase_key(phrase: String) -> String:
	return "CHAT_" + phrase.to_upper()


func _on_chat_pressed(at: Rect2) -> void:
	# Its least size, once reset: opened above the button, its right edge at the button's.
	_menu.reset_size()
	var size := Vector2(_menu.size)
	_menu.popup(Rect2i(Vector2i(at.position - Vector2(size.x - at.size.x, size.y)), Vector2i.ZERO))


func _on_id_pressed(id: int) -> void:
	var phrases := CarromLobby.get_phrases()
	if id >= phrases.size():
		_muted = not _muted
		_menu.set_item_checked(id, _muted)
		return
	_server.ask(CarromLobby.chat(phrases[id]))
	var seat := _own_seat()
	_hud.say_over_side(
		_rules.get_side_of_seat(seat) if seat >= 0 else -1, tr(phrase_key(phrases[id]))
	)


func _on_people_told(message: Dictionary) -> void:
	if int(message["kind"]) != CarromLobby.HEARD_CHAT or _muted:
		return
	var phrase: String = message["phrase"]
	if not phrase in CarromLobby.get_phrases():
		return
	var seat := int(message["seat"])
	var said := "%s: %s" % [Online.player_name(seat), tr(phrase_key(phrase))]
	_hud.say_over_side(_rules.get_side_of_seat(seat), said)


## The seat this device plays, or -1.
func _own_seat() -> int:
	for seat: int in _rules.get_seats():
		if Online.is_local(seat):
			return seat
	return -1
