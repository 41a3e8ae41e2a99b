class_name Scenario
extends RefCounted
## Base of every scenario: builds nodes in the running tree and counts failed checks.

var tree: SceneTree
var failures: Array[String] = []
var _nodes: Array[Node] = []


## Records a failure unless `condition` holds.
func check(condition: bool, what: String) -> void:
	if not condition:
		failures.append(what)


## Adds `node` to the tree for this test; it is freed when the test ends.
func add(node: Node, node_name: String = "") -> Node:
	if node_name != "":
		node.name = node_name
	tree.root.add_child(node)
	_nodes.append(node)
	return node


func new_board() -> CarromBoard:
	return add(CarromBoard.new(), "Board") as CarromBoard


## A board with a referee that has started a match of `mode` (`CarromRules.MODE_*`) with `seed`,
## by `ruleset` (the classic rules when null), the opponent placing returned pieces or not.
func new_match(
	mode: int, seed: int, ruleset: CarromRuleset = null, opponent_places := false
) -> Array:
	var board := new_board()
	var rules := CarromRules.new()
	rules.mode = mode
	# Returned pieces go back at once (X1) unless asked: most scenarios watch other things.
	var played := CarromRuleset.new()
	if ruleset:
		played = ruleset.duplicate() as CarromRuleset
	played.opponent_places = opponent_places
	rules.ruleset = played
	rules.board = board
	add(rules, "Rules")
	check(rules.start_match(seed), "start_match accepted")
	return [board, rules]


func free_nodes() -> void:
	for node in _nodes:
		if is_instance_valid(node):
			node.free()
	_nodes.clear()
