"""Yueqing's money, version by version, newest first: the one source of its version, of
``GET /v1/rulesets/yueqing/changes`` and of its lines in CHANGELOG.md (``make changelog``).
A change's kind is read from the version before it (service/rulesets/changes.py); each
sentence is a msgid of the catalog."""

from __future__ import annotations

from typing import Final

from service.language import Phrase
from service.rulesets.changes import Change
from service.version import AMOUNTS, IMPOSSIBLE, INFORMATION, TEXTS

CHANGES: Final = (
    Change("1.4.0", "2026-12-06", "1.4.0", (IMPOSSIBLE, INFORMATION, TEXTS), Phrase(
        "Requests no table can produce are refused (422) where they were answered: 天胡 with "
        "地胡. Every request a table can produce is paid as it was. Items carry their group's "
        "name and a score its 台 parts' names, an advice says each discard in one line, and "
        "the 6台起翻 parameters are named as players say them."),
        patterns=("heavenly_hand", "earthly_hand"), rulings=("CZ-18", "G-10")),
    Change("1.3.0", "2026-12-04", "1.3.0", (INFORMATION, TEXTS), Phrase(
        "An escape takes 牢庄 and answers the next state; when 白板 is the 财神 and 红中 serves "
        "as the flower, the flower's items are named after 红中; every fingerprint changes "
        "once. Every amount is as it was."),
        patterns=("flower_tile", "four_flowers"), items=("flower_tiles",),
        parameters=("lao_zhuang_cap",), rulings=("YQ-3", "YQ-20", "YQ-22")),
    Change("1.2.0", "2026-12-02", "1.2.0", (INFORMATION,), Phrase(
        "House rules: every number is a parameter a request may set, by itself or through a "
        "club's variant, and every answer says which rules gave it; an escape's fine left out "
        "takes the rules' values. Under the defaults every amount is as it was."),
        parameters=("escape_fine_base", "escape_fine_multiplier"), rulings=("G-8",)),
    Change("1.1.0", "2026-12-02", "1.1.0", (INFORMATION, TEXTS), Phrase(
        "Every answer says the version of the money that paid it; a 财神 won on a discard is "
        "refused saying that it played at its face value."),
        rulings=("YQ-2",)),
    Change("1.0.0", "2026-11-29", "1.0.0", (AMOUNTS,), Phrase(
        "The first money: every 台 item, the 花, the settlement with 牢庄 and 包牌, drawn "
        "hands and escapes, as the rulings read the rule text.")),
)
