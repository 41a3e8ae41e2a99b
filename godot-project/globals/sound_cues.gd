extends Node
## Every sound the game makes, and what makes it, in one place: this autoload listens to the
## nodes that do things as they enter the tree (the board, the rules, the striker controller,
## buttons, a slider in the "volume_preview" group) and plays `Sfx` cues. Scenes and scripts
## never play sounds themselves, so a modder changes the game's sound here, or in `sfx.gd`.

## The group of sliders that play a click as they move, to hear the new volume.
const VOLUME_PREVIEW := "volume_preview"
## The softest a pocket drop plays (the loudest is 1).
const POCKET_LOW := 0.75

## The boards in the tree: the ambience plays while there is one.
var _boards := 0


func _ready() -> void:
	get_tree().node_added.connect(_on_node_added)


func _on_node_added(node: Node) -> void:
	if node is CarromBoard:
		_listen_to_board(node)
	elif node is CarromRules:
		_listen_to_rules(node)
	elif node is StrikerController:
		(node as StrikerController).struck.connect(
			func(power: float) -> void: Sfx.play(Sfx.Cue.STRIKE, power)
		)
	elif node is BaseButton:
		(node as BaseButton).pressed.connect(Sfx.play.bind(Sfx.Cue.BUTTON, 1.0))
	elif node is Range and node.is_in_group(VOLUME_PREVIEW):
		(node as Range).value_changed.connect(func(_v: float) -> void: Sfx.play(Sfx.Cue.CLICK, 0.6))


func _listen_to_board(board: CarromBoard) -> void:
	_boards += 1
	Sfx.set_ambience_wanted(true)
	if board.tree_exiting.is_connected(_on_board_exiting):
		return  # Back in the tree after a move: already heard.
	board.tree_exiting.connect(_on_board_exiting)
	board.pieces_collided.connect(
		func(a: int, b: int, impulse: float, _at: Vector2) -> void:
			var striker := a == CarromBoard.STRIKER_ID or b == CarromBoard.STRIKER_ID
			Sfx.play_hit(Sfx.Cue.CLICK, Sfx.strength_of(impulse), striker)
	)
	board.cushion_hit.connect(
		func(piece: int, impulse: float, _at: Vector2) -> void:
			var striker := piece == CarromBoard.STRIKER_ID
			Sfx.play_hit(Sfx.Cue.CUSHION, Sfx.strength_of(impulse), striker)
	)
	# The board does not tell how fast a piece dropped, so a little spread stands in for it.
	board.piece_pocketed.connect(
		func(piece: int, _k: int, _pocket: int) -> void:
			var striker := piece == CarromBoard.STRIKER_ID
			Sfx.play_hit(Sfx.Cue.POCKET, randf_range(POCKET_LOW, 1.0), striker)
	)


## A board leaves the tree (a match closed): the ambience stops when it was the last.
func _on_board_exiting() -> void:
	_boards = maxi(_boards - 1, 0)
	Sfx.set_ambience_wanted(_boards > 0)


func _listen_to_rules(rules: CarromRules) -> void:
	rules.foul_committed.connect(func(_s: int, _f: String, _p: int) -> void: Sfx.play(Sfx.Cue.FOUL))
	rules.queen_covered.connect(func(_s: int) -> void: Sfx.play(Sfx.Cue.QUEEN))
	rules.board_finished.connect(
		func(_w: int, _p: PackedInt32Array, _s: PackedInt32Array) -> void: Sfx.play(Sfx.Cue.WIN)
	)
	rules.match_finished.connect(func(_w: int, _s: PackedInt32Array) -> void: Sfx.play(Sfx.Cue.WIN))
