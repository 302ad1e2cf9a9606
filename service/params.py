"""The params a problem's causes carry: each name's type and meaning, one for every code.

A cause is ``{field, code, params, message, name}`` (service/errors.py ``CAUSES`` lists each
code with its name and the names of its params). A param's name means one thing, of one type,
wherever it appears (``count`` is always a count, ``tiles`` always tile codes), so an app reads
``params.count`` the same way for every code, and the contract types each name once:
``CauseParamValues`` holds every name, ``CauseParams`` each code's names with which are always
there (service/openapi_causes.py).

The kinds: ``integer``, ``number``, ``boolean``, ``string``, ``tile`` (a ``TileCode``),
``tiles`` (an array of them), ``strings`` (an array of strings) and ``any`` (any JSON value: a
value a client sent, as it sent it).
"""

from __future__ import annotations

from typing import Final, NamedTuple

KINDS: Final = ("integer", "number", "boolean", "string", "tile", "tiles", "strings", "any")


class Param(NamedTuple):
    kind: str
    meaning: str


PARAMS: Final[dict[str, Param]] = {
    # counts and bounds
    "count": Param("integer", "how many there are (items, tiles, copies, variants)"),
    "min": Param("integer", "the least allowed"),
    "max": Param("integer", "the most allowed"),
    "equal": Param("integer", "the one length allowed"),
    "value": Param("integer", "the number sent"),
    "limit": Param("integer", "how deep a body may nest"),
    "status": Param("integer", "the HTTP status"),
    "size": Param("integer", "the body's size in bytes"),
    "line": Param("integer", "the line where reading stopped, from 1"),
    "column": Param("integer", "the column where reading stopped, from 1"),
    "byte": Param("integer", "the first byte that is not UTF-8, from 1"),
    "index": Param("integer", "the item's place in its array, from 0"),
    "seconds": Param("number", "the deadline, in seconds"),
    "retry": Param("integer", "the seconds to wait before retrying"),
    "work": Param("integer", "the work asked for, in hands"),
    "total": Param("integer", "the work asked for in all, in hands"),
    "advice": Param("integer", "the work of one advice, in hands"),
    "house_rules": Param("integer", "the work of each distinct set of house rules, in hands"),
    "parameters": Param("integer", "how many parameters sent weigh one hand"),
    # the hand
    "tile": Param("tile", "the tile"),
    "tiles": Param("tiles", "the tiles"),
    "melds": Param("integer", "how many melds (吃, 碰, 杠) the hand has"),
    "expected": Param("integer", "how many tiles the standing hand holds"),
    "expected_too": Param("integer", "the other number of standing tiles allowed"),
    "in_play": Param("integer", "how many of the tile there are at the table"),
    "sets": Param("integer", "how many sets the standing tiles should make besides the pair"),
    "seven_pairs": Param("boolean", "whether seven pairs would have been a win too"),
    "seat": Param("integer", "a seat, 0-3 in turn order (G-2)"),
    "dealt": Param("integer", "how many tiles the dealer is dealt"),
    "meld": Param("string", "the meld's type as sent (chi, peng, gang)"),
    "by": Param("string", "how the hand was won, as sent (discard, robbing_kong)"),
    "pattern": Param("string", "a pattern's name (self-draw-only), or the contract's regular "
                               "expression a version matches (not-a-version)"),
    # what a client sent, and the names it may mean
    "input": Param("any", "the value sent"),
    "text": Param("string", "the text sent, cut to its first characters"),
    "letter": Param("string", "the suit letter sent"),
    "numbers": Param("string", "the numbers sent"),
    "written": Param("string", "the tile codes to write instead"),
    "suggestions": Param("strings", "the names the one sent most likely meant"),
    "choices": Param("strings", "the values allowed"),
    "pin": Param("string", "the ruleset_version sent, its first 32 characters"),
    "name": Param("string", "the field's name"),
    "given": Param("strings", "the fields sent that ask for it"),
    "needed": Param("string", "the field needed as well, as the request names it"),
    "rule": Param("string", "the house-rules parameter (a key of a request's rules)"),
    "flags": Param("strings", "the situation fields that cannot hold together (CZ-18)"),
    "form": Param("string", "the winning form a request's rules switch off (CZ-19)"),
    "parameter": Param("string", "the house-rules switch that turns a winning form off"),
    # the service
    "ruleset": Param("string", "a ruleset's id"),
    "known": Param("strings", "the rulesets' ids"),
    "action": Param("string", "the action asked for"),
    "variant": Param("string", "the variant named"),
    "served": Param("strings", "the variants served"),
    "version": Param("string", "the ruleset's version in this service"),
    "slug": Param("string", "the problem type asked for"),
    "ruling": Param("string", "the ruling asked for"),
    "url": Param("string", "where the ruling is served"),
    "encoding": Param("string", "the body's encoding as the request names it"),
    "reason": Param("string", "what went wrong, in the words of the part that failed (English)"),
}
