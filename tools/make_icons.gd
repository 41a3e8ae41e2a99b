extends SceneTree
## Makes the game's launcher icons for every platform from its one drawing, res://icon.svg,
## with Godot's own SVG renderer: `cargo xtask icons` (which runs
##   godot --headless --path godot-project --script <checkout>/tools/make_icons.gd).
## Writes godot-project/icons/app/, which the export presets name:
## - Android: the 192 px icon, and the adaptive icon's foreground (the drawing, corners and all,
##   inside the middle circle of 66 of 108 units that every launcher's mask keeps) and
##   background (the frame's wood, which fills the rest of whatever shape the mask cuts);
## - iOS: every size the export asks for, opaque (the App Store refuses transparency);
## - the desktop window's own icon, 256 px (the project's `config/icon`);
## - Windows: one .ico holding 16 to 256 px; macOS: one .icns holding 16 to 1024 px.

const SOURCE := "res://icon.svg"
const OUT := "res://icons/app/"
## The drawing's own frame colour: what shows where a mask or a corner leaves room.
const WOOD := Color("5c3317")
## The drawing's size in its own units.
const DRAWN := 128.0
const IOS_SIZES := [40, 58, 60, 76, 80, 87, 120, 152, 167, 180, 1024]
const WINDOWS_SIZES := [16, 24, 32, 48, 64, 128, 256]
## The .icns kinds that hold a PNG, by size.
const MACOS_KINDS := {
	"icp4": 16, "icp5": 32, "icp6": 64, "ic07": 128, "ic08": 256, "ic09": 512, "ic10": 1024
}

var _svg := ""


func _initialize() -> void:
	_svg = FileAccess.get_file_as_string(SOURCE)
	var made := _svg != "" and DirAccess.make_dir_recursive_absolute(_path("")) == OK
	made = made and _png(_drawn(192), "android_192.png")
	# The window's icon, which the engine reads as an image file as the game starts (a PNG:
	# the shipping engine has no SVG reader).
	made = made and _png(_drawn(256), "window_256.png")
	# The drawing is square: it fits the 264 px safe circle of 432 when its side is 264 / √2.
	made = made and _png(_centred(432, 186), "android_foreground_432.png")
	made = made and _png(_filled(432), "android_background_432.png")
	for size: int in IOS_SIZES:
		made = made and _png(_opaque(size), "ios_%d.png" % size)
	made = made and _ico(WINDOWS_SIZES, "windows.ico")
	made = made and _icns(MACOS_KINDS, "macos.icns")
	print("icons %s in %s" % ["written" if made else "NOT all written", _path("")])
	quit(0 if made else 1)


func _path(file: String) -> String:
	return ProjectSettings.globalize_path(OUT + file)


## The drawing at `size` pixels square.
func _drawn(size: int) -> Image:
	var image := Image.new()
	image.load_svg_from_string(_svg, size / DRAWN)
	image.convert(Image.FORMAT_RGBA8)
	return image


## The drawing at `inner` pixels in the middle of a transparent `size` square.
func _centred(size: int, inner: int) -> Image:
	var image := Image.create(size, size, false, Image.FORMAT_RGBA8)
	var drawn := _drawn(inner)
	var at := (size - inner) / 2
	image.blend_rect(drawn, Rect2i(Vector2i.ZERO, drawn.get_size()), Vector2i(at, at))
	return image


func _filled(size: int) -> Image:
	var image := Image.create(size, size, false, Image.FORMAT_RGBA8)
	image.fill(WOOD)
	return image


## The drawing on the wood, with no transparency left (its rounded corners filled).
func _opaque(size: int) -> Image:
	var image := _filled(size)
	var drawn := _drawn(size)
	image.blend_rect(drawn, Rect2i(Vector2i.ZERO, drawn.get_size()), Vector2i.ZERO)
	image.convert(Image.FORMAT_RGB8)
	return image


func _png(image: Image, file: String) -> bool:
	return image.save_png(_path(file)) == OK


## A Windows icon: a directory of PNG images (which Windows reads since Vista), little-endian.
func _ico(sizes: Array, file: String) -> bool:
	var pngs: Array[PackedByteArray] = []
	for size: int in sizes:
		pngs.append(_drawn(size).save_png_to_buffer())
	var out := FileAccess.open(_path(file), FileAccess.WRITE)
	if out == null:
		return false
	out.store_16(0)
	out.store_16(1)
	out.store_16(sizes.size())
	var offset := 6 + 16 * sizes.size()
	for i in sizes.size():
		var side: int = sizes[i] % 256  # 256 is written as 0
		out.store_8(side)
		out.store_8(side)
		out.store_8(0)
		out.store_8(0)
		out.store_16(1)
		out.store_16(32)
		out.store_32(pngs[i].size())
		out.store_32(offset)
		offset += pngs[i].size()
	for png in pngs:
		out.store_buffer(png)
	return out.get_error() == OK


## A macOS icon: "icns", its length, then each image as its kind, its length and a PNG; all
## big-endian.
func _icns(kinds: Dictionary, file: String) -> bool:
	var chunks := PackedByteArray()
	for kind: String in kinds:
		var png := _drawn(kinds[kind]).save_png_to_buffer()
		chunks.append_array(kind.to_ascii_buffer())
		chunks.append_array(_big_endian(8 + png.size()))
		chunks.append_array(png)
	var out := FileAccess.open(_path(file), FileAccess.WRITE)
	if out == null:
		return false
	out.store_buffer("icns".to_ascii_buffer())
	out.store_buffer(_big_endian(8 + chunks.size()))
	out.store_buffer(chunks)
	return out.get_error() == OK


static func _big_endian(value: int) -> PackedByteArray:
	var bytes := PackedByteArray()
	for shift: int in [24, 16, 8, 0]:
		bytes.append((value >> shift) & 0xFF)
	return bytes
