extends Control
## The rules the game plays, in plain words, readable on a phone.

signal closed

## Each section's heading and text, as translation keys.
const SECTIONS := [
	["RULES_H1", "RULES_P1"],
	["RULES_H2", "RULES_P2"],
	["RULES_H3", "RULES_P3"],
	["RULES_H4", "RULES_P4"],
	["RULES_H5", "RULES_P5"],
	["RULES_H6", "RULES_P6"],
	["RULES_H7", "RULES_P7"],
	["RULES_H8", "RULES_P8"],
	["RULES_H9", "RULES_P9"],
]


func _ready() -> void:
	var column := Ui.page(self)
	column.add_child(Ui.label(tr("MENU_RULES"), Ui.TITLE_SIZE))
	for section: Array in SECTIONS:
		column.add_child(Ui.label(tr(section[0]), Ui.HEADING_SIZE))
		var text := Ui.label(tr(section[1]))
		text.horizontal_alignment = HORIZONTAL_ALIGNMENT_LEFT
		column.add_child(text)
	column.add_child(Ui.button(tr("MENU_BACK"), _close))


func _close() -> void:
	closed.emit()
	queue_free()
