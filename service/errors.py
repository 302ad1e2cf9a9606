"""Domain errors and their RFC 9457 problem documents, and the one table of problem types.

The scoring core raises these; the HTTP layer turns every error, its own included, into
``application/problem+json``. The core never imports Flask. Every problem ``type`` the service
answers is ``/problems/<slug>`` with its slug in ``PROBLEM_TYPES``, and the service answers
``GET /problems/<slug>`` from that table (service/pages.py) with what went wrong and how to fix
it: an error class names its slug, and takes its title and status from the table.
"""

from __future__ import annotations

from itertools import islice
from typing import Any, ClassVar, NamedTuple

PROBLEM_BASE = "/problems/"
# A body stuffed with a quarter of a million bad items must not earn a 78 MB answer: the
# document names the first fields and counts the rest (issue 8).
MAX_FIELD_ERRORS = 20


class ProblemType(NamedTuple):
    """One problem type, as its page ``/problems/<slug>`` describes it."""

    slug: str
    title: str
    status: int
    description: str  # what went wrong
    how_to_fix: str
    rulings: tuple[str, ...] = ()  # the rulings behind it, each at GET /v1/rulings/{id}
    # Whether Werkzeug's own errors of this status become this type (service/api/problems.py;
    # any other status is an http-error). A type may be raised as a ProblemError as well
    # (too-large is both), and the batch and the command line write some themselves.
    http: bool = False

    @property
    def uri(self) -> str:
        return PROBLEM_BASE + self.slug


PROBLEM_TYPES: dict[str, ProblemType] = {kind.slug: kind for kind in (
    ProblemType(
        "schema-violation", "The request does not match the schema", 422,
        "The body is JSON but breaks the request's schema: a required field is missing, a "
        "field is unknown (requests are strict), or a value has the wrong type, is out of "
        "range or is not a tile. `errors` maps each offending field's path to what was "
        "expected.",
        "Correct each field `errors` names, as `openapi.yaml` (or `GET /docs`) describes the "
        "request; remove fields the request does not define. Tiles are compact strings "
        "(`123m456p11z`) or arrays of codes (G-1); seats are 0-3 (G-2).",
        ("G-1", "G-2", "G-6")),
    ProblemType(
        "impossible-hand", "The hand or situation is impossible", 422,
        "The body matches the schema but describes what cannot happen at a table: a fifth "
        "copy of a tile, a hand of the wrong size, a meld that is not a set or was claimed from "
        "a seat it cannot come from, a winning tile missing from the hand, or flags that "
        "contradict each other. Nothing is scored.",
        "Check the field `errors` names against the hand as it was played: `concealed` holds "
        "every standing tile with the winning tile once, the melds' tiles are not repeated in "
        "it, and a kong counts as three tiles (G-3). The ruleset's rulings, cited in the "
        "message, say what it allows.",
        ("G-3", "G-6")),
    ProblemType(
        "not-a-win", "The hand is not a winning hand", 422,
        "The tiles are possible, but they do not form a winning hand under the ruleset; "
        "`detail` says which tiles are left over.",
        "Check that `concealed` and the melds are the hand at the win, the winning tile "
        "included (G-3). `POST /v1/{ruleset}/waits` with the hand before the winning tile "
        "lists the tiles that complete it; the ruleset's rulings "
        "(`GET /v1/rulesets/{ruleset}/rulings`) give its winning shapes.",
        ("G-3", "G-6")),
    ProblemType(
        "ruleset-version-conflict", "The ruleset's money is not at the version pinned", 409,
        "The request pinned `ruleset_version`, and the ruleset this service scores is not at "
        "it: its MAJOR has moved past the pin (some hands are paid differently since), or the "
        "service has not reached the version pinned. Nothing is scored: a stored check fails "
        "here rather than being scored under other rules.",
        "`GET /v1/rulesets/{ruleset}` gives the ruleset's `version`, and CHANGELOG.md what its "
        "MAJOR changed. Score the hand again without the pin (or pinned to the new MAJOR) "
        "and store the new answer, or send it to a service still at the pinned MAJOR. A pin is "
        "a MAJOR (`\"1\"`), or `\"1.2\"`, `\"1.2.0\"` for a service at least that new "
        "within the MAJOR."),
    ProblemType(
        "unprocessable", "Unprocessable request", 422,
        "The body was read, but the service cannot act on it for a reason no narrower problem "
        "type names.",
        "Read `detail` and `errors`: they name the field and what is wrong with it.",
        ("G-6",)),
    ProblemType(
        "too-large", "The request is too large", 413,
        "The request is over a limit: a body over 1 MiB (chunked bodies too; 8 MiB for "
        "`POST /v1/batch`), a batch of more than 1,000 items, work of more than 2,000 hands in "
        "one request (a match counts each event, a batch each item), or a command-line line "
        "over 8 MiB. Nothing of it is run.",
        "Send the work in smaller requests: split a batch or a match in parts and send them "
        "one after the other.",
        http=True),
    ProblemType(
        "bad-json", "The body is not readable JSON", 400,
        "The body is not valid JSON, nests arrays or objects more than 32 deep, or its "
        "framing broke (a bad chunk, a body shorter than its `Content-Length`); on the command "
        "line, a line that is blank or not UTF-8.",
        "Send one complete JSON document in UTF-8, nested at most 32 deep, with a "
        "`Content-Length` that matches it (or proper chunks).",
        http=True),
    ProblemType(
        "unsupported-media-type", "The body is not uncompressed UTF-8 JSON", 415,
        "The body is not sent as `application/json`, comes compressed (a `Content-Encoding` "
        "other than `identity`), or is not UTF-8.",
        "Send `Content-Type: application/json` and the body itself, uncompressed, in UTF-8 "
        "(RFC 8259).",
        http=True),
    ProblemType(
        "not-found", "No such resource", 404,
        "Nothing is served at this path: no such endpoint, problem type or ruling.",
        "Check the path against `openapi.yaml` (`GET /docs`): `GET /problems` lists the "
        "problem types, `GET /v1/rulings` and `GET /v1/rulesets/{ruleset}/rulings` the "
        "rulings.",
        http=True),
    ProblemType(
        "unknown-ruleset", "No such ruleset", 404,
        "The path or a batch item names a ruleset the service does not score, or an action "
        "the ruleset does not offer.",
        "`GET /v1/rulesets` lists the rulesets by id; `openapi.yaml` gives each ruleset's "
        "actions (`POST /v1/{ruleset}/{action}`)."),
    ProblemType(
        "method-not-allowed", "The path does not take this method", 405,
        "The path exists, but not for this HTTP method; the `Allow` header lists the methods "
        "it takes.",
        "Use one of the methods in `Allow`: scoring is `POST` with a JSON body, everything "
        "else `GET`.",
        http=True),
    ProblemType(
        "past-deadline", "The request ran past its deadline", 503,
        "The request was still running at its deadline (`MAHJONG_DEADLINE_SECONDS`, 5 s "
        "unless the deployment sets another) while the worker was busy; nothing of it is "
        "answered.",
        "Retry after the `Retry-After` seconds; a heavy batch or match gets through sooner in "
        "smaller parts."),
    ProblemType(
        "metrics-unavailable", "The metrics cannot be read", 503,
        "`GET /metrics` while the directory the workers write their metrics to "
        "(`PROMETHEUS_MULTIPROC_DIR`) cannot be read; counting resumes when it is back.",
        "Scrape again later; if it lasts, the directory was removed or made unwritable under "
        "the running service (docs/operations.md)."),
    ProblemType(
        "unavailable", "The worker cannot serve now", 503,
        "The worker is shutting down, or could not score its check hands (`GET /readyz`).",
        "Send the request to another worker, or retry in a moment: a load balancer that "
        "checks `/readyz` already stops sending here.",
        http=True),
    ProblemType(
        "http-error", "Another HTTP error", 500,
        "An error with no problem type of its own; the document's `status` and `title` are "
        "the HTTP status's own. Most often 500: the server failed to answer, and no detail is "
        "shared.",
        "Retry; if a 500 lasts, report it with the answer's `X-Request-ID`, which names the "
        "request in the service's log."),
)}


