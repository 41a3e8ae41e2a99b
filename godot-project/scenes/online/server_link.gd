class_name ServerLink
extends Node
## A match server over the internet (carrom-server): one WebSocket, ws:// or wss://, with
## Godot's plain WebSocketPeer, so desktop, phone and web use one transport. Text frames are
## the lobby's — quick match, friends' rooms, watching — and binary frames the match's protocol,
## which a CarromNet reads as it reads a friend's host. A link that drops during a match is made
## again with back-off and jitter, and the device takes its seat back.

## The server knows this player (`player` is their public id); `playing`: a match of theirs
## is running (`resume` takes the seat back).
signal welcomed(player: String, playing: bool)
## Waiting for a quick match: `seconds` so far, opponents within `window` of the rating.
signal queued(seconds: int, window: int)
## A friends' room: its code, seconds before it expires, seats taken of `seats`.
signal room_told(code: String, expires_in: int, taken: int, seats: int)
## A match for this device: from now on its protocol goes to the CarromNet in `play_on`.
signal matched(id: String, code: String, watching: bool)
## The match is over and recorded: `ending` (`won`, `drawn`, `abandoned`) and each rating's
## change (dictionaries of seat, name, before, after).
signal over(ending: String, changes: Array)
## The server refused the last request, and why (in its words).
signal refused(reason: String)
## The link could not be made, or was lost for good.
signal link_down(reason: String)

## Buffers, bytes: a welcome carries the whole match so far.
const BUFFER := 1 << 20
## A ping this often; nothing heard for SILENT_SECONDS and the link is taken for dead.
const PING_SECONDS := 2.0
const SILENT_SECONDS := 14.0
## A server that takes the connection but never answers it (frozen, overloaded) is left after
## this long, as a dropped link.
const CONNECT_SECONDS := 10.0
## Waits between tries to reconnect, seconds, each with up to a third more or less at random
## (so that a server's players do not all come back at once).
const BACKOFF: Array[float] = [0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0, 8.0]
## The lobby's version this game speaks.
const LOBBY := 1
## The games a match server plays: modes and rulesets, as it names them.
const MODES: Array[String] = ["singles", "doubles", "points"]
const RULESETS: Array[String] = ["classic", "icf", "freestyle", "disc_pool"]
## The lobby messages this game reads.
const KINDS: Array[String] = [
	"welcome",
	"queued",
	"room",
	"matched",
	"over",
	"refused",
	"closing",
	"pong",
	"elsewhere",
	"later"
]
## Times in a row a server may send this game on to another before it gives up (a fleet sends
## a device on once; more is a loop).
const MAX_MOVES := 3

## The server's URL (`ws://host:port/ws` or `wss://…`): the front door, where a dropped link
## comes back to.
var url := ""
## This player's public id on the server, once welcomed.
var player_id := ""
## Ratings by ladder, as the welcome said (dictionaries of ladder, rating, games).
var ratings: Array = []
## The match this device is at, and its room's code; whether it only watches.
var match_id := ""
var code := ""
var watching := false

var _socket: WebSocketPeer
var _name := ""
var _token := ""
var _welcomed := false
## Requests made before the welcome, sent once it comes.
var _pending: Array[Dictionary] = []
var _net: CarromNet
var _heard_at := 0.0
var _dialled_at := 0.0
var _pinged_at := 0.0
var _was_open := false
## Reconnect tries made since the link dropped, and when the next one is due (-1: none).
var _tries := 0
var _retry_at := -1.0
var _closing := false
## The server this link is on now: the front door, or the node of a fleet it was sent on to.
var _at := ""
## Where the server just sent this device, and what to ask there.
var _move_to := ""
var _then: Dictionary = {}
var _moves := 0


## `text` read as JSON, or null when it is not JSON (quietly: a server's or proxy's answer is
## untrusted, and a bad one is the caller's to report).
static func read_json(text: String) -> Variant:
	var json := JSON.new()
	return json.data if json.parse(text) == OK else null


## Whether `text` is a URL this link can reach.
static func is_url(text: String) -> bool:
	var scheme := "wss://" if text.begins_with("wss://") else "ws://"
	if not text.begins_with(scheme):
		return false
	var rest := text.substr(scheme.length())
	var slash := rest.find("/")
	var host := rest if slash < 0 else rest.left(slash)
	if host.is_empty() or host.length() > 260:
		return false
	for i in rest.length():
		var c := rest.unicode_at(i)
		# The host: letters, digits, '.', '-', and an IPv6 address's brackets and colons; the
		# path after it: any printable ASCII but the space.
		var in_host := slash < 0 or i < slash
		var host_char := is_ascii_letter_or_digit(c) or c in [0x2E, 0x2D, 0x5B, 0x5D, 0x3A]
		if (in_host and not host_char) or (not in_host and (c < 0x21 or c > 0x7E)):
			return false
	return true


