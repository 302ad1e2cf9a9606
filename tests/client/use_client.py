"""Scores the README's examples through a client generated from openapi.yaml, as a
scorekeeper app would. Type-checked (mypy --strict) together with the generated package, then
run against the live service: ``python use_client.py BASE_URL EXAMPLES_JSON``.

Not collected by pytest: tests/test_generated_client.py generates the client and runs this.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from mahjong_client import Client
from mahjong_client.api.batch import batch
from mahjong_client.api.chuzhou import chuzhou_draw, chuzhou_instant, chuzhou_score, chuzhou_waits
from mahjong_client.api.yueqing import yueqing_draw, yueqing_escape, yueqing_score, yueqing_waits
from mahjong_client.models import (
    BatchAnswer,
    BatchProblemResult,
    BatchRequest,
    ChuzhouDrawAnswer,
    ChuzhouDrawItemResult,
    ChuzhouDrawRequest,
    ChuzhouInstantAnswer,
    ChuzhouInstantRequest,
    ChuzhouScoreAnswer,
    ChuzhouScoreRequest,
    Problem,
    TileCode,
    WaitsAnswer,
    WaitsRequest,
    YueqingDrawAnswer,
    YueqingDrawRequest,
    YueqingEscapeAnswer,
    YueqingEscapeRequest,
    YueqingScoreAnswer,
    YueqingScoreRequest,
    YueqingWaitsItemResult,
    YueqingWaitsRequest,
)


def main(base_url: str, examples: dict[str, Any]) -> None:
    client = Client(base_url=base_url, raise_on_unexpected_status=True)

    score = chuzhou_score.sync(
        client=client, body=ChuzhouScoreRequest.from_dict(examples["/v1/chuzhou/score"]))
    assert isinstance(score, ChuzhouScoreAnswer), score
    assert score.fan == 10 and score.settlement.net == [-40, 110, -30, -40]
    assert score.patterns[0].name_en == "Base win"
    assert score.next_.dealer == 1

    instant = chuzhou_instant.sync(
        client=client, body=ChuzhouInstantRequest.from_dict(examples["/v1/chuzhou/instant"]))
    assert isinstance(instant, ChuzhouInstantAnswer) and instant.net == [-30, 10, 10, 10]

    draw = chuzhou_draw.sync(
        client=client, body=ChuzhouDrawRequest.from_dict(examples["/v1/chuzhou/draw"]))
    assert isinstance(draw, ChuzhouDrawAnswer) and draw.wall_reserve == 17

    waits = chuzhou_waits.sync(
        client=client, body=WaitsRequest.from_dict(examples["/v1/chuzhou/waits"]))
    assert isinstance(waits, WaitsAnswer) and len(waits.waits) == 9
    assert waits.waits[0] == TileCode.TILE_1M and waits.waits[0].value == "1m"

    yscore = yueqing_score.sync(
        client=client, body=YueqingScoreRequest.from_dict(examples["/v1/yueqing/score"]))
    assert isinstance(yscore, YueqingScoreAnswer), yscore
    assert yscore.tai.total == 1 and yscore.settlement.net == [-5, 13, -4, -4]
    assert [(wild.tile, wild.as_) for wild in yscore.hand.caishen_as] == [
        (TileCode.TILE_3Z, TileCode.TILE_7S)]  # the 财神 in use

    ydraw = yueqing_draw.sync(
        client=client, body=YueqingDrawRequest.from_dict(examples["/v1/yueqing/draw"]))
    assert isinstance(ydraw, YueqingDrawAnswer) and ydraw.next_.lao_zhuang == 2

    escape = yueqing_escape.sync(
        client=client, body=YueqingEscapeRequest.from_dict(examples["/v1/yueqing/escape"]))
    assert isinstance(escape, YueqingEscapeAnswer), escape
    best = escape.claims[0].best
    assert best is not None and best.tai == 30 and best.name_en == "Full flush"
    assert escape.claims[1].best is None  # the null every real escape answer may carry
    assert escape.fine == 10

    ywaits = yueqing_waits.sync(
        client=client, body=YueqingWaitsRequest.from_dict(examples["/v1/yueqing/waits"]))
    assert isinstance(ywaits, WaitsAnswer) and not ywaits.single_wait

    # A batch, each result told apart by its type: an answer (status 200) of the item's
    # ruleset and action, or a refused item's problem.
    items = BatchRequest.from_dict(examples["/v1/batch"])
    answered = batch.sync(client=client, body=items)
    assert isinstance(answered, BatchAnswer), answered
    read: list[tuple[int, int | str]] = []
    for result in answered.results:
        if isinstance(result, BatchProblemResult):
            read.append((result.status, result.problem.type_))
        elif isinstance(result, ChuzhouDrawItemResult):
            read.append((result.status, result.answer.wall_reserve))
        elif isinstance(result, YueqingWaitsItemResult):
            read.append((result.status, len(result.answer.waits)))
    assert read == [(200, 17), (200, 8), (422, "/problems/schema-violation")], read

    # A refusal is the problem document, typed.
    refused = chuzhou_draw.sync(client=client, body=ChuzhouDrawRequest(dealer=9))
    assert isinstance(refused, Problem) and refused.status == 422, refused
    assert refused.errors.additional_keys == ["dealer"]


if __name__ == "__main__":
    with open(sys.argv[2], encoding="utf-8") as file:
        main(sys.argv[1], json.load(file))
    print("the README examples answer through the generated client")
