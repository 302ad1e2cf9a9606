"""Chuzhou's house rules: every number a table may set otherwise (docs/house-rules.md), and
the tables the scorer and the settlement read, built from one full set of their values.

Each pattern has ``<id>.on`` and its values: ``<id>.fan`` for a one-valued pattern,
``<id>.ming`` and ``<id>.an`` for a 明/暗 one; the defaults are the catalogue's (patterns.py).
The settlement's constants follow (CZ-12 to CZ-17). ``tune`` builds a ``Tuned`` from a full
set of values; service/house.py calls it once per fingerprint, and ``DEFAULT`` is the seed
text's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from service.language import Named, Phrase, joined, sentence
from service.rulesets.chuzhou.catalogue import PATTERNS, Pattern
from service.rulesets.chuzhou.liability import TRIGGERS
from service.rulesets.chuzhou.patterns import FOUR_IN, Test, four_in_judging
from service.rulesets.registry import PatternTests
from service.schemas.fields import MOST_IN_A_ROW
from service.schemas.rules import Parameter, number, switch

# The winning forms a switch turns off, besides four sets and a pair (CZ-1), each with the
# patterns that are that form won a certain way: off, the table does not play the form, and a
# hand that reads only in it is not a win (CZ-19), where any other switch only takes a
# pattern's 番 (G-8). 七对暗绝 is a 七对 won on a 坎's last copy: it goes with 七对's switch,
# and its own switch takes only its 番 (with it off, such a hand is a 七对, G-8). A form's id
# is its pattern's and a reading's ``form`` (view.py).
FORMS: Final = {"seven_pairs": ("seven_pairs_last_copy",)}
MOST_FAN: Final = 100_000  # a round bound, 25 times the text's highest, 风胡's 4,000
MOST_UNIT: Final = 1_000
NAMES: Final = {pattern.id: pattern.name for pattern in PATTERNS}
LIABLE: Final = {trigger.pattern: trigger.fed for trigger in TRIGGERS}
# Each 四合 member with the members below it, nearest first.
BELOW: Final = {pid: tuple(lower for lower, _ in reversed(FOUR_IN[:place]))
                for place, (pid, _) in enumerate(FOUR_IN)}


def _ruling(pattern: Pattern, default: str) -> str:
    cited = re.search(r"CZ-\d+", pattern.condition)
    return cited.group(0) if cited else default


def _names(ids: tuple[str, ...]) -> list[str]:
    return [NAMES[pid] for pid in ids]


# Each description is said in the language a request asks for (service/language.py): built
# of sentences, each a msgid of the catalog.
def _off_means(pattern: Pattern) -> str:
    """What switching the pattern off does (G-8), named from the catalogue."""
    # The names first: a catalogue row's keyword (pattern) inside a sentence's call would
    # mislead pybabel's reading of the sentence (tools/messages.py).
    excluded, fed, below = _names(pattern.excludes), LIABLE.get(pattern.id), BELOW.get(pattern.id)
    said: list[str] = [sentence("off, it no longer counts")]
    if excluded:
        said.extend((" ", sentence("and no longer excludes: what it alone excluded ({names}) "
                                   "is judged again", names=excluded)))
    for add_on in (p for p in PATTERNS if pattern.id in p.adds_to):
        others = _names(tuple(b for b in add_on.adds_to if b != pattern.id))
        said.append(sentence("; {add_on} goes with it unless {others} counts",
                             add_on=add_on.name, others=others))
    if fed is not None:
        said.append(sentence("; feeding {fed} makes no seat liable", fed=Phrase(fed)))
    if below:
        said.append(sentence("; its tiles take the highest member below it that is on "
                             "({names}, CZ-5)", names=_names(below)))
    return joined(*said, " (G-8)")


def _at_zero(pattern: Pattern) -> list[str]:
    """What a value of 0 leaves (G-8): the pattern still counts, so it still excludes."""
    excluded, fed = _names(pattern.excludes), LIABLE.get(pattern.id)  # as in _off_means
    said: list[str] = []
    if excluded:
        said.extend((" ", sentence("and still excludes {names}", names=excluded)))
    if fed is not None:
        said.append(sentence(", and feeding {fed} still makes a seat liable (CZ-15)",
                             fed=Phrase(fed)))
    return [sentence("; at 0 it still counts"), *said, " (G-8)"] if said else []


def _switch(pattern: Pattern) -> Parameter:
    """A pattern's ``.on``, at its row's default: a winning form's switch says that off, the
    form does not win (CZ-19); any other's what switching a pattern off does (G-8)."""
    pid, name, name_en = pattern.id, pattern.name, pattern.name_en
    named = Named(name, name_en)  # "七对 (Seven pairs)"; in Chinese, 七对
    if pid in FORMS:
        return switch(f"{pid}.on", name, f"{name_en}: wins", joined(
            sentence("whether {name} is played, a winning form and not only a pattern's 番; ",
                     name=named),
            sentence("off, a hand that reads only as {name} ({others} included) is not a win, "
                     "and one that also reads as four sets and a pair wins on that reading "
                     "(CZ-19)", name=name, others=_names(FORMS[pid]))), "CZ-19", pattern.on)
    return switch(f"{pid}.on", name, f"{name_en}: counts",
                  joined(sentence("whether {name} counts; ", name=named), _off_means(pattern)),
                  _ruling(pattern, "CZ-5"), pattern.on)


