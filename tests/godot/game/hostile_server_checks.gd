class_name HostileServerChecks
extends RefCounted
## A match server that lies, played against the game's own ServerLink over real sockets on
## 127.0.0.1, for run_game_tests.gd: it sends the game on (`elsewhere`) with a hello to say
## there, which would carry the device's token to whoever it named, or to an address that is no
## match server. The game follows neither. A well-formed move (resume, on a ws:// node) it does
## follow, so that the check can fail.

## The device token the game gives; no server but the one it dialled may hear it.
const TOKEN := "hostile-check-token-0001"
## How long each move is watched, seconds.
const WATCH_SECONDS := 1.5

var tree: SceneTree
## Called with a check's name, whether it passed, and what was seen.
var _report: Callable


## A WebSocket server of one purpose: it takes connections and keeps what they say.
class Listener:
	var port := 0
	var heard: Array[String] = []
	var _server := TCPServer.new()
	var _peers: Array[WebSocketPeer] = []

	func listen() -> bool:
		for candidate in range(24900, 25000):
			if _server.listen(candidate, "127.0.0.1") == OK:
				port = candidate
				return true
		return false

	func connections() -> int:
		return _peers.size()

	func poll() -> void:
		while _server.is_connection_available():
			var peer := WebSocketPeer.new()
			peer.accept_stream(_server.take_connection())
			_peers.append(peer)
		for peer in _peers:
			peer.poll()
			while (
				peer.get_ready_state() == WebSocketPeer.STATE_OPEN
				and peer.get_available_packet_count() > 0
			):
				heard.append(peer.get_packet().get_string_from_utf8())

	func say(message: Dictionary) -> void:
		for peer in _peers:
			if peer.get_ready_state() == WebSocketPeer.STATE_OPEN:
				peer.send_text(JSON.stringify(message))

	func stop() -> void:
		for peer in _peers:
			peer.close()
		_server.stop()


func _init(scene_tree: SceneTree, report: Callable) -> void:
	tree = scene_tree
	_report = report


func run() -> void:
	var hello := {"type": "hello", "lobby": 2, "name": "Mallory", "token": "x"}
	var carried := await _sent_on("ws", hello)
	_report.call(
		"a server that sends the game on with a hello to say there is not followed",
		carried["reached"] == 0 and carried["dialled"],
		"%s" % [carried]
	)
	var no_server := await _sent_on("http", {"type": "resume"})
	_report.call(
		"a server that sends the game on to an address that is no match server is not followed",
		no_server["reached"] == 0 and no_server["dialled"],
		"%s" % [no_server]
	)
	var move := await _sent_on("ws", {"type": "resume"})
	_report.call(
		"a well-formed move (resume on a ws:// node) is followed, with the hello said there",
		move["reached"] == 1 and move["hello_there"],
		"%s" % [move]
	)


## The game dials a lying front door, which answers its hello with `elsewhere` to a second
## listener (by `scheme`), asking `then` there. What reached the second listener.
func _sent_on(scheme: String, then: Dictionary) -> Dictionary:
	var front := Listener.new()
	var node := Listener.new()
	if not (front.listen() and node.listen()):
		return {"reached": -1, "dialled": false, "hello_there": false, "why": "no free port"}
	var link := ServerLink.new()
	tree.root.add_child(link)
	link.open("ws://127.0.0.1:%d/ws" % front.port, "Asha", TOKEN)
	var until := Time.get_ticks_msec() + 3000
	while front.heard.is_empty() and Time.get_ticks_msec() < until:
		front.poll()
		await tree.process_frame
	var dialled := not front.heard.is_empty() and TOKEN in front.heard[0]
	var url := "%s://127.0.0.1:%d/ws" % [scheme, node.port]
	front.say({"type": "elsewhere", "url": url, "then": then})
	until = Time.get_ticks_msec() + int(WATCH_SECONDS * 1000)
	while Time.get_ticks_msec() < until:
		front.poll()
		node.poll()
		await tree.process_frame
	var hello_there := node.heard.size() > 0 and TOKEN in node.heard[0]
	var seen := {"reached": node.connections(), "dialled": dialled, "hello_there": hello_there}
	link.close()
	link.queue_free()
	front.stop()
	node.stop()
	await tree.process_frame
	return seen
