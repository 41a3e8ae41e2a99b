class_name BoardRoom
extends RefCounted
## Lays out a screen of a board and its controls (practice, trick shots): the controls under the
## board in portrait and in a panel beside it in landscape (on the right, or on the left in a
## right-to-left language), and the board as large as fits in the room left below the top
## bar, all inside the display's safe area.

## In landscape the controls stand in a panel beside the board, at least this wide, and as
## wide as the board leaves of the screen up to the widest: the wider it is, the fewer lines its
## text wraps into (a tall script such as Urdu's takes three lines at the narrowest).
const SIDE_WIDTH := 400.0
const SIDE_WIDEST := 560.0


## Places `panel` for the screen's shape (its `boxes` stacked in landscape, in rows in
## portrait) and fits `board_view`, which shows `board`, in the room left.
static func lay_out(
	board_view: Node2D,
	board: CarromBoard,
	top_bar: Control,
	panel: Control,
	boxes: Array[BoxContainer]
) -> void:
	var screen := board_view.get_viewport_rect().size
	var landscape := screen.x > screen.y
	# Inside the display's safe area; the top bar is already (ScreenFit keeps it there).
	var safe: Rect2 = ScreenFit.safe_rect(screen)
	var top := top_bar.get_rect().end.y
	for box in boxes:
		box.vertical = landscape
	var room: Rect2
	if landscape:
		panel.set_anchors_and_offsets_preset(
			Control.PRESET_RIGHT_WIDE, Control.PRESET_MODE_KEEP_WIDTH
		)
		# The board is square: what it leaves of the width goes to the panel.
		var board_side := minf(safe.size.x - SIDE_WIDTH, safe.end.y - top)
		var width := clampf(safe.size.x - board_side, SIDE_WIDTH, SIDE_WIDEST)
		panel.offset_left = -width
		panel.offset_top = top - safe.position.y
		ScreenFit.inset(panel, true)
		# A right-to-left interface (Urdu) mirrors the panel to the left: the board goes right.
		var left := safe.position.x + (width if panel.is_layout_rtl() else 0.0)
		room = Rect2(left, top, safe.size.x - width, safe.end.y - top)
	else:
		panel.set_anchors_and_offsets_preset(
			Control.PRESET_BOTTOM_WIDE, Control.PRESET_MODE_MINSIZE
		)
		ScreenFit.inset(panel, true)
		var bottom := minf(panel.get_rect().position.y, safe.end.y)
		room = Rect2(safe.position.x, top, safe.size.x, maxf(1.0, bottom - top))
	var fit := minf(room.size.x, room.size.y) / board.get_board_size()
	board_view.scale = Vector2(fit, fit)
	board_view.position = room.get_center()
