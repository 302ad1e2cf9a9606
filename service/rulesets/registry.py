"""What a ruleset offers: its names, its catalogue and its actions (score, waits, ...)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import count
from typing import Any, Final, NamedTuple, TypeVar

from marshmallow import Schema

from service.language import CHINESE, Translated
from service.memo import Memo
from service.rulesets.changes import Change, listed
from service.schemas.rules import Parameter
from service.tile_names import traditional

Handler = Callable[[dict[str, Any]], dict[str, Any]]
View = TypeVar("View")
Result = TypeVar("Result")


Test = tuple[str, Callable[[Any], Any], int]  # pattern id, its test, the flags it needs
Step = tuple[str, Callable[[Any], Any]]  # pattern id, its test
Drops = tuple[tuple[str, tuple[str, ...]], ...]  # pattern ids, each with the ids it drops


class Plan(NamedTuple):
    """What a reading with given flags runs: the tests those flags allow, in catalogue order,
    the patterns among them that exclude others (with what they exclude), and the add-ons
    among them (with the patterns they add to)."""

    steps: tuple[Step, ...]
    excluders: Drops
    add_ons: Drops


class PatternTests:
    """A ruleset's pattern tests in catalogue order, with the flags each needs, what each
    pattern excludes and what each add-on adds to: everything ``recognise`` runs.

    What a reading with given flags runs (its ``Plan``) is worked out once per distinct set of
    flags and kept in a memo bounded in bytes, so a reading runs only its own tests. A plain
    class, so that the module compiles (mypyc compiles no subclass of a builtin).
    """

    __slots__ = ("tests", "excludes", "adds_to", "_number")

    def __init__(self, tests: Iterable[Test],
                 excludes: Mapping[str, tuple[str, ...]] | None = None,
                 adds_to: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self.tests = tuple(tests)
        # what each pattern excludes (CZ-5, YQ-9 to YQ-14), those of ``given`` ones included
        self.excludes: dict[str, tuple[str, ...]] = dict(excludes or {})
        # each add-on with the patterns it adds to: found with none of them, it goes too
        self.adds_to: dict[str, tuple[str, ...]] = dict(adds_to or {})
        self._number = next(_MADE)  # names this set of tests in the memo's keys

    def plan(self, has: int) -> Plan:
        """What a reading whose flags are ``has`` runs (-1: every test)."""
        key = has & _FLAG_MASK | self._number << _FLAG_BITS
        found = _PLANS.get(key)
        if found is None:
            missing = ~has
            steps = tuple((pid, test) for pid, test, needs in self.tests if not needs & missing)
            excludes, adds_to = self.excludes, self.adds_to
            found = _PLANS.put(key, Plan(
                steps, tuple((pid, excludes[pid]) for pid, _ in steps if pid in excludes),
                tuple((pid, adds_to[pid]) for pid, _ in steps if pid in adds_to)))
        return found


_MADE = count()
_FLAG_BITS: Final = 64  # a ruleset's flags fit below: the set of tests is named above them
_FLAG_MASK: Final = (1 << _FLAG_BITS) - 1
# Every PatternTests' plans, by flags and which set of tests: thousands of distinct sets of
# flags occur over varied traffic.
_PLANS: Final[Memo[int, Plan]] = Memo("pattern plans", 0.055)


def recognise(tests: PatternTests, view: View, has: int = 0,
              given: Mapping[str, Result] | None = None) -> dict[str, Result]:
    """Run the pattern tests a reading's flags (``has``) allow, then drop what the patterns
    found exclude, then each add-on found with none of what it adds to: every pattern found
    excludes, whether or not another excludes it. The one way both rulesets recognise.

    ``given`` holds what the patterns that do not depend on the reading found, run once per
    hand: they come first, and they exclude too.
    """
    steps, excluders, add_ons = tests.plan(has)
    hits: dict[str, Result] = dict(given) if given else {}
    for pid, test in steps:
        found = test(view)
        if found:
            hits[pid] = found
    if given:
        excludes = tests.excludes
        dropping = [excludes[pid] for pid in hits if pid in excludes]
    elif excluders:  # most readings can find no pattern that excludes another
        dropping = [excluded for pid, excluded in excluders if pid in hits]
    else:
        dropping = []
    for excluded in dropping:
        for pid in excluded:
            hits.pop(pid, None)
    for pid, bases in add_ons:
        if pid in hits and not any(base in hits for base in bases):
            del hits[pid]
    return hits


class Action(NamedTuple):
    """One POST endpoint of a ruleset: request schema, response schema, the core function."""

    summary: str
    request: type[Schema]
    response: type[Schema]
    handler: Handler


State = dict[str, Any]


class Event(NamedTuple):
    """One event type of a match: the action that runs it and the state fields the match fills
    in. Every event's answer gives the next state (``next``), so a match threads it as a client
    calling the single endpoints one by one would."""

    action: str
    supplies: tuple[str, ...]


class MatchRules(NamedTuple):
    """A ruleset's match (POST /v1/{ruleset}/match, service/match.py): what it threads from
    event to event besides the dealer, and its events."""

    summary: str
    request: type[Schema]
    response: type[Schema]
    counter: str  # the state field besides the dealer (Chuzhou's 针, Yueqing's 牢庄)
    events: dict[str, Event]


def never_alike(data: dict[str, Any]) -> bool:
    """A ruleset whose score may read the discarder: each seat's discard is scored."""
    return False


