class_name LanBeacon
extends Node
## Games on the local network: a host broadcasts its CarromNet beacon every second while
## seats are open (`broadcast`); the join screen listens and lists what it hears (`listen`).
## Datagrams come from anyone on the network: CarromNet.read_beacon checks every field.

## The list of games heard changed (`games`).
signal games_changed

## The UDP port beacons go to (the game's port plus one).
const DISCOVERY_PORT := 24681
## A game not heard from for this long is taken off the list, in milliseconds.
const FORGET_MS := 3500
## Datagrams read a frame at most: a flood of them costs a frame no more than this.
const MAX_READ_PER_FRAME := 32

## Where beacons are sent: the whole local network, or one address (tests send to 127.0.0.1).
@export var broadcast_address := "255.255.255.255"
@export var discovery_port := DISCOVERY_PORT
## The match's protocol node (the host's beacon comes from it).
@export var net: CarromNet

## Games heard: "address:port" -> {address, port, name, mode, open}.
var games := {}

var _socket: PacketPeerUDP
var _game_port := 0
var _seen := {}
var _next_send_msec := 0


## Sends this host's beacon every second, for the game listening on `game_port`. OK, or why not.
func broadcast(game_port: int) -> Error:
	stop()
	_socket = PacketPeerUDP.new()
	_socket.set_broadcast_enabled(true)
	_game_port = game_port
	return _socket.set_dest_address(broadcast_address, discovery_port)


## Listens for hosts' beacons. OK, or why not (the port taken by another listener, say).
func listen() -> Error:
	stop()
	_socket = PacketPeerUDP.new()
	var error := _socket.bind(discovery_port)
	if error != OK:
		_socket = null
	return error


func stop() -> void:
	if _socket:
		_socket.close()
	_socket = null
	_game_port = 0


func _exit_tree() -> void:
	stop()


func _process(_delta: float) -> void:
	if _socket == null:
		return
	var now := Time.get_ticks_msec()
	if _game_port > 0:
		_send(now)
	else:
		_hear(now)


func _send(now: int) -> void:
	if now < _next_send_msec or net == null:
		return
	_next_send_msec = now + 1000
	var beacon := net.get_beacon(_game_port)
	if not beacon.is_empty():
		_socket.put_packet(beacon)


func _hear(now: int) -> void:
	var changed := false
	for i in MAX_READ_PER_FRAME:
		if _socket.get_available_packet_count() == 0:
			break
		var bytes := _socket.get_packet()
		var address := _socket.get_packet_ip()
		var beacon := CarromNet.read_beacon(bytes)
		if beacon.is_empty() or address.is_empty():
			continue
		beacon["address"] = address
		var key := "%s:%d" % [address, beacon["port"]]
		changed = changed or games.get(key) != beacon
		games[key] = beacon
		_seen[key] = now
	for key: String in _seen.keys():
		if now - int(_seen[key]) > FORGET_MS:
			_seen.erase(key)
			games.erase(key)
			changed = true
	if changed:
		games_changed.emit()
