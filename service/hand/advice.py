# Design note (the idea, a worked example, how to change it safely): docs/design/advice-reader.md
"""Advice on a hand: how far from ready (向听), which draws bring it closer and how many of each
are left (进张), and what each discard leaves (G-9). The rulesets' advice actions say what a
hand may draw and hold (``Form``); this reads it with the suit tables of service/hand/shanten.

Which draws help: a draw lets the hand keep at most one natural tile more, and does exactly
when some best winning hand lacks the tile drawn. Each suit table says, per entry, which
tiles its best parts lack (service/hand/shanten.py ``_walk``), so the draws are read from the
tables the hand already has, at the splits of sets and pair between suits that keep the most
(``Reader._gain_masks``); the table after a draw is read only where the masks cannot see
(``Reader._draw_shanten``). A hand of winning size keeps more across its discards, each of
which changes one suit (``Reader.discards``): its suits' tables and their pairs and threes combined
are made once for the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from service.errors import impossible
from service.hand.shanten import (
    IMPOSSIBLE,
    OWN_PLACES,
    SOFT,
    mask_parts,
    own_mask,
    seven_pairs_from,
    soft_naturals,
    soft_places,
    suit_key,
    suit_table,
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


def _joint(one: tuple[int, ...], two: tuple[int, ...], sets: int,
           width: int) -> tuple[int, ...]:
    """Two tables combined: the most tiles kept by k sets, p pairs, e wild places over both."""
    if width == 1:
        return _joint_one_place(one, two, sets)
    joint = [IMPOSSIBLE] * ((sets + 1) * 2 * width)
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
                            if kept2 >= 0 and joint[row + e2] < kept1 + kept2:
                                joint[row + e2] = kept1 + kept2
    return tuple(joint)


def _joint_one_place(one: tuple[int, ...], two: tuple[int, ...],
                     sets: int) -> tuple[int, ...]:
    """``_joint`` of tables of one wild place each (no wilds, or soft): the advice's most
    frequent combination, written without the places' loops."""
    joint = [IMPOSSIBLE] * ((sets + 1) * 2)
    for k1 in range(sets + 1):
        none1, pair1 = one[2 * k1], one[2 * k1 + 1]
        for k2 in range(sets - k1 + 1):
            none2, pair2 = two[2 * k2], two[2 * k2 + 1]
            row = 2 * (k1 + k2)
            if none1 >= 0 and none2 >= 0 and joint[row] < none1 + none2:
                joint[row] = none1 + none2
            if none1 >= 0 and pair2 >= 0 and joint[row + 1] < none1 + pair2:
                joint[row + 1] = none1 + pair2
            if pair1 >= 0 and none2 >= 0 and joint[row + 1] < pair1 + none2:
                joint[row + 1] = pair1 + none2
    return tuple(joint)


def _first_rows(table: tuple[int, ...], sets: int, most_sets: int, width: int) -> tuple[int, ...]:
    """A suit table cut to ``sets`` sets (its first rows)."""
    return table[:(sets + 1) * 2 * width] if sets < most_sets else table


def _best_value(one: tuple[int, ...], two: tuple[int, ...], sets: int, width: int,
                pairs: int = 1) -> int:
    """The value of the best winning hand made of ``one`` and ``two`` (``sets`` sets and
    ``pairs`` pairs, each "at most"): the most natural tiles it keeps (soft tables: with the
    wild places it needs, ``shanten.soft_naturals``)."""
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


