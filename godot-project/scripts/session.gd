extends Node
## The match the menu set up, and the saved match to continue.

const SAVE_PATH := "user://match.json"
const MODE_SEATS := {0: [0, 2], 1: [0, 1, 2, 3], 2: [0, 1, 2]}
const LEVELS := ["easy", "medium", "hard"]

## 0 singles, 1 doubles, 2 the three-player points game (as CarromRules.mode).
var mode := 0
var target_points := 25
var max_boards := 8
## Who plays each seat: "human", or a computer level ("easy", "medium", "hard").
var players := {0: "human", 1: "hard", 2: "hard", 3: "hard"}
var match_seed := 0
## Whether the match scene should continue the saved match instead of starting one.
var resume := false
## The saved board and rules, for a resumed match.
var saved_board := ""
var saved_rules := ""


func seats() -> Array:
	return MODE_SEATS[mode]


func is_computer(seat: int) -> bool:
	return players.get(seat, "human") != "human"


func level_of(seat: int) -> String:
	return players.get(seat, "hard")


## A fresh match with the settings chosen.
func new_match() -> void:
	match_seed = randi()
	resume = false


func has_save() -> bool:
	return FileAccess.file_exists(SAVE_PATH)


func save_match(board_state: String, rules_state: String) -> void:
	var data := {
		"mode": mode,
		"target_points": target_points,
		"max_boards": max_boards,
		"players": players,
		"seed": match_seed,
		"board": board_state,
		"rules": rules_state,
	}
	var file := FileAccess.open(SAVE_PATH, FileAccess.WRITE)
	if file == null:
		push_error("Session.save_match: cannot write %s" % SAVE_PATH)
		return
	file.store_string(JSON.stringify(data))


## Reads the saved match; returns false if there is none or it is damaged.
func load_match() -> bool:
	var text := FileAccess.get_file_as_string(SAVE_PATH)
	var data: Variant = JSON.parse_string(text)
	if not data is Dictionary or not data.has("board") or not data.has("rules"):
		return false
	mode = int(data.get("mode", 0))
	target_points = int(data.get("target_points", 25))
	max_boards = int(data.get("max_boards", 8))
	match_seed = int(data.get("seed", 0))
	var saved_players: Dictionary = data.get("players", {})
	for key in saved_players:
		players[int(key)] = str(saved_players[key])
	saved_board = str(data["board"])
	saved_rules = str(data["rules"])
	resume = true
	return true


func clear_save() -> void:
	if has_save():
		DirAccess.remove_absolute(ProjectSettings.globalize_path(SAVE_PATH))
