extends Control
## The rules the game plays, in plain words, readable on a phone.

signal closed

const SECTIONS := [
	[
		"The game",
		(
			"Each player flicks the striker from their own baseline to knock their coins into the "
			+ "four corner pockets. In a two-player game one player has the white coins and the "
			+ "other the black; in a four-player game partners sit opposite each other and share "
			+ "a colour. Whoever breaks plays white."
		),
	],
	[
		"Starting a board",
		(
			"The queen (red) sits in the centre, ringed by six coins and then twelve. The first "
			+ "player is drawn at random and breaks; each later board is broken by the next "
			+ "player round the table. You have three tries to break the ring (a coin must leave "
			+ "the outer circle or drop); three failures are a foul."
		),
	],
	[
		"Striking",
		(
			"Place the striker on your baseline, between the two lines or wholly on one of the red "
			+ "circles at the ends, never half on a circle. Drag back from the striker to aim and "
			+ "set the power, and let go to strike. The striker must go forward."
		),
	],
	[
		"Turns",
		(
			"Pocket one of your coins or the queen and you strike again. Pocket nothing, or foul, "
			+ "and the turn passes to the player on your right."
		),
	],
	[
		"The queen",
		(
			"You may pocket the queen once you have pocketed a coin of your own. Then you must "
			+ "cover her: pocket one of your coins with the same strike or the next one. If you "
			+ "do not, she goes back to the centre. A queen pocketed too early goes back when "
			+ "your turn ends."
		),
	],
	[
		"Fouls",
		(
			"Pocketing the striker, knocking a piece off the board, pocketing an opponent's coin, "
			+ "pocketing your last coin before the queen is covered, or failing the break three "
			+ "times is a foul. Your turn ends and one of your pocketed coins goes back to the "
			+ "centre. With nothing pocketed yet you owe it, and pay with your next coin. An "
			+ "opponent's coin you pocket goes back too."
		),
	],
	[
		"Winning a board",
		(
			"Once the queen is covered, the first to pocket all their coins wins the board. They "
			+ "score a point for every coin the opponent still has on the board, and 5 more if "
			+ "they covered the queen themselves."
		),
	],
	[
		"Winning the match",
		(
			"The first to 25 points wins. After 8 boards the highest total wins; a tie is settled "
			+ "by one more board."
		),
	],
	[
		"The points game (three players)",
		(
			"No colours: every coin scores for whoever pockets it, black 1, white 2, the covered "
			+ "queen 5. Any coin covers the queen. A foul gives back your cheapest coin. The board "
			+ "ends when the board is empty; scores are added then."
		),
	],
]


func _ready() -> void:
	var column := Ui.page(self)
	column.add_child(Ui.label(tr("Rules"), Ui.TITLE_SIZE))
	for section: Array in SECTIONS:
		column.add_child(Ui.label(tr(section[0]), Ui.HEADING_SIZE))
		var text := Ui.label(tr(section[1]))
		text.horizontal_alignment = HORIZONTAL_ALIGNMENT_LEFT
		column.add_child(text)
	column.add_child(Ui.button(tr("Back"), _close))


func _close() -> void:
	closed.emit()
	queue_free()
