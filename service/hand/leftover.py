"""What a hand that is not a win leaves over: the message a player can act on (issue #9).

Only for errors, never on the scoring path: it finds the reading of the standing tiles into
sets and a pair that leaves the fewest tiles out, wild tiles filling gaps where they may.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from service.language import N_, Message, Phrase
from service.tiles import NUM_TILES, code, counts_of

Found = tuple[int, ...]  # the tiles left over, lowest first
_SETS = (N_("no set"), N_("one set"), N_("two sets"), N_("three sets"), N_("four sets"),
         N_("five sets"))


def left_over(counts: Sequence[int], wilds: int, sets: int) -> list[int]:
    """The fewest real tiles a reading into sets and one pair leaves out (wilds fill gaps).

    The hand-size check has run, so the tiles cannot make more than ``sets`` sets. The search
    walks the tiles in order; its state is the tile, what is left of it and of the next two
    (a sequence reaches two tiles ahead), the wilds left and whether the pair is made.
    """
    full = list(counts) + [0, 0, 0]
    following = [NUM_TILES] * (NUM_TILES + 4)  # the first tile held at or after each index
    for index in range(NUM_TILES - 1, -1, -1):
        following[index] = index if full[index] else following[index + 1]
    memo: dict[tuple[int, int, int, int, int, bool], Found] = {}

    def fewest(t: int, here: int, next1: int, next2: int, wilds: int, pair: bool) -> Found:
        if not here:
            if next1 or next2:
                return fewest(t + 1, next1, next2, full[t + 3], wilds, pair)
            t = following[t + 3]
            if t >= NUM_TILES:
                return ()
            here, next1, next2 = full[t], full[t + 1], full[t + 2]
        key = (t, here, next1, next2, wilds, pair)
        if key in memo:
            return memo[key]
        best = (t, *fewest(t, here - 1, next1, next2, wilds, pair))  # leave one copy over
        if pair:
            real = min(2, here)
            if 2 - real <= wilds:
                best = min(best, fewest(t, here - real, next1, next2, wilds - 2 + real, False),
                           key=len)
        real = min(3, here)
        if 3 - real <= wilds:
            best = min(best, fewest(t, here - real, next1, next2, wilds - 3 + real, pair),
                       key=len)
        if t < 27:  # a sequence holding t, its lower tiles wild (t is the lowest left)
            for low in (t - 2, t - 1, t):
                if low < t // 9 * 9 or low % 9 > 6:
                    continue
                use1 = int(low + 2 >= t + 1 and next1 > 0)
                use2 = int(low + 2 >= t + 2 and next2 > 0)
                missing = 2 - use1 - use2
                if missing <= wilds:
                    best = min(best, fewest(t, here - 1, next1 - use1, next2 - use2,
                                            wilds - missing, pair), key=len)
        memo[key] = best
        return best

    return list(fewest(0, full[0], full[1], full[2], wilds, True))


def no_win(concealed: Sequence[int], sets: int, *, seven_pairs: bool = False,
           wild: int | None = None, face: int | None = None) -> str:
    """The not-a-win message: what the standing tiles must make and what they leave over.

    ``sets`` is how many sets the standing tiles must make (the hand's less its melds);
    ``wild`` the wild tile; ``face`` a tile won that plays at its face value, even if it is
    the wild tile (a 财神 taken from a discard, YQ-2).
    """
    counts = counts_of(concealed)
    wilds = 0
    if wild is not None:
        wilds = max(0, counts[wild] - (face == wild))
        counts[wild] -= wilds
    found = left_over(counts, wilds, sets)
    return Message("leftover-tiles", _TEMPLATES[seven_pairs, bool(found)], sets=sets,
                   seven_pairs=seven_pairs, tiles=[code(t) for t in found],
                   _sets=Phrase(_SETS[sets]))


# The not-a-win sentence: with seven pairs a winning shape or not, with tiles left over or not
# (the ``tiles`` param lists them, empty when none is).
_TEMPLATES: Final = {
    (False, False): N_("the standing tiles do not make {_sets} and a pair"),
    (True, False): N_("the standing tiles do not make {_sets} and a pair (or seven pairs)"),
    (False, True): N_("the standing tiles do not make {_sets} and a pair; the closest reading "
                      "leaves {tiles} over"),
    (True, True): N_("the standing tiles do not make {_sets} and a pair (or seven pairs); the "
                     "closest reading leaves {tiles} over"),
}
