class_name QuickChat
extends Node
## Quick chat in a match on the match server: the fixed phrases (no free text: nothing to
## moderate), sent from a menu by the HUD's chat button and shown over the sender's side, in
## this player's language. The same menu mutes a player (their phrases are not shown here) and
## reports one to the server's operator, by the seat they hold and a reason. The server paces
## phrases and drops what a player who blocked the sender would be sent.

## Menu ids past the phrases: muting the player of a seat, and reporting them.
const MUTE_ID := 100
const REPORT_ID := 200

var _server: ServerLink
var _hud: Hud
var _rules: CarromRules
var _menu: PopupMenu
var _reasons: PopupMenu
## Seats muted here.
var _muted: Array[int] = []
## The seat the reasons menu reports.
var _reporting := -1


## Quick chat for the match `rules` shows in `hud`, over `server`.
func setup(server: ServerLink, hud: Hud, rules: CarromRules) -> void:
	_server = server
	_hud = hud
	_rules = rules
	_menu = PopupMenu.new()
	_menu.name = "Phrases"
	add_child(_menu)
	_menu.id_pressed.connect(_on_id_pressed)
	_reasons = PopupMenu.new()
	_reasons.name = "Reasons"
	add_child(_reasons)
	_reasons.id_pressed.connect(_on_reason_pressed)
	_fill()
	hud.chat_pressed.connect(_on_chat_pressed)
	server.people_told.connect(_on_people_told)
	hud.offer_chat(true)


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and _menu:
		_fill()


## The phrases, then for each other player a Mute check item and a Report item (names come
## with the match, so the menu is filled again each time it opens).
func _fill() -> void:
	_menu.clear()
	var phrases := CarromLobby.get_phrases()
	for i in phrases.size():
		_menu.add_item(tr(phrase_key(phrases[i])), i)
	var others := other_seats()
	if others.is_empty():
		return
	_menu.add_separator()
	for seat in others:
		_menu.add_check_item(
			Words.say("CHAT_MUTE_PLAYER", Online.player_name(seat)), MUTE_ID + seat
		)
		_menu.set_item_checked(_menu.get_item_index(MUTE_ID + seat), seat in _muted)
	for seat in others:
		_menu.add_item(Words.say("CHAT_REPORT_PLAYER", Online.player_name(seat)), REPORT_ID + seat)


## The translation key of the phrase sent as `phrase`.
static func phrase_key(phrase: String) -> String:
	return "CHAT_" + phrase.to_upper()


## The translation key of the report reason sent as `reason`.
static func reason_key(reason: String) -> String:
	return "REPORT_" + reason.to_upper()


## The seats of this match that another device plays.
func other_seats() -> Array[int]:
	var seats: Array[int] = []
	for seat: int in _rules.get_seats():
		if not Online.is_local(seat):
			seats.append(seat)
	return seats


func _on_chat_pressed(at: Rect2) -> void:
	_fill()
	_pop_above(_menu, at)


## Opens `menu` above the button at `at`, its right edge at the button's (its least size,
## once reset).
func _pop_above(menu: PopupMenu, at: Rect2) -> void:
	menu.reset_size()
	var size := Vector2(menu.size)
	menu.popup(Rect2i(Vector2i(at.position - Vector2(size.x - at.size.x, size.y)), Vector2i.ZERO))


func _on_id_pressed(id: int) -> void:
	if id >= REPORT_ID:
		_ask_reason(id - REPORT_ID)
		return
	if id >= MUTE_ID:
		var muted := id - MUTE_ID
		if muted in _muted:
			_muted.erase(muted)
		else:
			_muted.append(muted)
		return
	var phrases := CarromLobby.get_phrases()
	_server.ask(CarromLobby.chat(phrases[id]))
	var seat := _own_seat()
	_hud.say_over_side(
		_rules.get_side_of_seat(seat) if seat >= 0 else -1, tr(phrase_key(phrases[id]))
	)


## The reasons a report may give, under a line naming who is reported.
func _ask_reason(seat: int) -> void:
	_reporting = seat
	_reasons.clear()
	_reasons.add_separator(Words.say("REPORT_WHY", Online.player_name(seat)))
	var reasons := CarromLobby.get_report_reasons()
	for i in reasons.size():
		_reasons.add_item(tr(reason_key(reasons[i])), i)
	_pop_above(_reasons, _hud.chat_button.get_global_rect())


## Reports the player of `seat` for `reason`: the server answers Reported, or refuses.
func report(seat: int, reason: String) -> void:
	_server.ask(CarromLobby.report(seat, _server.match_id, reason))


func _on_reason_pressed(id: int) -> void:
	report(_reporting, CarromLobby.get_report_reasons()[id])


func _on_people_told(message: Dictionary) -> void:
	match int(message["kind"]):
		CarromLobby.HEARD_CHAT:
			_heard(message)
		CarromLobby.HEARD_REPORTED:
			_hud.banner(tr("REPORT_SENT"))


func _heard(message: Dictionary) -> void:
	var seat := int(message["seat"])
	var phrase: String = message["phrase"]
	if seat in _muted or not phrase in CarromLobby.get_phrases():
		return
	var said := "%s: %s" % [Online.player_name(seat), tr(phrase_key(phrase))]
	_hud.say_over_side(_rules.get_side_of_seat(seat), said)


## The seat this device plays, or -1.
func _own_seat() -> int:
	for seat: int in _rules.get_seats():
		if Online.is_local(seat):
			return seat
	return -1
