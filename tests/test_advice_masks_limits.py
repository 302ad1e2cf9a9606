"""The advice's draws read from the suit tables' masks (``Reader``) against the table after each
draw (``Reader(masks=False)``) on small hands whose limits are any a tile may have, not only
those melds leave: few sets, one suit crowded, some tiles never drawn, wilds or none (G-9).
Such limits make the fallbacks' rarer branches decide (a set fewer keeping as many where the
pair cannot become a set; a best needing more wild places than the hand has)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.hand.advice import Form, Reader


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


@settings(max_examples=400, deadline=None)
@given(small_hands())
def test_the_masks_read_as_each_draws_table_under_any_limits(
        hand: tuple[Form, list[int], int, int]) -> None:
    form, counts, wilds, spare = hand
    by_masks, by_tables = Reader(form, spare), Reader(form, spare, masks=False)
    if (sum(counts) + wilds) % 3 == 1:
        assert by_masks.read(counts, wilds, True) == by_tables.read(counts, wilds, True)
    else:
        assert by_masks.discards(counts, wilds) == by_tables.discards(counts, wilds)
