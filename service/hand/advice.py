"""Advice on a hand: how far from ready (向听), which draws bring it closer and how many of each
are left (进张), and what each discard leaves (G-9). The rulesets' advice actions say what a
hand may draw and hold (``Form``); this reads it with the suit tables of service/hand/shanten.

Which draws help: a draw lets the hand keep at most one natural tile more, and does exactly
when some best winning hand lacks the tile drawn. Each suit table says, per entry, which
tiles its best parts lack (service/hand/shanten.py ``_walk``), so the draws are read from the
tables the hand already has, at the splits of sets and pair between suits that keep the most
(``Reader._lifts``); the table after a draw is read only where the masks cannot see
(``Reader._after``). A hand of winning size keeps more across its discards, each of which
changes one suit (``Reader.discards``): its suits' tables and their pairs and threes combined
are made once for the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from service.errors import impossible
from service.hand.shanten import (
    IMPOSSIBLE,
    IN_PLACE,
    SOFT,
    hand_kept,
    hand_places,
    mask_parts,
    placed_mask,
    seven_pairs_from,
    suit_key,
    suit_masked,
)
from service.hand.splits import SUITS
from service.hand.turns import turn
from service.language import Message
from service.tiles import NUM_TILES, code, codes, counts_of, tile


class Form(NamedTuple):
    """What a ruleset's hand must make and may draw."""

    sets: int                  # sets the standing tiles must make (the melds' are made)
    most_sets: int             # the ruleset's sets in a whole hand (the suit tables' size)
    limits: tuple[int, ...]    # per tile, the most natural copies it may hold (0: never drawn)
    wild: int | None           # the wild tile, if any: drawn, it comes as a wild
    wild_draws: int            # copies of the wild still to be drawn
    seven_pairs: bool          # seven pairs win too


def _merge(one: tuple[int, ...], two: tuple[int, ...], sets: int,
           width: int) -> tuple[int, ...]:
    """Two tables combined: the most tiles kept by k sets, p pairs, e wild places over both."""
    if width == 1:
        return _merge_one(one, two, sets)
    merged = [IMPOSSIBLE] * ((sets + 1) * 2 * width)
    for k1 in range(sets + 1):
        for p1 in (0, 1):
            row1 = (k1 * 2 + p1) * width
            for e1 in range(width):
                kept1 = one[row1 + e1]
                if kept1 < 0:
                    continue
                for k2 in range(sets - k1 + 1):
                    for p2 in (0, 1) if not p1 else (0,):
                        row2 = (k2 * 2 + p2) * width
                        row = ((k1 + k2) * 2 + p1 + p2) * width + e1
                        for e2 in range(width - e1):
                            kept2 = two[row2 + e2]
                            if kept2 >= 0 and merged[row + e2] < kept1 + kept2:
                                merged[row + e2] = kept1 + kept2
    return tuple(merged)


def _merge_one(one: tuple[int, ...], two: tuple[int, ...], sets: int) -> tuple[int, ...]:
    """``_merge`` of tables of one wild place each (no wilds, or soft): the advice's most
    frequent combination, written without the places' loops."""
    merged = [IMPOSSIBLE] * ((sets + 1) * 2)
    for k1 in range(sets + 1):
        none1, pair1 = one[2 * k1], one[2 * k1 + 1]
        for k2 in range(sets - k1 + 1):
            none2, pair2 = two[2 * k2], two[2 * k2 + 1]
            row = 2 * (k1 + k2)
            if none1 >= 0 and none2 >= 0 and merged[row] < none1 + none2:
                merged[row] = none1 + none2
            if none1 >= 0 and pair2 >= 0 and merged[row + 1] < none1 + pair2:
                merged[row + 1] = none1 + pair2
            if pair1 >= 0 and none2 >= 0 and merged[row + 1] < pair1 + none2:
                merged[row + 1] = pair1 + none2
    return tuple(merged)


def _trimmed(table: tuple[int, ...], sets: int, most_sets: int, width: int) -> tuple[int, ...]:
    """A suit table cut to ``sets`` sets (its first rows)."""
    return table[:(sets + 1) * 2 * width] if sets < most_sets else table