# A suit as a hand reads it: its table, masks and their places (``shanten.suit_table``).
_Suit = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class Reader:
    """Shanten of a hand and of the hand after each draw, by its ``Form``.

    After a draw: a draw lets the hand keep at most one tile more (a tile is drawn only below
    its limit, so no part needs another wild place for it), and does exactly when some best
    winning hand lacks the tile drawn, which the suit tables' masks say (``_walk``), so the
    draws need no tables of their own. Two cases the masks do not see read the table after
    each draw instead: a best winning hand with room for a group or pair that keeps only the
    tile drawn (``_room_for_draw``: fewer sets, or no pair, keep as many tiles; the tables'
    entries where that holds keep no masks), and with wilds a tile lacked only by a best that
    needs more wild places than the hand has, or by parts with more places than the best
    (``_gain_masks``' doubts). ``masks=False`` reads every draw from its table (the
    properties hold the two alike)."""

    def __init__(self, form: Form, spare: int, soft: bool = True, masks: bool = True) -> None:
        self.form = form
        self.spare = spare  # wilds held and still drawable: the most places only wilds fill
        # With wilds, the tables that count wild places rather than limit them (SOFT) come
        # first: their best is exact whenever it needs no more places than ``spare``, and the
        # exact tables (``exact_shanten``) are read only when it needs more.
        self.soft = soft and spare > 0
        self.width = 1 if self.soft else spare + 1
        self.key_spare = SOFT if self.soft else spare
        self.masks = masks and self.width == 1  # the exact tables with wilds read each draw
        self._exact: Reader | None = None
        # the draws read from the table after the draw, by the case that sent them there (a
        # measurement's figures; the answers never read them)
        self.room_reads = 0  # ``_room_for_draw`` (or a soft best needing more places)
        self.doubt_reads = 0  # with wilds, a tile the masks cannot settle
        self.unmasked_reads = 0  # no masks read: the exact tables, or ``masks=False``

    def exact_shanten(self, counts: list[int], wilds: int) -> int:
        """The shanten read from the exact tables (those that limit wild places)."""
        if self._exact is None:
            self._exact = Reader(self.form, self.spare, soft=False)
        return self._exact.reading(counts, wilds, False)[0]

    def keys(self, counts: Sequence[int]) -> list[int]:
        form = self.form
        return [suit_key(counts, a, b, form.limits, s == 3, form.most_sets, self.key_spare)
                for s, (a, b) in enumerate(SUITS)]

    def naturals(self, value: int) -> int:
        """The natural tiles in four suits' best (a ``_best_value``), places aside."""
        return soft_naturals(value) if self.soft else value

    def kept_count(self, value: int) -> int:
        """The natural tiles a winning hand keeps, from ``_best_value``'s answer; -1 where the
        soft tables' best needs more wild places than the hand can fill."""
        if not self.soft:
            return value
        return soft_naturals(value) if soft_places(value) <= self.spare else -1

    def table(self, key: int, size: int) -> tuple[int, ...]:
        return self.suit(key, size)[0]

    def suit(self, key: int, size: int) -> _Suit:
        form = self.form
        table, masks, places = suit_table(key, size)
        return _first_rows(table, form.sets, form.most_sets, self.width), masks, places

    def shanten(self, counts: list[int], wilds: int) -> int:
        return self.reading(counts, wilds, False)[0]

    def reading(self, counts: list[int], wilds: int,
                draws: bool) -> tuple[int, dict[int, int]]:
        """The shanten of ``counts`` and ``wilds``, and with ``draws`` the shanten after each
        tile that can be drawn (the wild tile: a wild drawn), in tile order."""
        form = self.form
        sets, width = form.sets, self.width
        keys = self.keys(counts)
        suits = [self.suit(key, b - a) for key, (a, b) in zip(keys, SUITS, strict=True)]
        tables = [suit[0] for suit in suits]
        first_two = _joint(tables[0], tables[1], sets, width)
        last_two = _joint(tables[2], tables[3], sets, width)
        top = 3 * sets + 2 - wilds - 1
        kept = self.kept_count(_best_value(first_two, last_two, sets, width))
        pairs = singles = 0
        seven_pairs = form.seven_pairs and not wilds
        if seven_pairs:
            for n in counts:
                pairs += n // 2
                singles += n % 2
        shanten = self._shanten(kept, counts, wilds, top, seven_pairs, pairs, singles)
        if not draws:
            return shanten, {}
        # the other three suits of each suit, combined once
        others = [_joint(tables[1], last_two, sets, width),
                  _joint(tables[0], last_two, sets, width),
                  _joint(first_two, tables[3], sets, width),
                  _joint(first_two, tables[2], sets, width)]
        draw_shanten = _DrawShanten(self, counts, wilds, top, seven_pairs, pairs, singles)
        return shanten, self._draw_shanten(draw_shanten, kept, suits, others, keys,
                                           self._room_for_draw(first_two, last_two, kept))

    def discards(self, counts: list[int],
                 wilds: int) -> tuple[int, dict[int, tuple[int, dict[int, int]]]]:
        """For standing tiles of winning size, their shanten (``reading``'s) and each natural
        tile's discard: what ``reading`` with ``draws`` gives of the tiles it leaves. A discard
        changes one suit, so the hand's own suit tables and each two and each three of them
        combined are made once for the hand and all its discards."""
        form = self.form
        sets, width = form.sets, self.width
        keys = self.keys(counts)
        suits = [self.suit(key, b - a) for key, (a, b) in zip(keys, SUITS, strict=True)]
        tables = [suit[0] for suit in suits]
        two = {(i, j): _joint(tables[i], tables[j], sets, width)
               for i in range(4) for j in range(i + 1, 4)}
        others = [_joint(tables[1], two[2, 3], sets, width),
                  _joint(tables[0], two[2, 3], sets, width),
                  _joint(two[0, 1], tables[3], sets, width),
                  _joint(two[0, 1], tables[2], sets, width)]
        top = 3 * sets + 2 - wilds - 1
        seven_pairs = form.seven_pairs and not wilds
        all_pairs = all_singles = 0
        if seven_pairs:
            for n in counts:
                all_pairs += n // 2
                all_singles += n % 2
        hand_shanten = self._shanten(
            self.kept_count(_best_value(two[0, 1], two[2, 3], sets, width)), counts, wilds, top,
            seven_pairs, all_pairs, all_singles)
        by_discard: dict[int, tuple[int, dict[int, int]]] = {}
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
                own_suits[s] = own_suit = self.suit(own_keys[s], b - a)
                kept = self.kept_count(_best_value(own_suit[0], others[s], sets, width))
                shanten = self._shanten(kept, standing, wilds, top, seven_pairs, pairs, singles)
                # each other suit's rest: the discard's suit with the two suits left
                rests = []
                for u in range(4):
                    if u == s:
                        rests.append(others[s])
                    else:
                        v, w = (x for x in range(4) if x != s and x != u)
                        rests.append(_joint(own_suit[0], two[v, w], sets, width))
                draw_shanten = _DrawShanten(self, standing, wilds, top, seven_pairs, pairs,
                                            singles)
                by_discard[d] = shanten, self._draw_shanten(
                    draw_shanten, kept, own_suits, rests, own_keys,
                    self._room_for_draw(own_suit[0], others[s], kept))
        return hand_shanten, by_discard

    def _shanten(self, kept: int, standing: list[int], wilds: int, top: int,
                 seven_pairs: bool, pairs: int, singles: int) -> int:
        """The shanten of standing tiles whose best keeps ``kept`` (``kept_count``'s answer:
        the exact tables read where it is -1), and of seven pairs where they win."""
        shanten = top - kept if kept >= 0 else self.exact_shanten(standing, wilds)
        return min(shanten, seven_pairs_from(pairs, singles)) if seven_pairs else shanten

    def _room_for_draw(self, one: tuple[int, ...], two: tuple[int, ...], kept: int) -> bool:
        """Whether a best winning hand of ``one`` and ``two`` keeping ``kept``
        (``kept_count``'s answer) has room for a group or the pair that keeps only a tile
        drawn: at most a set fewer, or no pair, keep as many natural tiles."""
        sets, width = self.form.sets, self.width
        if kept < 0:
            return True
        if sets and self.naturals(_best_value(one, two, sets - 1, width)) >= kept:
            return True
        return self.naturals(_best_value(one, two, sets, width, 0)) >= kept

    def _draw_shanten(self, draw_shanten: _DrawShanten, kept: int, suits: list[_Suit],
                      rests: list[tuple[int, ...]], keys: list[int],
                      room_for_draw: bool) -> dict[int, int]:
        """The shanten after each draw of standing tiles whose four suits read ``suits``, each
        with the other three combined in ``rests``, the best keeping ``kept``."""
        form = self.form
        limits, standing = form.limits, draw_shanten.standing
        from_masks = self.masks and not room_for_draw
        after_draws: dict[int, int] = {}
        for u, (a, b) in enumerate(SUITS):
            gains = doubts = 0
            if from_masks:
                gains, doubts = self._gain_masks(suits[u], rests[u], kept)
            for t in range(a, b):
                if standing[t] >= limits[t]:
                    continue  # every copy held, or never drawn
                if from_masks and not doubts >> (t - a) & 1:
                    after_draws[t] = draw_shanten.of_kept(kept + (gains >> (t - a) & 1), t)
                else:
                    if not self.masks:
                        self.unmasked_reads += 1
                    elif room_for_draw:
                        self.room_reads += 1
                    else:
                        self.doubt_reads += 1
                    after_draws[t] = draw_shanten.of_tables(
                        rests[u], self.table(keys[u] + (1 << 3 * (t - a)), b - a), t)
        if form.wild is not None and form.wild_draws > 0:
            after_draws[form.wild] = draw_shanten.of_wild(kept)
            after_draws = dict(sorted(after_draws.items()))
        return after_draws

    def _gain_masks(self, suit: _Suit, rest: tuple[int, ...], kept: int) -> tuple[int, int]:
        """Of one suit's tiles, a mask (in the suit's own places) of the gains: those whose
        draw lets the hand keep one more; and of the doubts: those the masks cannot settle
        (with wilds: a best that lacks the tile only with more wild places, or with more than
        the wilds fill), each read from its table after the draw."""
        table, masks, places = suit
        sets, spare, soft = self.form.sets, self.spare, self.soft
        gains = doubts = 0
        for k in range(sets + 1):
            for p in (0, 1):
                index = k * 2 + p
                one, other = table[index], rest[(sets - k) * 2 + 1 - p]
                if one < 0 or other < 0 or self.naturals(one + other) != kept:
                    continue
                lacks, lacks_any = mask_parts(masks[index], soft)
                if not soft:
                    gains |= lacks
                elif soft_places(one + other) <= spare:
                    gains |= lacks
                    doubts |= lacks_any
                else:
                    doubts |= lacks_any
        if places is not OWN_PLACES[len(places)]:
            gains, doubts = own_mask(gains, places), own_mask(doubts, places)
        return gains, doubts & ~gains