## Whether the character `c` is an ASCII letter or digit, as host names are spelled.
static func is_ascii_letter_or_digit(c: int) -> bool:
	return (c >= 0x61 and c <= 0x7A) or (c >= 0x41 and c <= 0x5A) or (c >= 0x30 and c <= 0x39)


## The server's address for plain requests: `ws://host:port/ws` is `http://host:port`.
static func http_base(server_url: String) -> String:
	var base := server_url.replace("wss://", "https://").replace("ws://", "http://")
	var after_scheme := base.find("//") + 2
	var path_at := base.find("/", after_scheme)
	return base if path_at < 0 else base.left(path_at)


## Connects to the server at `server_url` as `player_name` with this device's `token`.
## OK, or the error the transport gave at once (later failures come as `link_down`).
func open(server_url: String, player_name: String, token: String) -> Error:
	if not is_url(server_url):
		return ERR_INVALID_PARAMETER
	url = server_url
	_at = server_url
	_moves = 0
	_name = player_name
	_token = token
	_closing = false
	_tries = 0
	return _dial()


## Whether the link is open and the server has said who this player is.
func is_welcomed() -> bool:
	return _welcomed and _socket != null and _socket.get_ready_state() == WebSocketPeer.STATE_OPEN


## A quick match of `mode` (`singles`, `doubles`, `points`) under `rules` (a ruleset's name).
func quick(mode: String, rules: String) -> void:
	ask({"type": "quick", "mode": mode, "rules": rules})


## A room for friends; its code comes as `room_told`.
func create_room(mode: String, rules: String) -> void:
	ask({"type": "create", "mode": mode, "rules": rules})


## A seat in the friend's room of `room_code`.
func join_room(room_code: String) -> void:
	ask({"type": "join", "code": room_code})


## Watches the match of `room_code`.
func watch(room_code: String) -> void:
	ask({"type": "watch", "code": room_code})


## Back to this player's running match.
func resume() -> void:
	ask({"type": "resume"})


## Out of the queue, or the room not yet started.
func cancel() -> void:
	ask({"type": "cancel"})


## The same players again, once the match is over.
func rematch() -> void:
	ask({"type": "rematch"})


## Sends a lobby request (after the welcome: one made before waits for it).
func ask(request: Dictionary) -> void:
	if not is_welcomed():
		_pending.append(request)
		return
	_socket.send_text(JSON.stringify(request))


## The match's protocol goes to and from `net` (the match scene's), which joins now if a
## match has been given.
func play_on(net: CarromNet) -> void:
	if _net and _net.send_to_host.is_connected(_send_binary):
		_net.send_to_host.disconnect(_send_binary)
	_net = net
	_net.send_to_host.connect(_send_binary)
	if not match_id.is_empty():
		_net.join(_name, _token)


## Closes the link for good.
func close() -> void:
	_closing = true
	_retry_at = -1.0
	if _socket:
		_socket.close(1000, "bye")
	match_id = ""


func _dial() -> Error:
	_socket = WebSocketPeer.new()
	_socket.inbound_buffer_size = BUFFER
	_socket.outbound_buffer_size = BUFFER
	_welcomed = false
	_was_open = false
	_dialled_at = Time.get_ticks_msec() / 1000.0
	return _socket.connect_to_url(_at)


func _process(_delta: float) -> void:
	var now := Time.get_ticks_msec() / 1000.0
	if _retry_at >= 0.0 and now >= _retry_at:
		_retry_at = -1.0
		if _dial() != OK:
			_dropped("could not reach %s" % _at)
	if _socket == null:
		return
	_socket.poll()
	match _socket.get_ready_state():
		WebSocketPeer.STATE_CONNECTING:
			if now - _dialled_at > CONNECT_SECONDS:
				_socket.close(4002, "no answer")
		WebSocketPeer.STATE_OPEN:
			if not _was_open:
				_opened(now)
			while _socket.get_available_packet_count() > 0:
				var packet := _socket.get_packet()
				_heard_at = now
				if _socket.was_string_packet():
					_lobby(packet.get_string_from_utf8())
				elif _net and not match_id.is_empty():
					_net.receive_from_host(packet)
			if now - _pinged_at >= PING_SECONDS:
				_pinged_at = now
				_socket.send_text(JSON.stringify({"type": "ping"}))
			if now - _heard_at > SILENT_SECONDS:
				_socket.close(4000, "silent")
		WebSocketPeer.STATE_CLOSED:
			var reason := _socket.get_close_reason()
			_socket = null
			if not _closing:
				_dropped(reason if not reason.is_empty() else "the server closed the link")
	if not _move_to.is_empty():
		_move()


