"""Yueqing's special tiles: the 财神 (wild) and the flower (YQ-2, YQ-3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from service.errors import impossible
from service.hand.groups import Meld
from service.language import Message
from service.tiles import RED, WHITE, code

# The tiles that can serve as the flower, as players call them.
FLOWER_NAMES: Final = {WHITE: "白板", RED: "红中"}
FLOWER_TILES: Final = 4  # the flower tile's copies, all laid aside (YQ-3)
CAISHEN_IN_PLAY: Final = 3  # the 财神's copies but the one revealed (YQ-2)


def flower_tile(caishen: int) -> int:
    """白板 is the flower; when 白板 is the 财神, 红中 is (YQ-3)."""
    return RED if caishen == WHITE else WHITE


def name_after_flower(listed: Iterable[dict[str, Any]], flower: int) -> None:
    """Name the answer's entries the catalogue names after 白板 (白板, 四白板) after the tile
    that serves as the flower: 红中 and 四红中 when 白板 is the 财神 (YQ-3; the text counts
    the flower 以红中计 and 四白板 包括四红中). The entries are the answer's own copies."""
    default, serving = FLOWER_NAMES[WHITE], FLOWER_NAMES[flower]
    for entry in listed:
        entry["name"] = entry["name"].replace(default, serving)


def caishen_held(concealed: Sequence[int], melds: Sequence[Meld], caishen: int) -> int:
    """财神 tiles a player holds, standing or in a meld."""
    held = concealed.count(caishen)
    for meld in melds:
        held += meld.tiles.count(caishen)
    return held


def check_special_tiles(
    concealed: Sequence[int], melds: Sequence[Meld], caishen: int, field: str,
    counts: Sequence[int] | None = None,
) -> int:
    """No flower tile stands in the hand or a meld; at most three 财神 are in play (YQ-2, YQ-3).

    Returns the 财神 tiles the player holds (``caishen_held``). ``counts``, each tile's count
    held in all (melds included) where the caller has them, answer a hand that passes in two
    lookups; the long way below names what is wrong.
    """
    flower = flower_tile(caishen)
    if counts is not None and not counts[flower] and counts[caishen] <= 3:
        return counts[caishen]
    if flower in concealed:
        raise impossible(
            f"{field}concealed",
            Message("flower-tile", "{tile} is the flower tile: give it as a flower count, "
                    "not a tile", tile=code(flower)),
        )
    for index, meld in enumerate(melds):
        if flower in meld.tiles:
            raise impossible(f"{field}melds.{index}.tiles",
                             Message("flower-tile", "{tile} is the flower tile and cannot be "
                                     "in a meld", tile=code(flower)))
    held = caishen_held(concealed, melds, caishen)
    if held > CAISHEN_IN_PLAY:
        raise impossible(
            f"{field}concealed",
            Message("too-many-caishen", "{count} copies of the 财神 {tile}; one is revealed, "
                    "so at most 3", count=held, tile=code(caishen), max=CAISHEN_IN_PLAY),
        )
    return held


def standing_caishen(request: dict[str, Any], concealed: Any) -> int:
    """How many 财神 stand in a raw request's tiles, before it is loaded: what a hand weighs
    (service/work.py, which weighs more than three as three). 0 for anything malformed: the
    schema refuses it later."""
    caishen = request.get("caishen")
    if not isinstance(caishen, str) or len(caishen) != 2:
        return 0
    if isinstance(concealed, str):
        digit, suit = caishen[0], caishen[1]
        count, run = 0, False
        for ch in reversed(concealed):  # digits before each suit letter count for it
            if ch.isalpha():
                run = ch == suit
            elif run and ch == digit:
                count += 1
        return count
    if isinstance(concealed, list):
        return sum(1 for t in concealed if t == caishen)
    return 0


def loaded_caishen(data: dict[str, Any]) -> int:
    """How many 财神 stand in a loaded request's ``concealed``."""
    return int(data["concealed"].count(data["caishen"]))
