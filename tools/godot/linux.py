# Options for Godot 4.3's own build, for a Linux machine without a Godot download: from the
# engine's source folder, `scons profile=/path/to/tools/godot/linux.py target=editor -j2`, then
# `target=template_release` for the export template. The game is 2-D on the Compatibility
# renderer, so Vulkan and the modules a 2-D carrom game never uses are left out; the system's
# ICU (Debian: libicu-dev) stands in for the engine's bundled data. About 35 minutes for the
# editor and 20 for the template on two cores.
platform = "linuxbsd"
vulkan = "no"
wayland = "no"
use_volk = "no"
scu_build = "yes"
debug_symbols = "no"
builtin_icu4c = "no"
module_camera_enabled = "no"
module_csg_enabled = "no"
module_fbx_enabled = "no"
module_gltf_enabled = "no"
module_gridmap_enabled = "no"
module_lightmapper_rd_enabled = "no"
module_mobile_vr_enabled = "no"
module_navigation_enabled = "no"
module_openxr_enabled = "no"
module_raycast_enabled = "no"
module_theora_enabled = "no"
module_vhacd_enabled = "no"
module_webxr_enabled = "no"
module_xatlas_unwrap_enabled = "no"
module_glslang_enabled = "no"
module_webrtc_enabled = "no"
module_upnp_enabled = "no"
module_mono_enabled = "no"
