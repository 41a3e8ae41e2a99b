extends Node
## The match the menu set up, and the saved match to continue.

const SAVE_PATH := "user://match.json"
## Who plays a seat: a person, or the computer at one of `CarromAi.get_levels()`.
const HUMAN := -1

## Where rulesets are found: the addon's presets, then a game maker's own.
const RULESET_DIRS: Array[String] = ["res://addons/carrom/rulesets", "res://rulesets"]
const CLASSIC := "res://addons/carrom/rulesets/classic.tres"

## Who plays (a `CarromRules.MODE_*`).
var mode := CarromRules.MODE_SINGLES
## The rules played by: a `CarromRuleset` file.
var ruleset_path := CLASSIC
var target_points := 25
var max_boards := 8
## Who plays each seat: `HUMAN`, or a computer level (`CarromAi.LEVEL_*`).
var players := {0: HUMAN, 1: CarromAi.LEVEL_HARD, 2: CarromAi.LEVEL_HARD, 3: CarromAi.LEVEL_HARD}
var match_seed := 0
## The trick shot last opened (an index into the game's trick-shot file).
var trick_index := 0
## Whether the match scene should continue the saved match instead of starting one.
var resume := false
## The saved match (`CarromRules.save_match`): table, rules and replay in one document.
var saved_match := ""
## Online: "" plays on this device only; "host" hosts the match set up here; "join" joins one.
var online := ""
## The host to join, and the port a host listens on.
var online_address := "127.0.0.1"
var online_port := 24680
## Online, the seats played on this device (a person's); the others' shots come from the host.
var local_seats := PackedInt32Array()
## A dedicated server: it hosts with every seat open and plays none itself.
var dedicated := false
## Online over WebSocket instead of ENet: what a web build can use (and a host for web players).
var online_websocket := OS.has_feature("web")
## Online, how long the host waits for a player who dropped before the computer stands in.
var online_drop_seconds := 60
## Online, the host's turn timer: seconds a turn has before it passes (0: none).
var online_turn_seconds := 0
## Online, who sits where as the host last said (`CarromNet.get_players`): seat -> {name, who}.
var online_players := {}
## Online, when the wait for a player who dropped ends (engine ticks, ms); 0 when not waiting.
var online_pause_ends_msec := 0


func seats() -> PackedInt32Array:
	return CarromRules.seats_of_mode(mode)


## The rules chosen, or the classic rules if that file is gone or not a ruleset.
func ruleset() -> CarromRuleset:
	var chosen := (
		load(ruleset_path) as CarromRuleset if ResourceLoader.exists(ruleset_path) else null
	)
	return chosen if chosen != null else load(CLASSIC) as CarromRuleset


## Every ruleset file a match can be played by, the presets first. An exported game lists its
## resources under their own names with ".remap" added.
static func ruleset_paths() -> Array[String]:
	var paths: Array[String] = []
	for dir in RULESET_DIRS:
		if not DirAccess.dir_exists_absolute(dir):
			continue
		var files := DirAccess.get_files_at(dir)
		for file in files:
			var name := file.trim_suffix(".remap")
			var path := dir.path_join(name)
			if name.ends_with(".tres") and not path in paths:
				paths.append(path)
	return paths


## Whether the computer plays `seat`; online, as the host said (a player who dropped and did
## not come back is played by the computer too).
func is_computer(seat: int) -> bool:
	if not online.is_empty() and online_players.has(seat):
		return online_players[seat].get("who", "") in ["computer", "stand_in"]
	return players.get(seat, HUMAN) != HUMAN


## Online, whether `seat` is played on another device (its shots come from the host).
func is_remote(seat: int) -> bool:
	if online.is_empty():
		return false
	if online == "host" and is_computer(seat):
		return false
	return not seat in local_seats


## Online, the name the player at `seat` gave ("" for none, or offline).
func online_name(seat: int) -> String:
	if online.is_empty():
		return ""
	return str(online_players.get(seat, {}).get("name", ""))


## Online, the names of the players the match waits for, and the seconds it still waits.
func online_waiting() -> Dictionary:
	var names: Array[String] = []
	for seat: int in online_players:
		if online_players[seat].get("who", "") == "away":
			names.append(online_name(seat))
	var left := ceili(maxf(0.0, online_pause_ends_msec - Time.get_ticks_msec()) / 1000.0)
	return {"names": ", ".join(names), "seconds": left if online_pause_ends_msec > 0 else 0}


## Online, seats nobody has taken yet: the match starts when there are none.
func online_open_seats() -> int:
	var open := 0
	for seat: int in online_players:
		if online_players[seat].get("who", "") == "open":
			open += 1
	return open


## Takes who sits where from the host (`CarromNet.get_players`).
func set_online_players(list: Array[Dictionary]) -> void:
	online_players = {}
	for player in list:
		online_players[int(player["seat"])] = player


## Who plays each seat, for `CarromNet.host_match`: the host's person at the first human seat
## (none on a dedicated server), the computer at its seats, and every other human seat open to
## the friends who join. Sets `local_seats` to the host's person's seat.
func online_holders() -> Dictionary:
	var holders := {}
	var host_seat := -1
	for seat: int in seats():
		if is_computer(seat):
			holders[seat] = "computer"
		elif host_seat < 0 and not dedicated:
			host_seat = seat
			holders[seat] = ""
		else:
			holders[seat] = "open"
	local_seats = PackedInt32Array([host_seat]) if host_seat >= 0 else PackedInt32Array()
	return holders


## The computer's level at `seat`; hard where a person sat (online, the computer standing in
## for a player who dropped).
func level_of(seat: int) -> int:
	var level: int = players.get(seat, CarromAi.LEVEL_HARD)
	return level if level != HUMAN else CarromAi.LEVEL_HARD


## A fresh match with the settings chosen, on this device only.
func new_match() -> void:
	match_seed = randi()
	resume = false
	online = ""
	online_players = {}
	online_pause_ends_msec = 0


## Online, keeps the match the host left on this device, its computer's seats the computer's
## and every other seat a person's, so that it can be continued here or hosted again.
func keep_online_match(match_document: String) -> void:
	for seat: int in seats():
		players[seat] = CarromAi.LEVEL_HARD if is_computer(seat) else HUMAN
	online = ""
	save_match(match_document)


func has_save() -> bool:
	return FileAccess.file_exists(SAVE_PATH)


## Writes the match and who plays each seat.
func save_match(match_document: String) -> void:
	if match_document.is_empty():
		return
	var file := FileAccess.open(SAVE_PATH, FileAccess.WRITE)
	if file == null:
		push_error("Session.save_match: cannot write %s" % SAVE_PATH)
		return
	file.store_string(JSON.stringify({"players": players, "match": match_document}))


## Reads the saved match; returns false if there is none or it is damaged. The match itself is
## checked when the match scene loads it.
func load_match() -> bool:
	var data: Variant = JSON.parse_string(FileAccess.get_file_as_string(SAVE_PATH))
	if not data is Dictionary or not data.get("match") is String:
		return false
	var saved_players: Variant = data.get("players", {})
	if saved_players is Dictionary:
		for key: Variant in saved_players:
			var level := int(saved_players[key])
			if str(key).is_valid_int() and (level == HUMAN or level in CarromAi.get_levels()):
				players[int(key)] = level
	saved_match = data["match"]
	resume = true
	return true


func clear_save() -> void:
	if has_save():
		DirAccess.remove_absolute(ProjectSettings.globalize_path(SAVE_PATH))
