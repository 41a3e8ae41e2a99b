extends Node
## The match the menu set up: mode, rules, who plays each seat, the seed. The saved match is
## `SaveSlot`'s; how this device plays online, and who sits where then, is `Online`'s.

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
## The day whose daily challenge the trick table plays (days since 1 January 1970, UTC), or -1
## for the tricks of the game's file.
var trick_day := -1
## The finished match the replay viewer is to show (`CarromRules.get_replay` text), and who
## played each seat in it.
var replay := ""
var replay_players := {}


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


## Whether a person on this device plays `seat`: online, a seat the host gave this device;
## offline, any seat the computer does not play.
func is_person_here(seat: int) -> bool:
	return Online.is_local(seat) if Online.is_online() else not is_computer(seat)


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
	SaveSlot.resume = false
	Online.go_offline()


## Online, keeps the match the host left on this device, its computer's seats the computer's
## and every other seat a person's, so that it can be continued here or hosted again.
func keep_online_match(match_document: String) -> void:
	for seat: int in seats():
		players[seat] = CarromAi.LEVEL_HARD if is_computer(seat) else HUMAN
	Online.go_offline()
	SaveSlot.write(match_document)
