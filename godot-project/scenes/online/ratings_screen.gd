class_name RatingsScreen
extends PanelContainer
## The player's ratings on the match server (singles, doubles, the points game), their last
## rated matches (`/players/{id}`), and each ladder's leaderboard (`/leaderboard`), read from
## the server's JSON. Laid out in ratings_screen.tscn.

## Closed.
signal closed

## Players shown on a leaderboard.
const SHOWN := 20
## The largest answer read, bytes.
const MAX_BYTES := 65536

var _request: HTTPRequest
var _history_request: HTTPRequest

@onready var yours: Label = %Yours
@onready var ladder: OptionButton = %Ladder
@onready var board: Label = %Board
@onready var status: Label = %Status
@onready var history: Label = %History


func _ready() -> void:
	_request = _requester(_on_request_completed)
	_history_request = _requester(_on_history_completed)
	_fill()
	_load()
	var player := Online.server.player_id if Online.server else ""
	if player.is_valid_hex_number() and player.length() == 16:
		var url := "%s/players/%s" % [ServerHttp.http_base(GameSettings.server_url), player]
		_history_request.request(url)


## A request to the server, bounded in size and time, answered to `done`.
func _requester(done: Callable) -> HTTPRequest:
	var request := HTTPRequest.new()
	request.body_size_limit = MAX_BYTES
	request.timeout = 10.0
	request.request_completed.connect(done)
	add_child(request)
	return request


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		var chosen := ladder.selected
		_fill()
		ladder.select(chosen)


func _fill() -> void:
	ladder.clear()
	for mode_name: String in CarromRules.get_mode_names():
		ladder.add_item(tr("MODE_" + mode_name.to_upper()))
	_say(yours, your_ratings(Online.server))


## The player's rating on each ladder, a line each, as the server's welcome said them.
static func your_ratings(server: ServerLink) -> String:
	var lines: Array[String] = []
	for rating: Variant in server.ratings if server else []:
		if rating is Dictionary:
			var mode_key := "MODE_" + str(rating.get("ladder", "")).to_upper()
			var mode := TranslationServer.translate(mode_key)
			lines.append(
				Words.say("RATINGS_YOURS", [mode, int(rating["rating"]), int(rating["games"])])
			)
	return "\n".join(lines)


func _load() -> void:
	_request.cancel_request()
	_say(board, "")
	_say(status, "RATINGS_LOADING")
	var mode_name: String = CarromRules.get_mode_names()[maxi(0, ladder.selected)]
	var url := (
		"%s/leaderboard?ladder=%s&limit=%d"
		% [ServerHttp.http_base(GameSettings.server_url), mode_name, SHOWN]
	)
	var error := _request.request(url)
	if error != OK:
		_say(status, Words.say("RATINGS_FAILED", error_string(error)))


func _on_request_completed(
	result: int, code: int, _headers: PackedStringArray, body: PackedByteArray
) -> void:
	if result != HTTPRequest.RESULT_SUCCESS:
		_say(status, "RATINGS_NO_ANSWER")
		return
	if code != 200:
		_say(status, Words.say("RATINGS_FAILED", "HTTP %d" % code))
		return
	var answer: Variant = ServerHttp.read_json(body.get_string_from_utf8())
	var players: Variant = answer.get("players") if answer is Dictionary else null
	if not players is Array:
		_say(status, Words.say("RATINGS_FAILED", "?"))
		return
	var lines: Array[String] = []
	for player: Variant in players:
		if player is Dictionary and lines.size() < SHOWN:
			lines.append(
				(
					tr("RATINGS_LINE")
					% [
						lines.size() + 1,
						str(player.get("name", "")).left(24),
						int(player.get("rating", 0)),
						int(player.get("games", 0))
					]
				)
			)
	_say(board, "\n".join(lines))
	_say(status, "" if not lines.is_empty() else "RATINGS_EMPTY")


## The player's last rated matches: the ladder, and the rating before and after.
func _on_history_completed(
	result: int, code: int, _headers: PackedStringArray, body: PackedByteArray
) -> void:
	if result != HTTPRequest.RESULT_SUCCESS or code != 200:
		return
	var answer: Variant = ServerHttp.read_json(body.get_string_from_utf8())
	var changes: Variant = answer.get("history") if answer is Dictionary else null
	if not changes is Array:
		return
	var lines: Array[String] = []
	for change: Variant in changes:
		if change is Dictionary:
			var mode_key := "MODE_" + str(change.get("ladder", "")).to_upper()
			lines.append(
				(
					tr("RATINGS_CHANGE")
					% [tr(mode_key), int(change.get("before", 0)), int(change.get("after", 0))]
				)
			)
	_say(history, "\n".join(lines))


func _on_ladder_item_selected(_index: int) -> void:
	_load()


func _on_back_pressed() -> void:
	closed.emit()
	queue_free()


## Shows `text` on `label`; an empty line takes no room (a tall script's empty line is tall).
func _say(label: Label, text: String) -> void:
	label.text = text
	label.visible = not text.is_empty()
