extends Node
## The one saved match on this device: the match document (`CarromRules.save_match`) and who
## played each seat, so that Continue picks it up where it was left.

const PATH := "user://match.json"

## Whether the match scene should continue the saved match instead of starting one.
var resume := false
## The saved match as last read: table, rules and replay in one document.
var document := ""


func has_save() -> bool:
	return FileAccess.file_exists(PATH)


## Writes `match_document` with who plays each seat (`Session.players`).
func write(match_document: String) -> void:
	if match_document.is_empty():
		return
	var file := FileAccess.open(PATH, FileAccess.WRITE)
	if file == null:
		push_error("SaveSlot.write: cannot write %s" % PATH)
		return
	file.store_string(JSON.stringify({"players": Session.players, "match": match_document}))


## Reads the saved match into `document` and who played each seat into `Session.players`, and
## sets `resume`; false if there is none or it is damaged (the match itself is checked when the
## match scene loads it).
func read() -> bool:
	var data: Variant = JSON.parse_string(FileAccess.get_file_as_string(PATH))
	if not data is Dictionary or not data.get("match") is String:
		return false
	var saved_players: Variant = data.get("players", {})
	if saved_players is Dictionary:
		for key: Variant in saved_players:
			var level := int(saved_players[key])
			var known: bool = level == Session.HUMAN or level in CarromAi.get_levels()
			if str(key).is_valid_int() and known:
				Session.players[int(key)] = level
	document = data["match"]
	resume = true
	return true


func clear() -> void:
	if has_save():
		DirAccess.remove_absolute(ProjectSettings.globalize_path(PATH))
