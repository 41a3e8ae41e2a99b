class_name OnlineScreenChecks
extends RefCounted
## The game's online screens, checked headless for run_game_tests.gd: Play online refuses what
## will not do (a name, an address, a room code, a server's URL), the Settings keep the match
## server's address, the leaderboard is read from the server's answer, a game hosted on the
## network is listed, and a room code stands for its host.

const ONLINE_MENU := "res://scenes/online/online_menu.tscn"
const SETTINGS_SCREEN := "res://scenes/settings/settings_screen.tscn"

var tree: SceneTree
var root: Window
## Called with a check's name, whether it passed, and what was seen.
var _report: Callable


func _init(scene_tree: SceneTree, report: Callable) -> void:
	tree = scene_tree
	root = scene_tree.root
	_report = report


func run() -> void:
	await _check_online_menu_refuses_bad_input()
	await _check_network_controls_are_a_developers()
	var settings: Node = tree.root.get_node("GameSettings")
	settings.set("developer", true)
	await _check_server_choices_refused()
	settings.set("developer", false)
	_check_server_addresses()
	await _check_leaderboard_read()
	await _check_friends_list_shown()
	await _check_settings_keep_the_server()
	await _check_friends_reach_the_player()
	await _check_games_found_on_the_network()
	_check_room_code()


## The online screen says what is wrong with a name or an address, and stays.
func _check_online_menu_refuses_bad_input() -> void:
	var menu: Control = load(ONLINE_MENU).instantiate()
	root.add_child(menu)
	await tree.process_frame
	menu.get_node("%Name").text = "<script>"
	menu.call("_on_join_pressed")
	var bad_name: String = menu.get_node("%Status").text
	menu.get_node("%Name").text = "Asha"
	menu.get_node("%Address").text = "not an address!"
	menu.call("_on_join_pressed")
	var bad_address: String = menu.get_node("%Status").text
	var stayed: bool = menu.is_inside_tree() and not root.get_node("Online").call("is_online")
	menu.queue_free()
	await tree.process_frame
	_report.call(
		"the online screen refuses a bad name and a bad address, saying why",
		bad_name == "ONLINE_BAD_NAME" and bad_address == "ONLINE_BAD_ADDRESS" and stayed,
		"%s, %s, stayed %s" % [bad_name, bad_address, stayed]
	)


## A player's Settings and Play online show no server address, port or network address (a
## developer's, with `--developer` or the project setting); a developer's show them.
func _check_network_controls_are_a_developers() -> void:
	var settings: Node = tree.root.get_node("GameSettings")
	var shown := []
	for developer in [false, true]:
		settings.set("developer", developer)
		var online: Control = load(ONLINE_MENU).instantiate()
		var screen: Control = load(SETTINGS_SCREEN).instantiate()
		root.add_child(online)
		root.add_child(screen)
		await tree.process_frame
		var rows: Array[Control] = [
			screen.get_node("%Server").get_parent(),
			online.get_node("%Server").get_parent(),
			online.get_node("%Port").get_parent(),
			online.get_node("%Address").get_parent(),
		]
		shown.append(rows.map(func(row: Control) -> bool: return row.visible))
		online.queue_free()
		screen.queue_free()
		await tree.process_frame
	settings.set("developer", false)
	_report.call(
		"a player's screens show no server address, port or network address; a developer's do",
		shown == [[false, false, false, false], [true, true, true, true]],
		"%s" % [shown]
	)


