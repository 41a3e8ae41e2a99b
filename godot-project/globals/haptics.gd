extends Node
## A light vibration where the device has one, and the player allows it (the vibration
## setting): a tap on a strike, a shorter one on a pocket. Like the sound, it follows the nodes
## that do things, so no scene asks for it.

## Every vibration asked for, with its length: for tests and for a modder's own feedback.
signal buzzed(milliseconds: int)

## Milliseconds of vibration on a strike, at full power.
const STRIKE_MS := 35
## Milliseconds of vibration when a piece drops into a pocket.
const POCKET_MS := 20


func _ready() -> void:
	get_tree().node_added.connect(_on_node_added)


func _on_node_added(node: Node) -> void:
	if node is StrikerController:
		(node as StrikerController).struck.connect(
			func(power: float) -> void: buzz(maxi(roundi(STRIKE_MS * power), 10))
		)
	elif node is CarromBoard:
		(node as CarromBoard).piece_pocketed.connect(
			func(_p: int, _k: int, _pocket: int) -> void: buzz(POCKET_MS)
		)


## Vibrates for `milliseconds` when the setting allows.
func buzz(milliseconds: int) -> void:
	if not GameSettings.vibration:
		return
	buzzed.emit(milliseconds)
	if OS.has_feature("mobile"):
		Input.vibrate_handheld(milliseconds)
