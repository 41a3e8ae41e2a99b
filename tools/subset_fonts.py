#!/usr/bin/env python3
"""Remakes the game's fonts, cut down to what the game shows: python3 tools/subset_fonts.py

Needs the Noto fonts as Debian and Ubuntu ship them (sudo apt install fonts-noto-core
fonts-noto-cjk) and fonttools (python3 -m pip install fonttools, in a virtual environment on
a Python that refuses system-wide installs). Writes godot-project/fonts/:
- NotoSans-Latin.ttf: Latin with the accents of Indonesian, Esperanto and Spanish;
- NotoSansTelugu.ttf, NotoSansDevanagari.ttf (Hindi, Nepali), NotoSansBengali.ttf,
  NotoSansTamil.ttf, NotoSansSinhala.ttf: each script's whole block, with the shaping tables
  conjuncts and vowel signs need (and the joiners Sinhala spells with);
- NotoNastaliqUrdu.ttf: the Arabic letters Urdu uses, in the Nastaliq style Urdu is read in;
- NotoSansKR-Game.otf: only the Hangul syllables the Korean translation uses (the full font
  is 16 MB), so run this again whenever ko.po changes.
All three are under the SIL Open Font License 1.1: its text and the copyright notices are in
godot-project/fonts/LICENSE-*.txt, shipped beside the fonts. Each font's size is printed.
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
# What every script's font keeps besides its block: ASCII (digits and punctuation shaped in the
# same run), the joiners, the dotted circle a lone vowel sign is drawn on, and the dandas.
SHARED = "U+0020-007E,U+200C-200D,U+25CC,U+0964-0965"
# Each script's font, its Unicode blocks, and the file it becomes.
SCRIPTS = [
    ("NotoSansTelugu-Regular.ttf", "U+0C00-0C7F", "NotoSansTelugu.ttf"),
    ("NotoSansDevanagari-Regular.ttf", "U+0900-097F,U+A8E0-A8FF", "NotoSansDevanagari.ttf"),
    ("NotoSansBengali-Regular.ttf", "U+0980-09FF", "NotoSansBengali.ttf"),
    ("NotoSansTamil-Regular.ttf", "U+0B80-0BFF", "NotoSansTamil.ttf"),
    ("NotoSansSinhala-Regular.ttf", "U+0D80-0DFF", "NotoSansSinhala.ttf"),
    ("NotoNastaliqUrdu-Regular.ttf", "U+0600-06FF,U+0750-077F,U+FB50-FDFF,U+FE70-FEFF,U+2066-2069",
     "NotoNastaliqUrdu.ttf"),
]


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


def set_line_metrics(font_path, ascent, descent):
    """Gives a font the line height other scripts have (in font units of its em).

    Nastaliq's own metrics (1.9 em above the baseline, 0.6 below) are for its tallest stacks;
    Godot sizes every button and field by the tallest font of the fallback chain, so they would
    make every control in every language half again as tall. Urdu's lines get their extra room
    from the theme instead (GameSettings gives labels more line spacing in Urdu).
    """
    from fontTools.ttLib import TTFont

    font = TTFont(font_path, recalcTimestamp=False)
    font["hhea"].ascent, font["hhea"].descent, font["hhea"].lineGap = ascent, -descent, 0
    os2 = font["OS/2"]
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, -descent, 0
    os2.usWinAscent, os2.usWinDescent = ascent, descent
    font.save(font_path)


def check_needs():
    """Says what is missing, and how to get it, before any work."""
    missing = []
    sources = [NOTO / "NotoSans-Regular.ttf", CJK] + [NOTO / source for source, _, _ in SCRIPTS]
    for font in sources:
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
    for source, blocks, out in SCRIPTS:
        subset(NOTO / source, OUT / out, unicodes=f"{SHARED},{blocks}")
    set_line_metrics(OUT / "NotoNastaliqUrdu.ttf", ascent=1050, descent=450)
    korean = "".join(sorted(set(po_text("ko.po"))))
    subset(CJK, OUT / "NotoSansKR-Game.otf", unicodes="U+0020-007E", text=korean, index=1)


if __name__ == "__main__":
    main()