class _DrawShanten:
    """The shanten of standing tiles after one draw: from its suit's table after the draw
    and the other suits' combined, or from what the best keeps after it."""

    __slots__ = ("reader", "standing", "wilds", "top", "seven_pairs", "pairs", "singles")

    def __init__(self, reader: Reader, standing: list[int], wilds: int, top: int,
                 seven_pairs: bool, pairs: int, singles: int) -> None:
        self.reader, self.standing, self.wilds, self.top = reader, standing, wilds, top
        self.seven_pairs, self.pairs, self.singles = seven_pairs, pairs, singles

    def of_tables(self, other: tuple[int, ...], table: tuple[int, ...], t: int) -> int:
        """After drawing ``t``, whose suit then reads ``table`` and the other three ``other``."""
        reader = self.reader
        return self.of_kept(
            reader.kept_count(_best_value(other, table, reader.form.sets, reader.width)), t)

    def of_kept(self, kept: int, t: int) -> int:
        """After drawing ``t``, the tiles kept being ``kept`` (``Reader.kept_count``'s answer)."""
        reader = self.reader
        if kept >= 0:
            shanten = self.top - kept
        else:
            with_draw = list(self.standing)
            with_draw[t] += 1
            shanten = reader.exact_shanten(with_draw, self.wilds)
        if self.seven_pairs:
            if self.standing[t] % 2:
                shanten = min(shanten, seven_pairs_from(self.pairs + 1, self.singles - 1))
            else:
                shanten = min(shanten, seven_pairs_from(self.pairs, self.singles + 1))
        return shanten

    def of_wild(self, kept: int) -> int:
        """After drawing a wild, from what the standing tiles' best keeps (``kept_count``'s
        answer): the tables do not change, the hand needs one tile fewer."""
        if kept >= 0:
            return self.top - 1 - kept
        return self.reader.exact_shanten(self.standing, self.wilds + 1)


