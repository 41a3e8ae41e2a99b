extends Node
## Online play as this device takes part in it: whether it hosts or joins, where, on what
## terms, and the match's `CarromNet`, which is asked who sits where — the host knows, and
## nothing of it is copied here.

## Whether this device plays online, and how.
enum Role { OFFLINE, HOST, JOIN }

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


func is_online() -> bool:
	return role != Role.OFFLINE


## Plays on this device only from now on.
func go_offline() -> void:
	role = Role.OFFLINE
	net = null


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
