class_name SeatNames
extends RefCounted
## What a seat, a side and the queen are called on screen: "Player 1", "Computer 2",
## "Player 1 & Computer 3". One place, so the HUD, banners and panels say the same.


## The seat's name: its number at the table, and whether a person or the computer plays it;
## online, the name its player gave.
static func player_name(rules: CarromRules, seat: int) -> String:
	var number: int = Array(rules.get_seats()).find(seat) + 1
	var session := _global("Session")
	var online := _global("Online")
	var given: String = online.player_name(seat) if online else ""
	if online and online.who(seat) == CarromNet.WHO_OPEN:
		return TranslationServer.translate("NAME_OPEN_SEAT")
	if session and session.is_computer(seat):
		var computer := Words.say("NAME_COMPUTER", number)
		return computer if given.is_empty() else "%s (%s)" % [given, computer]
	return Words.say("NAME_PLAYER", number) if given.is_empty() else given


## The side's name: its players joined.
static func side_name(rules: CarromRules, side: int) -> String:
	var names: Array = []
	for seat: int in rules.get_seats_of_side(side):
		names.append(player_name(rules, seat))
	return " & ".join(names)


## Where the queen stands, in words ("" when the rules play without her).
static func queen_text(rules: CarromRules) -> String:
	match rules.get_queen_state():
		CarromRules.QUEEN_NOT_PLAYED:
			return ""
		CarromRules.QUEEN_AWAITING_COVER:
			return TranslationServer.translate("QUEEN_AWAITS")
		CarromRules.QUEEN_TOO_EARLY:
			return TranslationServer.translate("QUEEN_TOO_EARLY")
		CarromRules.QUEEN_COVERED:
			return (
				TranslationServer.translate("QUEEN_COVERED_BY")
				% side_name(rules, rules.get_queen_side())
			)
	return TranslationServer.translate("QUEEN_ON_BOARD")


## The game's global `name` (`Session`, `Online`), or null where the game's globals are not
## loaded (a game maker's own scene).
static func _global(name: String) -> Node:
	var tree := Engine.get_main_loop() as SceneTree
	return tree.root.get_node_or_null(name) if tree else null
