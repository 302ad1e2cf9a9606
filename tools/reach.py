"""`make reaching-hands`: requests that reach every parameter and every pair of situation
flags of each ruleset, for the version record (tests/reaching_hands.jsonl).

    python tools/reach.py            # adds what is not reached yet; keeps every line there
    python tools/reach.py --check    # fails naming what the file does not reach

The worked hands (tests/worked_hands.jsonl) show what the tests happened to send. A change to
what some request is paid that none of them shows (a pattern's 暗 value no worked hand scores
concealed, a parameter at a value no worked hand sends, two flags no worked hand raises
together) would ask for no bump. This file holds, besides them, for each ruleset:

- for every parameter (so every pattern and item, through its switch and its values), a
  request and the same request with that parameter alone set otherwise, whose answers
  differ: the pair shows what the parameter does;
- for every situation flag and every pair of them, one hand with the flag, and with both
  flags, paid or refused (refusals included: a pair once paid and now refused as impossible
  is a MINOR, G-10; otherwise a MAJOR).

The requests are drawn from the worked hands and from hands made of their score requests
(self-drawn, its claimed sets standing concealed, won by the dealer), so a pattern's 暗 form is
reached where the worked hands show only its 明 one. A parameter's pair is the first such
request, in the worked hands' order then the made ones', on which one of a few values
(the next, the one before, the bounds, the other choices) moves the answer.

Lines already in the file are kept as they are, whatever the code now answers: the record
compares them before and after a change (tools/versions.py), so a change that stops a
parameter acting is seen, not dropped with its evidence. A second run adds nothing (a fixed
point, `make regen`). ``--check`` (and tests/test_versions.py) fails when a parameter or a
pair of flags is not reached, naming it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

from marshmallow import fields

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the repository, for the service and tools/versions.py

from service.jsonio import encoded  # noqa: E402
from service.rulesets import RULESETS  # noqa: E402
from service.rulesets.registry import Ruleset  # noqa: E402
from service.schemas.rules import Parameter  # noqa: E402
from service.scoring import own_action  # noqa: E402
from service.tiles import parse_tiles, render  # noqa: E402
from tools.versions import answered, hand_line, hands_file  # noqa: E402

REACHING = ROOT / "tests" / "reaching_hands.jsonl"
HANDS = ROOT / "tests" / "worked_hands.jsonl"
OWN = ("score", "draw", "instant", "escape")  # single actions: a match or a wait composes them
Request = tuple[str, dict[str, Any]]  # action, body


def alternatives(parameter: Parameter) -> list[Any]:
    """Values other than the default to try, nearest first."""
    default = parameter.default
    if isinstance(default, bool):
        return [not default]
    if isinstance(default, int):
        tried = (default + 1, default - 1, parameter.minimum, parameter.maximum)
        return list(dict.fromkeys(value for value in tried
                                  if parameter.minimum <= value <= parameter.maximum
                                  and value != default))
    return [choice for choice in parameter.choices if choice != default]


def flags(ruleset: Ruleset) -> list[str]:
    """The situation flags of the ruleset's score request: its boolean ``situation`` fields."""
    situation = own_action(ruleset.id, "score").request().fields.get("situation")
    if not isinstance(situation, fields.Nested):
        return []
    nested = situation.schema
    return [name for name, field in nested.fields.items() if isinstance(field, fields.Boolean)]


def made(body: dict[str, Any]) -> list[dict[str, Any]]:
    """Score requests made of one: self-drawn, its claimed sets standing concealed (a kong as
    its triplet), and each won by the dealer (G-3: the hand's size stays)."""
    win, hand = body.get("win"), body.get("hand")
    if not isinstance(win, dict) or not isinstance(hand, dict) or "winner" not in body:
        return []
    drawn = {**body, "win": {"tile": win["tile"], "by": "self_draw"}}
    found = [drawn]
    melds = hand.get("melds") or []
    claimed = [meld for meld in melds if meld.get("type") != "angang"]
    if claimed:
        standing = parse_tiles(hand["concealed"]) + [
            tile for meld in claimed for tile in parse_tiles(meld["tiles"])[:3]]
        found.append({**drawn, "hand": {**hand, "concealed": render(sorted(standing)),
                                        "melds": [m for m in melds if m not in claimed]}})
    return found + [{**one, "dealer": body["winner"]} for one in found
                    if one.get("dealer") != body["winner"]]


def candidates(ruleset_id: str) -> list[Request]:
    """The requests a pair may be made of: the ruleset's worked hands of its single actions,
    in the file's order, then those made of its score requests."""
    worked: list[Request] = []
    for line in HANDS.read_text(encoding="utf-8").splitlines():
        found, action, body = json.loads(line)
        if found == ruleset_id and action in OWN and isinstance(body, dict):
            worked.append((action, body))
    extra = [("score", one) for action, body in worked if action == "score"
             for one in made(body)]
    seen: dict[str, Request] = {}
    for action, body in worked + extra:
        seen.setdefault(hand_line(ruleset_id, action, body), (action, body))
    return list(seen.values())


