# Options for the export templates the game ships with: Godot 4.3's own build, from the
# engine's source folder,
#   scons profile=/path/to/tools/godot/ship.py build_profile=/path/to/tools/godot/ship.build \
#     platform=linuxbsd target=template_release -j2
# (platform=windows, android, macos or ios for the others; wayland=no too on Linux without
# its headers). Then install the template where Godot looks for it (on Linux
# ~/.local/share/godot/export_templates/4.3.stable/linux_release.x86_64).
#
# What a 2-D carrom game never uses is left out: the 3-D nodes and servers (disable_3d), Vulkan
# (the game is on the Compatibility renderer), every module below, and the classes listed in
# ship.build (tile maps, 2-D physics bodies and joints, skeletons, lights, particles, parallax,
# navigation, visual shaders, animation trees, the editor-like controls: a test of the test
# command fails if the game, the addon or the extension names one of them);
# what it needs stays: GDScript, the advanced text server (Indic shaping, right-to-left Urdu)
# with its own ICU so the game runs on any distribution, FreeType fonts, the noise the board's
# wood is drawn with, ENet, WebSocket and TLS for online play, and the multiplayer peers. No
# SVG, WebP or regular expressions: the game's SVG icons are imported as textures in the
# editor, its textures are stored as PNG (project.godot's force_png), its window icon is a
# PNG, and its few text checks are plain code (a test of the test command holds the game to
# this). The code is optimised for size and linked with link-time optimisation, which also
# drops what nothing reaches (the Vulkan renderer's code, say). Sizes and start-up times, before and after: the README's
# Exporting.
optimize = "size"
lto = "full"
disable_3d = "yes"
# Not deprecated=no: gdext looks up the engine's deprecated extension functions as it starts,
# and a template without them cannot load the extension at all.
debug_symbols = "no"
scu_build = "yes"
vulkan = "no"
use_volk = "no"
builtin_icu4c = "yes"
# The game's fonts are plain TrueType and OpenType: no WOFF2 (Brotli), no Graphite smart fonts
# (HarfBuzz shapes every script the game writes without them), no MSDF rendering.
brotli = "no"
graphite = "no"
module_msdfgen_enabled = "no"
module_basis_universal_enabled = "no"
module_bmp_enabled = "no"
module_camera_enabled = "no"
module_csg_enabled = "no"
module_dds_enabled = "no"
module_fbx_enabled = "no"
module_glslang_enabled = "no"
module_gltf_enabled = "no"
module_gridmap_enabled = "no"
module_hdr_enabled = "no"
module_interactive_music_enabled = "no"
module_jpg_enabled = "no"
module_jsonrpc_enabled = "no"
module_ktx_enabled = "no"
module_lightmapper_rd_enabled = "no"
module_meshoptimizer_enabled = "no"
module_minimp3_enabled = "no"
module_mobile_vr_enabled = "no"
module_mono_enabled = "no"
module_navigation_enabled = "no"
module_ogg_enabled = "no"
module_openxr_enabled = "no"
module_raycast_enabled = "no"
module_regex_enabled = "no"
module_squish_enabled = "no"
module_svg_enabled = "no"
module_text_server_fb_enabled = "no"
module_tga_enabled = "no"
module_theora_enabled = "no"
module_tinyexr_enabled = "no"
module_upnp_enabled = "no"
module_vhacd_enabled = "no"
module_vorbis_enabled = "no"
module_webp_enabled = "no"
module_webrtc_enabled = "no"
module_webxr_enabled = "no"
module_xatlas_unwrap_enabled = "no"
module_zip_enabled = "no"
# The packs the game loads are Godot .pck files: no ZIP reader in the core either.
minizip = "no"

# On Linux two more things the template carries and a player never uses:
# - the tables that unwind C++ frames (.eh_frame, 3.3 MB): the engine is built without
#   exceptions, and the extension's panics unwind only through its own Rust frames (gdext
#   catches them where Godot calls in), so they only served the crash handler's backtrace,
#   which a release template without symbols prints as bare addresses anyway;
# - the position-independent executable's relocation table (1.7 MB), packed with DT_RELR:
#   glibc 2.36 reads it, and a template built on Debian 12 already needs glibc 2.36.
# Other platforms keep their defaults (Windows needs its unwind tables for SEH).
# (The profile is read with separate globals and locals, so no function here: plain code.)
import sys

_platform = "linuxbsd" if sys.platform.startswith("linux") else ""
for _argument in sys.argv:
    if _argument.startswith("platform="):
        _platform = _argument.split("=", 1)[1]
if _platform in ("linuxbsd", "linux"):
    ccflags = "-fno-asynchronous-unwind-tables -fno-unwind-tables"
    linkflags = "-Wl,-z,pack-relative-relocs"
