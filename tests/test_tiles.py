from __future__ import annotations

import pytest

from service.errors import InvalidTiles
from service.tiles import codes, parse_tiles, render


def test_compact_and_array_forms_agree() -> None:
    assert parse_tiles("123m 456p 11z") == parse_tiles(
        ["1m", "2m", "3m", "4p", "5p", "6p", "1z", "1z"])


def test_order_is_kept_and_render_is_stable() -> None:
    assert parse_tiles("7z1m") == [33, 0]
    assert render(parse_tiles("9s1z5p1m")) == "1m5p9s1z"
    assert render([]) == ""


def test_codes_are_distinct_and_sorted_m_p_s_z() -> None:
    assert codes(parse_tiles("6z6m3m6m")) == ["3m", "6m", "6z"]


@pytest.mark.parametrize(("text", "message"), [
    ("8z", "'8z' is not a tile"),
    ("0m", "'0m' is not a tile"),
    ("12x", "'x' is not a tile number"),
    ("m", "suit letter 'm' has no numbers"),
    ("123", "numbers '123' have no suit letter"),
])
def test_bad_compact_strings_name_the_token(text: str, message: str) -> None:
    with pytest.raises(InvalidTiles, match=message):
        parse_tiles(text)


def test_bad_array_items_name_the_index() -> None:
    with pytest.raises(InvalidTiles, match="item 1: '10m' is not a tile"):
        parse_tiles(["1m", "10m"])