def tuned(body: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    return {**body, "rules": {**(body.get("rules") or {}), **values}}


def situated(body: dict[str, Any], raised: tuple[str, ...]) -> dict[str, Any]:
    return {**body, "situation": {**(body.get("situation") or {}),
                                  **dict.fromkeys(raised, True)}}


def _unruled(node: Any) -> Any:
    """An answer without the rules it names (``rules: {variant, overrides}``), anywhere in it:
    a parameter set otherwise is named there whether or not it acts."""
    if isinstance(node, dict):
        return {key: _unruled(value) for key, value in node.items()
                if not (key == "rules" and isinstance(value, dict) and "overrides" in value)}
    if isinstance(node, list):
        return [_unruled(value) for value in node]
    return node


class Answers:
    """Each request's answer, asked once, without the rules it names."""

    def __init__(self, ruleset_id: str) -> None:
        self.ruleset_id = ruleset_id
        self.known: dict[str, Any] = {}

    def __call__(self, action: str, body: dict[str, Any]) -> Any:
        line = hand_line(self.ruleset_id, action, body)
        if line not in self.known:
            self.known[line] = _unruled(answered(self.ruleset_id, action, body))
        return self.known[line]


def _existing(ruleset_id: str) -> list[Request]:
    if not REACHING.exists():
        return []
    found = []
    for line in REACHING.read_text(encoding="utf-8").splitlines():
        rid, action, body = json.loads(line)
        if rid == ruleset_id:
            found.append((action, body))
    return found


def pairs(requests: list[Request]) -> Iterator[tuple[str, Request, Request]]:
    """Each (parameter, base, tuned) the requests hold: a request whose rules set one
    parameter more than another request otherwise the same."""
    lines = {hand_line("", action, body) for action, body in requests}
    for action, body in requests:
        for pid in body.get("rules") or {}:
            rules = {k: v for k, v in body["rules"].items() if k != pid}
            base = {k: v for k, v in body.items() if k != "rules"}
            if rules:
                base["rules"] = rules
            if hand_line("", action, base) in lines:
                yield pid, (action, base), (action, body)


def reached(ruleset_id: str, requests: list[Request], answers: Answers) -> set[str]:
    """The parameters whose pair in ``requests`` answers otherwise with it set."""
    return {pid for pid, base, moved in pairs(requests) if answers(*base) != answers(*moved)}


def flag_sets(ruleset: Ruleset) -> list[tuple[str, ...]]:
    """Every situation flag alone and every two of them, each named in sorted order."""
    named = sorted(flags(ruleset))
    return [(flag,) for flag in named] + list(combinations(named, 2))


def raised(requests: list[Request]) -> set[tuple[str, ...]]:
    """The flags (alone or two) a plain score request of ``requests`` raises, rules aside."""
    found = set()
    for action, body in requests:
        if action == "score" and "rules" not in body:
            up = tuple(sorted(k for k, v in (body.get("situation") or {}).items() if v is True))
            if 1 <= len(up) <= 2:
                found.add(up)
    return found


def _pair_for(parameter: Parameter, pool: list[Request], answers: Answers) -> list[Request]:
    """The first request of ``pool`` some other value of the parameter moves, and it tuned."""
    for action, body in pool:
        sent = (body.get("rules") or {}).get(parameter.id, parameter.default)
        for value in alternatives(parameter):
            if value == sent:
                continue
            base = {k: v for k, v in body.items() if k != "rules"}
            if {k: v for k, v in (body.get("rules") or {}).items() if k != parameter.id}:
                base["rules"] = {k: v for k, v in body["rules"].items() if k != parameter.id}
            moved = tuned(base, {parameter.id: value})
            if answers(action, moved) != answers(action, base):
                return [(action, base), (action, moved)]
    return []


def _owner(parameter: Parameter) -> str:
    return parameter.id.split(".")[0]


def _base_for(names: tuple[str, ...], pool: list[Request], answers: Answers) -> Request | None:
    """A plain self-drawn score request on which each flag alone is answered, else on which
    the first is, else the first such request."""
    plain = [(a, b) for a, b in pool if a == "score" and "rules" not in b
             and not any((b.get("situation") or {}).values())
             and (b.get("win") or {}).get("by") == "self_draw"]
    for wanted in (names, names[:1]):
        for action, body in plain:
            if all("problem" not in answers(action, situated(body, (flag,))) for flag in wanted):
                return action, body
    return plain[0] if plain else None


def reaching(ruleset_id: str) -> tuple[list[Request], list[str]]:
    """The ruleset's reaching requests (those kept and those added) and what none reaches."""
    ruleset = RULESETS[ruleset_id]
    answers = Answers(ruleset_id)
    kept = _existing(ruleset_id)
    added: list[Request] = []
    pool = candidates(ruleset_id)
    done = reached(ruleset_id, kept, answers)
    unreached = []
    for parameter in ruleset.parameters:
        if parameter.id in done:
            continue
        owner = _owner(parameter)  # a pattern's or item's parameter: hands that show it first
        showing = [(a, b) for a, b in pool if f'"id":"{owner}"' in
                   encoded(answers(a, b)).decode()]
        found = _pair_for(parameter, showing or pool, answers) or (
            _pair_for(parameter, pool, answers) if showing else [])
        if found:
            added += found
        else:
            unreached.append(parameter.id)
    have = raised(kept)
    for names in flag_sets(ruleset):
        if names in have:
            continue
        base = _base_for(names, pool, answers)
        if base is None:
            unreached.append(" + ".join(names))
            continue
        action, body = base
        added += [(action, body), (action, situated(body, names))]
    return kept + added, unreached


def main(arguments: list[str]) -> int:
    lines: list[str] = []
    missing: list[str] = []
    for ruleset_id in RULESETS:
        requests, unreached = reaching(ruleset_id)
        lines += [hand_line(ruleset_id, action, body) for action, body in requests]
        missing += [f"{ruleset_id}: {name}" for name in unreached]
    text = hands_file(lines)
    if "--check" in arguments:
        now = REACHING.read_text(encoding="utf-8") if REACHING.exists() else ""
        if text != now:
            print("tests/reaching_hands.jsonl does not reach everything yet: "
                  "`make reaching-hands`", file=sys.stderr)
            return 1
    else:
        REACHING.write_text(text, encoding="utf-8")
    if missing:
        print("no request reaches: " + ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
