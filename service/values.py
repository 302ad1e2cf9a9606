"""What each wait is worth: the waits answer with the score of every waiting tile, self-drawn
and on each other seat's discard.

Built on the one score core: each wait and way of winning is one call of the ruleset's score
handler on the score request the waits request describes, never a second scorer; where the
ruleset says a discard wins alike from every seat (``WaitValues.discards_alike``), one seat's
discard is scored and said for each. A flag the
ruleset lets the request leave out (``WaitValues.assumed``: Chuzhou's declaration) is false
in that call; a way refused for want of it is called once more with it raised, and if it then
wins says ``needs`` (docs/matches-and-batches.md).
"""

from __future__ import annotations

import copy
from typing import Any

from service.errors import PastDeadline, ProblemError
from service.rulesets.registry import Handler, Ruleset, WaitValues
from service.tiles import tile
from service.work import WAYS, pace


def _score(score: Handler, request: dict[str, Any]) -> dict[str, Any]:
    pace()  # one hand scored per call: the worker's other requests run between them
    copied = copy.deepcopy({name: part for name, part in request.items() if name != "rules"})
    copied["rules"] = request["rules"]  # the request's rules, resolved once and never changed
    return score(copied)


def _way(score: Handler, request: dict[str, Any], totals: tuple[str, ...],
         left_out: tuple[str, ...]) -> dict[str, Any]:
    needs: list[str] = []
    try:
        answer = _score(score, request)
    except PastDeadline:
        raise
    except ProblemError as exc:
        # Refused for want of a flag the request did not give (the ruleset's WaitValues
        # ``assumed``): the way is worth what it wins with the flag raised, if it then wins.
        needs = [flag for flag in left_out if f"situation.{flag}" in exc.errors]
        if not needs:
            return {"problem": exc.problem()}
        raised = {**request, "situation": {**request["situation"],
                                           **dict.fromkeys(needs, True)}}
        try:
            answer = _score(score, raised)
        except PastDeadline:
            raise
        except ProblemError:
            return {"problem": exc.problem()}  # the first refusal, which says why
    kept = {name: answer[name] for name in totals}
    way = {**kept, "patterns": answer["patterns"], "net": answer["settlement"]["net"]}
    if needs:
        way["needs"] = needs
    return way


def values(asked: WaitValues, data: dict[str, Any], waits: list[str],
           score: Handler) -> list[dict[str, Any]]:
    winner = data["winner"]
    situation = data["situation"]
    left_out = tuple(flag for flag in asked.assumed if flag not in situation)
    base = {"dealer": data["dealer"], "winner": winner,
            "situation": {**situation, **dict.fromkeys(left_out, False)},  # the score's default
            **{name: data[name] for name in asked.state}, "rules": data["rules"]}
    totals = asked.totals
    alike = asked.discards_alike(data)
    table = []
    for code in waits:
        drawn = tile(code)
        hand = {"concealed": [*data["concealed"], drawn], "melds": data["melds"],
                "flowers": data["flowers"]}

        def way(by: str, source: int | None, hand: dict[str, Any] = hand,
                drawn: int = drawn) -> dict[str, Any]:
            request = {**base, "hand": hand, "win": {"tile": drawn, "by": by, "source": source}}
            return _way(score, request, totals, left_out)

        others = [seat for seat in range(4) if seat != winner]
        if alike:  # one seat's discard scored, its way said for each seat
            same = way("discard", others[0])
            discards = [{"from": seat, **_fresh(same)} for seat in others]
        else:
            discards = [{"from": seat, **way("discard", seat)} for seat in others]
        table.append({"tile": code, "self_draw": way("self_draw", None), "discard": discards})
    return table


def _fresh(value: Any) -> Any:
    """A copy of a way (dicts and lists of what an answer holds), each seat's its own to
    change: ``copy.deepcopy`` instead costs a never-seen crowded Yueqing advice with
    ``winner`` 11.5 % more (docs/performance.md, Speed devices)."""
    if isinstance(value, dict):
        return {name: _fresh(part) for name, part in value.items()}
    if isinstance(value, list):
        return [_fresh(part) for part in value]
    return value


def scorings(asked: WaitValues, data: dict[str, Any]) -> int:
    """How many ways of each wait ``values`` scores for this loaded request: self-drawn, and
    each other seat's discard or, when the ruleset's discards win alike, one."""
    return 2 if asked.discards_alike(data) else WAYS


def with_values(ruleset: Ruleset, asked: WaitValues, data: dict[str, Any]) -> dict[str, Any]:
    """The ruleset's waits answer, with ``values`` when the request names the winner: the
    waits action a client asks for is this with the ruleset bound (service/actions.py)."""
    if "winner" in data:
        asked.check(data, data["rules"].tuned)
    answer = ruleset.actions["waits"].handler(data)
    if "winner" in data:  # the schema asks for the dealer with it
        answer["values"] = values(asked, data, answer["waits"], ruleset.actions["score"].handler)
    return answer
