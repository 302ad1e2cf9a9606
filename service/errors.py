"""Domain errors and their RFC 9457 problem documents.

The scoring core raises these; the HTTP layer turns every error, its own included, into
``application/problem+json``. The core never imports Flask.
"""

from __future__ import annotations

from typing import Any

PROBLEM_BASE = "/problems/"


class InvalidTiles(ValueError):
    """A tile list that cannot be parsed (G-1); the schema layer names the field."""


class ProblemError(Exception):
    """An error that carries its own problem document."""

    status = 422
    slug = "unprocessable"
    title = "Unprocessable request"

    def __init__(self, detail: str, errors: dict[str, list[str]] | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.errors = errors or {}

    def problem(self) -> dict[str, Any]:
        return {
            "type": PROBLEM_BASE + self.slug,
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
            "errors": self.errors,
        }


class SchemaViolation(ProblemError):
    """The body is JSON but breaks the schema."""

    slug = "schema-violation"
    title = "The request does not match the schema"


class ImpossibleHand(ProblemError):
    """The body is well formed but describes something that cannot happen at a table (G-6)."""

    slug = "impossible-hand"
    title = "The hand or situation is impossible"


class NotAWin(ProblemError):
    """The tiles given do not form a winning hand under the ruleset."""

    slug = "not-a-win"
    title = "The hand is not a winning hand"


class UnknownRuleset(ProblemError):
    status = 404
    slug = "unknown-ruleset"
    title = "No such ruleset"


def impossible(field: str, message: str) -> ImpossibleHand:
    """An ImpossibleHand naming one field, the common case."""
    return ImpossibleHand(f"{field}: {message}", {field: [message]})


def not_a_win(field: str, message: str) -> NotAWin:
    return NotAWin(f"{field}: {message}", {field: [message]})
