class_name Words
## Sentences made from a translated template, written as the language writes them: numbers in
## its own digits (Bengali and Nepali have theirs) and, in right-to-left text, each name or
## address kept whole so that a Latin name inside an Urdu sentence reads in the right order.

## First strong isolate and pop directional isolate: the run between them is laid out on its
## own, in its own direction, and moves as one piece inside the sentence.
const _ISOLATE := "\u2068"
const _END_ISOLATE := "\u2069"


## `tr(key) % args`: each `%d` in the current language's digits and, where the interface
## reads right to left, each `%s` isolated; `%%` is a percent sign. One argument may be given
## bare. Made here piece by piece rather than with `%`, so that a translation with a stray `%`
## shows as written instead of an empty line.
static func say(key: String, args: Variant = []) -> String:
	var given: Array = args if args is Array else [args]
	var template := String(TranslationServer.translate(key))
	var said := ""
	var used := 0
	var at := 0
	while at < template.length():
		var next := template.find("%", at)
		if next < 0 or next + 1 >= template.length():
			said += template.substr(at)
			break
		said += template.substr(at, next - at)
		var kind := template[next + 1]
		if kind in ["d", "s"] and used < given.size():
			var arg: Variant = given[used]
			said += number(int(arg)) if kind == "d" else isolated(str(arg))
			used += 1
		elif kind == "%":
			said += "%"
		else:
			said += "%" + kind
		at = next + 2
	return said


## `value` in the digits of the current language (Western digits for most).
## A turn timer's choice: "Off", or its seconds a turn (online and on this device alike).
static func turn_timer(seconds: int) -> String:
	return (
		TranslationServer.translate("ONLINE_TIMER_OFF")
		if seconds == 0
		else say("ONLINE_TIMER_SECONDS", seconds)
	)


static func number(value: int) -> String:
	var text_server := TextServerManager.get_primary_interface()
	return text_server.format_number(str(value), TranslationServer.get_locale())


## `text` as a piece of its own inside a right-to-left sentence; as it is elsewhere.
static func isolated(text: String) -> String:
	if not right_to_left():
		return text
	return _ISOLATE + text + _END_ISOLATE


## Whether the current language reads right to left (the interface mirrors for it).
static func right_to_left() -> bool:
	var locale := TranslationServer.get_locale()
	return TextServerManager.get_primary_interface().is_locale_right_to_left(locale)
