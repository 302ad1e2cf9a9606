"""Chuzhou's money, version by version, newest first: the one source of its version, of
``GET /v1/rulesets/chuzhou/changes`` and of its lines in CHANGELOG.md (``make changelog``).
A change's kind is read from the version before it (service/rulesets/changes.py); each
sentence is a msgid of the catalog."""

from __future__ import annotations

from typing import Final

from service.language import Phrase
from service.rulesets.changes import Change
from service.version import AMOUNTS, IMPOSSIBLE, INFORMATION, TEXTS

CHANGES: Final = (
    Change("2.1.0", "2026-12-06", "1.4.0", (IMPOSSIBLE, INFORMATION, TEXTS), Phrase(
        "Requests no table can produce are refused (422) where they were paid: 天胡 with 地胡, "
        "天胡 or 地胡 with 海底捞月, 天胡 with a 碰 on the table, and a hand that reads only as "
        "七对 under rules that switch 七对 off. Every request a table can produce is paid as "
        "it was. An instant answers its money as a settlement, an advice says each discard in "
        "one line, and a pattern is named as the rule text names the form scored (七对暗暗绝, "
        "杠牌)."),
        patterns=("heavenly_hand", "earthly_hand", "last_tile_draw", "seven_pairs",
                  "seven_pairs_last_copy"),
        parameters=("seven_pairs.on",), rulings=("CZ-18", "CZ-19", "G-10")),
    Change("2.0.0", "2026-12-04", "1.3.0", (AMOUNTS, INFORMATION), Phrase(
        "Under house rules, what a switched-off pattern alone excluded is judged again: with "
        "七对暗绝 off, a seven-pairs hand won on a 坎's fourth tile scores its 七对, and a 四合 "
        "member switched off leaves its tiles to the member below. Under the defaults every "
        "amount is as it was; every fingerprint changes once."),
        patterns=("seven_pairs_last_copy", "seven_pairs", "four_in_one", "four_in_two",
                  "four_in_four"),
        parameters=("seven_pairs_last_copy.on", "four_in_one.on", "four_in_two.on",
                    "four_in_four.on"),
        rulings=("G-8", "CZ-5")),
    Change("1.2.0", "2026-12-02", "1.2.0", (INFORMATION,), Phrase(
        "House rules: every number is a parameter a request may set, by itself or through a "
        "club's variant, and every answer says which rules gave it. Under the defaults every "
        "amount is as it was."),
        rulings=("G-8",)),
    Change("1.1.0", "2026-12-02", "1.1.0", (INFORMATION,), Phrase(
        "Every answer says the version of the money that paid it; a wait that wins only as 七对 "
        "is valued as declared and marked as needing the declaration."),
        patterns=("seven_pairs",), rulings=("CZ-10",)),
    Change("1.0.0", "2026-11-29", "1.0.0", (AMOUNTS,), Phrase(
        "The first money: every pattern's 番, the settlement between the four seats with 针, "
        "包庄, 现场汇 and the 流局 point, as the rulings read the rule text.")),
)