## Play a friend and the match server: a code that cannot be one and a server address that is
## not a WebSocket URL are refused, saying why (the Advanced fold opens to show the address),
## and nothing is sent anywhere.
func _check_server_choices_refused() -> void:
	var menu: Control = load(ONLINE_MENU).instantiate()
	root.add_child(menu)
	await tree.process_frame
	menu.get_node("%Name").text = "Asha"
	menu.get_node("%Code").text = "AB0"
	menu.call("_on_join_code_pressed")
	var bad_code: String = menu.get_node("%Status").text
	menu.get_node("%Code").text = "abc-234"
	menu.get_node("%Server").text = "http://example.com"
	menu.call("_on_join_code_pressed")
	var bad_server: String = menu.get_node("%Status").text
	var folded_open: bool = menu.get_node("%AdvancedBox").visible
	var online: Node = root.get_node("Online")
	var no_link: bool = online.get("server") == null
	menu.queue_free()
	await tree.process_frame
	_report.call(
		"the online screen refuses a bad room code and a bad server address, saying why",
		(
			bad_code == "ONLINE_BAD_CODE"
			and bad_server == "ONLINE_BAD_SERVER"
			and folded_open
			and no_link
		),
		"%s, %s, advanced open %s, no link %s" % [bad_code, bad_server, folded_open, no_link]
	)


## The match server's address: ws:// and wss:// URLs are taken, anything else is not; its
## leaderboard is read over http(s) at the same host and port.
func _check_server_addresses() -> void:
	var taken := ["ws://127.0.0.1:24681/ws", "wss://carrom.example.org/ws", "ws://[::1]:9000/ws"]
	var refused := ["http://127.0.0.1/ws", "ws://", "ws://host name/ws", "wss://x/\n"]
	var ok := true
	for url: String in taken:
		ok = ok and CarromLobby.is_server_url(url)
	for url: String in refused:
		ok = ok and not CarromLobby.is_server_url(url)
	var bases := [
		ServerHttp.http_base("ws://127.0.0.1:24681/ws"),
		ServerHttp.http_base("wss://carrom.example.org/ws")
	]
	ok = ok and bases == ["http://127.0.0.1:24681", "https://carrom.example.org"]
	_report.call("the match server's address is a ws:// or wss:// URL", ok, str(bases))


## The leaderboard is read from the server's answer, one line a player; an answer that is not
## one (a proxy's error page, say) shows as not read, never as a board.
func _check_leaderboard_read() -> void:
	var screen: Node = load("res://scenes/online/ratings_screen.tscn").instantiate()
	root.add_child(screen)
	await tree.process_frame
	screen.get("_request").call("cancel_request")
	var answer := {"players": [{"name": "Asha", "rating": 1712, "games": 31}, {"name": "Dev"}]}
	var body := JSON.stringify(answer).to_utf8_buffer()
	screen.call("_on_request_completed", HTTPRequest.RESULT_SUCCESS, 200, PackedStringArray(), body)
	var board: String = screen.get_node("%Board").text
	var junk := "<html>bad gateway</html>".to_utf8_buffer()
	screen.call("_on_request_completed", HTTPRequest.RESULT_SUCCESS, 200, PackedStringArray(), junk)
	var after_junk: String = screen.get_node("%Status").text
	screen.queue_free()
	await tree.process_frame
	var ok := board.begins_with("1. Asha") and board.contains("2. Dev") and after_junk != ""
	_report.call("the leaderboard is read from the server's answer, and junk is refused", ok, board)


## A friends list as the server tells it: a request with Accept and Decline; each friend with
## their presence and what it allows (Watch while they play, Invite and Team up while they are
## on, nothing while they are off); players met lately, but not those already friends, with Add
## and Block; players blocked, with Unblock.
static func sample_friends() -> Dictionary:
	var person := func(id: String, name: String, number: int) -> Dictionary:
		return {"player": id, "name": name, "tag": "%s#%d" % [name, number]}
	var friend := func(id: String, name: String, presence: int, code: String) -> Dictionary:
		var them: Dictionary = person.call(id, name, 4000 + id.length())
		them.merge({"presence": presence, "seen": 0, "code": code})
		return them
	return {
		"kind": CarromLobby.HEARD_FRIENDS,
		"list":
		[
			friend.call("a", "Asha", CarromLobby.PRESENCE_PLAYING, "K7M2QX"),
			friend.call("bb", "Bilal", CarromLobby.PRESENCE_ONLINE, ""),
			friend.call("ccc", "Chitra", CarromLobby.PRESENCE_OFFLINE, ""),
		],
		"asking": [person.call("d", "Dev", 4821)],
		"asked": [],
		"recent": [person.call("a", "Asha", 4001), person.call("e", "Esha", 1234)],
		"blocked": [person.call("f", "Fez", 4444)],
	}


