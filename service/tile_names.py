"""Each tile as an app shows it (issue #45): its names and its picture, ``GET /v1/tiles``.

A tile's name is a text said in the language an answer is asked in (一万, 五饼, 东风 in
Chinese, as ``service.language.tile_name`` names tiles in every Chinese sentence; "1
Character", "5 Dot", "East Wind" in English). Traditional characters are given beside them
(一萬, 五餅, 東風), since the answers' Chinese is simplified whatever ``zh`` tag asks for it.
The picture is the tile's character in Unicode's Mahjong Tiles block (U+1F000-1F02B).
"""

from __future__ import annotations

from typing import Any, Final

from service.language import CHINESE, Translated, tile_name
from service.tiles import CODES

_SUITS_EN: Final = {"m": "Character", "p": "Dot", "s": "Bamboo"}
_HONOURS_EN: Final = ("East Wind", "South Wind", "West Wind", "North Wind", "White Dragon",
                      "Green Dragon", "Red Dragon")
# The simplified characters of the tiles' names that traditional writing has otherwise.
_TRADITIONAL: Final = str.maketrans({"万": "萬", "饼": "餅", "条": "條", "东": "東",
                                     "风": "風", "发": "發", "财": "財", "红": "紅"})
# Unicode's first tile of each suit (1 of it), and the honours' own, 东 南 西 北 白 发 中.
_GLYPH_ONE: Final = {"m": 0x1F007, "p": 0x1F019, "s": 0x1F010}
_HONOUR_GLYPHS: Final = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
SUIT_IDS: Final = {"m": "characters", "p": "dots", "s": "bamboos", "z": "honours"}


def name_en(code: str) -> str:
    number, suit = int(code[0]), code[1]
    return _HONOURS_EN[number - 1] if suit == "z" else f"{number} {_SUITS_EN[suit]}"


def traditional(chinese: str) -> str:
    """A Chinese name in traditional characters: 一万 is 一萬, 发财 發財."""
    return chinese.translate(_TRADITIONAL)


def glyph(code: str) -> str:
    number, suit = int(code[0]), code[1]
    if suit == "z":
        return chr(_HONOUR_GLYPHS[number - 1])
    return chr(_GLYPH_ONE[suit] + number - 1)


def named(code: str) -> Translated:
    """A tile's name, said in the language of the answer that holds it."""
    return Translated(name_en(code), {CHINESE: tile_name(code)})


def described(code: str) -> dict[str, Any]:
    """One tile as ``GET /v1/tiles`` lists it."""
    chinese = tile_name(code)
    return {"code": code, "suit": SUIT_IDS[code[1]], "number": int(code[0]),
            "name": named(code), "name_en": name_en(code), "name_zh": chinese,
            "name_zh_hant": traditional(chinese), "glyph": glyph(code)}


def tiles() -> list[dict[str, Any]]:
    """The 34 tiles in tile order (G-1)."""
    return [described(code) for code in CODES]
