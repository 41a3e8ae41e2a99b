extends Node
## The match the menu set up, and the saved match to continue. How this device plays online,
## and who sits where then, is `Online`'s.

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
	if Online.is_online():
		return Online.is_computer(seat)
	return players.get(seat, HUMAN) != HUMAN


## The seats the computer plays in the match set up here (for hosting it).
func computer_seats() -> Array[int]:
	var seats_of_computer: Array[int] = []
	for seat: int in seats():
		if players.get(seat, HUMAN) != HUMAN:
			seats_of_computer.append(seat)
	return seats_of_computer


## The computer's level at `seat`; hard where a person sat (online, the computer standing in
## for a player who dropped).
func level_of(seat: int) -> int:
	var level: int = players.get(seat, CarromAi.LEVEL_HARD)
	return level if level != HUMAN else CarromAi.LEVEL_HARD


## A fresh match with the settings chosen, on this device only.
func new_match() -> void:
	match_seed = randi()
	resume = false
	Online.go_offline()


## Online, keeps the match the host left on this device, its computer's seats the computer's
## and every other seat a person's, so that it can be continued here or hosted again.
func keep_online_match(match_document: String) -> void:
	for seat: int in seats():
		players[seat] = CarromAi.LEVEL_HARD if is_computer(seat) else HUMAN
	Online.go_offline()
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
