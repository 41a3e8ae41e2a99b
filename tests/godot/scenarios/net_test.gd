extends Scenario
## CarromNet: a host and a peer, each with its own board and rules, joined by passing bytes
## as a transport would; every shot shown on both boards, and both matches equal after each.


## A peer's board and rules, without a match until it joins.
func _new_peer() -> Array:
	var board := CarromBoard.new()
	add(board, "PeerBoard")
	var rules := CarromRules.new()
	rules.board = board
	add(rules, "PeerRules")
	var net := CarromNet.new()
	net.rules = rules
	add(net, "PeerNet")
	return [board, rules, net]


## Host and peer wired together; the peer holds seat 2 as device "guest".
func _pair() -> Dictionary:
	var host_side := new_match(CarromRules.MODE_SINGLES, 3)
	var host_net := CarromNet.new()
	host_net.rules = host_side[1]
	add(host_net, "HostNet")
	check(host_net.host_match({0: "", 2: "guest"}), "host_match accepted")
	var peer_side := _new_peer()
	var peer_net: CarromNet = peer_side[2]
	host_net.send_to_peer.connect(
		func(peer: int, bytes: PackedByteArray) -> void:
			if peer == 2:
				peer_net.receive_from_host(bytes)
	)
	peer_net.send_to_host.connect(
		func(bytes: PackedByteArray) -> void: host_net.receive_from_peer(2, bytes)
	)
	var joined := []
	peer_net.joined.connect(func(seats: PackedInt32Array) -> void: joined.append(seats))
	host_net.peer_connected(2)
	peer_net.join("Guest", "guest")
	check(joined.size() == 1 and joined[0] == PackedInt32Array([2]), "joined holding seat 2")
	return {
		"host_board": host_side[0],
		"host_rules": host_side[1],
		"host_net": host_net,
		"peer_board": peer_side[0],
		"peer_rules": peer_side[1],
		"peer_net": peer_net,
	}


## Lets both machines show every shot due, to rest.
func _settle(pair: Dictionary) -> void:
	for i in 20:
		for side in ["host", "peer"]:
			var board: CarromBoard = pair[side + "_board"]
			if board.is_moving():
				board.simulate_to_rest()
		await tree.process_frame
		var due: int = pair["host_net"].get_shots_due() + pair["peer_net"].get_shots_due()
		if due == 0 and not pair["host_board"].is_moving() and not pair["peer_board"].is_moving():
			return


func test_a_host_and_a_peer_stay_in_step_through_their_boards() -> void:
	var pair := _pair()
	var rules: CarromRules = pair["host_rules"]
	var board: CarromBoard = pair["host_board"]
	check(
		pair["host_net"].get_state_hash() == pair["peer_net"].get_state_hash(),
		"the peer starts from the host's match"
	)
	for shot in 12:
		var seat := rules.get_seat_to_play()
		var offset := board.get_free_striker_offset(seat, (shot % 5 - 2) * 40.0)
		var aim := board.get_seat_forward(seat).rotated((shot % 3 - 1) * 0.3)
		var net: CarromNet = pair["host_net"] if seat == 0 else pair["peer_net"]
		check(net.strike(seat, offset, aim, 0.4 + 0.05 * (shot % 7)), "shot %d sent" % shot)
		await _settle(pair)
		var same: bool = pair["host_net"].get_state_hash() == pair["peer_net"].get_state_hash()
		check(same, "the same match on both after shot %d" % shot)
		if not same:
			return
	check(pair["peer_net"].get_shots() == 12, "the peer played all 12 shots")


func test_a_strike_for_the_hosts_seat_is_refused_and_changes_nothing() -> void:
	var pair := _pair()
	var rules: CarromRules = pair["host_rules"]
	var board: CarromBoard = pair["host_board"]
	var reasons := []
	pair["peer_net"].refused.connect(func(reason: String) -> void: reasons.append(reason))
	var before: String = pair["host_net"].get_state_hash()
	var seat := 0
	var forward := board.get_seat_forward(seat)
	pair["peer_net"].strike(seat, 0.0, forward, 0.5)
	check(
		reasons.size() == 1 and "not yours" in str(reasons), "refused, saying why: %s" % [reasons]
	)
	check(pair["host_net"].get_state_hash() == before, "the host's match is unchanged")
	check(pair["host_net"].get_shots() == 0, "no shot was played")
	check(rules.get_seat_to_play() >= 0, "the match goes on")
