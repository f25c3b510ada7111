"""Cut the bundled CJK font down to the glyphs Two Rivers shows, from the full Noto Sans CJK TC Bold.

Run from the repository root after the catalogue changes (the glyph test says when):

    apt-get install fonts-noto-cjk && pip install fonttools
    python fonts/make_cjk_font.py [path/to/NotoSansCJK-Bold.ttc or NotoSansCJKtc-Bold.otf]

The subset holds every character of every catalogue message in both languages, printable ASCII and
Latin-1, and the punctuation Chinese text uses (EXTRA), so any mix of them draws in one face. The
result, `NotoSansCJKtc-Bold-subset.otf`, is committed with its licence (OFL.txt) so that the game
never needs this script or fontTools. Standard library plus fontTools.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the repository root, for game.i18n

from game.i18n import catalogue  # noqa: E402  (needs the root on the path)

OUTPUT = HERE / "NotoSansCJKtc-Bold-subset.otf"
SOURCES = (
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),  # Debian/Ubuntu fonts-noto-cjk
    Path("/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc"),  # Fedora, Arch
)
FAMILY = "Noto Sans CJK TC"
# Characters the catalogue may not hold yet but any Chinese line (or a typed name) will want.
EXTRA = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "".join(chr(c) for c in range(0xA0, 0x100))
    + "…·—–‘’“”•×÷←→↑↓"
    + "、。，：；！？「」『』（）《》〈〉【】～　"
    + "".join(chr(c) for c in range(0xFF01, 0xFF5F))  # fullwidth forms
    + "零一二三四五六七八九十百千萬第個位張次回合輪分"
)


def characters() -> str:
    """Return every character the bundled font must draw, sorted."""
    chars = set(EXTRA)
    for table in catalogue.TABLES.values():
        for message in table.values():
            for text in catalogue.forms(message):
                chars.update(text)
    return "".join(sorted(c for c in chars if c.isprintable() or c == "\u3000"))


def load_face(path: Path):  # type: ignore[no-untyped-def]
    """Return the Traditional Chinese face of a Noto Sans CJK file (a .ttc holds several)."""
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        for face in TTCollection(str(path)).fonts:
            if face["name"].getDebugName(1) == FAMILY:
                return face
        raise SystemExit(f"{path} has no {FAMILY} face")
    return TTFont(str(path))


def main(argv: list[str]) -> int:
    from fontTools import subset

    source = Path(argv[0]) if argv else next((p for p in SOURCES if p.exists()), None)
    if source is None or not source.exists():
        print("Noto Sans CJK Bold not found: install fonts-noto-cjk or name the file.", file=sys.stderr)
        return 2
    font = load_face(source)
    options = subset.Options()
    options.layout_features = ["kern", "liga", "vert", "halt", "palt", "locl"]
    options.name_IDs = ["*"]  # keep the copyright and licence names
    options.notdef_outline = True  # a missing glyph shows as a box, never as nothing
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=characters())
    subsetter.subset(font)
    font.save(str(OUTPUT))
    print(f"{OUTPUT.name}: {len(characters())} characters, {OUTPUT.stat().st_size // 1024} KB from {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
