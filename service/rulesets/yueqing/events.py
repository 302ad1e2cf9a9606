"""The drawn hand (YQ-20, YQ-21) and 逃跑, an escape (YQ-22, YQ-23)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from service.errors import impossible
from service.hand import prepare_melds
from service.hand.groups import KONG, TRIPLET, Group, Meld
from service.hand.validate import check_claims, check_copies
from service.language import Message
from service.rulesets.money import ledger
from service.rulesets.registry import Event
from service.rulesets.yueqing.checks import check_lao_zhuang
from service.rulesets.yueqing.escape import Holding, best, candidates
from service.rulesets.yueqing.flowers import flower_counts, summary
from service.rulesets.yueqing.rules import Tuned
from service.rulesets.yueqing.settlement import after_escape, flower_payments, next_after_draw
from service.rulesets.yueqing.tiles import (
    FLOWER_TILES,
    caishen_held,
    check_special_tiles,
    flower_tile,
    name_after_flower,
)
from service.rulesets.yueqing.view import Table, seat_wind
from service.tiles import WHITE

# A match's events (POST /v1/yueqing/match), declared once: the match runs each by its action,
# supplying the state it threads; the match request's schema lists them (schemas.py).
SUPPLIES: Final = ("dealer", "lao_zhuang")
EVENTS: Final[dict[str, Event]] = {
    "win": Event("score", SUPPLIES),  # YQ-18..20
    "draw": Event("draw", SUPPLIES),  # YQ-20
    "escape": Event("escape", SUPPLIES),  # YQ-22, YQ-20
}


class Player(NamedTuple):
    seat: int
    standing: tuple[int, ...] | None
    melds: tuple[Meld, ...]
    table: Table

    @property
    def holding(self) -> Holding:
        return Holding(self.standing or (), self.melds, self.table.flowers, self.table.caishen,
                       self.table.seat_wind)

    def flowers(self, tuned: Tuned) -> dict[str, Any]:
        """Flower count and 条 from what is shown: melds, standing triplets, 财神, flowers."""
        groups = [m.group() for m in self.melds] + [
            Group(TRIPLET, t, True) for t in self.holding.triplet_tiles]
        held = caishen_held(self.standing or (), self.melds, self.table.caishen)
        return summary(flower_counts(groups, held, self.table, tuned), tuned)


def _players(data: dict[str, Any], sizes: Sequence[int]) -> dict[int, Player]:
    caishen, dealer = data["caishen"], data["dealer"]
    players: dict[int, Player] = {}
    for index, entry in enumerate(data["players"]):
        field, seat = f"players.{index}", entry["seat"]
        if seat in players:
            raise impossible(f"{field}.seat", Message("seat-twice", "seat {seat} is listed "
                                                      "twice", seat=seat))
        melds = prepare_melds(entry["melds"], f"{field}.melds")
        check_claims(seat, melds, f"{field}.melds")
        standing = entry["concealed"]
        if standing is not None:
            expected = [size - 3 * len(melds) for size in sizes]
            if len(standing) not in expected:
                raise impossible(f"{field}.concealed", Message(
                    "tile-count", "a player with {melds} meld(s) stands {expected} tiles, not "
                    "{count}", melds=len(melds), expected=expected[0], count=len(standing))
                    if len(expected) == 1 else Message(
                    "tile-count", "a player with {melds} meld(s) stands {expected} or "
                    "{expected_too} tiles, not {count}", melds=len(melds), expected=expected[0],
                    expected_too=expected[1], count=len(standing)))
        check_special_tiles(standing or [], melds, caishen, f"{field}.")
        table = Table(caishen, flower_tile(caishen), seat_wind(seat, dealer), entry["flowers"])
        players[seat] = Player(seat, tuple(standing) if standing is not None else None,
                               tuple(melds), table)
    _check_table(list(players.values()), caishen)
    return players


def _check_table(players: list[Player], caishen: int) -> None:
    """Across the table no tile five times, at most three 财神 and four flower tiles."""
    every = [t for p in players for t in p.standing or ()]
    check_copies(every, [m for p in players for m in p.melds], "players")
    check_special_tiles(every, [m for p in players for m in p.melds], caishen, "players.")
    flowers = sum(p.table.flowers for p in players)
    if flowers > FLOWER_TILES:
        raise impossible("players", Message("too-many-flowers",
                                            "there are only four flower tiles",
                                            count=flowers, max=FLOWER_TILES))


def _seat_flowers(players: dict[int, Player],
                  tuned: Tuned) -> tuple[list[dict[str, int]], dict[int, int]]:
    listed = []
    tiao = {}
    for seat in sorted(players):
        counted = players[seat].flowers(tuned)
        listed.append({"seat": seat, "count": counted["count"], "tiao": counted["tiao"]})
        tiao[seat] = counted["tiao"]
    return listed, tiao


def _kong_made(players: dict[int, Player]) -> bool:
    """Whether a listed player melded a kong of four real tiles (YQ-20)."""
    return any(m.group().kind == KONG for p in players.values() for m in p.melds)


def draw(data: dict[str, Any]) -> dict[str, Any]:
    tuned: Tuned = data["rules"].tuned
    check_lao_zhuang(data, tuned)
    players = _players(data, sizes=(16,))
    if len(players) != 4:
        raise impossible("players", Message(
            "draw-needs-every-seat", "a drawn hand settles all four players: list each seat"))
    listed, tiao = _seat_flowers(players, tuned)
    return {
        "flowers": listed,
        "settlement": ledger(flower_payments(tiao)),
        "next": next_after_draw(data["dealer"], data["lao_zhuang"], _kong_made(players),
                                tuned.kong_passes_deal),
    }


def escape(data: dict[str, Any]) -> dict[str, Any]:
    tuned: Tuned = data["rules"].tuned
    check_lao_zhuang(data, tuned)
    escaper, dealer = data["escaper"], data["dealer"]
    players = _players(data, sizes=(16, 17))
    stayers = [seat for seat in range(4) if seat != escaper]
    for seat in stayers:
        if seat not in players or players[seat].standing is None:
            raise impossible("players", Message(
                "stayer-missing", "seat {seat} stayed: list it with its concealed tiles so its "
                "candidates can be judged", seat=seat))
    claims, payments = [], []
    flower = flower_tile(data["caishen"])
    for seat in stayers:
        found = candidates(players[seat].holding, tuned.judges)
        if flower != WHITE:  # 白板 is the 财神: 四白板 is 四红中 (YQ-3), as in a win's answer
            name_after_flower(found, flower)
        top = best(found)
        claims.append({"seat": seat, "candidates": found, "best": top})
        if top is not None:
            payments.append({"from": escaper, "to": seat, "amount": int(top["tai"])})
    listed, tiao = _seat_flowers(players, tuned)
    settlement = ledger(payments + flower_payments(tiao))
    # the request's, else the rules'
    fine = data.get("base", tuned.fine_base) * data.get("multiplier", tuned.fine_multiplier)
    settlement["net"][escaper] -= fine
    return {"claims": claims, "fine": fine, "flowers": listed, "settlement": settlement,
            "next": after_escape(dealer, data["lao_zhuang"], escaper, _kong_made(players),
                                 tuned.kong_passes_deal)}
