extends Node
## Sound effects: a small pool of players, loudness and pitch from the strength of a hit, a few
## takes of each hit so that a break never repeats one sample, and a cap on how many start at
## once so that a break does not clip. Also the room's quiet ambience under a match. What plays
## when is decided in one place, `sound_cues.gd`; the sounds are made by `tools/make_sounds.py`.

## A cue was asked for (also when the game is headless and silent): for tests and for a
## modder's own effects.
signal played(cue: Cue, strength: float)

## The game's sounds.
enum Cue { STRIKE, CLICK, CUSHION, POCKET, FOUL, WIN, QUEEN, BUTTON }

## Each cue's takes: one is picked at random for each hit, never the one played last.
const SOUNDS := {
	Cue.STRIKE:
	[
		preload("res://sounds/strike_1.wav"),
		preload("res://sounds/strike_2.wav"),
		preload("res://sounds/strike_3.wav"),
	],
	Cue.CLICK:
	[
		preload("res://sounds/click_1.wav"),
		preload("res://sounds/click_2.wav"),
		preload("res://sounds/click_3.wav"),
		preload("res://sounds/click_4.wav"),
	],
	Cue.CUSHION:
	[
		preload("res://sounds/cushion_1.wav"),
		preload("res://sounds/cushion_2.wav"),
		preload("res://sounds/cushion_3.wav"),
		preload("res://sounds/cushion_4.wav"),
	],
	Cue.POCKET:
	[
		preload("res://sounds/pocket_1.wav"),
		preload("res://sounds/pocket_2.wav"),
		preload("res://sounds/pocket_3.wav"),
		preload("res://sounds/pocket_4.wav"),
	],
	Cue.FOUL: [preload("res://sounds/foul.wav")],
	Cue.WIN: [preload("res://sounds/win.wav")],
	Cue.QUEEN: [preload("res://sounds/queen.wav")],
	Cue.BUTTON: [preload("res://sounds/button.wav")],
}
## The takes of a hit by the heavier striker, where it has its own: the striker on a man rings
## lower and fuller than two men.
const HEAVY_SOUNDS := {
	Cue.CLICK:
	[
		preload("res://sounds/striker_click_1.wav"),
		preload("res://sounds/striker_click_2.wav"),
		preload("res://sounds/striker_click_3.wav"),
		preload("res://sounds/striker_click_4.wav"),
	],
}
## A heavier piece's hit without takes of its own (the striker on the cushion or into a
## pocket) is played this much lower: a heavier body answers with lower modes.
const HEAVY_PITCH := 0.88
## The room's sound under a match: a loop (the file marks itself as one, and its import loops
## it forward).
const AMBIENCE := preload("res://sounds/ambience.wav")
## Quiet enough to sit under the game, not to be listened to.
const AMBIENCE_DB := -24.0
const VOICES := 10
## At most this many sounds start within one window.
const BURST_LIMIT := 4
const BURST_WINDOW_MS := 45

var _players: Array[AudioStreamPlayer] = []
var _next := 0
var _recent: Array[int] = []
## The take last played of each set of takes (by `_take_key`), not to play it twice in a row.
var _last_take := {}
var _ambience: AudioStreamPlayer
## Whether a match (a board) is on the screen, so the ambience may play.
var _ambience_wanted := false


func _ready() -> void:
	# On while the game is paused too: the pause menu's buttons click, and the room does not go
	# quiet under it.
	process_mode = Node.PROCESS_MODE_ALWAYS
	for i in VOICES:
		var player := AudioStreamPlayer.new()
		add_child(player)
		_players.append(player)
	_ambience = AudioStreamPlayer.new()
	_ambience.stream = AMBIENCE
	_ambience.volume_db = AMBIENCE_DB
	add_child(_ambience)
	GameSettings.changed.connect(_update_ambience)


## Plays `cue` at `strength` (0–1, e.g. from a hit's impulse). Headless runs (tests, servers)
## stay silent: nobody listens, and their dummy audio driver never lets a playback go.
func play(cue: Cue, strength: float = 1.0) -> void:
	play_hit(cue, strength, false)


## Plays `cue` like `play`, for a hit in which a `heavier` piece (the striker) took part: its
## own takes where the cue has them, else the cue's takes a little lower.
func play_hit(cue: Cue, strength: float, heavier: bool) -> void:
	played.emit(cue, strength)
	if _is_silent():
		return
	var now := Time.get_ticks_msec()
	_recent = _recent.filter(func(t: int) -> bool: return now - t < BURST_WINDOW_MS)
	if _recent.size() >= BURST_LIMIT:
		return
	_recent.append(now)
	var own := heavier and HEAVY_SOUNDS.has(cue)
	var takes: Array = HEAVY_SOUNDS[cue] if own else SOUNDS[cue]
	var player := _players[_next]
	_next = (_next + 1) % VOICES
	var s := clampf(strength, 0.05, 1.0)
	player.stream = takes[_pick_take(_take_key(cue, own), takes.size())]
	player.volume_db = linear_to_db(s) - 3.0
	# A harder hit is a shorter contact, which rings a little higher.
	player.pitch_scale = 0.9 + 0.2 * s + randf_range(-0.03, 0.03)
	if heavier and not own:
		player.pitch_scale *= HEAVY_PITCH
	player.play()


## Tells whether a match (a board) is on the screen: the ambience plays under one when the
## player has it on (`GameSettings.ambience`).
func set_ambience_wanted(wanted: bool) -> void:
	_ambience_wanted = wanted
	_update_ambience()


## Whether the room's ambience is playing.
func is_ambience_playing() -> bool:
	return _ambience.playing


## Silences every sound (before quitting, so that no playback outlives the game).
func stop_all() -> void:
	for player in _players:
		player.stop()
	_ambience.stop()


func _exit_tree() -> void:
	stop_all()


## A hit's impulse (N·s) as a strength 0–1: a full-power striker hit is about 0.1 N·s.
func strength_of(impulse: float) -> float:
	return clampf(sqrt(impulse / 0.1), 0.0, 1.0)


func _is_silent() -> bool:
	return DisplayServer.get_name() == "headless"


func _update_ambience() -> void:
	var on := _ambience_wanted and GameSettings.ambience and not _is_silent()
	if on and not _ambience.playing:
		_ambience.play()
	elif not on and _ambience.playing:
		_ambience.stop()


static func _take_key(cue: Cue, heavy: bool) -> int:
	return cue * 2 + int(heavy)


## A random take of `count`, never the one this set played last (when it has more than one).
func _pick_take(key: int, count: int) -> int:
	var last: int = _last_take.get(key, -1)
	var take := 0
	if count > 1 and last < 0:
		take = randi() % count
	elif count > 1:
		take = randi() % (count - 1)
		if take >= last:
			take += 1
	_last_take[key] = take
	return take
