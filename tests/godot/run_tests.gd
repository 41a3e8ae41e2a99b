extends SceneTree
## Runs every `test_*` method of the scripts in res://scenarios and prints each result, then
## "N passed, N failed". Exits with 1 when any failed. Run it headless:
##   godot --headless --path tests/godot --script res://run_tests.gd

const SCENARIO_DIR := "res://scenarios"

var passed := 0
var failed := 0


func _initialize() -> void:
	_run_all.call_deferred()


func _run_all() -> void:
	if not ClassDB.class_exists("CarromBoard"):
		printerr("The carrom extension did not load: build it with `cargo xtask build`.")
		print("0 passed, 1 failed")
		quit(1)
		return
	for file in DirAccess.get_files_at(SCENARIO_DIR):
		if file.ends_with(".gd"):
			await _run_file(SCENARIO_DIR.path_join(file))
	print("%d passed, %d failed" % [passed, failed])
	quit(1 if failed > 0 else 0)


func _run_file(path: String) -> void:
	# A scenario that does not parse runs none of its tests: it fails, by name.
	var script := load(path) as GDScript
	if script == null or not script.can_instantiate():
		failed += 1
		print("FAIL  %s: the scenario does not load (a parse error?)" % path.get_file())
		return
	var scenario: Scenario = script.new()
	scenario.tree = self
	for method in scenario.get_method_list():
		var test: String = method["name"]
		if not test.begins_with("test_"):
			continue
		scenario.failures.clear()
		await scenario.call(test)
		scenario.free_nodes()
		await process_frame
		if scenario.failures.is_empty():
			passed += 1
			print("ok    %s %s" % [path.get_file(), test])
		else:
			failed += 1
			print("FAIL  %s %s: %s" % [path.get_file(), test, ", ".join(scenario.failures)])
