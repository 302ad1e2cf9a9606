"""What the reading engine assumes, checked before it runs (G-6)."""

from __future__ import annotations

from collections.abc import Sequence

from service.errors import impossible
from service.hand.groups import ANGANG, CHI, GANG, PENG, Meld
from service.tiles import NUM_TILES, code, is_honor


def check_meld(meld: Meld, field: str) -> None:
    """A meld's tiles make the set its type names (its 'from' is checked by MeldSchema)."""
    tiles = sorted(meld.tiles)
    if meld.type == CHI:
        if len(tiles) != 3 or is_honor(tiles[0]) or tiles[0] // 9 != tiles[2] // 9 or \
                tiles != [tiles[0], tiles[0] + 1, tiles[0] + 2]:
            raise impossible(f"{field}.tiles", "a chi is three consecutive tiles of one suit")
    elif meld.type == PENG:
        if len(tiles) != 3 or len(set(tiles)) != 1:
            raise impossible(f"{field}.tiles", "a peng is three identical tiles")
    elif meld.type in (GANG, ANGANG):
        if len(tiles) != 4 or len(set(tiles)) != 1:
            raise impossible(f"{field}.tiles", "a kong is four identical tiles")


def check_claims(seat: int, melds: Sequence[Meld], field: str) -> None:
    """A meld is never claimed from its owner, and a chi only from the 上家 (CZ-2, G-6)."""
    upper = (seat + 3) % 4
    for index, meld in enumerate(melds):
        if meld.source == seat:
            raise impossible(f"{field}.{index}.from", "a meld is not claimed from oneself")
        if meld.type == CHI and meld.source != upper:
            raise impossible(f"{field}.{index}.from",
                             f"a chi is claimed only from the 上家 (seat {upper})")


def check_copies(concealed: Sequence[int], melds: Sequence[Meld], field: str = "hand") -> list[int]:
    """Counts of every tile held, melds included; no tile may appear five times."""
    held = [0] * NUM_TILES
    for t in concealed:
        held[t] += 1
    for meld in melds:
        for t in meld.tiles:
            held[t] += 1
    if max(held) > 4:
        t = next(t for t, n in enumerate(held) if n > 4)
        raise impossible(field, f"{code(t)} appears {held[t]} times; there are four of each tile")
    return held


def check_size(
    concealed: Sequence[int], melds: Sequence[Meld], sets: int, *, winning: bool,
    field: str = "hand.concealed",
) -> None:
    """A hand of N sets and a pair holds 3N + 2 tiles at the win, one fewer while waiting (G-3)."""
    expected = 3 * (sets - len(melds)) + (2 if winning else 1)
    if len(melds) > sets:
        raise impossible("hand.melds", f"a hand has at most {sets} melds")
    if len(concealed) != expected:
        raise impossible(field, size_message(len(concealed), expected, melds, winning))


def size_message(got: int, expected: int, melds: Sequence[Meld], winning: bool) -> str:
    """Say what ``concealed`` must hold, count what it holds, and guess the usual slip."""
    held = "every standing tile, the winning tile included once" if winning else \
        "every standing tile of the waiting hand"
    message = (f"with {len(melds)} meld(s), concealed holds {expected} tiles ({held}; the "
               f"tiles of melds are not repeated in it), but it holds {got}")
    meld_tiles = sum(len(meld.tiles) for meld in melds)
    if melds and got in (expected + meld_tiles, expected + 3 * len(melds)):
        return f"{message}: the meld tiles seem to be repeated in concealed"
    if winning and got == expected - 1:
        return f"{message}: is the winning tile missing? It belongs in concealed too"
    if winning and got == expected + 1:
        return f"{message}: is the winning tile counted twice?"
    return message


def check_winning_hand(
    concealed: Sequence[int], melds: Sequence[Meld], win_tile: int, sets: int
) -> list[int]:
    """The checks before any winning hand is read (G-3, G-6); returns every tile's count held."""
    check_size(concealed, melds, sets, winning=True)
    held = check_copies(concealed, melds)
    if win_tile not in concealed:
        raise impossible("win.tile", "the winning tile must be among the concealed tiles (G-3)")
    return held
