#!/usr/bin/env python3
"""Remakes the game's fonts, cut down to what the game shows: python3 tools/subset_fonts.py

Needs the Noto fonts as Debian and Ubuntu ship them (sudo apt install fonts-noto-core
fonts-noto-cjk) and fonttools (python3 -m pip install fonttools, in a virtual environment on
a Python that refuses system-wide installs). Writes godot-project/fonts/:
- NotoSans-Latin.ttf: Latin with the accents of Indonesian, Esperanto and Spanish;
- NotoSansTelugu.ttf: the whole Telugu block, with the shaping tables conjuncts need;
- NotoSansKR-Game.otf: only the Hangul syllables the Korean translation uses (the full font
  is 16 MB), so run this again whenever ko.po changes.
All three are under the SIL Open Font License 1.1: its text and the copyright notices are in
godot-project/fonts/LICENSE-*.txt, shipped beside the fonts.
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "godot-project" / "locale"
OUT = ROOT / "godot-project" / "fonts"
NOTO = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
LATIN = "U+0020-007E,U+00A0-017F,U+2010-2027,U+2030-205E,U+20AC,U+2190-2193"


def po_text(name):
    text = (LOCALE / name).read_text(encoding="utf-8")
    return "".join(re.findall(r'^msgstr "(.*)"$', text, re.M))


def subset(source, out, unicodes=None, text=None, index=None):
    args = [sys.executable, "-m", "fontTools.subset", str(source), f"--output-file={out}",
            "--layout-features=*", "--no-hinting", "--desubroutinize"]
    if index is not None:
        args.append(f"--font-number={index}")
    if unicodes:
        args.append(f"--unicodes={unicodes}")
    if text:
        args.append(f"--text={text}")
    subprocess.run(args, check=True)
    print(f"{out.name}: {out.stat().st_size // 1024} KiB")


def check_needs():
    """Says what is missing, and how to get it, before any work."""
    missing = []
    for font in (NOTO / "NotoSans-Regular.ttf", NOTO / "NotoSansTelugu-Regular.ttf", CJK):
        if not font.exists():
            missing.append(f"{font} (sudo apt install fonts-noto-core fonts-noto-cjk)")
    try:
        import fontTools  # noqa: F401
    except ImportError:
        missing.append("the Python package fonttools (python3 -m pip install fonttools)")
    if missing:
        sys.exit("subset_fonts.py needs:\n  " + "\n  ".join(missing))


def main():
    check_needs()
    OUT.mkdir(parents=True, exist_ok=True)
    subset(NOTO / "NotoSans-Regular.ttf", OUT / "NotoSans-Latin.ttf", unicodes=LATIN)
    subset(NOTO / "NotoSansTelugu-Regular.ttf", OUT / "NotoSansTelugu.ttf",
           unicodes="U+0020-007E,U+0C00-0C7F,U+200C-200D,U+25CC")
    korean = "".join(sorted(set(po_text("ko.po"))))
    subset(CJK, OUT / "NotoSansKR-Game.otf", unicodes="U+0020-007E", text=korean, index=1)


if __name__ == "__main__":
    main()
