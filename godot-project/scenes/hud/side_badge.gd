class_name SideBadge
extends VBoxContainer
## One side in the HUD: who plays it, the colour it plays, its score, and what it has pocketed
## this board. Its colours and type come from theme.tres (`SideBadge`, `ScoreLabel`,
## `ScoreLabelActive`, `Swatch`); the side to play shows its score in the active style.

@onready var _name: Label = %Name
@onready var _swatch: Panel = %Swatch
@onready var _score: Label = %Score
@onready var _tray: PocketTray = %Tray


## Shows the side: `colour` is the `CarromBoard.KIND_*` it plays, or -1 for none; `held` the
## coins it keeps this board ({"white": n, "black": n}); `queen` whether it covered her.
func show_side(
	players: String, score: int, colour: int, playing: bool, held: Dictionary, queen: bool
) -> void:
	_name.text = players
	_name.tooltip_text = players
	_score.text = Words.number(score)
	_score.theme_type_variation = &"ScoreLabelActive" if playing else &"ScoreLabel"
	# The swatch keeps the theme's shape and rim and takes the side's colour.
	var style: StyleBoxFlat = get_theme_stylebox("panel", "Swatch").duplicate()
	style.bg_color = side_colour(colour)
	_swatch.add_theme_stylebox_override("panel", style)
	_tray.show_pieces(int(held.get("white", 0)), int(held.get("black", 0)), queen)


## The theme's colour for a side that plays `colour` (`CarromBoard.KIND_*`, -1 for none).
func side_colour(colour: int) -> Color:
	match colour:
		CarromBoard.KIND_WHITE:
			return get_theme_color("white_side", "SideBadge")
		CarromBoard.KIND_BLACK:
			return get_theme_color("black_side", "SideBadge")
	return get_theme_color("no_colour", "SideBadge")
