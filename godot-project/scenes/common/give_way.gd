class_name GiveWay
extends Node
## Keeps a page from scrolling on a short screen (a phone held sideways, a language whose lines
## stand tall): when the page is taller than its `scroll`, the controls in `optional` give way,
## first the first, until it fits; on a taller screen, or in another language, they come back.
## What gives way is what the page can do without (a title, an explanation): every control
## that does something stays.

## The page's scroll container.
@export var scroll: ScrollContainer
## What may be hidden, the least needed first.
@export var optional: Array[Control] = []

var _fitting := false
## Asked again while fitting (a window resized twice): fit once more when done.
var _again := false


func _ready() -> void:
	get_viewport().size_changed.connect(fit)
	fit.call_deferred()


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		fit.call_deferred()


## Shows everything, then hides what must go for the page to fit. A page that shows or hides
## parts of its own (an advanced box, a wait) calls it again.
func fit() -> void:
	if scroll == null or scroll.get_child_count() == 0:
		return
	if _fitting:
		_again = true
		return
	_fitting = true
	for control in optional:
		control.visible = true
	var page := scroll.get_child(0) as Control
	for control in optional:
		# Minimum sizes settle a frame after a change.
		await get_tree().process_frame
		if not is_inside_tree() or page.get_combined_minimum_size().y <= scroll.size.y:
			break
		control.visible = false
	_fitting = false
	if _again:
		_again = false
		fit()
