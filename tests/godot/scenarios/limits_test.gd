extends Scenario
## One source for every limit: each number the inspector offers spans exactly the range that
## carrom-core (or the online protocol) checks, as the classes' `get_limits()` report it.

## Ranged properties with no rule or physics behind them: how a node looks, or a setting open
## above (`or_greater`) whose only rule is that it be positive.
const FREE := {
	"CarromBoard": ["pixels_per_meter"],
	"CarromPiece": ["radius"],
	"CarromRules": ["time_limit_seconds"],
}


## Each range-hinted property of `type` (the class itself, not its bases): name -> [low, high].
func inspector_ranges(type: String) -> Dictionary:
	var found := {}
	for property: Dictionary in ClassDB.class_get_property_list(type, true):
		if property["hint"] == PROPERTY_HINT_RANGE:
			var parts: PackedStringArray = String(property["hint_string"]).split(",")
			found[property["name"]] = [float(parts[0]), float(parts[1])]
	return found


func same(a: float, b: float) -> bool:
	return absf(a - b) < 1e-5


func test_every_inspector_range_is_the_range_the_engine_checks() -> void:
	var sources := {
		"CarromPhysics": CarromPhysics.get_limits(),
		"CarromRuleset": CarromRuleset.get_limits(),
		"CarromNet": CarromNet.get_limits(),
		"CarromAi": CarromAi.get_limits(),
	}
	for type: String in sources:
		var limits: Dictionary = sources[type]
		var ranges := inspector_ranges(type)
		check(ranges.size() == limits.size(), "%s: %s against %s" % [type, ranges, limits])
		for property: String in limits:
			var want: Array = Array(limits[property])
			var got: Array = ranges.get(property, [NAN, NAN])
			check(
				same(got[0], want[0]) and same(got[1], want[1]),
				"%s.%s: the inspector offers %s, the engine allows %s" % [type, property, got, want]
			)
	# The rules node's numbers: 0 plays the ruleset's, then up to the ruleset's top.
	var rules_limits := CarromRules.get_limits()
	var rules_ranges := inspector_ranges("CarromRules")
	for property: String in rules_limits:
		var got: Array = rules_ranges.get(property, [NAN, NAN])
		var top: int = rules_limits[property][1]
		check(
			same(got[0], 0.0) and same(got[1], top),
			"CarromRules.%s: %s, top %d" % [property, got, top]
		)


func test_no_carrom_class_offers_a_range_that_no_limit_holds() -> void:
	var held := {
		"CarromPhysics": CarromPhysics.get_limits().keys(),
		"CarromRuleset": CarromRuleset.get_limits().keys(),
		"CarromNet": CarromNet.get_limits().keys(),
		"CarromAi": CarromAi.get_limits().keys(),
		"CarromRules": CarromRules.get_limits().keys(),
	}
	var seen := 0
	for type in ClassDB.get_class_list():
		if not String(type).begins_with("Carrom"):
			continue
		for property: String in inspector_ranges(type):
			seen += 1
			var free: Array = FREE.get(type, [])
			check(
				property in held.get(type, []) or property in free,
				"%s.%s has an inspector range that no limit of the engine holds" % [type, property]
			)
	check(seen >= 20, "the ranged properties were found (%d)" % seen)
