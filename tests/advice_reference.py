"""A plain reference for the advice (G-9), sharing nothing with the core's reading: its own win
test, a recursion over a hand's 34 counts that takes the lowest tile left into a triplet, a
sequence or the pair, wilds filling what is missing, and whatever wilds are left making
sets and the pair on their own; seven pairs counted from the counts. Slow on purpose: a test
oracle, never the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

WHITE, RED = 31, 33


@lru_cache(maxsize=200_000)
def _wins(counts: tuple[int, ...], wilds: int, sets: int, pair: bool) -> bool:
    """Whether ``counts`` and ``wilds`` make exactly ``sets`` sets and (if ``pair``) one pair."""
    lowest = next((t for t, n in enumerate(counts) if n), None)
    if lowest is None:
        need = 3 * sets + (2 if pair else 0)
        return wilds == need
    if sets == 0 and not pair:
        return False

    def taken(*tiles: int) -> tuple[int, ...]:
        rest = list(counts)
        for t in tiles:
            rest[t] -= 1
        return tuple(rest)

    have = counts[lowest]
    # a triplet of the lowest tile: naturals and wilds
    for naturals in (3, 2, 1):
        if naturals <= have and sets and 3 - naturals <= wilds and \
                _wins(taken(*[lowest] * naturals), wilds - 3 + naturals, sets - 1, pair):
            return True
    # the pair
    for naturals in (2, 1):
        if naturals <= have and pair and 2 - naturals <= wilds and \
                _wins(taken(*[lowest] * naturals), wilds - 2 + naturals, sets, False):
            return True
    # a sequence holding the lowest tile; below it only wilds (it is the lowest natural)
    if lowest < 27 and sets:
        for start in (lowest - 2, lowest - 1, lowest):
            if start < lowest // 9 * 9 or start % 9 > 6:
                continue
            places = [start, start + 1, start + 2]
            naturals = [t for t in places if t >= lowest and counts[t] > 0]
            # of the tiles above the lowest, take a natural or use a wild: try both
            for mask in range(1 << len(naturals)):
                used = [t for i, t in enumerate(naturals) if mask >> i & 1 or t == lowest]
                if lowest not in used:
                    continue
                missing = 3 - len(used)
                if missing <= wilds and _wins(taken(*used), wilds - missing, sets - 1, pair):
                    return True
    return False


def wins(counts: Sequence[int], wilds: int, sets: int, seven_pairs: bool) -> bool:
    """Standing tiles of winning size that win: ``sets`` sets and a pair, or seven pairs."""
    if _wins(tuple(counts), wilds, sets, True):
        return True
    if seven_pairs and not wilds and sum(counts) == 14:
        kinds = sum(1 for n in counts if n)
        return all(n % 2 == 0 for n in counts) and kinds <= 7
    return False


def draws(held: Sequence[int], caishen: int | None, caishen_held: int) -> list[int]:
    """The tiles a player may draw: not one of which it holds all four, never the flower
    tile (laid aside), and the 财神 only while fewer than three are held (then as a wild)."""
    found = []
    for t in range(34):
        if caishen is not None and t == caishen:
            if caishen_held < 3:
                found.append(t)
        elif caishen is not None and t == (RED if caishen == WHITE else WHITE):
            continue
        elif held[t] < 4:
            found.append(t)
    return found


def ready_on(concealed: Sequence[int], held: Sequence[int], sets: int, seven_pairs: bool,
             caishen: int | None) -> list[int]:
    """The draws that make standing tiles of waiting size win."""
    caishen_held = held[caishen] if caishen is not None else 0
    found = []
    for t in draws(held, caishen, caishen_held):
        counts = [0] * 34
        for x in [*concealed, t]:
            counts[x] += 1
        wilds = 0
        if caishen is not None:
            wilds, counts[caishen] = counts[caishen], 0
        if wins(counts, wilds, sets, seven_pairs):
            found.append(t)
    return found
