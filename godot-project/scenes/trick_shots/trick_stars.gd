class_name TrickStars
extends RefCounted
## The stars a player has earned on each trick shot and day's challenge, kept on the device:
## the best of each, by trick id (a day's challenge is "daily_" and the day). The trick list
## and table keep them; the looks count them. No autoload is named here, so anything may read
## it, the test runner's own scripts too.

const STARS_FILE := "user://trick_stars.cfg"
## How a day's challenge's id begins (the day follows, as carrom-core names it).
const DAILY_PREFIX := "daily_"


## The most stars earned on trick `id` (0 for none yet).
static func best(id: String) -> int:
	var stars := ConfigFile.new()
	stars.load(STARS_FILE)
	return int(stars.get_value("stars", id, 0))


## Keeps `earned` stars for trick `id` if they beat the best.
static func keep(id: String, earned: int) -> void:
	var stars := ConfigFile.new()
	stars.load(STARS_FILE)
	if earned > int(stars.get_value("stars", id, 0)):
		stars.set_value("stars", id, earned)
		stars.save(STARS_FILE)


## Every star earned, and the days whose challenge earned any: `{"stars": n, "days": n}`.
static func totals() -> Dictionary:
	var stars := ConfigFile.new()
	stars.load(STARS_FILE)
	var count := 0
	var days := 0
	if stars.has_section("stars"):
		for trick in stars.get_section_keys("stars"):
			var earned := int(stars.get_value("stars", trick, 0))
			count += maxi(earned, 0)
			if trick.begins_with(DAILY_PREFIX) and earned > 0:
				days += 1
	return {"stars": count, "days": days}
