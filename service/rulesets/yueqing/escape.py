"""逃跑 judging (YQ-22, YQ-23): which major items a player's current tiles could still make.

Read literally from the text's 胡倒类型判断: tiles are counted over the standing hand and the
melds, and a 财神 never stands in for another tile (three 红中 means three real 红中).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from service.hand.groups import CHI, Meld
from service.tiles import GREEN, RED, WHITE, WINDS, is_honor


class Holding(NamedTuple):
    """One player's tiles as the judging list looks at them."""

    standing: tuple[int, ...]
    melds: tuple[Meld, ...]
    flowers: int
    caishen: int
    seat_wind: int

    @property
    def caishen_standing(self) -> int:
        return self.standing.count(self.caishen)

    @property
    def plain_tiles(self) -> list[int]:
        """Standing tiles other than the 财神, and every meld tile (a melded 财神 is its face)."""
        return [t for t in self.standing if t != self.caishen] + \
            [t for m in self.melds for t in m.tiles]

    def count(self, tile: int) -> int:
        return self.plain_tiles.count(tile)

    @property
    def triplet_tiles(self) -> list[int]:
        """Tiles standing three or four times, 财神 apart (no substitution)."""
        plain = [t for t in self.standing if t != self.caishen]
        return sorted(t for t in set(plain) if plain.count(t) >= 3)

    @property
    def standing_triplets(self) -> int:
        return len(self.triplet_tiles)

    @property
    def triplet_melds(self) -> int:
        return sum(1 for m in self.melds if m.type != CHI)


def _one_suit(h: Holding, honours_wanted: bool) -> bool:
    tiles = h.plain_tiles
    suits = {t // 9 for t in tiles if t < 27}
    honours = any(is_honor(t) for t in tiles)
    return len(suits) == 1 and honours == honours_wanted and len(h.melds) >= 3


def _winds_plain(h: Holding) -> bool:
    return h.caishen not in WINDS


def _single(h: Holding) -> bool:
    return len(h.standing) in (1, 2)


# The judging list (YQ-23), one test per candidate: named functions, which mutation testing
# reaches (a lambda in a table at import it does not).

def _all_triplets(h: Holding) -> bool:
    return h.triplet_melds + h.standing_triplets >= 5


def _half_flush(h: Holding) -> bool:
    return _one_suit(h, True)


def _caishen_single_wait(h: Holding) -> bool:
    return _single(h) and h.caishen_standing >= 1


def _three_caishen(h: Holding) -> bool:
    return h.caishen_standing == 3


def _caishen_pair(h: Holding) -> bool:
    return len(h.melds) >= 4 and h.caishen_standing >= 2


def _four_winds_shadow(h: Holding) -> bool:
    return _winds_plain(h) and h.count(h.seat_wind) == 1 and all(
        h.count(w) >= 3 for w in WINDS if w != h.seat_wind)


def _full_flush(h: Holding) -> bool:
    return _one_suit(h, False)


def _caishen_triplet(h: Holding) -> bool:
    return len(h.melds) + h.standing_triplets >= 4 and h.caishen_standing == 3


def _three_beauties(h: Holding) -> bool:
    return not {WHITE, RED, GREEN} & {h.caishen} and h.count(RED) >= 3 \
        and h.count(GREEN) >= 3 and h.flowers >= 3


def _four_flowers(h: Holding) -> bool:
    return h.flowers == 4


def _four_winds(h: Holding) -> bool:
    return _winds_plain(h) and all(h.count(w) >= 3 for w in WINDS)


def _hard_single_wait(h: Holding) -> bool:
    return _single(h) and h.caishen_standing == 0


def _all_honors(h: Holding) -> bool:
    honour_sets = sum(1 for m in h.melds if m.type != CHI and is_honor(m.tiles[0]))
    plain_standing = sum(1 for t in h.standing if t != h.caishen and not is_honor(t))
    return honour_sets >= 3 and plain_standing <= 1


# The judging list's order; each candidate is worth its item's 台 under the request's rules,
# and an item switched off is no candidate (rules.py builds ``Tuned.judges`` from this).
JUDGES: tuple[tuple[str, Callable[[Holding], bool]], ...] = (
    ("all_triplets", _all_triplets),
    ("half_flush", _half_flush),
    ("caishen_single_wait", _caishen_single_wait),
    ("three_caishen", _three_caishen),
    ("caishen_pair", _caishen_pair),
    ("four_winds_shadow", _four_winds_shadow),
    ("full_flush", _full_flush),
    ("caishen_triplet", _caishen_triplet),
    ("three_beauties", _three_beauties),
    ("four_flowers", _four_flowers),
    ("four_winds", _four_winds),
    ("hard_single_wait", _hard_single_wait),
    ("all_honors", _all_honors),
)

Judges = Sequence[tuple[str, str, str, int, Callable[[Holding], bool]]]


def candidates(holding: Holding, judges: Judges) -> list[dict[str, int | str]]:
    """The judging list's candidates this holding could still make, each with its 台."""
    return [{"id": pid, "name": name, "name_en": name_en, "tai": tai}
            for pid, name, name_en, tai, judge in judges if judge(holding)]


def best(found: Sequence[dict[str, int | str]]) -> dict[str, int | str] | None:
    """The single highest candidate; ties keep the first in the judging list's order."""
    top = None
    for candidate in found:
        if top is None or int(candidate["tai"]) > int(top["tai"]):
            top = candidate
    return top
