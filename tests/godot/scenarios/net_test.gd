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


## Host and peer wired together; the peer holds seat 2 as device "guest". A turn has
## `turn_seconds` (0: no timer). The host plays `host_side` ([board, rules], a match begun),
## or a new singles match.
func _pair(turn_seconds := 0, host_side: Array = []) -> Dictionary:
	if host_side.is_empty():
		host_side = new_match(CarromRules.MODE_SINGLES, 3)
	var host_net := CarromNet.new()
	host_net.rules = host_side[1]
	host_net.turn_seconds = turn_seconds
	host_net.drop_seconds = 30
	host_net.host_name = "Asha"
	add(host_net, "HostNet")
	check(host_net.host_match({0: CarromNet.HOLDER_HERE, 2: "guest"}), "host_match accepted")
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


func test_t2_a_turn_the_host_refuses_is_given_back_to_its_seat_with_the_reason() -> void:
	var pair := _pair()
	var rules: CarromRules = pair["host_rules"]
	var board: CarromBoard = pair["host_board"]
	var peer_net: CarromNet = pair["peer_net"]
	var refused := []
	var accepted := []
	peer_net.turn_refused.connect(
		func(seat: int, kind: int, reason: String) -> void: refused.append([seat, kind, reason])
	)
	peer_net.turn_accepted.connect(func(seat: int) -> void: accepted.append(seat))
	# The host's person strikes gently until the peer's seat is to play.
	for shot in 6:
		if rules.get_seat_to_play() == 2:
			break
		pair["host_net"].strike(0, 0.0, board.get_seat_forward(0), 0.05)
		await _settle(pair)
	check(rules.get_seat_to_play() == 2, "the peer's seat is to play")
	var forward := board.get_seat_forward(2)
	var before: String = pair["host_net"].get_state_hash()
	check(peer_net.strike(2, 0.0, -forward, 0.5), "a backward strike is sent")
	check(
		(
			refused.size() == 1
			and refused[0][0] == 2
			and refused[0][1] == CarromNet.REFUSED_RULES
			and "forward" in str(refused[0][2])
		),
		"the host refused it, naming the seat, the kind (the rules) and why: %s" % [refused]
	)
	check(pair["host_net"].get_state_hash() == before, "the host's match is unchanged")
	check(pair["peer_rules"].get_seat_to_play() == 2, "the turn is still the peer's")
	check(peer_net.strike(2, 0.0, forward, 0.3), "the strike taken again is sent")
	check(accepted == [2], "and the host took it: %s" % [accepted])
	await _settle(pair)
	check(pair["host_net"].get_shots() >= 1, "it was played")


func test_the_peer_sees_names_and_seats_and_the_timer_passes_a_turn() -> void:
	var pair := _pair(1)
	var players: Array[Dictionary] = pair["peer_net"].get_players()
	var seen := {}
	for player in players:
		seen[player["seat"]] = [player["name"], player["who"]]
	var told := {0: ["Asha", CarromNet.WHO_HOST], 2: ["Guest", CarromNet.WHO_PERSON]}
	check(seen == told, "names and seats: %s" % [seen])
	var peer_net: CarromNet = pair["peer_net"]
	check(peer_net.get_who(2) == CarromNet.WHO_PERSON, "the peer asks who sits at its seat")
	check(peer_net.get_player_name(0) == "Asha", "and the host's name")
	check(peer_net.is_local_seat(2) and not peer_net.is_local_seat(0), "and which seat is its own")
	check(peer_net.get_who(1) == CarromNet.WHO_UNTOLD, "a seat the match lacks is untold")
	check(pair["peer_net"].turn_seconds == 1, "the peer has the host's turn timer")
	var rules: CarromRules = pair["host_rules"]
	var sleeper := rules.get_seat_to_play()
	var passed := []
	pair["peer_net"].turn_passed.connect(func(seat: int) -> void: passed.append(seat))
	# A game answers a new turn by calling CarromNet again (its player's aim, say): allowed
	# while CarromNet is playing the pass that started the turn.
	var answered := []
	pair["peer_rules"].turn_started.connect(
		func(seat: int) -> void: answered.append(pair["peer_net"].get_shots() + seat * 0)
	)
	# One second a turn and the network's grace of two: within four the turn has passed.
	var waited := 0
	while passed.is_empty() and waited < 60:
		await tree.create_timer(0.1).timeout
		waited += 1
	check(passed == [sleeper], "the turn of seat %d passed on the peer: %s" % [sleeper, passed])
	check(rules.get_seat_to_play() != sleeper, "and on the host")
	check(answered == [1], "the new turn could ask CarromNet at once: %s" % [answered])
	check(
		pair["host_net"].get_state_hash() == pair["peer_net"].get_state_hash(),
		"both matches the same after the pass"
	)


