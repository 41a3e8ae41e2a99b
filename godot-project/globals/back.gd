extends Node
## The phone's back button or back gesture: one screen back. Every screen a player can leave
## is in the group `GROUP` (set in its scene); the one on top (the last of the group in the
## tree: a screen opens over the one that opened it) is sent back — by its `go_back()` when it
## has one, else as its own Back button (`_on_back_pressed`) sends it. In a match that opens the
## pause menu, and closes it again; at the main menu it ends the game, as Android's first screen
## does. (`application/config/quit_on_go_back` is off, so that only this decides.)

const GROUP := "back"


func _notification(what: int) -> void:
	if what == NOTIFICATION_WM_GO_BACK_REQUEST:
		go_back()


## Sends the screen on top back; false when no screen can be left.
func go_back() -> bool:
	var screens := get_tree().get_nodes_in_group(GROUP)
	for i in range(screens.size() - 1, -1, -1):
		var screen: Node = screens[i]
		if screen.is_inside_tree() and not screen.is_queued_for_deletion():
			screen.call("go_back" if screen.has_method("go_back") else "_on_back_pressed")
			return true
	return false
