class_name InviteToast
extends CanvasLayer
## What a friend asks of this player, shown over whatever screen is up — the menus, a match
## against the computer: an invitation to a room (Join joins it; the server's match then takes
## the screen), a request to team up for doubles, a friend request; and, for a moment, a friend
## who said no. Until it is answered or runs out. Laid out in invite_toast.tscn.

## How long a passing word shows, seconds.
const WORD_SECONDS := 4.0

## The request the Yes button answers, and the No button (frames of CarromLobby's).
var _yes := ""
var _no := ""
var _server: ServerLink

@onready var card: PanelContainer = %Card
@onready var line: Label = %Line
@onready var buttons: HBoxContainer = %Buttons
@onready var yes: Button = %Yes
@onready var hide_timer: Timer = $Hide


## Listens to `server` for what friends ask.
func listen(server: ServerLink) -> void:
	_server = server
	server.people_told.connect(_on_people_told)


func _on_people_told(message: Dictionary) -> void:
	var who: String = message.get("tag", "")
	if who.is_empty():
		who = str(message.get("name", ""))
	match int(message["kind"]):
		CarromLobby.HEARD_INVITED:
			var game := "%s, %s" % [_mode_name(message["mode"]), _rules_name(message["rules"])]
			_ask(Words.say("INVITE_TOAST", [who, game]), "INVITE_JOIN", message)
		CarromLobby.HEARD_PARTNER_ASKED:
			_ask(
				Words.say("PARTNER_TOAST", [who, _rules_name(message["rules"])]),
				"FRIENDS_TEAM_UP",
				message
			)
		CarromLobby.HEARD_FRIEND_ASKED:
			var player: String = message["player"]
			_show(Words.say("FRIENDS_ASKS", who), "FRIENDS_ACCEPT", 30.0)
			_yes = CarromLobby.answer(player, true)
			_no = CarromLobby.answer(player, false)
		CarromLobby.HEARD_BEFRIENDED:
			_tell(Words.say("FRIENDS_NOW", who))
		CarromLobby.HEARD_REPLIED:
			if not message["accept"]:
				_tell(Words.say("INVITE_DECLINED", who))


## An invitation (to a room, or to team up) to answer before it runs out.
func _ask(text: String, yes_key: String, message: Dictionary) -> void:
	_show(text, yes_key, float(message["expires_in"]))
	_yes = CarromLobby.reply(message["id"], true)
	_no = CarromLobby.reply(message["id"], false)


## A word to show for a moment, with nothing to answer.
func _tell(text: String) -> void:
	_show(text, "", WORD_SECONDS)
	_yes = ""
	_no = ""


func _show(text: String, yes_key: String, seconds: float) -> void:
	line.text = text
	buttons.visible = not yes_key.is_empty()
	yes.text = yes_key
	card.visible = true
	hide_timer.start(maxf(1.0, seconds))


static func _mode_name(mode: String) -> String:
	return TranslationServer.translate("MODE_" + mode.to_upper())


static func _rules_name(rules: String) -> String:
	return TranslationServer.translate("RULESET_" + rules.to_upper())


func _on_yes_pressed() -> void:
	_answer(_yes)


func _on_no_pressed() -> void:
	_answer(_no)


func _answer(request: String) -> void:
	if _server and not request.is_empty():
		_server.ask(request)
	_on_hide_timeout()


func _on_hide_timeout() -> void:
	card.visible = false
	_yes = ""
	_no = ""
