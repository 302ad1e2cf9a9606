"""Input read exactly (issue #43): ``Accept-Language`` is cut only where an item ends, an item
that runs past the bound dropped, never read with another meaning."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from service.language import CHINESE, ENGLISH, MAX_HEADER, negotiate

DRAW = {"dealer": 0, "zhen": [1, 1, 1, 1], "kongs": 1}


# --- Accept-Language, cut only where an item ends ---------------------------------------------

def test_an_item_cut_at_the_bound_is_dropped_not_read_otherwise(client: FlaskClient) -> None:
    header = "en;q=0.9," + " " * 500 + "zh-CN;q=0"
    assert len(header) > MAX_HEADER > header.index("zh")
    assert negotiate(header) == ENGLISH
    answer = client.post("/v1/chuzhou/draw", json={**DRAW, "dealer": 9},
                         headers={"Accept-Language": header})
    assert answer.headers["Content-Language"] == "en"
    assert answer.get_json()["title"] == "The request does not match the schema"


@pytest.mark.parametrize(("header", "language"), [
    # "zh;q=0.5" cut after "zh" would weigh 1: it is dropped, whatever it weighs whole
    ("en;q=0.6," + " " * (MAX_HEADER - 11) + "zh;q=0.5", ENGLISH),
    ("en;q=0.4," + " " * (MAX_HEADER - 11) + "zh;q=0.5", ENGLISH),
    ("en;q=0.4," + " " * (MAX_HEADER - 13) + "zh;q=0.5", ENGLISH),
    # an item that ends at the bound, or has only spaces past it, is read whole
    ("en;q=0.4," + " " * (MAX_HEADER - 11) + "zh", CHINESE),
    ("en;q=0.4," + " " * (MAX_HEADER - 11) + "zh    , fr", CHINESE),
    ("en;q=0.4," + " " * (MAX_HEADER - 11) + "zh,de", CHINESE),
    # past the bound nothing is read, whatever it says
    ("en;q=0.4," + " " * MAX_HEADER + ", zh", ENGLISH),
    # one item longer than the bound: nothing is read, English
    ("zh;q=1" + " " * MAX_HEADER, CHINESE),
    ("zh" + "-x" * MAX_HEADER, ENGLISH),
])
def test_a_long_header_is_read_to_the_last_whole_item_before_its_bound(
        header: str, language: str) -> None:
    assert len(header) >= MAX_HEADER
    assert negotiate(header) == language