def no_loaded_wilds(data: dict[str, Any]) -> int:
    """A ruleset without a wild tile: no wild stands in a loaded request's hand."""
    return 0


def no_check(data: dict[str, Any], tuned: Any) -> None:
    """A ruleset whose rules refuse no waits request as a whole."""


class WaitValues(NamedTuple):
    """What each wait is worth (service/values.py): the waits request that asks for it, and
    how a wait's score request and answer are made from it."""

    request: type[Schema]
    response: type[Schema]
    state: tuple[str, ...]   # fields of the waits request the score request carries as well
    totals: tuple[str, ...]  # what a way keeps of the score answer, besides patterns and net
    # Situation flags the waits request may leave out, not the same as false: a way the score
    # refuses naming one of them (``situation.<flag>``) is scored again with it raised and,
    # if it then wins, says ``needs: [flag]``; otherwise the first refusal stands, the
    # ruleset's message saying why. The request schema loads such a flag with no default.
    assumed: tuple[str, ...] = ()
    # What the request refuses whatever the hand: its rules (``data["rules"].tuned``: a
    # state above their cap, a liable seat when liability is off) and its situation (flags
    # that cannot hold together, CZ-18). The ruleset's score checks it too, and a waits
    # request checks it once, before any wait is scored, so such a request is one 422 rather
    # than a table of refused ways.
    check: Callable[[dict[str, Any], Any], None] = no_check
    # How many wild tiles stand in a loaded request's ``concealed``: what each of its hands
    # weighs (service/work.py), for what each wait of an advice pays (service/advice.py).
    wilds: Callable[[dict[str, Any]], int] = no_loaded_wilds
    # Whether a discard wins the same from every seat under a loaded waits request's
    # situation and rules (nothing the ruleset scores or settles reads who discarded): then
    # one seat's discard is scored and its way said for each seat (service/values.py).
    discards_alike: Callable[[dict[str, Any]], bool] = never_alike


def no_wilds(request: dict[str, Any], concealed: Any) -> int:
    """A ruleset without a wild tile: no hand weighs more than one (service/work.py)."""
    return 0


def no_ids() -> dict[str, list[str]]:
    return {}


def untuned(values: Mapping[str, Any]) -> None:
    """A ruleset with no parameters has nothing to build from them."""
    return None


class Rules(NamedTuple):
    """The rules one request is scored under (service/house.py resolves them): what the
    ruleset's ``tune`` built from the full effective parameter set, and what the answer says
    of them. A handler reads ``data["rules"].tuned``."""

    tuned: Any
    variant: str | None
    overrides: dict[str, Any]  # only what differs from the variant, or from the defaults
    fingerprint: str           # the same for the same effective parameters, however sent


