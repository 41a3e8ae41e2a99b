class_name ReplayShelf
extends RefCounted
## The finished matches kept on this device to watch again: the last `KEEP`, one file each in
## `user://replays/`, the oldest dropped when a match more is kept. A kept match is the replay
## document (`CarromRules.get_replay`) with what a list shows without playing it: when it
## ended, the game, who played each seat and the score. The same file is what a player shares;
## one opened from elsewhere is untrusted: bounded in size, every field checked, the replay
## judged by the rules before it is offered, and never written over the player's own files.

const DIR := "user://replays"
const KEEP := 20
const FORMAT := "carrom-kept-match"
## A seat a person played (as `Session.HUMAN`; not named from here, so that this script
## compiles where the game's globals are not loaded).
const HUMAN := -1
const VERSION := 1
## A kept match's file holds a replay of at most this many bytes (as the core's bound on a
## saved match) and a little more.
const MAX_BYTES := 4 * 1024 * 1024 + 4096
const MODES: Array[int] = [
	CarromRules.MODE_SINGLES, CarromRules.MODE_DOUBLES, CarromRules.MODE_POINTS
]


## Keeps the match `rules` has just finished, its players as `players` has them (seat to
## `HUMAN` or a computer's level); drops the oldest beyond `KEEP`. Its file's path, or
## "" when it could not be written.
static func keep(rules: CarromRules, players: Dictionary, when: int) -> String:
	var kept := {
		"format": FORMAT,
		"version": VERSION,
		"ended": when,
		"mode": rules.mode,
		"players": _seat_keys(players, rules.get_seats()),
		"scores": Array(rules.get_scores()),
		"winner": rules.get_winner(),
		"replay": rules.get_replay(),
	}
	DirAccess.make_dir_recursive_absolute(DIR)
	# Named by the time it ended, so that names sort oldest first; a number keeps two in one
	# second apart.
	var path := ""
	for n in 100:
		path = "%s/%012d-%02d.json" % [DIR, when, n]
		if not FileAccess.file_exists(path):
			break
	var file := FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		push_warning("The finished match could not be kept in %s" % path)
		return ""
	file.store_string(JSON.stringify(kept))
	file.close()
	var names := _file_names()
	while names.size() > KEEP:
		DirAccess.remove_absolute(ProjectSettings.globalize_path(DIR.path_join(names.pop_front())))
	return path


## The kept matches, newest first, each as `read` gives it with its `path`; a damaged file is
## left out.
static func list() -> Array[Dictionary]:
	var kept: Array[Dictionary] = []
	var names := _file_names()
	names.reverse()
	for file_name in names:
		var path := DIR.path_join(file_name)
		var entry := read(path)
		if entry.get("refusal", "").is_empty():
			entry["path"] = path
			kept.append(entry)
	return kept


## A kept or shared match read from `path`: its fields checked, the replay judged by the rules
## (`CarromRules.check_replay`). On anything wrong, a dictionary with only `refused`: the
## reason, in words a player can pass on.
static func read(path: String) -> Dictionary:
	var file := FileAccess.open(path, FileAccess.READ)
	if file == null:
		return {"refusal": "it cannot be opened (%s)" % error_string(FileAccess.get_open_error())}
	if file.get_length() > MAX_BYTES:
		return {"refusal": "it is larger than a kept match can be (%d bytes at most)" % MAX_BYTES}
	return parse(file.get_as_text())


## `read` of a file's text.
static func parse(text: String) -> Dictionary:
	var data: Variant = JSON.parse_string(text)
	if not data is Dictionary or data.get("format") != FORMAT:
		return {"refusal": 'it is not a kept carrom match (no "format": "%s")' % FORMAT}
	if data.get("version") != float(VERSION):
		return {
			"refusal":
			"it is version %s, this game reads version %d" % [data.get("version"), VERSION]
		}
	var replay: Variant = data.get("replay")
	if not replay is String:
		return {"refusal": "it holds no replay"}
	var problem := CarromRules.check_replay(replay)
	if not problem.is_empty():
		return {"refusal": "its replay is damaged: %s" % problem}
	var mode: Variant = data.get("mode")
	if not (mode is float and int(mode) in MODES):
		return {"refusal": "its game is not one this game plays"}
	var scores: Array[int] = []
	var given_scores: Variant = data.get("scores")
	for score: Variant in given_scores if given_scores is Array else []:
		if not (score is float and absf(score) < 100000.0):
			return {"refusal": "its scores are not numbers"}
		scores.append(int(score))
	var when: Variant = data.get("ended")
	var winner: Variant = data.get("winner")
	return {
		"ended": int(when) if when is float and when >= 0.0 else 0,
		"mode": int(mode),
		"players": _players_of(data.get("players")),
		"scores": scores,
		"winner": int(winner) if winner is float else -1,
		"replay": replay,
	}


## Writes the kept match at `path` to `to` (a file the player chose to share it as).
static func share(path: String, to: String) -> Error:
	if to.is_empty():
		return ERR_FILE_BAD_PATH
	return DirAccess.copy_absolute(
		ProjectSettings.globalize_path(path), ProjectSettings.globalize_path(to)
	)


## The kept match in one line for a list: date, game, players and score.
static func line(entry: Dictionary) -> String:
	# In the device's own time of day.
	var bias := int(Time.get_time_zone_from_system().get("bias", 0)) * 60
	var date := Time.get_datetime_string_from_unix_time(entry.get("ended", 0) + bias, true)
	var scores: Array[String] = []
	for score: int in entry.get("scores", []):
		scores.append(Words.number(score))
	var game := TranslationServer.translate(_mode_key(entry.get("mode", -1)))
	return "%s  ·  %s  ·  %s" % [date.substr(0, 16), game, "–".join(scores)]


static func _mode_key(mode: int) -> String:
	match mode:
		CarromRules.MODE_DOUBLES:
			return "MODE_DOUBLES"
		CarromRules.MODE_POINTS:
			return "MODE_POINTS"
	return "MODE_SINGLES"


## Seats 0–3 to a person (`Session.HUMAN`) or a known computer level; anything else is a
## person.
static func _players_of(data: Variant) -> Dictionary:
	var players := {}
	if not data is Dictionary:
		return players
	for key: Variant in data:
		var level: Variant = data[key]
		var seat := int(key) if str(key).is_valid_int() else -1
		if seat < 0 or seat > 3 or players.size() >= 4:
			continue
		var known: bool = level is float and int(level) in CarromAi.get_levels()
		players[seat] = int(level) if known else HUMAN
	return players


## `players` for the seats in play, with string keys as JSON keeps them.
static func _seat_keys(players: Dictionary, seats: PackedInt32Array) -> Dictionary:
	var kept := {}
	for seat in seats:
		kept[str(seat)] = players.get(seat, HUMAN)
	return kept


## The kept files' names, oldest first.
static func _file_names() -> Array[String]:
	var names: Array[String] = []
	if not DirAccess.dir_exists_absolute(DIR):
		return names
	for file_name in DirAccess.get_files_at(DIR):
		if file_name.ends_with(".json"):
			names.append(file_name)
	names.sort()
	return names
