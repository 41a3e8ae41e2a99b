class_name GameOverPanel
extends PanelContainer
## The end of the match: the winner (or a draw) and every side's total.

signal play_again_requested
signal main_menu_requested


## Fills the panel from the match `rules` has just finished, won by `winner` (-1: a draw).
func show_result(rules: CarromRules, winner: int, scores: PackedInt32Array) -> void:
	%Title.text = (
		tr("PANEL_DRAW")
		if winner < 0
		else tr("PANEL_MATCH_WON") % SeatNames.side_name(rules, winner)
	)
	var lines: Array[String] = []
	for side in scores.size():
		lines.append(tr("PANEL_SCORE_LINE") % [SeatNames.side_name(rules, side), scores[side]])
	%Scores.text = "\n".join(lines)


func _on_play_again_pressed() -> void:
	play_again_requested.emit()


func _on_main_menu_pressed() -> void:
	main_menu_requested.emit()
