extends SceneTree
## Today's challenge played by the game and sent to the match server's world board, for
## `cargo xtask test` (the online check `daily`):
##   godot --headless --path godot-project --script res://tests/online_daily.gd -- \
##     --server=ws://127.0.0.1:PORT/ws --name=NAME --token=32 hex digits
## The game opens today's challenge (UTC) on its trick table, plays it with the coach's shots
## through the striker as a player would (trying afresh up to three times), and, done, sends
## its strikes as the game does for a player with a name online. It prints "ENTRY <strikes>"
## once the trick is done and "WORLD <line>" with what the table then says of the world
## board (in English), or "FAILED <why>".

const TRICK_TABLE := "res://scenes/trick_shots/trick_table.tscn"
const TIMEOUT_MS := 120000


func _initialize() -> void:
	_run.call_deferred()


func _run() -> void:
	var given := {}
	for arg in OS.get_cmdline_user_args():
		var parts := arg.trim_prefix("--").split("=", true, 1)
		given[parts[0]] = parts[1] if parts.size() > 1 else ""
	TranslationServer.set_locale("en")
	var settings: Node = root.get_node("GameSettings")
	settings.set("server_url", given.get("server", ""))
	settings.set("player_name", given.get("name", ""))
	settings.set("device_token", given.get("token", ""))
	root.get_node("Session").set("trick_day", int(Time.get_unix_time_from_system() / 86400.0))
	var table: Node2D = load(TRICK_TABLE).instantiate()
	root.add_child(table)
	var judge: CarromTrickShots = table.get_node("Tricks")
	var until := Time.get_ticks_msec() + TIMEOUT_MS
	while judge.get_tricks().is_empty() and Time.get_ticks_msec() < until:
		await process_frame
	if judge.get_tricks().is_empty():
		_end("FAILED today's challenge was not made")
		return
	if not await DailyChecks.solve_with_the_coach(self, table, 3):
		_end("FAILED the coach's shots did not do today's challenge in three attempts")
		return
	print("ENTRY %d" % judge.get_strikes())
	var world: Label = table.get_node("%World")
	while world.text == tr("DAILY_SENDING") and Time.get_ticks_msec() < until:
		await process_frame
	_end("WORLD " + world.text.replace("\n", " / "))


func _end(line: String) -> void:
	print(line)
	quit()
