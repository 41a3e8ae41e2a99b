class_name OnlineLink
extends Node
## Carries a CarromNet's bytes over Godot's high-level multiplayer: ENet (UDP) on desktop and
## phones, WebSocket where there is no UDP (a web build). Both sides of a match use the same.
## The host is the server (peer 1); every message goes by a reliable RPC to this node's path,
## which must be the same on every machine. The bytes are CarromNet's to check.

## This machine reached the host (a peer), or the host is listening.
signal link_up
## The link could not be made, or was lost.
signal link_down(reason: String)

## The largest number of peers a host takes.
const MAX_PEERS := 8
## How soon a host notices a peer gone without a word (an app killed, a phone out of range),
## and a peer its host:
## ENet's limit of tries and its shortest and longest wait, in milliseconds. ENet's own longest
## is 30 s; the match pauses for a dropped player once it is noticed.
const PEER_TIMEOUT := [32, 2000, 6000]
## A WebSocket peer's buffers, bytes: a welcome carries the whole match so far.
const WEBSOCKET_BUFFER := 1 << 20

## The protocol node whose bytes this carries.
@export var net: CarromNet


## Listens on `port` as the host, over WebSocket when `websocket` (for web players) or else
## ENet. OK, or the error the transport gave.
func host(port: int, websocket := false) -> Error:
	var peer: MultiplayerPeer
	var error: Error
	if websocket:
		var server := _websocket()
		error = server.create_server(port)
		peer = server
	else:
		var server := ENetMultiplayerPeer.new()
		error = server.create_server(port, MAX_PEERS)
		peer = server
	if error != OK:
		return error
	_host_only()
	multiplayer.multiplayer_peer = peer
	multiplayer.peer_connected.connect(_on_peer_connected)
	multiplayer.peer_connected.connect(net.peer_connected)
	multiplayer.peer_disconnected.connect(net.peer_disconnected)
	net.send_to_peer.connect(_on_net_send_to_peer)
	link_up.emit.call_deferred()
	return OK


## Connects to a host at `address`:`port` (over WebSocket when `websocket`), then joins as
## `player_name` with this device's `token`. OK, or the error the transport gave at once (a
## failure later comes as `link_down`).
func join(
	address: String, port: int, player_name: String, token: String, websocket := false
) -> Error:
	var peer: MultiplayerPeer
	var error: Error
	if websocket:
		var client := _websocket()
		error = client.create_client("ws://%s:%d" % [address, port])
		peer = client
	else:
		var client := ENetMultiplayerPeer.new()
		error = client.create_client(address, port)
		peer = client
	if error != OK:
		return error
	_host_only()
	multiplayer.multiplayer_peer = peer
	net.send_to_host.connect(_on_net_send_to_host)
	multiplayer.connected_to_server.connect(
		func() -> void:
			_watch_closely(1)
			net.join(player_name, token)
			link_up.emit()
	)
	multiplayer.connection_failed.connect(func() -> void: link_down.emit("connection failed"))
	multiplayer.server_disconnected.connect(func() -> void: link_down.emit("the host left"))
	return OK


## Closes the link.
func leave() -> void:
	if multiplayer.multiplayer_peer:
		multiplayer.multiplayer_peer.close()
	multiplayer.multiplayer_peer = null


## Peers talk to the host alone: no relaying between peers, and no news of each other's
## comings and goings (which could go out to a peer in the moment it leaves).
func _host_only() -> void:
	var scene_multiplayer := multiplayer as SceneMultiplayer
	if scene_multiplayer:
		scene_multiplayer.server_relay = false


## A newcomer past the most a host takes is turned away; an ENet one is watched closely, so
## that a silent drop is noticed soon.
func _on_peer_connected(id: int) -> void:
	if multiplayer.get_peers().size() > MAX_PEERS:
		multiplayer.multiplayer_peer.disconnect_peer(id)
		return
	_watch_closely(id)


## Over ENet, a link to `id` that goes silent is noticed within seconds (PEER_TIMEOUT).
func _watch_closely(id: int) -> void:
	var enet := multiplayer.multiplayer_peer as ENetMultiplayerPeer
	var peer := enet.get_peer(id) if enet else null
	if peer:
		peer.set_timeout(PEER_TIMEOUT[0], PEER_TIMEOUT[1], PEER_TIMEOUT[2])


func _websocket() -> WebSocketMultiplayerPeer:
	var peer := WebSocketMultiplayerPeer.new()
	peer.inbound_buffer_size = WEBSOCKET_BUFFER
	peer.outbound_buffer_size = WEBSOCKET_BUFFER
	return peer


func _on_net_send_to_peer(peer: int, bytes: PackedByteArray) -> void:
	# A peer that has just left, or is leaving, may still be in the protocol's list a moment.
	if peer in multiplayer.get_peers() and _is_connected(peer):
		_to_peer.rpc_id(peer, bytes)


func _is_connected(peer: int) -> bool:
	var enet := multiplayer.multiplayer_peer as ENetMultiplayerPeer
	if enet:
		var link := enet.get_peer(peer)
		return link != null and link.get_state() == ENetPacketPeer.STATE_CONNECTED
	var websocket := multiplayer.multiplayer_peer as WebSocketMultiplayerPeer
	if websocket:
		var link := websocket.get_peer(peer)
		return link != null and link.get_ready_state() == WebSocketPeer.STATE_OPEN
	return true


func _on_net_send_to_host(bytes: PackedByteArray) -> void:
	_to_host.rpc_id(1, bytes)


## Sends what is queued now rather than on the next frame (the app is about to stop).
func flush() -> void:
	if multiplayer.multiplayer_peer:
		multiplayer.poll()


@rpc("authority", "call_remote", "reliable")
func _to_peer(bytes: PackedByteArray) -> void:
	net.receive_from_host(bytes)


@rpc("any_peer", "call_remote", "reliable")
func _to_host(bytes: PackedByteArray) -> void:
	if multiplayer.is_server():
		net.receive_from_peer(multiplayer.get_remote_sender_id(), bytes)
