class_name BoardEndSide
extends VBoxContainer
## One side at the end of a board: its points, the coins it kept, and how the points were made,
## in the words of the rules screen (P2, P3; M3 in the points game).


## Shows `tally` (a dictionary of `CarromRules.get_board_tally`) for the side called `players`;
## `won` whether it took the board, `points_game` whether every coin scores for its holder.
func show_tally(players: String, tally: Dictionary, won: bool, points_game: bool) -> void:
	var points := int(tally.get("points", 0))
	%Heading.text = Words.say("PANEL_POINTS_LINE", [players, points])
	var queen := bool(tally.get("queen", false))
	%Tray.show_pieces(int(tally.get("white", 0)), int(tally.get("black", 0)), queen)
	var lines: Array[String] = []
	if points_game:
		lines.append(
			(
				tr("BOARD_END_COINS_HELD")
				% [tally.get("black", 0), tally.get("white", 0), tally.get("coin_points", 0)]
			)
		)
	elif won:
		lines.append(Words.say("BOARD_END_COINS_LEFT", int(tally.get("coin_points", 0))))
	if queen and (won or points_game):
		lines.append(Words.say("BOARD_END_QUEEN", int(tally.get("queen_points", 0))))
	elif queen:
		lines.append(tr("BOARD_END_QUEEN_LOST"))
	if lines.is_empty():
		lines.append(tr("BOARD_END_NOTHING"))
	%Lines.text = "\n".join(lines)
