"""The catalogue holds every pattern id of the contract, each with a test that scores it."""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bench.hands import chuzhou_hands
from service.errors import ProblemError
from service.rulesets.chuzhou import view as view_module
from service.rulesets.chuzhou.catalogue import PATTERNS
from service.rulesets.chuzhou.rules import tune
from service.rulesets.chuzhou.scorer import recognise as scorer_recognise
from service.rulesets.chuzhou.scorer import total
from service.rulesets.registry import _FLAG_BITS, recognise
from service.tiles import code
from tests.budget import examples
from tests.catalogues import every_one_on
from tests.chuzhou.helpers import body as make_body
from tests.chuzhou.helpers import readings
from tests.chuzhou.test_patterns import CASES
from tests.contract import known_ids

IDS = [p.id for p in PATTERNS]
# Every pattern's test, each pattern switched on whatever its row's default: the gates of a
# pattern declared off by default are tested too.
PLAYED = tune(every_one_on("chuzhou"))
TESTS = PLAYED.tests


def test_catalogue_is_the_contract() -> None:
    """Each id once, and the ids the contract (openapi.yaml, generated from the catalogue and
    reviewed as a diff) lets an answer carry are the catalogue's, in its order."""
    assert len(set(IDS)) == len(IDS)
    assert known_ids("ChuzhouPattern") == IDS


def test_every_pattern_is_scored_and_nearly_missed() -> None:
    scored = {pid for pid, expected, _ in CASES if expected is not None}
    missed = {pid for pid, expected, _ in CASES if expected is None}
    assert scored | {"base_win"} == set(IDS)
    assert missed | {"base_win"} == set(IDS)


def test_needs_only_skip_tests_that_could_not_apply() -> None:
    """Skipping by ``needs`` never changes what a reading scores."""

    bodies = [body for _, _, body in CASES] + chuzhou_hands(400, seed=7)
    checked = 0
    for body in bodies:
        for view in readings(body):
            everything = recognise(TESTS, view, -1)
            assert recognise(TESTS, view, view.has) == everything, body
            _assert_scorer_finds(view, everything, body)
            checked += 1
    assert checked > 400


def _assert_scorer_finds(view: Any, everything: Any, request: dict[str, Any]) -> None:
    """The scorer's own pass (its flags' tests only, 番 summed as found, exclusions where an
    excluder fired) finds what running every test and then every exclusion finds."""
    fan, hits = scorer_recognise(view, PLAYED)
    assert hits == everything, request
    assert fan == total(everything, PLAYED), request
    # ...in catalogue order, the order the answer lists them in (``entries`` keeps it).
    places = [IDS.index(pid) for pid in hits]
    assert places == sorted(places), request


# Hands crowded into one or two suits, winds and dragons, where the rarer patterns live:
# sets drawn from a few first tiles, claimed or not, with the situation's flags at random.
_first = st.sampled_from([0, 2, 3, 4, 6, 9, 12, 15, 18, 27, 28, 29, 30, 31, 32, 33])


@st.composite
def _crowded(draw: st.DrawFn) -> dict[str, Any]:
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[str] = []
    for first in draw(st.lists(_first, min_size=4, max_size=4)):
        run = first < 27 and draw(st.booleans())
        tiles = [first, first + 1, first + 2] if run else [first] * 3
        for t in tiles:
            counts[t] += 1
        how = draw(st.sampled_from(["standing", "standing", "meld"]))
        if how == "meld":
            melds.append(f"{'chi' if run else 'peng'}:{''.join(map(code, tiles))}:0")
        else:
            concealed += tiles
    pair = draw(_first)
    counts[pair] += 2
    concealed += [pair, pair]
    assume(max(counts) <= 4)
    win = draw(st.sampled_from(concealed))
    by = draw(st.sampled_from(["self_draw", "discard"]))
    return make_body("".join(map(code, sorted(concealed))), code(win), by,
                     source=None if by == "self_draw" else 0, melds=tuple(melds), dealer=1,
                     winner=1, declared_ready=draw(st.booleans()))


@settings(max_examples=examples(300), deadline=None)
@given(_crowded())
def test_needs_never_change_a_crowded_hand(request: dict[str, Any]) -> None:
    """The gates on rare patterns (winds, dragons, runs of triplets, one suit) skip nothing
    that would have scored, on hands built to meet them."""

    try:
        found = list(readings(request))
    except ProblemError:
        return  # a hand the checks refuse (a chi from the wrong seat, ...) reads nothing
    for view in found:
        everything = recognise(TESTS, view, -1)
        assert recognise(TESTS, view, view.has) == everything, request
        _assert_scorer_finds(view, everything, request)


def test_an_instance_names_each_set_once() -> None:
    """An instance is read from distinct sets (CZ-6); the answer lists them as given."""

    for request in [request for _, _, request in CASES] + chuzhou_hands(400, seed=11):
        for view in readings(request):
            for found in recognise(TESTS, view, -1).values():
                for _, sets in found:
                    assert len(set(sets)) == len(sets), request


def test_need_flags_are_bits_of_their_own() -> None:
    """Each Need flag is one bit no other flag has, below the suits' shapes the view keeps
    above them and the 64 bits the registry keeps a reading's flags in."""
    flags = [value for name, value in vars(view_module.Need).items() if name.isupper()]
    assert all(flag > 0 and flag & (flag - 1) == 0 for flag in flags)
    assert len(set(flags)) == len(flags)
    assert max(flags) < 1 << view_module._SHAPE_AT <= 1 << _FLAG_BITS
    assert all(not p.needs & ~((1 << view_module._SHAPE_AT) - 1) for p in PATTERNS)
