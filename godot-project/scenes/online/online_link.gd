class_name OnlineLink
extends Node
## Carries a CarromNet's bytes over Godot's high-level multiplayer: ENet on desktop and phones.
## The host is the server (peer 1); every message goes by a reliable RPC to this node's path,
## which must be the same on every machine. The bytes are CarromNet's to check.

## This machine reached the host (a peer), or the host is listening.
signal link_up
## The link could not be made, or was lost.
signal link_down(reason: String)

## The largest number of peers a host takes.
const MAX_PEERS := 8
## How soon the host notices a peer gone without a word (an app killed, a phone out of range):
## ENet's limit of tries and its shortest and longest wait, in milliseconds. ENet's own longest
## is 30 s; the match pauses for a dropped player once it is noticed.
const PEER_TIMEOUT := [32, 2000, 6000]

## The protocol node whose bytes this carries.
@export var net: CarromNet


## Listens on `port` as the host. OK, or the error ENet gave.
func host(port: int) -> Error:
	var peer := ENetMultiplayerPeer.new()
	var error := peer.create_server(port, MAX_PEERS)
	if error != OK:
		return error
	_host_only()
	multiplayer.multiplayer_peer = peer
	multiplayer.peer_connected.connect(_on_peer_connected.bind(peer))
	multiplayer.peer_connected.connect(net.peer_connected)
	multiplayer.peer_disconnected.connect(net.peer_disconnected)
	net.send_to_peer.connect(_on_net_send_to_peer)
	link_up.emit.call_deferred()
	return OK


## Connects to a host at `address`:`port`, then joins as `player_name` with this device's
## `token`. OK, or the error ENet gave at once (a failure later comes as `link_down`).
func join(address: String, port: int, player_name: String, token: String) -> Error:
	var peer := ENetMultiplayerPeer.new()
	var error := peer.create_client(address, port)
	if error != OK:
		return error
	_host_only()
	multiplayer.multiplayer_peer = peer
	net.send_to_host.connect(_on_net_send_to_host)
	multiplayer.connected_to_server.connect(
		func() -> void:
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


func _on_peer_connected(id: int, server: ENetMultiplayerPeer) -> void:
	var peer := server.get_peer(id)
	if peer:
		peer.set_timeout(PEER_TIMEOUT[0], PEER_TIMEOUT[1], PEER_TIMEOUT[2])


func _on_net_send_to_peer(peer: int, bytes: PackedByteArray) -> void:
	# A peer that has just left, or is leaving, may still be in the protocol's list a moment.
	if peer in multiplayer.get_peers() and _is_connected(peer):
		_to_peer.rpc_id(peer, bytes)


func _is_connected(peer: int) -> bool:
	var server := multiplayer.multiplayer_peer as ENetMultiplayerPeer
	if server == null:
		return true
	var link := server.get_peer(peer)
	return link != null and link.get_state() == ENetPacketPeer.STATE_CONNECTED


func _on_net_send_to_host(bytes: PackedByteArray) -> void:
	_to_host.rpc_id(1, bytes)


@rpc("authority", "call_remote", "reliable")
func _to_peer(bytes: PackedByteArray) -> void:
	net.receive_from_host(bytes)


@rpc("any_peer", "call_remote", "reliable")
func _to_host(bytes: PackedByteArray) -> void:
	if multiplayer.is_server():
		net.receive_from_peer(multiplayer.get_remote_sender_id(), bytes)
