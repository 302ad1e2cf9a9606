"""Domain errors and their RFC 9457 problem documents.

The scoring core raises these; the HTTP layer turns every error, its own included, into
``application/problem+json``. The core never imports Flask.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

PROBLEM_BASE = "/problems/"
# A body stuffed with a quarter of a million bad items must not earn a 78 MB answer: the
# document names the first fields and counts the rest (issue 8).
MAX_FIELD_ERRORS = 20


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

    @classmethod
    def for_fields(cls, errors: dict[str, list[str]]) -> ProblemError:
        """The error for these fields, its detail naming the first few of them."""
        return cls(describe(errors), errors)

    def problem(self) -> dict[str, Any]:
        return problem_document(PROBLEM_BASE + self.slug, self.title, self.status, self.detail,
                                self.errors)


def describe(errors: dict[str, list[str]]) -> str:
    """``"hand.concealed: ...; zhen: ..."`` for the first fields, then how many more."""
    shown = "; ".join(f"{path}: {' '.join(texts)}"
                      for path, texts in islice(errors.items(), MAX_FIELD_ERRORS))
    rest = len(errors) - MAX_FIELD_ERRORS
    return f"{shown}; and {rest} more fields" if rest > 0 else shown


def problem_document(type_: str, title: str, status: int, detail: str,
                     errors: dict[str, list[str]]) -> dict[str, Any]:
    """An RFC 9457 document; past MAX_FIELD_ERRORS fields, ``errors_omitted`` counts the rest."""
    problem: dict[str, Any] = {
        "type": type_,
        "title": title,
        "status": status,
        "detail": detail,
        "errors": dict(islice(errors.items(), MAX_FIELD_ERRORS)),
    }
    if len(errors) > MAX_FIELD_ERRORS:
        problem["errors_omitted"] = len(errors) - MAX_FIELD_ERRORS
    return problem


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


class TooMuchWork(ProblemError):
    """A request asking for more work than one request may (service/work.py)."""

    status = 413
    slug = "too-large"
    title = "The request asks for more work than one request may"


class PastDeadline(ProblemError):
    """A request still running past its deadline (service/work.py): answered 503 with
    ``Retry-After``."""

    status = 503
    slug = "past-deadline"
    title = "The request ran past its deadline"
    retry_after = 5


class MetricsUnavailable(ProblemError):
    """GET /metrics while the metrics directory cannot be read (service/metrics.py)."""

    status = 503
    slug = "metrics-unavailable"
    title = "The metrics cannot be read"


class UnknownRuleset(ProblemError):
    status = 404
    slug = "unknown-ruleset"
    title = "No such ruleset"


def impossible(field: str, message: str) -> ImpossibleHand:
    """An ImpossibleHand naming one field, the common case."""
    return ImpossibleHand(f"{field}: {message}", {field: [message]})


def not_a_win(field: str, message: str) -> NotAWin:
    return NotAWin(f"{field}: {message}", {field: [message]})
