extends Node
## Online play as this device takes part in it: whether it hosts or joins, where, on what
## terms, and the match's `CarromNet`, which is asked who sits where — the host knows, and
## nothing of it is copied here.

## Whether this device plays online, and how.
enum Role { OFFLINE, HOST, JOIN }

const MATCH := "res://scenes/match/match.tscn"
const INVITE_TOAST := preload("res://scenes/online/invite_toast.tscn")

var role := Role.OFFLINE
## The host to join, and the port a host listens on.
var address := "127.0.0.1"
var port := 24680
## A dedicated server: it hosts with every seat open and plays none itself.
var dedicated := false
## WebSocket instead of ENet: what a web build can use (and a host for web players).
var websocket := OS.has_feature("web")
## On the host, how long the match waits for a player who dropped before the computer stands in.
var drop_seconds := 60
## On the host, the turn timer: seconds a turn has before it passes (0: none).
var turn_seconds := 0
## The match scene's online node while it plays online; null otherwise.
var net: CarromNet
## Whether this device joins through the match server (Quick match, a friend's code, Watch)
## rather than a host on its network.
var via_server := false
## Whether a match the server gives changes the scene to it (a test that runs the match scene
## itself says no).
var follow_matches := true
## The link to the match server, while there is one.
var server: ServerLink
## The server's match the match scene shows.
var _shown_match := ""
## Whether the game has opened the link for friends as it started (once a run).
var _reached := false


func is_online() -> bool:
	return role != Role.OFFLINE


## Plays on this device only from now on. A link to the match server stays open: a player
## waiting for a quick match may play the computer meanwhile.
func go_offline() -> void:
	role = Role.OFFLINE
	net = null
	via_server = false


## Closes the link to the match server (a running match waits on the server for this player).
func leave_server() -> void:
	_shown_match = ""
	if server:
		server.close()
		server.queue_free()
		server = null


## The link to the match server in the Settings, made (and connected) on first use.
func server_link() -> ServerLink:
	if server == null:
		server = ServerLink.new()
		server.name = "ServerLink"
		add_child(server)
		server.matched.connect(_on_server_matched)
		server.link_down.connect(_on_server_link_down)
		server.welcomed.connect(_on_server_welcomed)
		# What friends ask shows over any screen while the link is open.
		var toast: InviteToast = INVITE_TOAST.instantiate()
		server.add_child(toast)
		toast.listen(server)
		var error := server.open(
			GameSettings.server_url, GameSettings.player_name, GameSettings.device_token
		)
		if error != OK:
			server.link_down.emit.call_deferred(error_string(error))
	return server


## Opens the link to the match server as the game starts, so that a friend's invitation reaches
## any screen: once a run (`again`: when the player turns it on), for a player the server knows
## (a friend tag) who lets friends reach them (the Settings' `reachable`), never on a dedicated
## server.
func reach_friends(again := false) -> void:
	if (_reached and not again) or dedicated or server != null:
		return
	_reached = true
	if GameSettings.reachable and not GameSettings.friend_tag.is_empty():
		server_link()


## The server knows this player by a friend tag: kept, so the next start can open the link.
func _on_server_welcomed(_player: String, _playing: bool) -> void:
	if server.tag != GameSettings.friend_tag:
		GameSettings.friend_tag = server.tag
		GameSettings.save_settings()


## The server gave this device a match: it is played in the match scene, joined like a
## friend's host. A match this device already shows (back after a drop) stays as it is.
func _on_server_matched(id: String, _code: String, _watching: bool) -> void:
	var showing := is_instance_valid(net) and via_server and _shown_match == id
	_shown_match = id
	role = Role.JOIN
	via_server = true
	if showing or not follow_matches:
		return
	SaveSlot.resume = false
	get_tree().paused = false
	get_tree().change_scene_to_file.call_deferred(MATCH)


func _on_server_link_down(_reason: String) -> void:
	_shown_match = ""
	if server:
		server.queue_free()
		server = null


## The online node, if the match plays online now.
func live_net() -> CarromNet:
	return net if is_online() and is_instance_valid(net) else null


## Who plays `seat`, as the host said (`CarromNet.WHO_*`; `WHO_UNTOLD` offline).
func who(seat: int) -> int:
	var n := live_net()
	return n.get_who(seat) if n else CarromNet.WHO_UNTOLD


## Whether the computer plays `seat`: a computer's seat, or one it stands in for.
func is_computer(seat: int) -> bool:
	return who(seat) in [CarromNet.WHO_COMPUTER, CarromNet.WHO_STAND_IN]


## Whether `seat` is played on another device (its shots come from the host).
func is_remote(seat: int) -> bool:
	var n := live_net()
	return n != null and n.is_remote_seat(seat)


## Whether a person on this device plays `seat`.
func is_local(seat: int) -> bool:
	var n := live_net()
	return n != null and n.is_local_seat(seat)


## The name the player at `seat` gave ("" for none, or offline).
func player_name(seat: int) -> String:
	var n := live_net()
	return n.get_player_name(seat) if n else ""


## Seats nobody has taken yet: the match starts when there are none.
func open_seats() -> int:
	var n := live_net()
	return n.get_open_seats() if n else 0


## The names of the players the match waits for, and the seconds it still waits.
func waiting() -> Dictionary:
	var n := live_net()
	if n == null:
		return {"names": "", "seconds": 0}
	return {"names": ", ".join(n.get_waiting_names()), "seconds": n.get_wait_seconds()}


## Who plays each seat of `seats`, for `CarromNet.host_match`: the host's person at the first
## seat a person plays (none on a dedicated server), the computer at `computer_seats`, and
## every other seat open to the friends who join.
func holders(seats: PackedInt32Array, computer_seats: Array[int]) -> Dictionary:
	var given := {}
	var host_seat := -1
	for seat: int in seats:
		if seat in computer_seats:
			given[seat] = CarromNet.HOLDER_COMPUTER
		elif host_seat < 0 and not dedicated:
			host_seat = seat
			given[seat] = CarromNet.HOLDER_HERE
		else:
			given[seat] = CarromNet.HOLDER_OPEN
	return given
