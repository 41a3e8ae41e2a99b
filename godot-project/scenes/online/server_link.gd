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
## Something about people: friends, requests, invitations, codes, devices, quick chat — the
## dictionary of `CarromLobby.read`, its `kind` one of the `HEARD_*` about them.
signal people_told(message: Dictionary)

## Buffers, bytes: a welcome carries the whole match so far.
const BUFFER := 1 << 20
## A ping this often; nothing heard for SILENT_SECONDS and the link is taken for dead.
const PING_SECONDS := 2.0
const SILENT_SECONDS := 14.0
## A server that takes the connection but never answers it (frozen, overloaded) is left after
## this long, as a dropped link.
const CONNECT_SECONDS := 10.0
## The most frames of a new match held for its scene: its welcome and what followed at once.
const MAX_HELD := 256
## Waits between tries to reconnect, seconds, each with up to a third more or less at random
## (so that a server's players do not all come back at once).
const BACKOFF: Array[float] = [0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0, 8.0]
## Times in a row a server may send this game on to another before it gives up (a fleet sends
## a device on once; more is a loop).
const MAX_MOVES := 3

## The server's URL (`ws://host:port/ws` or `wss://…`): the front door, where a dropped link
## comes back to.
var url := ""
## This player's public id on the server, once welcomed, their friend tag and their name as the
## server keeps it.
var player_id := ""
var tag := ""
var welcomed_name := ""
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
## Requests made before the welcome (CarromLobby's frames), sent once it comes.
var _pending: Array[String] = []
var _net: CarromNet
## The match's frames that came before its scene gave a CarromNet to play them on (its
## welcome comes with `matched`), at most MAX_HELD.
var _held: Array[PackedByteArray] = []
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
## Where the server just sent this device, what to ask there (a frame), and whether that is
## coming back to this device's seat.
var _move_to := ""
var _then := ""
var _then_resumes := false
var _moves := 0
## A link or recovery code to claim instead of saying hello, on the next link made.
var _claiming := ""


## Connects to the server at `server_url` as `player_name` with this device's `token`.
## OK, or the error the transport gave at once (later failures come as `link_down`).
func open(server_url: String, player_name: String, token: String) -> Error:
	if not CarromLobby.is_server_url(server_url):
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


## A quick match of `mode` (one of `CarromRules.get_mode_names()`) under `rules` (one of
## `CarromRuleset.get_preset_names()`).
func quick(mode: String, rules: String) -> void:
	ask(CarromLobby.quick(mode, rules))


## A room for friends; its code comes as `room_told`.
func create_room(mode: String, rules: String) -> void:
	ask(CarromLobby.create(mode, rules))


## A seat in the friend's room of `room_code`.
func join_room(room_code: String) -> void:
	ask(CarromLobby.join(room_code))


## Watches the match of `room_code`.
func watch(room_code: String) -> void:
	ask(CarromLobby.watch(room_code))


## Back to this player's running match.
func resume() -> void:
	ask(CarromLobby.resume())


## Out of the queue, or the room not yet started.
func cancel() -> void:
	ask(CarromLobby.cancel())


## The same players again, once the match is over.
func rematch() -> void:
	ask(CarromLobby.rematch())


## Sends a lobby request, a frame of CarromLobby's (after the welcome: one made before waits
## for it).
func ask(request: String) -> void:
	if not is_welcomed():
		_pending.append(request)
		return
	_socket.send_text(request)


## The match's protocol goes to and from `net` (the match scene's), which joins now if a
## match has been given.
func play_on(net: CarromNet) -> void:
	if _net and _net.send_to_host.is_connected(_send_binary):
		_net.send_to_host.disconnect(_send_binary)
	_net = net
	_net.send_to_host.connect(_send_binary)
	if not match_id.is_empty():
		_net.join_seated()
		# Once the scene that called this is ready: its match is told as a peer's would be.
		_play_held.call_deferred()


func _play_held() -> void:
	var held := _held
	_held = []
	for packet in held:
		if _net:
			_net.receive_from_host(packet)


