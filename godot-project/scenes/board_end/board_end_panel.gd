class_name BoardEndPanel
extends PanelContainer
## The end of a board: who took it, and for each side its points, the coins it kept and how the
## points were made. From here the next board begins, or the last shot is watched again.

signal next_board_requested
signal replay_requested

## The scene shown for each side.
@export var side_scene: PackedScene

var _rules: CarromRules
var _winner := -1


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSLATION_CHANGED and is_instance_valid(_rules):
		show_board(_rules, _winner)


## Fills the panel from the board `rules` has just finished, won by `winner` (-1: drawn).
func show_board(rules: CarromRules, winner: int) -> void:
	_rules = rules
	_winner = winner
	for part in %Sides.get_children():
		%Sides.remove_child(part)
		part.queue_free()
	%Title.text = (
		tr("PANEL_BOARD_DRAWN")
		if winner < 0
		else Words.say("PANEL_BOARD_WON", SeatNames.side_name(rules, winner))
	)
	var points_game := rules.is_scored_by_pieces()
	var tally := rules.get_board_tally()
	for side in tally.size():
		var part: BoardEndSide = side_scene.instantiate()
		%Sides.add_child(part)
		part.show_tally(SeatNames.side_name(rules, side), tally[side], side == winner, points_game)


## The coach is reviewing the board (`show_review` follows).
func begin_review() -> void:
	%Review.visible = true
	%ReviewLines.text = tr("REVIEW_THINKING")


## The coach's review of the board (CarromAi.review_ready): the best strike, then the worst,
## each a line; a strike of another person's is named (pass-and-play).
func show_review(lines: Array[Dictionary], named: bool) -> void:
	var said: Array[String] = []
	for line in lines:
		var coach: Dictionary = line["coach"][0]
		var why := tr("HINT_" + str(coach["reason"]).to_upper())
		var text := (
			Words.say("REVIEW_BEST", [int(line["strike"]), why])
			if line["kind"] == "best"
			else Words.say(
				"REVIEW_WORST", [int(line["strike"]), why, roundi(float(coach["chance"]) * 100.0)]
			)
		)
		if named:
			text = SeatNames.player_name(_rules, int(line["seat"])) + " · " + text
		said.append(text)
	%Review.visible = true
	%ReviewLines.text = "\n".join(said) if not said.is_empty() else tr("REVIEW_NONE")


## Offers the replay only when there is a shot to watch.
func set_can_replay(can: bool) -> void:
	%Replay.visible = can


func _on_next_board_pressed() -> void:
	next_board_requested.emit()


func _on_replay_pressed() -> void:
	replay_requested.emit()
