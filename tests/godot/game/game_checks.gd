class_name GameChecks
extends RefCounted
## What every group of run_game_tests.gd's checks shares: the tree they run in, how they report
## a result, and how they start a match.

## Every seat a person's.
const HUMANS := {0: -1, 1: -1, 2: -1, 3: -1}
## Real seconds waited at most, by default, for something to happen on screen.
const PATIENCE := 6.0

var tree: SceneTree
var root: Window
## Called with a check's name, whether it passed, and what was seen.
var _report: Callable
## Starts a match and returns it (run_game_tests.gd's `_start_match`).
var _start_match: Callable


func _init(scene_tree: SceneTree, report: Callable, start_match: Callable) -> void:
	tree = scene_tree
	root = scene_tree.root
	_report = report
	_start_match = start_match


## Waits until `done` says so or `patience` real seconds run out; whether it did.
func _until(done: Callable, patience := PATIENCE) -> bool:
	var until := Time.get_ticks_msec() + patience * 1000.0
	while not done.call() and Time.get_ticks_msec() < until:
		await tree.process_frame
	return done.call()


## Runs `check` (an item and a window size to what is wrong, awaited) for each item of
## `items`, upright (720×1280) and in landscape (1280×720), in every language of the game, and
## reports each item and size once, named by `name_of` (an item and a size): passed when no
## language found anything wrong.
func _in_every_language(items: Array, check: Callable, name_of: Callable) -> void:
	var settings: Node = root.get_node("GameSettings")
	var was: String = settings.get("language")
	var languages: Array = settings.get("LANGUAGES").keys()
	for size in [Vector2i(720, 1280), Vector2i(1280, 720)]:
		root.size = size
		await tree.process_frame
		for item: Variant in items:
			var problems: PackedStringArray = []
			for language: String in languages:
				settings.set("language", language)
				settings.call("apply")
				var seen: PackedStringArray = await check.call(item, size)
				if not seen.is_empty():
					problems.append("%s: %s" % [language, ", ".join(seen)])
			_report.call(name_of.call(item, size), problems.is_empty(), "; ".join(problems))
	settings.set("language", was)
	settings.call("apply")
	root.size = Vector2i(720, 1280)
	await tree.process_frame
