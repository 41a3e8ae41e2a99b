extends Node
## Sound effects: a small pool of players, loudness and pitch from the strength of a hit, and a
## cap on how many start at once so that a break does not clip. What plays when is decided in
## one place, `sound_cues.gd`.

## A cue was asked for (also when the game is headless and silent): for tests and for a
## modder's own effects.
signal played(cue: Cue, strength: float)

## The game's sounds.
enum Cue { STRIKE, CLICK, CUSHION, POCKET, FOUL, WIN, QUEEN, BUTTON }

const SOUNDS := {
	Cue.STRIKE: preload("res://sounds/strike.wav"),
	Cue.CLICK: preload("res://sounds/click.wav"),
	Cue.CUSHION: preload("res://sounds/cushion.wav"),
	Cue.POCKET: preload("res://sounds/pocket.wav"),
	Cue.FOUL: preload("res://sounds/foul.wav"),
	Cue.WIN: preload("res://sounds/win.wav"),
	Cue.QUEEN: preload("res://sounds/queen.wav"),
	Cue.BUTTON: preload("res://sounds/button.wav"),
}
const VOICES := 10
## At most this many sounds start within one window.
const BURST_LIMIT := 4
const BURST_WINDOW_MS := 45

var _players: Array[AudioStreamPlayer] = []
var _next := 0
var _recent: Array[int] = []


func _ready() -> void:
	for i in VOICES:
		var player := AudioStreamPlayer.new()
		add_child(player)
		_players.append(player)


## Plays `cue` at `strength` (0–1, e.g. from a hit's impulse). Headless runs (tests, servers)
## stay silent: nobody listens, and their dummy audio driver never lets a playback go.
func play(cue: Cue, strength: float = 1.0) -> void:
	played.emit(cue, strength)
	if DisplayServer.get_name() == "headless":
		return
	var now := Time.get_ticks_msec()
	_recent = _recent.filter(func(t: int) -> bool: return now - t < BURST_WINDOW_MS)
	if _recent.size() >= BURST_LIMIT:
		return
	_recent.append(now)
	var player := _players[_next]
	_next = (_next + 1) % VOICES
	var s := clampf(strength, 0.05, 1.0)
	player.stream = SOUNDS[cue]
	player.volume_db = linear_to_db(s) - 3.0
	player.pitch_scale = 0.9 + 0.2 * s + randf_range(-0.03, 0.03)
	player.play()


## Silences every sound (before quitting, so that no playback outlives the game).
func stop_all() -> void:
	for player in _players:
		player.stop()


func _exit_tree() -> void:
	stop_all()


## A hit's impulse (N·s) as a strength 0–1: a full-power striker hit is about 0.1 N·s.
func strength_of(impulse: float) -> float:
	return clampf(sqrt(impulse / 0.1), 0.0, 1.0)