func _check_friends_list_shown() -> void:
	var screen: Node = load("res://scenes/online/friends_screen.tscn").instantiate()
	root.add_child(screen)
	await tree.process_frame
	screen.call("_show_list", sample_friends())
	var buttons := func(box_name: String) -> Array:
		var rows: Array = []
		for row: Node in screen.get_node("%" + box_name).get_children():
			var keys: Array = []
			for button: Button in row.find_children("*", "Button", false, false):
				keys.append(button.text)
			rows.append(keys)
		return rows
	var friends: Array = buttons.call("List")
	var asking: Array = buttons.call("Asking")
	var recent: Array = buttons.call("Recent")
	var blocked: Array = buttons.call("Blocked")
	var empty_shown: bool = screen.get_node("%Empty").visible
	screen.queue_free()
	await tree.process_frame
	var ok := (
		friends == [["ONLINE_WATCH"], ["FRIENDS_INVITE", "FRIENDS_TEAM_UP"], []]
		and asking == [["FRIENDS_ACCEPT", "FRIENDS_DECLINE"]]
		and recent == [["FRIENDS_ADD", "FRIENDS_BLOCK"]]
		and blocked == [["FRIENDS_UNBLOCK"]]
		and not empty_shown
	)
	_report.call(
		"the friends list shows requests, each friend's presence and what it allows",
		ok,
		"%s %s %s %s" % [friends, asking, recent, blocked]
	)
	# The profile's chart: the ladder played most, oldest first, from its rating before.
	var history := [
		{"ladder": "singles", "before": 1530, "after": 1545},
		{"ladder": "doubles", "before": 1500, "after": 1490},
		{"ladder": "singles", "before": 1500, "after": 1530},
		"junk",
	]
	# Loaded now, not named: naming it would compile it before the autoloads it reaches exist.
	var profile: GDScript = load("res://scenes/online/profile_screen.gd")
	var points: PackedInt32Array = profile.call("chart_points", history)
	_report.call(
		"the profile charts the ladder played most, oldest first",
		points == PackedInt32Array([1500, 1530, 1545]),
		str(points)
	)


## The Settings hold the match server's address: a URL is kept, anything else is refused with
## the reason (the screen stays), and an empty field is the game's own server again.
func _check_settings_keep_the_server() -> void:
	var settings: Node = root.get_node("GameSettings")
	var before: String = settings.get("server_url")
	var screen: Node = load(SETTINGS_SCREEN).instantiate()
	root.add_child(screen)
	await tree.process_frame
	var field: LineEdit = screen.get_node("%Server")
	field.text = "carrom.example.org"
	var refused: bool = not screen.call("_keep_server")
	var said: String = screen.get_node("%ServerStatus").text
	field.text = "wss://carrom.example.org/ws"
	var kept: bool = screen.call("_keep_server") and settings.get("server_url") == field.text
	field.text = ""
	var reset: bool = screen.call("_keep_server")
	reset = reset and settings.get("server_url") == settings.get("DEFAULT_SERVER")
	screen.queue_free()
	settings.set("server_url", before)
	await tree.process_frame
	_report.call(
		"the Settings keep a match server's URL and refuse anything else, saying why",
		refused and said == "ONLINE_BAD_SERVER" and kept and reset,
		"refused %s (%s), kept %s, reset %s" % [refused, said, kept, reset]
	)


