class_name RoomCode
extends RefCounted
## This device's address as friends on the local network reach it. Its code for them (the
## address and port as ten letters and digits) is `CarromLobby.host_code`, read back by
## `CarromLobby.read_host_code`.


## This device's address on the local network, as friends nearby would reach it: a private
## IPv4 address if it has one, else the loopback.
static func local_address() -> String:
	for address in IP.get_local_addresses():
		var private := (
			address.begins_with("192.168.") or address.begins_with("10.") or _in_172_16(address)
		)
		if private and address.is_valid_ip_address() and address.count(".") == 3:
			return address
	return "127.0.0.1"


static func _in_172_16(address: String) -> bool:
	if not address.begins_with("172."):
		return false
	var second := int(address.get_slice(".", 1))
	return second >= 16 and second <= 31
