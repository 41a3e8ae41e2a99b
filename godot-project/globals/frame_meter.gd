class_name FrameMeter
extends Node
## Measures how steadily frames come while the computer thinks, for `--autoplay --frames`:
## the time between frames is kept apart for frames drawn while a `CarromAi` searches and the
## rest, and `report()` says how many missed the frame of a 60 Hz screen. Frames are capped at
## 60 per second while it measures, as a phone's screen does.

## A frame later than this missed its 60 Hz slot (a little slack for the timer).
const LATE_MS := 1000.0 / 60.0 + 2.0

var _thinking: PackedFloat64Array = []
var _idle: PackedFloat64Array = []
var _ais: Array[CarromAi] = []
var _last_usec := 0


func _ready() -> void:
	Engine.max_fps = 60
	get_tree().node_added.connect(_on_node_added)


func _on_node_added(node: Node) -> void:
	if node is CarromAi:
		_ais.append(node as CarromAi)


func _process(_delta: float) -> void:
	var now := Time.get_ticks_usec()
	if _last_usec > 0:
		var interval := (now - _last_usec) / 1000.0
		if _ais.any(func(ai: CarromAi) -> bool: return is_instance_valid(ai) and ai.is_thinking()):
			_thinking.append(interval)
		else:
			_idle.append(interval)
	_last_usec = now


## A line per kind of frame: how many, the median and 99th percentile interval, the longest,
## and how many came late.
func report() -> String:
	var threads := 0
	for ai in _ais:
		if is_instance_valid(ai):
			threads = maxi(threads, ai.get_thread_count())
	return (
		"frames while the computer thinks (%d worker threads): %s\nframes otherwise: %s"
		% [threads, describe(_thinking), describe(_idle)]
	)


## How many frame `intervals` (ms) there were, their median, 95th and 99th percentiles, the
## longest, and how many missed a 60 Hz slot.
static func describe(intervals: PackedFloat64Array) -> String:
	if intervals.is_empty():
		return "none"
	var sorted := intervals.duplicate()
	sorted.sort()
	var late := 0
	for interval in sorted:
		if interval > LATE_MS:
			late += 1
	var at := func(q: float) -> float: return sorted[int(round((sorted.size() - 1) * q))]
	return (
		"%d, median %.1f ms, p95 %.1f ms, p99 %.1f ms, longest %.1f ms, %d later than %.1f ms (%.2f%%)"
		% [
			sorted.size(),
			at.call(0.5),
			at.call(0.95),
			at.call(0.99),
			sorted[-1],
			late,
			LATE_MS,
			100.0 * late / sorted.size()
		]
	)