## "Friends can invite me" in the Settings opens the link to the match server at once for a
## player the server has given a friend tag (and not for one it never saw); turned off, it
## leaves an open link alone (it may hold a wait) and the setting is kept for the next start.
func _check_friends_reach_the_player() -> void:
	var settings: Node = root.get_node("GameSettings")
	var online: Node = root.get_node("Online")
	var before := [settings.get("reachable"), settings.get("friend_tag")]
	var screen: Node = load(SETTINGS_SCREEN).instantiate()
	root.add_child(screen)
	await tree.process_frame
	var toggle: CheckButton = screen.get_node("%Reachable")
	settings.set("friend_tag", "")
	toggle.button_pressed = false
	toggle.button_pressed = true
	var unknown_stays_off: bool = online.get("server") == null
	settings.set("friend_tag", "Asha#1234")
	toggle.button_pressed = false
	toggle.button_pressed = true
	var opened: bool = online.get("server") != null
	toggle.button_pressed = false
	var kept: bool = online.get("server") != null and not settings.get("reachable")
	screen.queue_free()
	settings.set("reachable", before[0])
	settings.set("friend_tag", before[1])
	online.call("leave_server")
	await tree.process_frame
	(
		_report
		. call(
			"friends can reach a known player once the Settings say so, and a no waits for the next start",
			unknown_stays_off and opened and kept,
			"unknown stays off %s, opened %s, kept %s" % [unknown_stays_off, opened, kept]
		)
	)


## A host's beacon shows as a game to join on the online screen; a stray datagram does not.
func _check_games_found_on_the_network() -> void:
	var port := 24000 + randi() % 2000
	var board := CarromBoard.new()
	var rules := CarromRules.new()
	var net := CarromNet.new()
	var sender := LanBeacon.new()
	rules.board = board
	net.rules = rules
	net.host_name = "Asha"
	sender.net = net
	sender.broadcast_address = "127.0.0.1"
	sender.discovery_port = port
	for node: Node in [board, rules, net, sender]:
		root.add_child(node)
	rules.start_match(1)
	net.host_match({0: CarromNet.HOLDER_HERE, 2: CarromNet.HOLDER_OPEN})
	var menu: Control = load(ONLINE_MENU).instantiate()
	menu.get_node("Beacon").discovery_port = port
	root.add_child(menu)
	var stray := PacketPeerUDP.new()
	stray.set_dest_address("127.0.0.1", port)
	stray.put_packet("hello".to_utf8_buffer())
	sender.broadcast(24680)
	var found: Node = menu.get_node("%Found")
	var until := Time.get_ticks_msec() + 3000
	while found.get_child_count() == 0 and Time.get_ticks_msec() < until:
		await tree.process_frame
	var texts: Array[String] = []
	for button: Button in found.get_children():
		texts.append(button.text)
	menu.queue_free()
	for node: Node in [sender, net, rules, board]:
		node.queue_free()
	stray.close()
	await tree.process_frame
	var heard := texts.size() == 1 and "Asha" in texts[0] and "127.0.0.1:24680" in texts[0]
	_report.call(
		"a game hosted on the network is listed to join, and nothing else", heard, str(texts)
	)


## A room code reads back as the address and port it was made from, however it is typed, and
## anything else is not taken for one.
func _check_room_code() -> void:
	var code := CarromLobby.host_code("192.168.1.20", 24680)
	var back := CarromLobby.read_host_code(code)
	var typed := CarromLobby.read_host_code(
		code.to_lower().replace("-", " ").replace("0", "o").replace("1", "l")
	)
	var wanted := {"address": "192.168.1.20", "port": 24680}
	var junk := [
		CarromLobby.read_host_code("hello"),
		CarromLobby.read_host_code("UUUUU-UUUUU"),
		CarromLobby.read_host_code("")
	]
	var refused := junk.all(func(d: Dictionary) -> bool: return d.is_empty())
	_report.call(
		"a room code stands for the host's address and port",
		code.length() == 11 and back == wanted and typed == wanted and refused,
		"%s -> %s, typed %s" % [code, back, typed]
	)
