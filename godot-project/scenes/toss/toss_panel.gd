class_name TossPanel
extends PanelContainer
## The toss's winner chooses (RULES.md IC6): to break, or to let the opponent break. It only
## asks; the match makes the choice.

signal chosen(breaks: bool)


## Shows who won the toss and who would break if they let the break go.
func show_toss(winner_name: String, other_name: String) -> void:
	%Title.text = Words.say("TOSS_WON", winner_name)
	%LetBreak.text = Words.say("TOSS_LET_BREAK", other_name)
	%Break.grab_focus.call_deferred()


func _on_break_pressed() -> void:
	chosen.emit(true)


func _on_let_break_pressed() -> void:
	chosen.emit(false)
