class_name GameOverPanel
extends PanelContainer
## The end of the match: the winner (or a draw), every side's total, and how the last board
## was scored (the board that ended the match gets no panel of its own).

signal play_again_requested
signal main_menu_requested

## The scene shown for each side of the last board.
@export var side_scene: PackedScene

var _shown: Array = []


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and not _shown.is_empty():
		callv("show_result", _shown)


## Fills the panel from the match `rules` has just finished, won by `winner` (-1: a draw),
## with its final `scores`; `board_winner` took the last board (-1: nobody).
func show_result(
	rules: CarromRules, winner: int, scores: PackedInt32Array, board_winner: int = -1
) -> void:
	_shown = [rules, winner, scores, board_winner]
	%Title.text = (
		tr("PANEL_DRAW")
		if winner < 0
		else Words.say("PANEL_MATCH_WON", SeatNames.side_name(rules, winner))
	)
	var lines: Array[String] = []
	for side in scores.size():
		lines.append(
			Words.say("PANEL_SCORE_LINE", [SeatNames.side_name(rules, side), scores[side]])
		)
	# A match of games (RULES.md IC5): the games won, then the last game's totals.
	if rules.get_games_in_match() > 1:
		lines.push_front(Announcer.games_line(rules.get_games_won()))
	%Scores.text = "\n".join(lines)
	for part in %LastBoard.get_children():
		%LastBoard.remove_child(part)
		part.queue_free()
	var tally := rules.get_board_tally()
	%LastBoardTitle.visible = not tally.is_empty()
	var points_game := rules.is_scored_by_pieces()
	for side in tally.size():
		var part: BoardEndSide = side_scene.instantiate()
		%LastBoard.add_child(part)
		part.show_tally(
			SeatNames.side_name(rules, side), tally[side], side == board_winner, points_game
		)


func _on_play_again_pressed() -> void:
	play_again_requested.emit()


func _on_main_menu_pressed() -> void:
	main_menu_requested.emit()