def _kept(one: tuple[int, ...], two: tuple[int, ...], sets: int, width: int,
          pairs: int = 1) -> int:
    """The most natural tiles kept by a winning hand made of ``one`` and ``two`` (``sets``
    sets and ``pairs`` pairs, each "at most")."""
    best = IMPOSSIBLE
    last = width - 1
    for k in range(sets + 1):
        for p in range(pairs + 1):
            row1 = (k * 2 + p) * width
            row2 = ((sets - k) * 2 + pairs - p) * width
            for e in range(width):
                kept1 = one[row1 + e]
                if kept1 >= 0:
                    kept2 = two[row2 + last - e]  # the tables count "at most e": all that is left
                    if kept2 >= 0 and kept1 + kept2 > best:
                        best = kept1 + kept2
    return best


# A suit as a hand reads it: its table, masks and their places (``shanten.suit_masked``).
_Suit = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class Reader:
    """Shanten of a hand and of the hand after each draw, by its ``Form``.

    After a draw: a draw lets the hand keep at most one tile more (a tile is drawn only below
    its limit, so no part needs another wild place for it), and does exactly when some best
    winning hand lacks the tile drawn, which the suit tables' masks say (``_walk``), so the
    draws need no tables of their own. Two cases the masks do not see read the table after
    each draw instead: a best winning hand with room for a group or pair that keeps only the
    tile drawn (``_roomy``: fewer sets, or no pair, keep as many tiles; the tables' entries
    where that holds keep no masks), and with wilds a tile lacked only by a best that needs
    more wild places than the hand has, or by parts with more places than the best
    (``_lifts``' unsure tiles). ``masks=False`` reads every draw from its table (the
    properties hold the two alike)."""

    def __init__(self, form: Form, spare: int, soft: bool = True, masks: bool = True) -> None:
        self.form = form
        self.spare = spare  # wilds held and still drawable: the most places only wilds fill
        # With wilds, the tables that count wild places rather than limit them (SOFT) come
        # first: their best is exact whenever it needs no more places than ``spare``, and the
        # exact tables (``exact``) are read only when it needs more.
        self.soft = soft and spare > 0
        self.width = 1 if self.soft else spare + 1
        self.named = SOFT if self.soft else spare
        self.masks = masks and self.width == 1  # the exact tables with wilds read each draw
        self._exact: Reader | None = None

    def exact(self, counts: list[int], wilds: int) -> int:
        if self._exact is None:
            self._exact = Reader(self.form, self.spare, soft=False)
        return self._exact.read(counts, wilds, False)[0]

    def keys(self, counts: Sequence[int]) -> list[int]:
        form = self.form
        return [suit_key(counts, a, b, form.limits, s == 3, form.most_sets, self.named)
                for s, (a, b) in enumerate(SUITS)]

    def natural(self, kept: int) -> int:
        """The natural tiles in four suits' best, places aside."""
        return hand_kept(kept) if self.soft else kept

    def missing(self, kept: int) -> int:
        """The natural tiles a winning hand keeps, from ``_kept``'s answer; -1 where the soft
        tables' best needs more wild places than the hand can fill."""
        if not self.soft:
            return kept
        return hand_kept(kept) if hand_places(kept) <= self.spare else -1

    def table(self, key: int, size: int) -> tuple[int, ...]:
        return self.suit(key, size)[0]

    def suit(self, key: int, size: int) -> _Suit:
        form = self.form
        table, masks, places = suit_masked(key, size)
        return _trimmed(table, form.sets, form.most_sets, self.width), masks, places

    def shanten(self, counts: list[int], wilds: int) -> int:
        return self.read(counts, wilds, False)[0]

    def read(self, counts: list[int], wilds: int, draws: bool) -> tuple[int, dict[int, int]]:
        """The shanten of ``counts`` and ``wilds``, and with ``draws`` the shanten after each
        tile that can be drawn (the wild tile: a wild drawn), in tile order."""
        form = self.form
        sets, width = form.sets, self.width
        keys = self.keys(counts)
        suits = [self.suit(key, b - a) for key, (a, b) in zip(keys, SUITS, strict=True)]
        tables = [suit[0] for suit in suits]
        first_two = _merge(tables[0], tables[1], sets, width)
        last_two = _merge(tables[2], tables[3], sets, width)
        top = 3 * sets + 2 - wilds - 1
        kept = self.missing(_kept(first_two, last_two, sets, width))
        pairs = singles = 0
        seven = form.seven_pairs and not wilds
        if seven:
            for n in counts:
                pairs += n // 2
                singles += n % 2
        found = self._shanten(kept, counts, wilds, top, seven, pairs, singles)
        if not draws:
            return found, {}
        # the other three suits of each suit, combined once
        others = [_merge(tables[1], last_two, sets, width),
                  _merge(tables[0], last_two, sets, width),
                  _merge(first_two, tables[3], sets, width),
                  _merge(first_two, tables[2], sets, width)]
        drawn = _Drawn(self, counts, wilds, top, seven, pairs, singles)
        return found, self._after(drawn, kept, suits, others, keys,
                                  self._roomy(first_two, last_two, kept))

    def discards(self, counts: list[int],
                 wilds: int) -> tuple[int, dict[int, tuple[int, dict[int, int]]]]:
        """For standing tiles of winning size, their shanten (``read``'s) and each natural
        tile's discard: what ``read`` with ``draws`` gives of the tiles it leaves. A discard
        changes one suit, so the hand's own suit tables and each two and each three of them
        combined are made once for the hand and all its discards."""
        form = self.form
        sets, width = form.sets, self.width
        keys = self.keys(counts)
        suits = [self.suit(key, b - a) for key, (a, b) in zip(keys, SUITS, strict=True)]
        tables = [suit[0] for suit in suits]
        two = {(i, j): _merge(tables[i], tables[j], sets, width)
               for i in range(4) for j in range(i + 1, 4)}
        others = [_merge(tables[1], two[2, 3], sets, width),
                  _merge(tables[0], two[2, 3], sets, width),
                  _merge(two[0, 1], tables[3], sets, width),
                  _merge(two[0, 1], tables[2], sets, width)]
        top = 3 * sets + 2 - wilds - 1
        seven = form.seven_pairs and not wilds
        all_pairs = all_singles = 0
        if seven:
            for n in counts:
                all_pairs += n // 2
                all_singles += n % 2
        whole = self._shanten(self.missing(_kept(two[0, 1], two[2, 3], sets, width)), counts,
                              wilds, top, seven, all_pairs, all_singles)
        found: dict[int, tuple[int, dict[int, int]]] = {}
        for s, (a, b) in enumerate(SUITS):
            for d in range(a, b):
                n = counts[d]
                if not n:
                    continue
                turn()  # a discard at a time: the runner's other work may go first
                standing = list(counts)
                standing[d] = n - 1
                pairs = all_pairs - n // 2 + (n - 1) // 2
                singles = all_singles - n % 2 + (n - 1) % 2
                own_keys = list(keys)
                own_keys[s] = keys[s] - (1 << 3 * (d - a))
                own_suits = list(suits)
                own_suits[s] = own = self.suit(own_keys[s], b - a)
                kept = self.missing(_kept(own[0], others[s], sets, width))
                shanten = self._shanten(kept, standing, wilds, top, seven, pairs, singles)
                # each other suit's rest: the discard's suit with the two suits left
                rests = []
                for u in range(4):
                    if u == s:
                        rests.append(others[s])
                    else:
                        v, w = (x for x in range(4) if x != s and x != u)
                        rests.append(_merge(own[0], two[v, w], sets, width))
                drawn = _Drawn(self, standing, wilds, top, seven, pairs, singles)
                found[d] = shanten, self._after(drawn, kept, own_suits, rests, own_keys,
                                                self._roomy(own[0], others[s], kept))
        return whole, found

    def _shanten(self, kept: int, standing: list[int], wilds: int, top: int, seven: bool,
                 pairs: int, singles: int) -> int:
        """The shanten of standing tiles whose best keeps ``kept`` (``missing``'s answer: the
        exact tables read where it is -1), and of seven pairs where they win."""
        found = top - kept if kept >= 0 else self.exact(standing, wilds)
        return min(found, seven_pairs_from(pairs, singles)) if seven else found

    def _roomy(self, one: tuple[int, ...], two: tuple[int, ...], kept: int) -> bool:
        """Whether a best winning hand of ``one`` and ``two`` keeping ``kept`` (``missing``'s
        answer) has room for a group or the pair that keeps only a tile drawn: at most a set
        fewer, or no pair, keep as many natural tiles."""
        sets, width = self.form.sets, self.width
        if kept < 0:
            return True
        if sets and self.natural(_kept(one, two, sets - 1, width)) >= kept:
            return True
        return self.natural(_kept(one, two, sets, width, 0)) >= kept

    def _after(self, drawn: _Drawn, kept: int, suits: list[_Suit],
               rests: list[tuple[int, ...]], keys: list[int], roomy: bool) -> dict[int, int]:
        """The shanten after each draw of standing tiles whose four suits read ``suits``, each
        with the other three combined in ``rests``, the best keeping ``kept``."""
        form = self.form
        limits, standing = form.limits, drawn.standing
        by_masks = self.masks and not roomy
        after: dict[int, int] = {}
        for u, (a, b) in enumerate(SUITS):
            lifts = unsure = 0
            if by_masks:
                lifts, unsure = self._lifts(suits[u], rests[u], kept)
            for t in range(a, b):
                if standing[t] >= limits[t]:
                    continue  # every copy held, or never drawn
                if by_masks and not unsure >> (t - a) & 1:
                    after[t] = drawn.keeping(kept + (lifts >> (t - a) & 1), t)
                else:
                    after[t] = drawn.after(
                        rests[u], self.table(keys[u] + (1 << 3 * (t - a)), b - a), t)
        if form.wild is not None and form.wild_draws > 0:
            after[form.wild] = drawn.wild(kept)
            after = dict(sorted(after.items()))
        return after

    def _lifts(self, suit: _Suit, rest: tuple[int, ...], kept: int) -> tuple[int, int]:
        """Of one suit's tiles, those whose draw lets the hand keep one more (a mask in the
        suit's own places), and those the masks leave unsure (with wilds: a best that lacks
        the tile only with more wild places, or with more than the wilds fill)."""
        table, masks, places = suit
        sets, spare, soft = self.form.sets, self.spare, self.soft
        lifts = unsure = 0
        for k in range(sets + 1):
            for p in (0, 1):
                index = k * 2 + p
                one, other = table[index], rest[(sets - k) * 2 + 1 - p]
                if one < 0 or other < 0 or self.natural(one + other) != kept:
                    continue
                lacks, lacks_any = mask_parts(masks[index], soft)
                if not soft:
                    lifts |= lacks
                elif hand_places(one + other) <= spare:
                    lifts |= lacks
                    unsure |= lacks_any
                else:
                    unsure |= lacks_any
        if places is not IN_PLACE[len(places)]:
            lifts, unsure = placed_mask(lifts, places), placed_mask(unsure, places)
        return lifts, unsure & ~lifts