## This device becomes the player of `code` (a link code shown on another of their devices, or
## their recovery code): the link is made again, and the welcome names the player.
func claim(code: String) -> void:
	_claiming = code
	if _socket:
		_socket.close(1000, "claiming")
	_closing = false
	_at = url
	_dial()


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
				elif match_id.is_empty():
					pass
				elif _net and _held.is_empty():
					_net.receive_from_host(packet)
				elif _held.size() < MAX_HELD:
					_held.append(packet)
			if now - _pinged_at >= PING_SECONDS:
				_pinged_at = now
				_socket.send_text(CarromLobby.ping())
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
	if _claiming.is_empty():
		_socket.send_text(CarromLobby.hello(_name, _token))
	else:
		_socket.send_text(CarromLobby.claim(_token, _claiming))
		_claiming = ""


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


## A lobby message from the server, read by CarromLobby; anything unreadable is left aside
## with a warning.
func _lobby(text: String) -> void:
	var message := CarromLobby.read(text)
	match int(message["kind"]):
		CarromLobby.HEARD_WELCOME:
			_welcome(message)
		CarromLobby.HEARD_QUEUED:
			queued.emit(message["seconds"], message["window"])
		CarromLobby.HEARD_ROOM:
			room_told.emit(
				message["code"], message["expires_in"], message["taken"], message["seats"]
			)
		CarromLobby.HEARD_MATCHED:
			# Back at a seat: a later drop starts its back-off afresh.
			_tries = 0
			_moves = 0
			# The same match again (back after a drop) goes on on the board that shows it; a
			# new one waits, its frames held, for the scene that shows it (`play_on`).
			var same: bool = message["id"] == match_id
			match_id = message["id"]
			code = message["code"]
			watching = message["watching"]
			_held.clear()
			if is_instance_valid(_net) and same:
				_net.join_seated()
			else:
				if is_instance_valid(_net) and _net.send_to_host.is_connected(_send_binary):
					_net.send_to_host.disconnect(_send_binary)
				_net = null
			matched.emit(match_id, code, watching)
		CarromLobby.HEARD_OVER:
			over.emit(message["ending"], message["changes"])
		CarromLobby.HEARD_REFUSED:
			refused.emit(message["reason"])
		CarromLobby.HEARD_CLOSING:
			# The server restarts: the link drops, and a match is rejoined on the new one.
			_socket.close(1001, "server closing")
		CarromLobby.HEARD_ELSEWHERE:
			_elsewhere(message)
		CarromLobby.HEARD_LATER:
			# Coming back to a match that is moving between servers: the drop's back-off
			# asks again. In the lobby, the player is told.
			if not match_id.is_empty() and not watching:
				_socket.close(4001, "not yet")
			else:
				refused.emit(message["reason"])
		var kind when CarromLobby.is_about_people(kind):
			people_told.emit(message)
		CarromLobby.HEARD_UNREADABLE:
			push_warning(
				"The match server sent what this game does not read: %s" % message["error"]
			)


## The server holds not what was asked, another node of its fleet does: go there and ask
## again (CarromLobby has checked the address and that the request is one this game makes).
func _elsewhere(message: Dictionary) -> void:
	_moves += 1
	if _moves > MAX_MOVES:
		refused.emit("the servers keep sending this game on: try again in a moment")
		return
	_move_to = message["url"]
	_then = message["then"]
	_then_resumes = message["resumes"]


## Leaves this server for the one it named, and asks there what it said to ask.
func _move() -> void:
	var old := _socket
	_at = _move_to
	_move_to = ""
	if old:
		old.close(1000, "sent on")
	_dial()
	# Back after a drop, the welcome asks to resume by itself.
	if not (_then_resumes and not match_id.is_empty()):
		_pending.push_front(_then)
	_then = ""


func _welcome(message: Dictionary) -> void:
	_welcomed = true
	player_id = message["player"]
	ratings = message["ratings"]
	tag = message["tag"]
	welcomed_name = message["name"]
	# A claimed device is its player now: said again after a drop, its hello keeps their name.
	if not welcomed_name.is_empty():
		_name = welcomed_name
	var back := not match_id.is_empty()
	if back:
		# Back after a drop: straight to the seat this device held.
		_socket.send_text(CarromLobby.resume())
	for request in _pending:
		_socket.send_text(request)
	_pending.clear()
	welcomed.emit(player_id, message["playing"])