class Ready(NamedTuple):
    """A hand the readiness check scores (``GET /readyz``): a worker that answers it as
    ``answers`` says can answer a client."""

    action: str
    body: dict[str, Any]
    answers: Callable[[dict[str, Any]], bool]


class FlowerTile(NamedTuple):
    """A tile a ruleset's players lay aside as a flower, as ``GET /v1/tiles`` lists it: its
    names, its picture, how many the set holds, and ``code`` where it is one of the 34 tiles
    (a request counts flowers, it never writes them)."""

    id: str
    name: str  # in Chinese, as the rule text names it
    name_en: str
    glyph: str  # Unicode's Mahjong Tiles block
    copies: int
    note: str  # when it is a flower and what it brings, with its ruling
    code: str | None = None

    def described(self, ruleset_id: str) -> dict[str, Any]:
        return {"ruleset": ruleset_id, "id": self.id, "code": self.code,
                "name": Translated(self.name_en, {CHINESE: self.name}),
                "name_en": self.name_en, "name_zh": self.name,
                "name_zh_hant": traditional(self.name), "glyph": self.glyph,
                "copies": self.copies, "note": self.note}


class Ruleset(NamedTuple):
    """Everything the layers above need of a ruleset; they name none. Only the first five are
    required: a ruleset without a match or wait values offers neither."""

    id: str
    name: str
    name_en: str
    catalogue: Callable[[], dict[str, Any]]
    actions: dict[str, Action]  # each run by service.scoring on its own
    match: MatchRules | None = None
    values: WaitValues | None = None  # needs a "waits" and a "score" action
    # The most waits one of its waiting hands can have (service/work.py bounds a request by it)
    most_waits: int = 34
    # How many wild tiles stand in a raw request body's tiles, before it is loaded
    standing_wilds: Callable[[dict[str, Any], Any], int] = no_wilds
    # The OpenAPI document's id enums: a component's name, and the ids its ``id`` may be
    id_enums: Callable[[], dict[str, list[str]]] = no_ids
    ready: Ready | None = None
    # The money's version (docs/contract.md, Versioning, G-10): the newest of ``changes``
    # where the ruleset keeps them (tools/versions.py checks it against the recorded hands).
    # Every answer carries it as ``ruleset_version``; a request may pin its MAJOR.
    version: str = "1.0.0"
    # House rules (docs/house-rules.md): every number a table may set otherwise, and what the
    # ruleset builds from a full set of their values (built once per fingerprint, kept in a
    # memo bounded in bytes: service/house.py); its handlers read it as data["rules"].tuned.
    parameters: tuple[Parameter, ...] = ()
    tune: Callable[[Mapping[str, Any]], Any] = untuned
    # Every version of the money, newest first (service/rulesets/changes.py): served at GET
    # /v1/rulesets/{id}/changes, listed by a check and a 409, made into CHANGELOG.md's lines.
    changes: tuple[Change, ...] = ()
    # The tiles its players lay aside as flowers (GET /v1/tiles), if any
    flower_tiles: tuple[FlowerTile, ...] = ()

    @property
    def major(self) -> int:
        """The money version's MAJOR: what a request's ``ruleset_version`` pins, and what a
        fingerprint is made under."""
        return int(self.version.partition(".")[0])

    def summary(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "name_en": self.name_en,
                "version": self.version}

    def described(self) -> dict[str, Any]:
        """The answer of GET /v1/rulesets/{id}: its summary, its catalogue, its parameters."""
        return {**self.summary(), **self.catalogue(),
                "parameters": [parameter.described() for parameter in self.parameters]}

    def history(self) -> dict[str, Any]:
        """The answer of GET /v1/rulesets/{id}/changes: every version of its money, newest
        first, with what each changed."""
        return {"ruleset": self.id, "version": self.version, "changes": listed(self.changes)}

    def defaults(self) -> dict[str, Any]:
        return {parameter.id: parameter.default for parameter in self.parameters}
