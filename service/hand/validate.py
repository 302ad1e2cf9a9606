"""What the reading engine assumes, checked before it runs (G-6)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Final

from service.errors import ProblemError, impossible
from service.hand.groups import ANGANG, CHI, GANG, PENG, Meld
from service.language import Message, joined
from service.tiles import COPIES, NUM_TILES, code, counts_of, is_honor


def check_meld(kind: str, tiles: Sequence[int], field: str) -> None:
    """A meld's tiles make the set its type names (its 'from' is checked by MeldSchema)."""
    ordered = sorted(tiles)
    if kind == CHI:
        if len(ordered) != 3 or is_honor(ordered[0]) or ordered[0] // 9 != ordered[2] // 9 or \
                ordered != [ordered[0], ordered[0] + 1, ordered[0] + 2]:
            raise impossible(f"{field}.tiles", Message(
                "not-a-chi", "a chi is three consecutive tiles of one suit"))
    elif kind == PENG:
        if len(ordered) != 3 or len(set(ordered)) != 1:
            raise impossible(f"{field}.tiles", Message(
                "not-a-peng", "a peng is three identical tiles"))
    elif kind in (GANG, ANGANG):
        if len(ordered) != 4 or len(set(ordered)) != 1:
            raise impossible(f"{field}.tiles", Message(
                "not-a-kong", "a kong is four identical tiles"))


def _real_melds() -> frozenset[tuple[str, tuple[int, ...]]]:
    found: set[tuple[str, tuple[int, ...]]] = set()
    for t in range(NUM_TILES):
        found.update(((PENG, (t,) * 3), (GANG, (t,) * 4), (ANGANG, (t,) * 4)))
        if not is_honor(t) and t % 9 <= 6:
            found.update((CHI, order) for order in permutations((t, t + 1, t + 2)))
    return frozenset(found)


# Every (type, tiles) check_meld accepts, the tiles in any order a request may list them: a
# real meld is one lookup, and only the rest go through check_meld for its message.
REAL_MELDS: Final = _real_melds()


def check_claims(seat: int, melds: Sequence[Meld], field: str) -> None:
    """A meld is never claimed from its owner, and a chi only from the 上家 (CZ-2, G-6)."""
    upper = (seat + 3) % 4
    for index, (kind, _, source) in enumerate(melds):
        if source == seat:
            raise impossible(f"{field}.{index}.from", Message(
                "claimed-from-oneself", "a meld is not claimed from oneself"))
        if kind == CHI and source != upper:
            raise impossible(f"{field}.{index}.from",
                             Message("chi-from-upper", "a chi is claimed only from the 上家 "
                                     "(seat {seat})", seat=upper))


def claiming_seat(melds: Sequence[Meld], first: int, field: str) -> int:
    """The first seat from ``first`` on, in turn order, that could have claimed ``melds``
    (check_claims' rule), for a hand whose owner the request does not name; refused when none
    could."""
    for turn in range(4):
        seat = (first + turn) % 4
        try:
            check_claims(seat, melds, field)
        except ProblemError:
            continue
        return seat
    raise impossible(field, Message(
        "no-claiming-seat", "no one seat could have claimed all these melds: a chi comes only "
        "from its owner's 上家, and no meld from its owner"))


def check_copies(concealed: Sequence[int], melds: Sequence[Meld], field: str = "hand") -> list[int]:
    """Counts of every tile held, melds included; no tile may appear five times."""
    return held_counts(counts_of(concealed), melds, field)


def held_counts(counts: list[int], melds: Sequence[Meld], field: str = "hand") -> list[int]:
    """The standing tiles' counts with the melds' tiles added, in a new list; no tile may
    appear five times."""
    held = counts[:]
    for _, tiles, _ in melds:
        for t in tiles:
            held[t] += 1
    fifth = next((t for t, n in enumerate(held) if n > COPIES), None)
    if fifth is not None:
        raise impossible(field, Message(
            "fifth-copy", "{tile} appears {count} times; there are four of each tile",
            tile=code(fifth), count=held[fifth], max=COPIES))
    return held


def check_size(
    concealed: Sequence[int], melds: Sequence[Meld], sets: int, *, winning: bool,
    field: str = "hand.concealed",
) -> None:
    """A hand of N sets and a pair holds 3N + 2 tiles at the win, one fewer while waiting (G-3)."""
    expected = 3 * (sets - len(melds)) + (2 if winning else 1)
    if len(melds) > sets:
        raise impossible("hand.melds", Message("too-many-melds",
                                               "a hand has at most {max} melds", max=sets))
    if len(concealed) != expected:
        raise impossible(field, size_message(len(concealed), expected, melds, winning))


def size_message(got: int, expected: int, melds: Sequence[Meld], winning: bool) -> str:
    """Say what ``concealed`` must hold, count what it holds, and guess the usual slip."""
    said = {"melds": len(melds), "expected": expected, "count": got}
    message = Message("tile-count", "with {melds} meld(s), concealed holds {expected} tiles "
                      "(every standing tile, the winning tile included once; the tiles of "
                      "melds are not repeated in it), but it holds {count}", **said) \
        if winning else \
        Message("tile-count", "with {melds} meld(s), concealed holds {expected} tiles (every "
                "standing tile of the waiting hand; the tiles of melds are not repeated in "
                "it), but it holds {count}", **said)
    meld_tiles = sum(len(meld.tiles) for meld in melds)
    if melds and got in (expected + meld_tiles, expected + 3 * len(melds)):
        return joined(message, ": ", Message("tile-count", "the meld tiles seem to be repeated "
                                             "in concealed", **said))
    if winning and got == expected - 1:
        return joined(message, ": ", Message("tile-count", "is the winning tile missing? It "
                                             "belongs in concealed too", **said))
    if winning and got == expected + 1:
        return joined(message, ": ", Message("tile-count", "is the winning tile counted twice?",
                                             **said))
    return message


def check_winning_hand(
    concealed: Sequence[int], melds: Sequence[Meld], win_tile: int, sets: int
) -> tuple[list[int], list[int]]:
    """The checks before any winning hand is read (G-3, G-6). Returns each tile's count in
    the standing hand and held in all (melds included), counted once for the whole score."""
    if len(concealed) != 3 * (sets - len(melds)) + 2 or len(melds) > sets:
        check_size(concealed, melds, sets, winning=True)  # says which, and the usual slip
    counts = counts_of(concealed)
    held = held_counts(counts, melds)
    if not counts[win_tile]:
        raise impossible("win.tile", Message(
            "winning-tile-missing", "the winning tile must be among the concealed tiles (G-3)",
            tile=code(win_tile)))
    return counts, held
