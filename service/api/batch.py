"""POST /v1/batch: many items, each answered as its single endpoint would."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request

from service.api.body import json_body
from service.batch import run_batch
from service.hints import hint_budget
from service.work import deadline

MAX_BATCH_BYTES = 8 * 1024 * 1024

bp = Blueprint("batch", __name__)


@bp.post("/v1/batch")
def batch() -> dict[str, Any]:
    """Answer up to 1,000 items (score, draw, instant, escape, waits, advice, match) in one call."""
    request.max_content_length = MAX_BATCH_BYTES  # a batch may be larger than one request
    body = json_body()
    with deadline(), hint_budget():
        return run_batch(body)
