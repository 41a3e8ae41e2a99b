class_name DailyBoard
extends Node
## Today's challenge on the match server's world board. An attempt done is posted as its
## strikes (`CarromTrickShots.get_daily_entry`), never as a score: the server plays them again
## on its own core and counts what they do there. Its answer is said in a line or two: where
## the player stands of how many, and the day's best. A server that does not answer, or does
## not count the attempt, is said too; the stars stay on the device either way.

## What to show under the attempt's result.
signal told(line: String)

## A server that takes the request but does not answer is left after this long.
const SECONDS := 10.0

var _request: HTTPRequest
## An attempt done while the one before was still on its way: sent once that one is answered
## (the server keeps the better of the two).
var _waiting: Array = []


## Posts `entry` (the JSON text the trick-shot node gave) for day `day` to the server at
## `server_url` (`ws://host:port/ws` or `wss://…`) as `player_name` with this device's `token`.
## False, with nothing sent, when there is nothing to send or the request cannot be made.
func send(server_url: String, player_name: String, token: String, day: int, entry: String) -> bool:
	if entry.is_empty() or not CarromLobby.is_server_url(server_url):
		return false
	if _request != null:
		_waiting = [server_url, player_name, token, day, entry]
		return true
	_request = HTTPRequest.new()
	_request.timeout = SECONDS
	add_child(_request)
	_request.request_completed.connect(_on_request_completed)
	# The entry goes in as the game made it: its numbers written again would lose their bits.
	var body := (
		'{"name": %s, "token": %s, "entry": %s}'
		% [JSON.stringify(player_name), JSON.stringify(token), entry]
	)
	var url := "%s/daily/%d" % [ServerHttp.http_base(server_url), day]
	var headers := PackedStringArray(["Content-Type: application/json"])
	if _request.request(url, headers, HTTPClient.METHOD_POST, body) != OK:
		_forget()
		return false
	return true


## The line that tells the server's answer: `result` and `code` as HTTPRequest gave them,
## `text` its body (untrusted: a proxy or another server may answer anything).
static func line_of(result: int, code: int, text: String) -> String:
	if result != HTTPRequest.RESULT_SUCCESS:
		return TranslationServer.translate("DAILY_UNREACHED")
	var answer: Variant = ServerHttp.read_json(text)
	if code != 200 or not answer is Dictionary:
		return TranslationServer.translate("DAILY_NOT_COUNTED")
	var rank: Variant = answer.get("rank")
	var of: Variant = answer.get("of")
	if not (rank is float and of is float and rank >= 1 and of >= rank):
		return TranslationServer.translate("DAILY_NOT_COUNTED")
	var line := Words.say("DAILY_RANK", [int(rank), int(of)])
	var players: Variant = answer.get("players")
	if players is Array and not players.is_empty() and players[0] is Dictionary:
		var best: Dictionary = players[0]
		var who: Variant = best.get("name")
		var strikes: Variant = best.get("strikes")
		if who is String and strikes is float:
			line += "\n" + Words.say("DAILY_BEST", [who.left(24), int(strikes)])
	return line


func _on_request_completed(
	result: int, code: int, _headers: PackedStringArray, body: PackedByteArray
) -> void:
	_forget()
	# An attempt that waited goes now, and its answer is the one told.
	var next := _waiting
	_waiting = []
	if next.is_empty() or not send.callv(next):
		told.emit(line_of(result, code, body.get_string_from_utf8()))


func _forget() -> void:
	if _request != null:
		_request.queue_free()
		_request = null
