"""What a Chuzhou request must not contradict (G-6), beyond the engine's own checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from service.errors import ImpossibleHand, impossible
from service.hand.groups import ANGANG, CHI, GANG, Meld
from service.hand.validate import check_claims
from service.language import N_, Message, joined
from service.rulesets.chuzhou.rules import DEFAULT, Tuned
from service.rulesets.situations import Exclusive, check_together
from service.tiles import COPIES, code

# CZ-18: 天胡 and 地胡 are won in the first go-around, 海底捞月 on the wall's last drawable
# tile, and nothing is claimed before the dealer's 天胡. Checked before any other situation
# check, so each pair is refused alike whoever won and however.
EXCLUSIVE: Final = (
    Exclusive("heavenly", "earthly", N_(
        "天胡 is the dealer's win and 地胡 a non-dealer's: one win is never both (CZ-18)")),
    Exclusive("heavenly", "last_tile", N_(
        "天胡 is won on the dealer's first 14 tiles and 海底捞月 on the wall's last drawable "
        "tile: one win is never both (CZ-18)")),
    Exclusive("earthly", "last_tile", N_(
        "地胡 is won in the first go-around and 海底捞月 on the wall's last drawable tile: one "
        "win is never both (CZ-18)")),
    Exclusive("heavenly", "table_pengs", N_(
        "天胡 is won before anyone discards, so no 碰 is on the table (CZ-18)")),
)


def check_seats(data: dict[str, Any], melds: Sequence[Meld]) -> None:
    winner, win = data["winner"], data["win"]
    if win["source"] == winner:
        raise impossible("win.from", Message(
            "own-discard", "the winner cannot win on its own discard"))
    if melds:
        check_claims(winner, melds, "hand.melds")


# A situation with no flag raised, no seat named and no table 碰: nothing below can refuse it
# (the winner is a seat, never None), and most hands are played in it: skipping the checks
# then saves 9,400 instructions a never-seen hand compiled (docs/performance.md, Speed devices).
QUIET: Final = {"declared_ready": False, "ready_first_turn": False, "heavenly": False,
         "earthly": False, "last_tile": False, "after_kong": False, "table_pengs": [],
         "tuokuzi_seat": None, "one_suit_seats": [], "liable_seat": None}


def check_zhen(data: dict[str, Any], tuned: Tuned) -> None:
    """A 针 above the rules' cap is one these rules never reach (CZ-13)."""
    for seat, zhen in enumerate(data["zhen"]):
        if zhen > tuned.zhen_cap:
            raise impossible(f"zhen.{seat}", Message(
                "above-cap", "{value} is above these rules' zhen_cap, {max} (CZ-13)",
                value=zhen, max=tuned.zhen_cap, rule="zhen_cap"))


def check_valued(data: dict[str, Any], tuned: Tuned) -> None:
    """What a waits request asking what each wait is worth refuses once, before any wait is
    scored: situations that cannot hold together (CZ-18) and what its rules refuse."""
    check_together(data["situation"], EXCLUSIVE)
    check_rules(data, tuned)


def check_rules(data: dict[str, Any], tuned: Tuned) -> None:
    """What the request's rules refuse whatever its hand: a 针 above their cap (CZ-13), a
    liable seat when they play without 包庄 (CZ-15). A score checks it, and a waits request
    asking what each wait is worth checks it once, before any wait is scored (check_valued)."""
    check_zhen(data, tuned)
    if data["situation"]["liable_seat"] is not None and not tuned.baozhuang:
        raise impossible("situation.liable_seat",
                         Message("no-liability", "these rules play without 包庄 "
                                 "(rules.baozhuang false): no seat is liable (CZ-15)",
                                 rule="baozhuang"))


def check_situation(data: dict[str, Any], melds: Sequence[Meld], held: Sequence[int],
                    tuned: Tuned = DEFAULT) -> None:
    situation = data["situation"]
    if situation == QUIET:
        return
    check_together(situation, EXCLUSIVE)
    winner, dealer = data["winner"], data["dealer"]
    self_draw = data["win"]["by"] == "self_draw"
    claimed = any(m.type != ANGANG for m in melds)
    if situation["heavenly"] and (winner != dealer or not self_draw or claimed):
        raise impossible("situation.heavenly",
                         Message("not-heavenly", "天胡 is the dealer's self-draw on the "
                                 "first 14 tiles, with no claimed meld (CZ-11)", dealt=14))
    if situation["earthly"] and (winner == dealer or not self_draw):
        raise impossible("situation.earthly",
                         Message("not-earthly", "地胡 is a non-dealer's self-draw in the "
                                 "first go-around (CZ-11)"))
    for flag, name in (("last_tile", "海底捞月"), ("after_kong", "杠后开")):
        if situation[flag] and not self_draw:
            raise impossible(f"situation.{flag}", Message(
                "self-draw-only", "{pattern} is won only on a self-draw (CZ-11)", pattern=name))
    kongs = any(m.type in (GANG, ANGANG) for m in melds)
    if situation["after_kong"] and not (kongs or data["hand"]["flowers"]):
        raise impossible("situation.after_kong",
                         Message("no-kong", "杠后开 needs a kong or a 小花 whose "
                                 "replacement tile won (CZ-11)"))
    if situation["ready_first_turn"] and not situation["declared_ready"]:
        # Both fields named: the one set, and the one missing (what each wait is worth reads
        # a refusal naming a flag the request left out as "needs it", service/values.py).
        message = Message("needs-declaration",
                          "硬子 needs a ready declaration (declared_ready)",
                          needed="situation.declared_ready")
        raise ImpossibleHand(joined("situation.ready_first_turn: ", message),
                             {"situation.ready_first_turn": [message],
                              "situation.declared_ready": [message]})
    _check_table_pengs(situation["table_pengs"], melds, held)
    for field in ("tuokuzi_seat", "liable_seat"):
        if situation[field] == winner:
            raise impossible(f"situation.{field}", Message(
                "winner-liable", "the winner cannot be liable for its own win"))
    listed = situation["one_suit_seats"]
    if len(set(listed)) != len(listed):
        twice = next(seat for place, seat in enumerate(listed) if seat in listed[:place])
        raise impossible("situation.one_suit_seats",
                         Message("seat-twice", "a seat is listed twice", seat=twice))
    if situation["liable_seat"] is not None and tuned.exempt_one_suit and \
            situation["liable_seat"] in situation["one_suit_seats"]:
        raise impossible("situation.liable_seat",
                         Message("one-suit-liable", "a seat holding a one-suit hand is never "
                                 "liable (清不包清, CZ-15)"))


def _check_table_pengs(pengs: Sequence[int], melds: Sequence[Meld], held: Sequence[int]) -> None:
    if len(set(pengs)) != len(pengs):
        raise impossible("situation.table_pengs",
                         Message("peng-twice", "a tile can be 碰'd only once"))
    own = {m.tiles[0] for m in melds if m.type != CHI}
    for t in pengs:
        if t not in own and held[t] + 3 > 4:
            raise impossible("situation.table_pengs",
                             Message("fifth-copy", "a 碰 of {tile} on the table and {count} "
                                     "in the hand make more than four", tile=code(t),
                                     count=held[t], max=COPIES))