class InvalidTiles(ValueError):
    """A tile list that cannot be parsed (G-1); the schema layer names the field."""


class ProblemError(Exception):
    """An error that carries its own problem document."""

    slug: ClassVar[str] = "unprocessable"
    title: ClassVar[str] = PROBLEM_TYPES[slug].title
    status: ClassVar[int] = PROBLEM_TYPES[slug].status

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass names its type by ``slug`` alone: its title and status are always the
        table's, so a type reads the same wherever it is raised (RFC 9457: a type's title
        does not change between occurrences). A slug not in the table fails at import."""
        super().__init_subclass__(**kwargs)
        kind = PROBLEM_TYPES[cls.slug]
        cls.title, cls.status = kind.title, kind.status

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


def under(prefix: str, errors: dict[str, list[str]]) -> dict[str, list[str]]:
    """Fields named from an enclosing body: each path under ``prefix``, the body itself
    (``body``) as ``prefix`` (a match's event, a batch item's request)."""
    return {(f"{prefix}.{path}" if path != "body" else prefix): texts
            for path, texts in errors.items()}


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


def typed_problem(slug: str, detail: str) -> dict[str, Any]:
    """The document of a problem type from the table, for a refusal no exception carries (a
    command-line line that is not an item)."""
    kind = PROBLEM_TYPES[slug]
    return problem_document(kind.uri, kind.title, kind.status, detail, {})


class SchemaViolation(ProblemError):
    """The body is JSON but breaks the schema."""

    slug = "schema-violation"


class ImpossibleHand(ProblemError):
    """The body is well formed but describes something that cannot happen at a table (G-6)."""

    slug = "impossible-hand"


class NotAWin(ProblemError):
    """The tiles given do not form a winning hand under the ruleset."""

    slug = "not-a-win"


class TooMuchWork(ProblemError):
    """A request asking for more work than one request may (service/work.py)."""

    slug = "too-large"


class PastDeadline(ProblemError):
    """A request still running past its deadline (service/work.py): answered 503 with
    ``Retry-After``."""

    slug = "past-deadline"
    retry_after = 5


class MetricsUnavailable(ProblemError):
    """GET /metrics while the metrics directory cannot be read (service/metrics.py)."""

    slug = "metrics-unavailable"


class VersionConflict(ProblemError):
    """A request pinned a ruleset version the service does not score at."""

    slug = "ruleset-version-conflict"


class UnknownRuleset(ProblemError):
    """A ruleset, or a ruleset's action, the service does not serve."""

    slug = "unknown-ruleset"


def impossible(field: str, message: str) -> ImpossibleHand:
    """An ImpossibleHand naming one field, the common case."""
    return ImpossibleHand(f"{field}: {message}", {field: [message]})


def not_a_win(field: str, message: str) -> NotAWin:
    return NotAWin(f"{field}: {message}", {field: [message]})
