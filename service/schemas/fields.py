"""marshmallow fields for tiles (G-1), seats (G-2), counts and bounded lists.

Every list a request may hold is bounded, and the bound is checked before a single item is
loaded, so an oversized list costs microseconds and a one-line error (issue #8).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, Final

from marshmallow import ValidationError, fields, validate

from service.errors import InvalidTiles
from service.field_messages import OUT_OF_RANGE
from service.language import Message
from service.tiles import NOTATION, parse_tiles, teach, tile

TILE_CODE_REF = "#/components/schemas/TileCode"
# The most a counter a table carries from hand to hand (Chuzhou's 针, Yueqing's 牢庄) may be,
# in a request and in an answer's next state alike, which stays there once it is reached: so
# every next state an answer gives is one the next request may send (docs/contract.md).
MOST_IN_A_ROW: Final = 1_000_000
# What parse_compact accepts, exactly: numbers then a suit letter, ASCII whitespace anywhere.
COMPACT_PATTERN = (r"^[ \t\n\r]*(?:(?:[1-9][ \t\n\r]*)+[mps][ \t\n\r]*"
                   r"|(?:[1-7][ \t\n\r]*)+z[ \t\n\r]*)*$")
MAX_COMPACT_LENGTH = 256
SEATS = ("a seat, 0-3 in turn order (G-2): seat s+1 (mod 4) plays after seat s, "
         "so s+1 is its 下家 and s+3 its 上家")


class Fresh:
    """A ``load_default`` that is a new copy of one plain value each time it is used.

    Unlike a lambda, it says what it makes, so the compiled loader (service/loader.py) writes
    the value straight into its source instead of calling anything.
    """

    def __init__(self, value: Any) -> None:
        self.value = value

    def __call__(self) -> Any:
        return copy.deepcopy(self.value)


class BoundedList(fields.List):  # type: ignore[type-arg]
    """A JSON array of ``min_items``-``max_items`` items, its length checked before its items."""

    def __init__(self, inner: fields.Field, *, max_items: int,  # type: ignore[type-arg]
                 min_items: int = 0, **kwargs: Any) -> None:
        self.min_items, self.max_items = min_items, max_items
        length = (validate.Length(equal=max_items) if min_items == max_items
                  else validate.Length(min=min_items, max=max_items))
        super().__init__(inner, validate=length, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> list[Any]:
        if isinstance(value, list | tuple) and not \
                self.min_items <= len(value) <= self.max_items:
            raise ValidationError(self.length_message(len(value)))
        return super()._deserialize(value, attr, data, **kwargs)

    def length_message(self, got: int) -> str:
        if self.min_items == self.max_items:
            return Message("item-count", "exactly {max} items are expected, not {count}",
                           min=self.min_items, max=self.max_items, count=got)
        if not self.min_items:
            return Message("item-count", "at most {max} items are expected, not {count}",
                           min=self.min_items, max=self.max_items, count=got)
        return Message("item-count", "{min}-{max} items are expected, not {count}",
                       min=self.min_items, max=self.max_items, count=got)


class Tiles(fields.Field):  # type: ignore[type-arg]
    """A tile list: a compact string such as ``"123m11z"`` or an array of codes (G-1)."""

    def __init__(self, *, max_tiles: int, **kwargs: Any) -> None:
        self.max_tiles = max_tiles
        forms: list[dict[str, Any]] = [
            {"type": "string", "pattern": COMPACT_PATTERN, "maxLength": MAX_COMPACT_LENGTH,
             "description": "compact notation, e.g. 123m456p11z"},
            {"type": "array", "items": {"$ref": TILE_CODE_REF}, "maxItems": max_tiles},
        ]
        if kwargs.get("allow_none"):
            forms.append({"type": "null"})
        metadata = kwargs.pop("metadata", {})
        metadata = {**metadata, "oneOf": forms,
                    "description": f"{metadata.get('description', 'tiles')}. At most "
                                   f"{max_tiles} tiles. {NOTATION}"}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> list[int]:
        if isinstance(value, str):
            if len(value) > MAX_COMPACT_LENGTH:
                raise ValidationError(Message(
                    "tile-string-too-long", "a tile string is at most {max} characters",
                    max=MAX_COMPACT_LENGTH))
        elif isinstance(value, list):
            if len(value) > self.max_tiles:
                raise ValidationError(_too_many(self.max_tiles, len(value)))
            if not all(isinstance(v, str) for v in value):
                raise ValidationError(Message("not-tile-codes",
                                              "an array of tile code strings is expected"))
        else:
            raise ValidationError(Message(
                "not-tiles", "expected a compact tile string or an array of tile codes"))
        try:
            tiles = parse_tiles(value)
        except InvalidTiles as exc:
            raise ValidationError(teach(exc.args[0], value)) from None
        if len(tiles) > self.max_tiles:
            raise ValidationError(_too_many(self.max_tiles, len(tiles)))
        return tiles


def _too_many(most: int, count: int) -> Message:
    return Message("too-many-tiles", "at most {max} tiles are expected here, not {count}",
                   max=most, count=count)


class Tile(fields.Field):  # type: ignore[type-arg]
    """One tile code such as ``"5p"`` (the contract's TileCode enum, see ``tile_code_ref``)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        if not isinstance(value, str):
            raise ValidationError(Message("not-a-tile-code",
                                          "a tile code string such as \"5p\" is expected"))
        try:
            return tile(value)
        except InvalidTiles as exc:
            raise ValidationError(teach(exc.args[0], value)) from None


class WholeNumber(fields.Integer):
    """A JSON integer: no strings, no fractions, and no booleans (which Python counts as 0/1)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._validated(value)


class Flag(fields.Boolean):
    """A JSON true or false: not 0/1 or "yes", which marshmallow would otherwise take."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def flag(meaning: str) -> Flag:
    """An optional situation flag, false unless sent."""
    return Flag(load_default=False, metadata={"description": f"{meaning} (default false)"})


def Seat(description: str = "", **kwargs: Any) -> fields.Integer:  # noqa: N802 - a field
    """A seat number 0-3 (G-2); the error and the contract say what the numbers mean."""
    text = f"{description}: {SEATS}" if description else SEATS[0].upper() + SEATS[1:]
    error = Message("not-a-seat", "{input} is not a seat: seats are {min}-{max} in turn order "
                    "(G-2), s+1 (mod 4) after s")
    return WholeNumber(validate=validate.Range(0, 3, error=error),
                       metadata={"description": text}, **kwargs)


def Count(low: int, high: int, **kwargs: Any) -> fields.Integer:  # noqa: N802
    return WholeNumber(validate=validate.Range(low, high, error=OUT_OF_RANGE), **kwargs)


def tile_code_ref(converter: Any, field: Any, **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: a Tile field is the TileCode component in the contract."""
    return {"$ref": TILE_CODE_REF} if isinstance(field, Tile) else {}
