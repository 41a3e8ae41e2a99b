class_name RoomCode
extends RefCounted
## A short code for a host's address and port, easier to read out and type than an IP address:
## the 4 bytes of an IPv4 address and the 2 of the port, 48 bits, as ten letters and digits of
## Crockford's base 32 (no I, L, O or U, which are misread), shown as two groups of five.

const ALPHABET := "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
const LENGTH := 10


## The code for `address` (IPv4) and `port`, or "" when the address is not IPv4.
static func encode(address: String, port: int) -> String:
	var parts := address.split(".")
	if parts.size() != 4 or not address.is_valid_ip_address() or port < 1 or port > 65535:
		return ""
	var value := 0
	for part in parts:
		value = (value << 8) | int(part)
	value = (value << 16) | port
	var code := ""
	for i in LENGTH:
		code = ALPHABET[value & 31] + code
		value >>= 5
	return code.substr(0, 5) + "-" + code.substr(5)


## The address and port a code stands for, as {"address": …, "port": …}; empty when `text` is
## not a code. Case, spaces and dashes do not matter; I and L read as 1, O as 0.
static func decode(text: String) -> Dictionary:
	var clean := text.to_upper().replace("-", "").replace(" ", "")
	clean = clean.replace("I", "1").replace("L", "1").replace("O", "0")
	if clean.length() != LENGTH:
		return {}
	var value := 0
	for character in clean:
		var digit := ALPHABET.find(character)
		if digit < 0:
			return {}
		value = (value << 5) | digit
	var port := value & 0xFFFF
	var ip := value >> 16
	if port < 1:
		return {}
	var octets := PackedStringArray()
	for shift in [24, 16, 8, 0]:
		octets.append(str((ip >> shift) & 255))
	return {"address": ".".join(octets), "port": port}


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
