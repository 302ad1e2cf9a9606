"""The advice's draws read from the suit tables' masks (``Reader``) against the table after each
draw (``Reader(masks=False)``) on small hands whose limits are any a tile may have, not only
those melds leave: few sets, one suit crowded, some tiles never drawn, wilds or none (G-9).
Such limits make the fallbacks' rarer branches decide (a set fewer keeping as many where the
pair cannot become a set; a best needing more wild places than the hand has)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.hand.advice import Form, Reader
from service.tiles import counts_of, parse_compact
from tests.budget import examples


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[Form, list[int], int, int]:
    soft = draw(st.booleans())
    sets = draw(st.integers(0, 3))
    size = 3 * sets + 1 + draw(st.integers(0, 1))
    start = draw(st.sampled_from([0, 9, 18, 27]))
    suit = list(range(start, start + (7 if start == 27 else 9)))
    wilds = draw(st.integers(0, min(3, size))) if soft else 0
    counts = [0] * 34
    for t in draw(st.lists(st.sampled_from(suit + suit + suit + list(range(34))),
                           min_size=size - wilds, max_size=size - wilds)):
        counts[t] += 1
    if max(counts) > 4:
        counts = [min(n, 4) for n in counts]
        wilds = min(3, size - sum(counts)) if soft else 0
        if sum(counts) + wilds != size:
            return draw(small_hands())
    # each tile's limit: its count (every copy it may hold, held), or any other
    limits = [max(counts[t], draw(st.sampled_from([0, 4, 4, 3, 2, 1, 0]))) for t in range(34)]
    wild = None
    if soft:
        wild = draw(st.sampled_from([t for t in range(34) if not counts[t]]))
        limits[wild] = 0
    form = Form(sets, 5 if soft else 4, tuple(limits), wild, 3 - wilds if soft else 0,
                not soft and draw(st.booleans()))
    return form, counts, wilds, 3 if soft else 0


@settings(max_examples=examples(400), deadline=None)
@given(small_hands())
def test_the_masks_read_as_each_draws_table_under_any_limits(
        hand: tuple[Form, list[int], int, int]) -> None:
    form, counts, wilds, spare = hand
    by_masks, by_tables = Reader(form, spare), Reader(form, spare, masks=False)
    if (sum(counts) + wilds) % 3 == 1:
        assert by_masks.reading(counts, wilds, True) == by_tables.reading(counts, wilds, True)
    else:
        assert by_masks.discards(counts, wilds) == by_tables.discards(counts, wilds)


def _lacked_tile_hand() -> tuple[Form, list[int]]:
    """The form and counts of the next test's hand: 6m 3z 4z 5z 6z 7z, 6m held at most twice,
    each honour once but 5z, 4p the wild."""
    counts = [0] * 34
    for t in (5, 29, 30, 31, 32, 33):  # 6m 3z 4z 5z 6z 7z
        counts[t] = 1
    limits = [4] * 34
    for t, most in {5: 2, 12: 0, 29: 1, 30: 1, 32: 1, 33: 1}.items():
        limits[t] = most
    return Form(2, 5, tuple(limits), 12, 1, False), counts


def test_a_lacked_tile_needing_more_places_than_the_hand_has_does_not_help() -> None:
    """Two sets and a pair to make from 6m 3z 4z 5z 6z 7z and two wilds (the wild 4p, one
    more to draw: three places in all); 6m may be held twice, each honour once (its other
    copies claimed), so an honour's set or pair takes wild places. After 5z goes the best
    keeps three natural tiles (shanten 2). A best part lacks 6m, but with 6m drawn every
    hand keeping four needs more than three places: 6m does not help, 5m does. The masks
    see 6m lacked at a best whose places with the rest pass the hand's, so it is read from
    the table after the draw (``Reader._gain_masks``' places check)."""
    form, counts = _lacked_tile_hand()
    _, found = Reader(form, 3).discards(counts, 2)
    assert found == Reader(form, 3, masks=False).discards(counts, 2)[1]
    shanten, after = found[31]
    assert (shanten, after[5], after[4]) == (2, 2, 1)


def table_reads(reader: Reader) -> tuple[int, int, int]:
    return reader.room_reads, reader.doubt_reads, reader.unmasked_reads


def test_each_draw_read_from_its_table_is_counted_by_its_case() -> None:
    """The draws each fallback reads from the table after the draw, on the design note's worked
    hands (docs/design/advice-reader.md): 112m5p reads none (every draw from the masks), or all
    34 with ``masks=False``; 1111z has room, so each of its 33 draws is read; the worked hand
    above reads one doubt (6m) over all its discards."""
    form = Form(sets=1, most_sets=4, limits=(4,) * 34, wild=None, wild_draws=0,
                seven_pairs=False)
    for hand, masks, expected in (("112m5p", True, (0, 0, 0)), ("1111z", True, (33, 0, 0)),
                                  ("112m5p", False, (0, 0, 34))):
        reader = Reader(form, 0, masks=masks)
        reader.reading(counts_of(parse_compact(hand)), 0, True)
        assert table_reads(reader) == expected, hand
    form, counts = _lacked_tile_hand()
    reader = Reader(form, 3)
    reader.discards(counts, 2)
    assert table_reads(reader) == (0, 1, 0)
