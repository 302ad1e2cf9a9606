"""Tiles (G-1): parsing compact strings and code arrays, rendering, integer codes.

A tile is an integer 0-33: 万 1-9 are 0-8, 饼 9-17, 条 18-26, then 东 南 西 北 白 发 中 27-33.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Final

from service.errors import InvalidTiles
from service.language import N_, SENTENCE_BREAK, Message, Phrase, joined

# Module constants are Final throughout the core: compiled (mypyc), code reads a Final name as
# a constant, any other module-level name from the module's dict at every use.
SUITS: Final = "mpsz"
NUM_TILES: Final = 34
COPIES: Final = 4  # of each tile at the table (G-6)
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
WINDS: Final[tuple[int, ...]] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final[tuple[int, ...]] = (WHITE, GREEN, RED)


NOTATION = N_("Tiles are written in ASCII as numbers then a suit letter: 1-9 with m (万), "
              "p (饼) or s (条), 1-7 with z (东 南 西 北 白 发 中), as a compact string such as "
              "'123m55p7z' or an array of codes such as [\"1m\", \"2m\"].")
#: Every tile code, in tile order: the contract's enum.
CODES: Final = tuple(f"{n}{suit}" for suit in SUITS for n in range(1, 8 if suit == "z" else 10))
#: Each code's tile integer: ``TILE_OF["1m"] == 0``.
TILE_OF: Final = {text: index for index, text in enumerate(CODES)}


def shown(text: str, limit: int = 24) -> str:
    """Input echoed in a message: cut short, and anything UTF-8 cannot carry (lone surrogates)
    escaped, so a message is always small and always encodable."""
    if len(text) > limit:
        text = text[:limit] + "…"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def tile(code: str) -> int:
    """The integer of one code such as ``"5m"`` or ``"7z"``: ASCII only, exactly as written."""
    try:
        return TILE_OF[code]
    except KeyError:
        raise InvalidTiles(_not_a_tile(shown(code))) from None


def _not_a_tile(text: str) -> Message:
    return Message("not-a-tile",
                   "'{text}' is not a tile (use 1-9 with m, p or s, or 1-7 with z)", text=text)


def code(t: int) -> str:
    """The code of one tile integer: ``code(0) == "1m"``."""
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def is_honor(t: int) -> bool:
    return t >= 27


def is_terminal(t: int) -> bool:
    return t < 27 and t % 9 in (0, 8)


_DIGITS: Final = {str(n): n for n in range(10)}
_SPACES: Final = frozenset(" \t\n\r")
_SUIT_BASE: Final = {"m": 0, "p": 9, "s": 18, "z": 27}
# Each ASCII code's tile base if it is a suit letter (m p s z), else -1.
_BASE_OF: Final[tuple[int, ...]] = tuple(_SUIT_BASE.get(chr(c), -1) for c in range(128))


def parse_compact(text: str) -> list[int]:
    """Parse ``"123m 456p 11z"``: runs of digits each closed by a suit letter.

    A string of digits and suit letters only, as clients send, is read in one pass over its
    bytes from the end, so that each digit's suit is known when it is met: written for the
    compiled build, where the loop does plain int arithmetic. Any other string is walked one
    character at a time (whitespace skipped, the first problem named).
    """
    if not text.isascii():
        return _walk(text)
    data = text.encode()
    tiles: list[int] = []
    base = -1  # the suit of the run being read, from its letter; -1 before any letter
    run = 0    # digits read in that run
    for i in range(len(data) - 1, -1, -1):
        byte = data[i]
        if 49 <= byte <= 57:  # 1-9
            if base < 0 or (base == 27 and byte > 55):  # after the last letter; 8z or 9z
                return _walk(text)
            tiles.append(base + byte - 49)
            run += 1
            continue
        letter = _BASE_OF[byte]
        if letter < 0 or (base >= 0 and run == 0):  # a stray character; a bare letter
            return _walk(text)
        base = letter
        run = 0
    if base >= 0 and run == 0:  # the first letter has no digits before it
        return _walk(text)
    tiles.reverse()
    return tiles


def _walk(text: str) -> list[int]:
    """The compact notation read one character at a time, raising at the first problem."""
    tiles: list[int] = []
    digits: list[int] = []
    for ch in text:
        if ch in _DIGITS:
            digits.append(_DIGITS[ch])
        elif ch in _SUIT_BASE:
            if not digits:
                raise InvalidTiles(Message("suit-without-numbers",
                                           "suit letter '{letter}' has no numbers before it",
                                           letter=ch))
            base, top = _SUIT_BASE[ch], 7 if ch == "z" else 9
            for n in digits:
                if not 1 <= n <= top:
                    raise InvalidTiles(_not_a_tile(f"{n}{ch}"))
                tiles.append(base + n - 1)
            digits.clear()
        elif ch not in _SPACES:  # G-1: whitespace is ignored (ASCII whitespace only)
            raise InvalidTiles(Message(
                "not-a-tile-character",
                "'{text}' is not a tile number or a suit letter (m, p, s, z)", text=shown(ch)))
    if digits:
        raise InvalidTiles(Message("numbers-without-suit",
                                   "numbers '{numbers}' have no suit letter after them",
                                   numbers="".join(map(str, digits))))
    return tiles


def parse_tiles(value: str | Sequence[str]) -> list[int]:
    """Parse a compact string or a JSON array of codes (G-1)."""
    if isinstance(value, str):
        return parse_compact(value)
    result = []
    # (not named ``item``: the message extractor takes ``item(...)`` for a catalogue row)
    for index, written in enumerate(value):
        if not isinstance(written, str):
            raise InvalidTiles(Message("not-a-tile-code", "item {index} is not a tile code "
                                       "string", index=index))
        if written not in TILE_OF:
            raise InvalidTiles(Message(
                "not-a-tile", "item {index}: '{text}' is not a tile (use 1-9 with m, p or s, "
                "or 1-7 with z)", index=index, text=shown(written)))
        result.append(TILE_OF[written])
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


# Notations a newcomer brings from elsewhere, and the codes they mean (G-1).
_HONOUR_NAMES = (("红中", "7z"), ("紅中", "7z"), ("发财", "6z"), ("發財", "6z"), ("白板", "5z"),
                 ("东", "1z"), ("東", "1z"), ("南", "2z"), ("西", "3z"), ("北", "4z"),
                 ("白", "5z"), ("发", "6z"), ("發", "6z"), ("中", "7z"), ("风", ""), ("風", ""))
_CHINESE = str.maketrans({**{ch: str(n) for n, ch in enumerate("一二三四五六七八九", 1)},
                          "万": "m", "萬": "m", "饼": "p", "餅": "p", "筒": "p",
                          "条": "s", "條": "s", "索": "s", "M": "m", "P": "p", "S": "s", "Z": "z"})
_WORDS = {"e": "1z", "s": "2z", "w": "3z", "n": "4z", "east": "1z", "south": "2z", "west": "3z",
          "north": "4z", "white": "5z", "green": "6z", "red": "7z"}


def _meant(text: str) -> list[int] | None:
    """The tiles an alternative notation of one string means, or None if it is not one."""
    plain = unicodedata.normalize("NFKC", text).strip()  # full-width and superscript digits
    if plain.lower() in _WORDS:
        plain = _WORDS[plain.lower()]
    for name, replacement in _HONOUR_NAMES:
        plain = plain.replace(name, replacement)
    plain = plain.translate(_CHINESE).replace(" ", "")
    try:
        tiles = parse_compact(plain)
    except InvalidTiles:
        return None
    return tiles or None


def teach(problem: str, value: object) -> str:
    """A tile error that says how to write tiles and, for a recognisable alternative notation
    (``123M``, ``一万``, ``东``, ``E``, full-width digits), the codes to use instead."""
    hint: list[str] = []
    if isinstance(value, str) and len(value) <= 64:
        meant = _meant(value)
        if meant is not None:
            hint = [SENTENCE_BREAK, Message("write-instead", "Write '{written}' for '{text}'.",
                                            written=render(meant), text=shown(value))]
    elif isinstance(value, list) and all(isinstance(item, str) and len(item) <= 16
                                         for item in value):
        found = [_meant(item) for item in value]
        if all(m is not None and len(m) == 1 for m in found):
            written = ", ".join(f'"{code(m[0])}"' for m in found if m)
            hint = [SENTENCE_BREAK, Message("write-instead", "Write [{written}].",
                                            written=written)]
    return joined(problem, ". ", Phrase(NOTATION), *hint)