class _Drawn:
    """The shanten of standing tiles after one draw, from its suit's table after the draw and
    the other suits' combined."""

    __slots__ = ("reader", "standing", "wilds", "top", "seven", "pairs", "singles")

    def __init__(self, reader: Reader, standing: list[int], wilds: int, top: int,
                 seven: bool, pairs: int, singles: int) -> None:
        self.reader, self.standing, self.wilds, self.top = reader, standing, wilds, top
        self.seven, self.pairs, self.singles = seven, pairs, singles

    def after(self, other: tuple[int, ...], table: tuple[int, ...], t: int) -> int:
        reader = self.reader
        return self.keeping(reader.missing(_kept(other, table, reader.form.sets, reader.width)),
                            t)

    def keeping(self, kept: int, t: int) -> int:
        """After drawing ``t``, the tiles kept being ``kept`` (``Reader.missing``'s answer)."""
        reader = self.reader
        if kept >= 0:
            drawn = self.top - kept
        else:
            grown = list(self.standing)
            grown[t] += 1
            drawn = reader.exact(grown, self.wilds)
        if self.seven:
            if self.standing[t] % 2:
                drawn = min(drawn, seven_pairs_from(self.pairs + 1, self.singles - 1))
            else:
                drawn = min(drawn, seven_pairs_from(self.pairs, self.singles + 1))
        return drawn

    def wild(self, kept: int) -> int:
        """After drawing a wild, from what the standing tiles' best keeps (``missing``'s
        answer): the tables do not change, the hand needs one tile fewer."""
        if kept >= 0:
            return self.top - 1 - kept
        return self.reader.exact(self.standing, self.wilds + 1)