def pattern_parameters(pattern: Pattern) -> list[Parameter]:
    """A pattern's switch (on or off by its row) and its values, each at the row's default."""
    pid, name, name_en = pattern.id, pattern.name, pattern.name_en
    named = Named(name, name_en)  # "七对暗绝 (Seven pairs on the last copy)"; in Chinese, 七对暗绝
    found = [_switch(pattern)]
    if "value" in pattern.values:
        found.append(number(f"{pid}.fan", f"{name} 番", f"{name_en}: 番",
                            joined(sentence("the 番 of {name}, each time it counts", name=named),
                                   *_at_zero(pattern)),
                            _ruling(pattern, "CZ-5"), pattern.values["value"], 0, MOST_FAN))
    else:
        for form, word in (("ming", "明"), ("an", "暗")):
            found.append(number(f"{pid}.{form}", f"{name} {word}番", f"{name_en}: {word} 番",
                                joined(sentence("the 番 of {name} when {form} (CZ-7)",
                                                name=named, form=word), *_at_zero(pattern)),
                                "CZ-7",
                                pattern.values[form], 0, MOST_FAN))
    return found


SETTLEMENT: Final = (
    number("zhen_unit", "针的单位", "Zhen unit", Phrase(
        "what each 针 adds to a loser's share: F + unit × (winner's 针 + loser's 针)"),
        "CZ-12", 10, 0, MOST_UNIT),
    number("dealer_zhen_factor", "庄家针倍数", "Dealer's zhen factor", Phrase(
        "how many times the dealer's 针 counts, wherever it appears (the text doubles it)"),
        "CZ-12", 2, 1, 4),
    number("discard_extra", "点胡加付", "Discarder's extra", Phrase(
        "what the discarder of the winning tile pays beyond its share"),
        "CZ-12", 10, 0, MOST_UNIT),
    number("zhen_cap", "针的上限", "Zhen cap", sentence(
        "the most a seat's 针 grows to in the next state; a request sending a 针 above it is "
        "refused; at most {most:,}, the bound every request's 针 keeps", most=MOST_IN_A_ROW),
        "CZ-13", MOST_IN_A_ROW, 1, MOST_IN_A_ROW),
    switch("baozhuang", "包庄", "Liability", Phrase(
        "whether a seat can be liable at all (包庄): off, every loser pays its own share, and a "
        "request naming a liable seat is refused"), "CZ-15"),
    *(switch(f"baozhuang.{t.pattern}", t.name, t.name_en, sentence(
        "whether feeding {fed} makes a seat liable when the hand scores {pattern}",
        fed=Phrase(t.fed), pattern=NAMES[t.pattern]), "CZ-15") for t in TRIGGERS),
    switch("baozhuang.tuokuzi", "包庄：脱裤子", "Liability for tuokuzi",
           Phrase("whether the named 脱裤子 seat is liable"), "CZ-15"),
    switch("qing_bu_bao_qing", "清不包清", "No liability between one-suit hands", Phrase(
        "whether a seat listed as holding a one-suit hand is exempt from derived liability; "
        "on, a request naming such a seat as the liable one is refused"), "CZ-15"),
    number("instant_unit", "现场汇", "Instant payment", Phrase(
        "what each 现场汇 payment is worth (followed discard, four identical discards)"),
        "CZ-16", 10, 0, MOST_UNIT),
    number("wall_reserve", "流局张数", "Drawn-hand reserve", Phrase(
        "tiles left undrawn when the hand is drawn, before the kongs' share"),
        "CZ-17", 15, 0, 100),
    number("wall_reserve_per_kong", "每杠留牌", "Reserve per kong", Phrase(
        "tiles more left undrawn for each kong made"), "CZ-17", 2, 0, 10),
)