def form_limits(melds_held: Sequence[int], never_drawn: Sequence[int] = ()) -> tuple[int, ...]:
    """Per tile, the most natural copies a hand may stand with: four less the melds' copies,
    none of a tile that is never drawn."""
    limits = [4 - melds_held[t] for t in range(NUM_TILES)]
    for t in never_drawn:
        limits[t] = 0
    return tuple(limits)


ReadyAnswer = Callable[[list[int], list[int]], dict[str, Any]]


def advise(concealed: list[int], form: Form, left: Sequence[int],
           waits: Callable[[list[int]], list[int]],
           ready: ReadyAnswer | None = None) -> dict[str, Any]:
    """The advice on standing tiles of waiting size (3n + 1) or winning size (3n + 2).

    ``left``: per tile, the copies the player has not seen (G-9); ``waits``: the ruleset's
    waits of standing tiles of waiting size; ``ready``: what the ruleset adds of a ready hand
    (its standing tiles, its waits)."""
    if len(concealed) % 3 == 1:
        return _waiting_advice(concealed, form, left, waits, ready)
    counts, wilds = _naturals(concealed, form.wild)
    shanten, by_discard = _reader(form, wilds).discards(counts, wilds)
    discards = []
    for discard in sorted(set(concealed)):
        turn()  # a discard at a time: its waits and what the ruleset adds may take a while
        rest = list(concealed)
        rest.remove(discard)
        discards.append({"tile": code(discard), **_waiting_advice(
            rest, form, left, waits, ready, by_discard.get(discard))})  # None: a wild
    discards.sort(key=order)
    return {"shanten": shanten, "discards": discards}


