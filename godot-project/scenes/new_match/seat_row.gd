class_name SeatRow
extends HBoxContainer
## One seat of the new match: "Player N", and who plays it, a person or the computer at a level.

## The player chose who plays `seat`: `Session.HUMAN` or a `CarromAi.LEVEL_*`.
signal player_chosen(seat: int, player: int)

var seat := 0
var number := 1

@onready var name_label: Label = %Name
@onready var player: OptionButton = %Player


func _ready() -> void:
	_fill()


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_node_ready():
		_fill()


## A person, then the computer's levels, as offered for a seat.
static func kinds() -> Array:
	return [Session.HUMAN] + Array(CarromAi.get_levels())


func _fill() -> void:
	name_label.text = Words.say("NAME_PLAYER", number)
	player.clear()
	for kind: int in kinds():
		if kind == Session.HUMAN:
			player.add_item(tr("PLAYER_HUMAN"))
		else:
			player.add_item(tr("PLAYER_" + CarromAi.get_level_key(kind).to_upper()))
	player.select(maxi(kinds().find(Session.players.get(seat, Session.HUMAN)), 0))


func _on_player_item_selected(index: int) -> void:
	player_chosen.emit(seat, kinds()[index])
