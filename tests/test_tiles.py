from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.errors import InvalidTiles
from service.tiles import _walk, codes, parse_compact, parse_tiles, render


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


def _outcome(parse: Callable[[str], list[int]], text: str) -> list[int] | str:
    try:
        return parse(text)
    except InvalidTiles as exc:
        return f"refused: {exc}"


_RUNS = st.lists(st.tuples(st.text(alphabet="0123456789 ", max_size=5),
                           st.sampled_from(["m", "p", "s", "z", " ", "\t"])),
                 max_size=6).map(lambda runs: "".join(d + s for d, s in runs))


@given(_RUNS | st.text(alphabet="0123456789mpszMx \t\n\r\u00a0\uff11\u0663", max_size=30)
       | st.text(max_size=12))
def test_compact_strings_read_as_the_character_walk_reads_them(text: str) -> None:
    """The run-by-run reading of well-formed strings equals the walk over every character,
    tiles and refusals alike (G-1)."""
    assert _outcome(parse_compact, text) == _outcome(_walk, text)


def test_parsed_lists_are_the_callers_own() -> None:
    parse_compact("555p").append(0)  # every call builds its own list
    assert parse_compact("555p") == [13, 13, 13]


@given(st.text(alphabet="123456789mpsz,", max_size=20))
def test_strings_cut_at_suit_letters_read_as_the_walk_reads_them(text: str) -> None:
    """The separator the fast path cuts on is refused like any other stray character."""
    assert _outcome(parse_compact, text) == _outcome(_walk, text)