func test_a_dropped_peer_pauses_the_match_for_the_host() -> void:
	var pair := _pair()
	var host_net: CarromNet = pair["host_net"]
	var pauses := []
	host_net.players_changed.connect(func(seconds: int) -> void: pauses.append(seconds))
	host_net.peer_disconnected(2)
	check(pauses == [30], "the host waits 30 s for the player: %s" % [pauses])
	var rules: CarromRules = pair["host_rules"]
	var board: CarromBoard = pair["host_board"]
	if rules.get_seat_to_play() == 0:
		var refused := host_net.strike(0, 0.0, board.get_seat_forward(0), 0.5)
		check(not refused, "nobody strikes while the match waits")
		check(host_net.get_shots() == 0, "no shot was played")
	host_net.peer_connected(3)
	var hello := (
		'{"protocol":%d,"body":{"hello":{"name":"Guest","token":"guest"}}}' % CarromNet.PROTOCOL
	)
	host_net.receive_from_peer(3, hello.to_utf8_buffer())
	check(
		pauses.size() == 2 and pauses[1] == 0,
		"back on a new connection, play goes on: %s" % [pauses]
	)


## The ICF's laws in one game, with the opponent placing returned pieces: a match begun.
func _icf_match(seed: int) -> Array:
	var icf: CarromRuleset = load("res://addons/carrom/rulesets/icf.tres").duplicate()
	icf.games = 1
	return new_match(CarromRules.MODE_SINGLES, seed, icf, true)


func test_ic6_x3_the_toss_and_a_peers_placement_go_through_the_host_to_both_boards() -> void:
	var pair := _pair(0, _icf_match(5))
	var rules: CarromRules = pair["host_rules"]
	var board: CarromBoard = pair["host_board"]
	var placed := {"host": 0, "peer": 0}
	for side in ["host", "peer"]:
		pair[side + "_net"].pieces_placed.connect(func(_s: int) -> void: placed[side] += 1)
	var winner := rules.get_toss_seat()
	check(winner in [0, 2], "the toss waits for its winner: %d" % winner)
	check(
		(
			rules.get_awaited_kind() == CarromRules.AWAITS_CHOICE
			and rules.get_awaited_seat() == winner
		),
		"the rules await the winner's choice first"
	)
	var chooser: CarromNet = pair["host_net"] if winner == 0 else pair["peer_net"]
	check(chooser.choose_break(winner, false), "the winner's choice sent")
	await _settle(pair)
	var peer_rules: CarromRules = pair["peer_rules"]
	check(
		rules.get_toss_seat() == -1 and peer_rules.get_toss_seat() == -1,
		"the toss is chosen on both boards"
	)
	check(rules.get_seat_to_play() == 2 - winner, "the winner let the other break")
	var peer_placed := false
	for shot in 200:
		if rules.is_match_over() or peer_placed:
			break
		var placer := rules.get_placing_seat()
		if placer >= 0:
			var side := "host" if placer == 0 else "peer"
			var own: CarromRules = pair[side + "_rules"]
			var net: CarromNet = pair[side + "_net"]
			var kinds := own.get_placing_kinds()
			check(
				net.place_returned(placer, kinds, own.get_placement_proposals()), "placement sent"
			)
			await _settle(pair)
			check(
				rules.get_placing_seat() == -1 and peer_rules.get_placing_seat() == -1,
				"placed on both boards"
			)
			peer_placed = placer == 2
		else:
			var seat := rules.get_seat_to_play()
			var offset := board.get_free_striker_offset(seat, (shot % 5 - 2) * 40.0)
			var aim := board.get_seat_forward(seat).rotated((shot % 3 - 1) * 0.3)
			var net: CarromNet = pair["host_net"] if seat == 0 else pair["peer_net"]
			check(net.strike(seat, offset, aim, 0.5 + 0.05 * (shot % 9)), "shot %d sent" % shot)
			await _settle(pair)
		var same: bool = pair["host_net"].get_state_hash() == pair["peer_net"].get_state_hash()
		if not same:
			check(false, "the same match on both after turn %d" % shot)
			return
	check(peer_placed, "the peer placed returned pieces")
	check(
		placed["host"] == placed["peer"] and placed["host"] >= 1,
		"every placement shown on both boards: %s" % [placed]
	)
