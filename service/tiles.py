"""Tiles (G-1): parsing compact strings and code arrays, rendering, integer codes.

A tile is an integer 0-33: 万 1-9 are 0-8, 饼 9-17, 条 18-26, then 东 南 西 北 白 发 中 27-33.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from service.errors import InvalidTiles

SUITS = "mpsz"
NUM_TILES = 34
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)


_RANGES = "use 1-9 with m, p or s, or 1-7 with z"


def tile(code: str) -> int:
    """The integer of one code such as ``"5m"`` or ``"7z"``."""
    if len(code) == 2 and code[0].isdigit() and code[1] in SUITS:
        number, suit = int(code[0]), SUITS.index(code[1])
        if 1 <= number <= (7 if suit == 3 else 9):
            return suit * 9 + number - 1
    raise InvalidTiles(f"'{code}' is not a tile ({_RANGES})")


def code(t: int) -> str:
    """The code of one tile integer: ``code(0) == "1m"``."""
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def suit_of(t: int) -> int:
    """0 万, 1 饼, 2 条, 3 honours."""
    return t // 9


def number_of(t: int) -> int:
    """1-9 for suited tiles, 1-7 for honours."""
    return t % 9 + 1


def is_honor(t: int) -> bool:
    return t >= 27


def is_terminal(t: int) -> bool:
    return t < 27 and t % 9 in (0, 8)


_DIGITS = {str(n): n for n in range(10)}
_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


def parse_compact(text: str) -> list[int]:
    """Parse ``"123m 456p 11z"``: runs of digits each closed by a suit letter."""
    tiles: list[int] = []
    digits: list[int] = []
    for ch in text:
        if ch in _DIGITS:
            digits.append(_DIGITS[ch])
        elif ch in _SUIT_BASE:
            if not digits:
                raise InvalidTiles(f"suit letter '{ch}' has no numbers before it")
            base, top = _SUIT_BASE[ch], 7 if ch == "z" else 9
            for n in digits:
                if not 1 <= n <= top:
                    raise InvalidTiles(f"'{n}{ch}' is not a tile ({_RANGES})")
                tiles.append(base + n - 1)
            digits.clear()
        elif not ch.isspace():
            raise InvalidTiles(f"'{ch}' is not a tile number or a suit letter (m, p, s, z)")
    if digits:
        raise InvalidTiles(f"numbers '{''.join(map(str, digits))}' have no suit letter after them")
    return tiles


def parse_tiles(value: str | Sequence[str]) -> list[int]:
    """Parse a compact string or a JSON array of codes (G-1)."""
    if isinstance(value, str):
        return parse_compact(value)
    result = []
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise InvalidTiles(f"item {index} is not a tile code string")
        try:
            result.append(tile(item.strip()))
        except InvalidTiles as exc:
            raise InvalidTiles(f"item {index}: {exc}") from None
    return result


def render(tiles: Iterable[int]) -> str:
    """Compact string in the stable order m, p, s, z: ``render([0, 1, 2]) == "123m"``."""
    by_suit: list[list[int]] = [[], [], [], []]
    for t in sorted(tiles):
        by_suit[t // 9].append(t % 9 + 1)
    return "".join(
        "".join(map(str, numbers)) + SUITS[s] for s, numbers in enumerate(by_suit) if numbers
    )


def codes(tiles: Iterable[int]) -> list[str]:
    """Distinct tiles as sorted codes: ``["3m", "6m", "6z"]``."""
    return [code(t) for t in sorted(set(tiles))]


def counts_of(tiles: Iterable[int]) -> list[int]:
    counts = [0] * NUM_TILES
    for t in tiles:
        counts[t] += 1
    return counts
