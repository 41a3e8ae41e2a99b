class_name ReplayList
extends PanelContainer
## The finished matches kept on this device (ReplayShelf), newest first: a press watches one
## (replay_viewer.tscn), Share writes it as a file to send a friend, and a file a friend sent
## is opened with Open a file (where the system has a file dialog) or by dropping it on the
## window. An opened file is checked whole before it is watched and is never kept over the
## player's own matches; a damaged one is refused with the reason.

signal closed

const VIEWER := "res://scenes/replays/replay_viewer.tscn"
const FILTERS := ["*.json ; Carrom replays"]

## The kept matches listed, as `ReplayShelf.list` gave them.
var entries: Array[Dictionary] = []

@onready var list: VBoxContainer = %List
@onready var empty_label: Label = %Empty
@onready var message: Label = %Message
@onready var open_button: Button = %Open


func _ready() -> void:
	open_button.visible = _has_file_dialog()
	get_window().files_dropped.connect(_on_files_dropped)
	_fill()


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		_fill()


## Opens the match in `path` in the viewer; false, with the reason shown, when it cannot be
## watched.
func open_file(path: String) -> bool:
	var entry := ReplayShelf.read(path)
	if not entry.get("refusal", "").is_empty():
		say(Words.say("REPLAY_REFUSED", entry["refusal"]))
		return false
	watch(entry)
	return true


## Watches a kept or opened match.
func watch(entry: Dictionary) -> void:
	Session.replay = entry["replay"]
	Session.replay_players = entry.get("players", {})
	get_tree().change_scene_to_file(VIEWER)


## Writes the kept match `entry` to `to`, and says where (or why not).
func share_to(entry: Dictionary, to: String) -> bool:
	var error := ReplayShelf.share(entry["path"], to)
	if error != OK:
		say(Words.say("REPLAY_NOT_SHARED", error_string(error)))
		return false
	say(Words.say("REPLAY_SHARED", to))
	return true


func say(text: String) -> void:
	message.text = text
	message.visible = not text.is_empty()


func _fill() -> void:
	for child in list.get_children():
		list.remove_child(child)
		child.queue_free()
	entries = ReplayShelf.list()
	empty_label.visible = entries.is_empty()
	for entry in entries:
		var row := HBoxContainer.new()
		var watch_button := Button.new()
		watch_button.text = ReplayShelf.line(entry)
		watch_button.custom_minimum_size = Vector2(0, 88)
		watch_button.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		watch_button.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
		watch_button.theme_type_variation = &"SecondaryButton"
		watch_button.pressed.connect(watch.bind(entry))
		row.add_child(watch_button)
		var share_button := Button.new()
		share_button.text = "REPLAY_SHARE"
		share_button.custom_minimum_size = Vector2(0, 88)
		share_button.theme_type_variation = &"SecondaryButton"
		share_button.pressed.connect(_share.bind(entry))
		row.add_child(share_button)
		list.add_child(row)


## Share: the system's save dialog where there is one; else the file goes to the documents
## folder under its own name, and the message says where.
func _share(entry: Dictionary) -> void:
	var file_name := "carrom-%s" % String(entry["path"]).get_file()
	if _has_file_dialog():
		DisplayServer.file_dialog_show(
			tr("REPLAY_SHARE"),
			OS.get_system_dir(OS.SYSTEM_DIR_DOCUMENTS),
			file_name,
			false,
			DisplayServer.FILE_DIALOG_MODE_SAVE_FILE,
			PackedStringArray(FILTERS),
			func(chosen: bool, paths: PackedStringArray, _filter: int) -> void:
				if chosen and not paths.is_empty():
					share_to(entry, paths[0])
		)
		return
	share_to(entry, OS.get_system_dir(OS.SYSTEM_DIR_DOCUMENTS).path_join(file_name))


func _has_file_dialog() -> bool:
	return DisplayServer.has_feature(DisplayServer.FEATURE_NATIVE_DIALOG_FILE)


func _on_open_pressed() -> void:
	DisplayServer.file_dialog_show(
		tr("REPLAY_OPEN_FILE"),
		OS.get_system_dir(OS.SYSTEM_DIR_DOCUMENTS),
		"",
		false,
		DisplayServer.FILE_DIALOG_MODE_OPEN_FILE,
		PackedStringArray(FILTERS),
		func(chosen: bool, paths: PackedStringArray, _filter: int) -> void:
			if chosen and not paths.is_empty():
				open_file(paths[0])
	)


## A file dropped on the window while this list is open is opened.
func _on_files_dropped(files: PackedStringArray) -> void:
	if not files.is_empty():
		open_file(files[0])


func _on_back_pressed() -> void:
	go_back()


func go_back() -> void:
	closed.emit()
	queue_free()