def order(entry: dict[str, Any]) -> tuple[int, int, float, int]:
    """A discard's place (G-9): the lowest shanten first, then the most useful tiles left,
    then the highest expected payment (when the waits were valued), then tile order."""
    return (entry["shanten"], -entry["useful_total"], -entry.get("expected", 0.0),
            tile(entry["tile"]))


def shanten_of(concealed: Sequence[int], form: Form) -> int:
    """The shanten of standing tiles of waiting or winning size."""
    counts, wilds = _naturals(concealed, form.wild)
    return _reader(form, wilds).shanten(counts, wilds)


def _naturals(concealed: Sequence[int], wild: int | None) -> tuple[list[int], int]:
    counts = counts_of(concealed)
    if wild is None:
        return counts, 0
    wilds = counts[wild]
    counts[wild] = 0
    return counts, wilds


def _reader(form: Form, wilds: int) -> Reader:
    return Reader(form, wilds + form.wild_draws if form.wild is not None else 0)


def _waiting_advice(concealed: list[int], form: Form, left: Sequence[int],
                    waits: Callable[[list[int]], list[int]], ready: ReadyAnswer | None,
                    reading: tuple[int, dict[int, int]] | None = None) -> dict[str, Any]:
    """The advice on standing tiles of waiting size; ``reading``: their shanten and after each
    draw, when already found (``Reader.discards``)."""
    if reading is None:
        counts, wilds = _naturals(concealed, form.wild)
        reading = _reader(form, wilds).reading(counts, wilds, True)
    shanten, after_draws = reading
    answer: dict[str, Any] = {"shanten": shanten}
    if shanten == 0:
        useful = waits(concealed)
    else:
        useful = [t for t, after in after_draws.items() if after < shanten]
    answer["useful"] = [{"tile": code(t), "left": left[t]} for t in useful]
    answer["useful_total"] = sum(left[t] for t in useful)
    if shanten == 0:
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