PARAMETERS: Final = tuple(p for pattern in PATTERNS for p in pattern_parameters(pattern)) \
    + SETTLEMENT

class Tuned(NamedTuple):
    """What the scorer and the settlement read, for one set of parameter values."""

    forms_off: frozenset[str]  # the winning forms these rules switch off (FORMS, CZ-19)
    tests: PatternTests  # every pattern on, with what it excludes and what an add-on adds to
    hand_tests: PatternTests  # those that read only the hand and the situation
    values: dict[str, tuple[int, int]]  # each pattern's 番 by the 暗 flag
    entry: dict[str, tuple[dict[str, Any], dict[str, Any]]]  # answer entries found once, 明/暗
    zhen_unit: int
    dealer_zhen_factor: int
    discard_extra: int
    zhen_cap: int
    baozhuang: bool
    triggers: frozenset[str]  # the patterns whose scoring can make a seat liable
    tuokuzi: bool
    exempt_one_suit: bool
    instant_unit: int
    wall_reserve: int
    wall_reserve_per_kong: int


def _values(pattern: Pattern, values: Mapping[str, Any]) -> tuple[int, int]:
    if "value" in pattern.values:
        fan = values[f"{pattern.id}.fan"]
        return fan, fan
    return values[f"{pattern.id}.ming"], values[f"{pattern.id}.an"]


def _found_once(pattern: Pattern, value: int, concealed: bool) -> dict[str, Any]:
    return {"id": pattern.id, "name": pattern.forms[concealed], "name_en": pattern.name_en,
            "value": value, "count": 1, "concealed": concealed, "fan": value, "sets": ()}


def _four_in_tests(on: set[str]) -> dict[str, Test]:
    """The 四合 members' tests where a member is switched off: each member on judges the
    tiles that fit it and no higher member on, so a switched-off member's tiles take the next
    one down (G-8, CZ-5). Under the defaults, none: each member judges its own number."""
    members = [(pid, fits) for pid, fits in FOUR_IN if pid in on]
    found = {}
    for place, (pid, fits) in enumerate(members):
        above = members[place + 1][1] if place + 1 < len(members) else None
        judged = tuple(n for _, n in FOUR_IN if n >= fits and (above is None or n < above))
        if judged != (fits,):
            found[pid] = four_in_judging(judged)
    return found


def tune(values: Mapping[str, Any]) -> Tuned:
    """The tables for one full set of parameter values: the patterns switched off are gone from
    the tests and from the exclusions, so what only they excluded is judged again (G-8)."""
    on = [pattern for pattern in PATTERNS if values[f"{pattern.id}.on"]]
    kept = {pattern.id for pattern in on}
    # an add-on with every pattern it adds to switched off goes too
    on = [p for p in on if not p.adds_to or any(base in kept for base in p.adds_to)]
    worth = {pattern.id: _values(pattern, values) for pattern in on}
    test = {p.id: p.test for p in on} | _four_in_tests({p.id for p in on})
    return Tuned(
        forms_off=frozenset(form for form in FORMS if not values[f"{form}.on"]),
        tests=PatternTests(
            ((p.id, test[p.id], p.needs) for p in on),
            excludes={p.id: p.excludes for p in on if p.excludes},
            adds_to={p.id: tuple(b for b in p.adds_to if b in kept) for p in on if p.adds_to}),
        hand_tests=PatternTests((p.id, test[p.id], p.needs) for p in on if not p.per_reading),
        values=worth,
        entry={p.id: (_found_once(p, worth[p.id][0], False), _found_once(p, worth[p.id][1], True))
               for p in on},
        zhen_unit=values["zhen_unit"],
        dealer_zhen_factor=values["dealer_zhen_factor"],
        discard_extra=values["discard_extra"],
        zhen_cap=values["zhen_cap"],
        baozhuang=values["baozhuang"],
        triggers=frozenset(t.pattern for t in TRIGGERS if values["baozhuang"]
                           and values[f"baozhuang.{t.pattern}"]),
        tuokuzi=values["baozhuang"] and values["baozhuang.tuokuzi"],
        exempt_one_suit=values["qing_bu_bao_qing"],
        instant_unit=values["instant_unit"],
        wall_reserve=values["wall_reserve"],
        wall_reserve_per_kong=values["wall_reserve_per_kong"],
    )


DEFAULT: Final = tune({parameter.id: parameter.default for parameter in PARAMETERS})
