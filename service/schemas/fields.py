"""marshmallow fields for tiles (G-1) and seats (G-2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields, validate

from service.errors import InvalidTiles
from service.tiles import parse_tiles, tile

TILE_PATTERN = "^[1-9][mpsz]$"


class Tiles(fields.Field):  # type: ignore[type-arg]
    """A tile list: a compact string such as ``"123m11z"`` or an array of codes."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "oneOf": [
                {"type": "string", "maxLength": 256,
                 "description": "compact notation, e.g. 123m456p11z"},
                {"type": "array", "items": {"type": "string", "pattern": TILE_PATTERN},
                 "maxItems": 64},
            ],
            **kwargs.pop("metadata", {}),
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> list[int]:
        if isinstance(value, str):
            if len(value) > 256:
                raise ValidationError("a tile string is at most 256 characters")
        elif isinstance(value, list):
            if len(value) > 64 or not all(isinstance(v, str) for v in value):
                raise ValidationError("an array of at most 64 tile code strings is expected")
        else:
            raise ValidationError("expected a compact tile string or an array of tile codes")
        try:
            return parse_tiles(value)
        except InvalidTiles as exc:
            raise ValidationError(str(exc)) from None


class Tile(fields.String):
    """One tile code such as ``"5p"``."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"pattern": TILE_PATTERN, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(  # type: ignore[override]
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return tile(text)
        except InvalidTiles as exc:
            raise ValidationError(str(exc)) from None


class WholeNumber(fields.Integer):
    """A JSON integer: no strings, no fractions, and no booleans (which Python counts as 0/1)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._validated(value)


def Seat(**kwargs: Any) -> fields.Integer:  # noqa: N802 - reads like a field class
    """A seat number 0-3 (G-2)."""
    return WholeNumber(validate=validate.Range(0, 3), **kwargs)


def Count(low: int, high: int, **kwargs: Any) -> fields.Integer:  # noqa: N802
    return WholeNumber(validate=validate.Range(low, high), **kwargs)