def form_limits(melds_held: Sequence[int], never_drawn: Sequence[int] = ()) -> tuple[int, ...]:
    """Per tile, the most natural copies a hand may stand with: four less the melds' copies,
    none of a tile that is never drawn."""
    limits = [4 - melds_held[t] for t in range(NUM_TILES)]
    for t in never_drawn:
        limits[t] = 0
    return tuple(limits)


Ready = Callable[[list[int], list[int]], dict[str, Any]]


def advise(concealed: list[int], form: Form, left: Sequence[int],
           waits: Callable[[list[int]], list[int]], ready: Ready | None = None) -> dict[str, Any]:
    """The advice on standing tiles of waiting size (3n + 1) or winning size (3n + 2).

    ``left``: per tile, the copies the player has not seen (G-9); ``waits``: the ruleset's
    waits of standing tiles of waiting size; ``ready``: what the ruleset adds of a ready hand
    (its standing tiles, its waits)."""
    if len(concealed) % 3 == 1:
        return _waiting(concealed, form, left, waits, ready)
    counts, wilds = _natural(concealed, form.wild)
    found, by_discard = _reader(form, wilds).discards(counts, wilds)
    discards = []
    for discarded in sorted(set(concealed)):
        turn()  # a discard at a time: its waits and what the ruleset adds may take a while
        rest = list(concealed)
        rest.remove(discarded)
        discards.append({"tile": code(discarded), **_waiting(
            rest, form, left, waits, ready, by_discard.get(discarded))})  # None: a wild
    discards.sort(key=order)
    return {"shanten": found, "discards": discards}