func _opened(now: float) -> void:
	_was_open = true
	_heard_at = now
	_pinged_at = now
	_socket.set_no_delay(true)
	var hello := {"type": "hello", "lobby": LOBBY, "name": _name, "token": _token}
	_socket.send_text(JSON.stringify(hello))


## The link dropped: during a match it is tried again (the seat waits on the server), else
## the player is told.
func _dropped(reason: String) -> void:
	_welcomed = false
	# A node of a fleet may be gone for good: come back through the front door (and a move
	# that ends in a drop is no loop).
	_at = url
	_moves = 0
	if match_id.is_empty() or watching or _tries >= BACKOFF.size():
		match_id = ""
		link_down.emit(reason)
		return
	var wait: float = BACKOFF[_tries] * randf_range(0.67, 1.33)
	_tries += 1
	_retry_at = Time.get_ticks_msec() / 1000.0 + wait


## Sends what is queued now rather than on the next frame (the app is about to stop).
func flush() -> void:
	if _socket:
		_socket.poll()


func _send_binary(bytes: PackedByteArray) -> void:
	if (
		_socket
		and _socket.get_ready_state() == WebSocketPeer.STATE_OPEN
		and not match_id.is_empty()
	):
		_socket.send(bytes, WebSocketPeer.WRITE_MODE_BINARY)


## A lobby message from the server; anything unreadable is left aside with a warning.
func _lobby(text: String) -> void:
	var message: Variant = read_json(text)
	if not message is Dictionary or not str(message.get("type", "")) in KINDS:
		push_warning("The match server sent what this game does not read: %s" % text.left(80))
		return
	var kind := str(message["type"])
	match kind:
		"welcome":
			_welcome(message)
		"queued":
			queued.emit(int(message.get("seconds", 0)), int(message.get("window", 0)))
		"room":
			room_told.emit(
				str(message.get("code", "")),
				int(message.get("expires_in", 0)),
				int(message.get("taken", 0)),
				int(message.get("seats", 0))
			)
		"matched":
			# Back at a seat: a later drop starts its back-off afresh.
			_tries = 0
			_moves = 0
			match_id = str(message.get("id", ""))
			code = str(message.get("code", ""))
			watching = bool(message.get("watching", false))
			if _net:
				_net.join(_name, _token)
			matched.emit(match_id, code, watching)
		"over":
			var changes: Variant = message.get("changes", [])
			over.emit(str(message.get("ending", "")), changes if changes is Array else [])
		"refused":
			refused.emit(str(message.get("reason", "")))
		"closing":
			# The server restarts: the link drops, and a match is rejoined on the new one.
			_socket.close(1001, "server closing")
		"elsewhere":
			_elsewhere(message)
		"later":
			# Coming back to a match that is moving between servers: the drop's back-off
			# asks again. In the lobby, the player is told.
			if not match_id.is_empty() and not watching:
				_socket.close(4001, "later")
			else:
				refused.emit(str(message.get("reason", "")))


## The server holds not what was asked, another node of its fleet does: go there and ask
## again. Only a URL and one of the requests this game makes are taken from the message.
func _elsewhere(message: Dictionary) -> void:
	var target := str(message.get("url", ""))
	var then: Variant = message.get("then", {})
	var request := {}
	if then is Dictionary:
		var kind := str(then.get("type", ""))
		var room_code := str(then.get("code", ""))
		if kind == "resume":
			request = {"type": "resume"}
		elif kind in ["join", "watch"] and room_code.length() <= 16 and not room_code.is_empty():
			request = {"type": kind, "code": room_code}
	if not is_url(target) or request.is_empty():
		refused.emit("the server sent this game to %s, which it cannot follow" % target.left(60))
		return
	_moves += 1
	if _moves > MAX_MOVES:
		refused.emit("the servers keep sending this game on: try again in a moment")
		return
	_move_to = target
	_then = request


## Leaves this server for the one it named, and asks there what it said to ask.
func _move() -> void:
	var old := _socket
	_at = _move_to
	_move_to = ""
	if old:
		old.close(1000, "sent on")
	_dial()
	# Back after a drop, the welcome asks to resume by itself.
	if not (str(_then.get("type", "")) == "resume" and not match_id.is_empty()):
		_pending.push_front(_then)
	_then = {}


func _welcome(message: Dictionary) -> void:
	_welcomed = true
	player_id = str(message.get("player", ""))
	var given: Variant = message.get("ratings", [])
	ratings = given if given is Array else []
	var playing := bool(message.get("playing", false))
	var back := not match_id.is_empty()
	if back:
		# Back after a drop: straight to the seat this device held.
		_socket.send_text(JSON.stringify({"type": "resume"}))
	for request in _pending:
		_socket.send_text(JSON.stringify(request))
	_pending.clear()
	welcomed.emit(player_id, playing)
