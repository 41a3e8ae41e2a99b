class_name ServerHttp
extends RefCounted
## The match server's plain HTTP side (ratings, leaderboards, the daily board): its address,
## from the WebSocket's, and its answers read as untrusted JSON.


## `text` read as JSON, or null when it is not JSON (quietly: a server's or proxy's answer is
## untrusted, and a bad one is the caller's to report).
static func read_json(text: String) -> Variant:
	var json := JSON.new()
	return json.data if json.parse(text) == OK else null


## The server's address for plain requests: `ws://host:port/ws` is `http://host:port`.
static func http_base(server_url: String) -> String:
	var base := server_url.replace("wss://", "https://").replace("ws://", "http://")
	var after_scheme := base.find("//") + 2
	var path_at := base.find("/", after_scheme)
	return base if path_at < 0 else base.left(path_at)