def order(entry: dict[str, Any]) -> tuple[int, int, float, int]:
    """A discard's place (G-9): the lowest shanten first, then the most useful tiles left,
    then the highest expected payment (when the waits were valued), then tile order."""
    return (entry["shanten"], -entry["useful_total"], -entry.get("expected", 0.0),
            tile(entry["tile"]))


def shanten_of(concealed: Sequence[int], form: Form) -> int:
    """The shanten of standing tiles of waiting or winning size."""
    counts, wilds = _natural(concealed, form.wild)
    return _reader(form, wilds).shanten(counts, wilds)


def _natural(concealed: Sequence[int], wild: int | None) -> tuple[list[int], int]:
    counts = counts_of(concealed)
    if wild is None:
        return counts, 0
    wilds = counts[wild]
    counts[wild] = 0
    return counts, wilds


def _reader(form: Form, wilds: int) -> Reader:
    return Reader(form, wilds + form.wild_draws if form.wild is not None else 0)


def _waiting(concealed: list[int], form: Form, left: Sequence[int],
             waits: Callable[[list[int]], list[int]], ready: Ready | None,
             read: tuple[int, dict[int, int]] | None = None) -> dict[str, Any]:
    """The advice on standing tiles of waiting size; ``read``: their shanten and after each
    draw, when already found (``Reader.discards``)."""
    if read is None:
        counts, wilds = _natural(concealed, form.wild)
        read = _reader(form, wilds).read(counts, wilds, True)
    found, after_draws = read
    answer: dict[str, Any] = {"shanten": found}
    if found == 0:
        useful = waits(concealed)
    else:
        useful = [t for t, after in after_draws.items() if after < found]
    answer["useful"] = [{"tile": code(t), "left": left[t]} for t in useful]
    answer["useful_total"] = sum(left[t] for t in useful)
    if found == 0:
        answer["waits"] = codes(useful)
        answer["single_wait"] = len(useful) == 1
        if ready is not None:
            answer.update(ready(concealed, useful))
    return answer


def unseen(held: Sequence[int], visible: Sequence[int], in_play: Sequence[int],
           field: str = "visible") -> list[int]:
    """Per tile, the copies still unseen by the player (G-9): those in play less those it
    holds (standing or in melds) and those ``visible`` elsewhere. More seen than are in play
    is refused, naming the field."""
    seen = list(held)
    for t in visible:
        seen[t] += 1
    for t in range(NUM_TILES):
        if seen[t] > in_play[t]:
            raise impossible(field, Message(
                "seen-too-often", "{tile} is seen {count} times, the hand's own included; "
                "there are {in_play} in play", tile=code(t), count=seen[t], in_play=in_play[t]))
    return [in_play[t] - seen[t] for t in range(NUM_TILES)]


def check_advice_size(concealed: Sequence[int], melds: Sequence[Any], sets: int) -> bool:
    """Standing tiles of waiting or of winning size (G-3); answers whether of winning size."""
    waiting = 3 * (sets - len(melds)) + 1
    if len(melds) > sets:
        raise impossible("melds", Message("too-many-melds", "a hand has at most {max} melds",
                                          max=sets))
    if len(concealed) not in (waiting, waiting + 1):
        raise impossible("concealed", Message(
            "tile-count", "with {melds} meld(s), concealed holds {expected} tiles (a hand "
            "waiting to draw) or {expected_too} (a hand to discard from), the tiles of melds "
            "not repeated in it, but it holds {count}", melds=len(melds), expected=waiting,
            expected_too=waiting + 1, count=len(concealed)))
    return len(concealed) == waiting + 1
