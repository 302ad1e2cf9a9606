"""What a Yueqing request must not contradict (G-6), beyond the engine's own checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from service.errors import impossible
from service.hand.groups import ANGANG, GANG, Meld
from service.language import N_, Message
from service.rulesets.situations import Exclusive, check_together
from service.rulesets.yueqing.rules import DEFAULT, Tuned
from service.tiles import COPIES, code

# A situation with no flag raised and no seat named: nothing below can refuse it (the winner
# is a seat, never None), and most hands are played in it.
QUIET = {"heavenly": False, "earthly": False, "after_kong": False, "liable_seat": None}

# CZ-18 (it names Yueqing's pair too): checked before any other situation check, so the pair
# is refused alike whoever won and however.
EXCLUSIVE: Final = (
    Exclusive("heavenly", "earthly", N_(
        "天胡 is the dealer's self-draw and 地胡 a non-dealer's win on the dealer's discard: "
        "one win is never both (CZ-18)")),
)


def check_win(data: dict[str, Any], melds: Sequence[Meld], tuned: Tuned = DEFAULT) -> None:
    winner, win = data["winner"], data["win"]
    if win["source"] == winner:
        raise impossible("win.from", Message(
            "own-discard", "the winner cannot win on its own tile"))
    situation = data["situation"]
    if situation != QUIET:
        _check_situation(situation, winner, data["dealer"], win, melds)
    if win["by"] == "robbing_kong":
        check_robbed_kong(win["tile"], data["caishen"], data["hand"]["concealed"], melds)


def discards_alike(data: dict[str, Any]) -> bool:
    """Whether a discard wins the same from every other seat: the checks above are all that
    read who discarded (items, 台 and settlement never do, YQ-18), and they tell seats apart
    only for 地胡, won on the dealer's discard alone (tests/test_advice_values.py)."""
    return not data["situation"].get("earthly", False)


def _check_situation(situation: dict[str, Any], winner: int, dealer: int, win: dict[str, Any],
                     melds: Sequence[Meld]) -> None:
    check_together(situation, EXCLUSIVE)
    self_draw = win["by"] == "self_draw"
    if situation["heavenly"] and (winner != dealer or not self_draw or melds):
        raise impossible("situation.heavenly",
                         Message("not-heavenly", "天胡 is the dealer's self-draw on the "
                                 "first 17 tiles (YQ-14)", dealt=17))
    if situation["earthly"] and (winner == dealer or win["by"] != "discard"
                                 or win["source"] != dealer or melds):
        raise impossible("situation.earthly",
                         Message("not-earthly", "地胡 is a non-dealer's win on the dealer's "
                                 "first discard (YQ-14)"))
    if situation["after_kong"] and not self_draw:
        raise impossible("situation.after_kong", Message(
            "self-draw-only", "{pattern} is won only on a self-draw", pattern="杠上开花"))
    if situation["after_kong"] and not any(m.type in (GANG, ANGANG) for m in melds):
        raise impossible("situation.after_kong", Message(
            "no-kong", "杠上开花 needs a kong whose replacement won"))
    if situation["liable_seat"] == winner:
        raise impossible("situation.liable_seat", Message(
            "winner-liable", "the winner cannot be liable for its own win"))


def check_lao_zhuang(data: dict[str, Any], tuned: Tuned) -> None:
    """A 牢庄 above the rules' cap is one these rules never reach (YQ-20)."""
    if data["lao_zhuang"] > tuned.lao_zhuang_cap:
        raise impossible("lao_zhuang", Message(
            "above-cap", "{value} is above these rules' lao_zhuang_cap, {max} (YQ-20)",
            value=data["lao_zhuang"], max=tuned.lao_zhuang_cap, rule="lao_zhuang_cap"))


def check_valued(data: dict[str, Any], tuned: Tuned) -> None:
    """What a waits request asking what each wait is worth refuses once, before any wait is
    scored: situations that cannot hold together (CZ-18) and what its rules refuse."""
    check_together(data["situation"], EXCLUSIVE)
    check_rules(data, tuned)


def check_rules(data: dict[str, Any], tuned: Tuned) -> None:
    """What the request's rules refuse whatever its hand: a 牢庄 above their cap (YQ-20), a
    liable seat when they play without 包牌 (YQ-19). A score checks it, and a waits request
    asking what each wait is worth checks it once, before any wait is scored (check_valued)."""
    check_lao_zhuang(data, tuned)
    if data["situation"]["liable_seat"] is not None and not tuned.baopai:
        raise impossible("situation.liable_seat",
                         Message("no-liability", "these rules play without 包牌 "
                                 "(rules.baopai false): no seat is liable (YQ-19)",
                                 rule="baopai"))


def check_robbed_kong(tile: int, caishen: int, concealed: Sequence[int],
                      melds: Sequence[Meld]) -> None:
    """The robbed 碰 holds the other three copies of its tile, so the winner holds none (YQ-2)."""
    if tile == caishen:
        raise impossible("win.tile", Message(
            "caishen-robbed", "a kong of the 财神 {tile} cannot be robbed: with the revealed "
            "tile all four 财神 would be in play (YQ-2)", tile=code(tile)))
    if tile not in concealed:
        return  # the engine's own check names a winning tile missing from the hand
    others = concealed.count(tile) - 1 + sum(m.tiles.count(tile) for m in melds)
    if others:
        raise impossible("win.tile", Message(
            "fifth-copy", "{tile} was robbed from a kong, whose 碰 holds its other three "
            "copies; the winner holds {count} more, a fifth copy (YQ-2, G-6)",
            tile=code(tile), count=others, max=COPIES))
