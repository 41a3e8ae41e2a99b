class_name SideBadge
extends VBoxContainer
## One side in the HUD: who plays it, the colour it plays, its score, and what it has pocketed
## this board. Its colours and type come from theme.tres (`SideBadge`, `ScoreLabel`,
## `ScoreLabelActive`, `Swatch`, `SwatchWhite`, `SwatchBlack`); the side to play shows its score
## in the active style.

## The theme's swatch for the colour a side plays (`CarromBoard.KIND_*`); `Swatch` for none.
const SWATCHES := {CarromBoard.KIND_WHITE: &"SwatchWhite", CarromBoard.KIND_BLACK: &"SwatchBlack"}

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
	_swatch.theme_type_variation = SWATCHES.get(colour, &"Swatch")
	_tray.show_pieces(int(held.get("white", 0)), int(held.get("black", 0)), queen)
