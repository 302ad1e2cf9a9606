"""Reads real answers through a client generated from openapi.yaml after a pattern or item id
in them has been replaced by one this client does not know, as an answer of a later /v1
version may carry (issue #23): parsing must not fail, the unknown id must come through as the
plain string, and today's ids must still parse to their enum members. The same for a
problem's cause code (issue #44), whose params parse with their types.

Not collected by pytest: tests/test_open_ids.py generates the client, type-checks this with it
(mypy --strict) and runs it: ``python unknown_id.py ANSWERS_JSON``.
"""

from __future__ import annotations

import copy
import json
import sys
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from mahjong_client.models import (
    CauseCode,
    ChuzhouPatternIdType0,
    ChuzhouScoreAnswer,
    YueqingCandidateIdType0,
    YueqingEscapeAnswer,
    YueqingFlowerItemIdType0,
    YueqingItemIdType0,
    YueqingScoreAnswer,
)
from mahjong_client.models import Problem as ProblemModel
from mahjong_client.types import Unset

UNKNOWN = "new_pattern_2027"
UNKNOWN_CODE = "a-code-added-later"

Id = TypeVar("Id", bound=StrEnum, covariant=True)


class Entry(Protocol[Id]):
    """What every entry with an id has in the generated models: the id is `TheEnum | str`."""

    @property
    def id(self) -> Id | str: ...

    @property
    def name_en(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


def with_unknown_id(answer: dict[str, Any], where: list[str | int]) -> dict[str, Any]:
    changed = copy.deepcopy(answer)
    entry: Any = changed
    for step in where:
        entry = entry[step]
    entry["id"] = UNKNOWN
    return changed


def shown(entry: Entry[StrEnum]) -> str:
    """What a scorekeeper app shows (README, Versioning): its own label for an id it knows, the
    answer's `name_en` for one it does not. Type-checked, so the union is usable as generated."""
    if isinstance(entry.id, StrEnum):
        return f"{entry.name_en} ({entry.id.value})"
    return entry.name_en


def check(known: Entry[Id], unknown: Entry[Id], ids: type[Id], today: str) -> None:
    # Today's id is its enum member, not merely an equal string (a StrEnum equals its value).
    assert isinstance(known.id, ids) and known.id is ids(today), (known.id, today)
    # The unknown id is the plain string the answer carried, not coerced and not refused.
    assert not isinstance(unknown.id, StrEnum) and unknown.id == UNKNOWN, unknown.id
    assert unknown.name_en == known.name_en and shown(unknown) == known.name_en
    assert unknown.to_dict()["id"] == UNKNOWN  # stored or forwarded, the answer keeps its id


def main(answers: dict[str, dict[str, Any]]) -> None:
    answer = answers["/v1/chuzhou/score"]
    changed = with_unknown_id(answer, ["patterns", 0])
    check(ChuzhouScoreAnswer.from_dict(answer).patterns[0],
          ChuzhouScoreAnswer.from_dict(changed).patterns[0],
          ChuzhouPatternIdType0, answer["patterns"][0]["id"])

    answer = answers["/v1/yueqing/score"]
    changed = with_unknown_id(answer, ["patterns", 0])
    check(YueqingScoreAnswer.from_dict(answer).patterns[0],
          YueqingScoreAnswer.from_dict(changed).patterns[0],
          YueqingItemIdType0, answer["patterns"][0]["id"])
    changed = with_unknown_id(answer, ["flowers", "items", 0])
    check(YueqingScoreAnswer.from_dict(answer).flowers.items[0],
          YueqingScoreAnswer.from_dict(changed).flowers.items[0],
          YueqingFlowerItemIdType0, answer["flowers"]["items"][0]["id"])

    answer = answers["/v1/yueqing/escape"]
    changed = with_unknown_id(answer, ["claims", 0, "candidates", 0])
    check(YueqingEscapeAnswer.from_dict(answer).claims[0].candidates[0],
          YueqingEscapeAnswer.from_dict(changed).claims[0].candidates[0],
          YueqingCandidateIdType0, answer["claims"][0]["candidates"][0]["id"])
    changed = with_unknown_id(answer, ["claims", 0, "best"])
    best = YueqingEscapeAnswer.from_dict(answer).claims[0].best
    changed_best = YueqingEscapeAnswer.from_dict(changed).claims[0].best
    assert best is not None and changed_best is not None
    check(best, changed_best, YueqingCandidateIdType0, answer["claims"][0]["best"]["id"])

    check_code(answers["/v1/chuzhou/score 422"])


def check_code(problem: dict[str, Any]) -> None:
    """A cause whose code this client knows is its enum member, its params typed (a count is an
    int); one with a code it does not know is the plain string, its message still there."""
    known = ProblemModel.from_dict(problem).causes[0]
    assert isinstance(known.code, CauseCode) and known.code is CauseCode.TILE_COUNT, known.code
    count, expected = known.params.count, known.params.expected
    assert not isinstance(count, Unset) and not isinstance(expected, Unset)
    assert count - expected == 2, (count, expected)  # concealed holds 10 where 8 are expected
    changed = copy.deepcopy(problem)
    changed["causes"][0]["code"] = UNKNOWN_CODE
    unknown = ProblemModel.from_dict(changed).causes[0]
    assert not isinstance(unknown.code, StrEnum) and unknown.code == UNKNOWN_CODE, unknown.code
    assert unknown.message == known.message
    assert unknown.to_dict()["code"] == UNKNOWN_CODE


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as file:
        main(json.load(file))
    print("unknown ids parse through the generated client")
