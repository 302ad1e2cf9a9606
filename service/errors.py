"""Domain errors and their RFC 9457 problem documents, and the one table of problem types.

The scoring core raises these; the HTTP layer turns every error, its own included, into
``application/problem+json``. The core never imports Flask. Every problem ``type`` the service
answers is ``/problems/<slug>`` with its slug in ``PROBLEM_TYPES``, and the service answers
``GET /problems/<slug>`` from that table (service/pages.py) with what went wrong and how to fix
it: an error class names its slug, and takes its title and status from the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import Any, ClassVar, NamedTuple

from service.language import SENTENCE_BREAK, Message, NamedObject, Phrase, coded, joined

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


_TYPES = (
    ProblemType(
        "schema-violation", Phrase("The request does not match the schema"), 422,
        Phrase("The body is JSON but breaks the request's schema: a required field is missing, a "
               "field is unknown (requests are strict), or a value has the wrong type, is out of "
               "range or is not a tile. `errors` maps each offending field's path to what was "
               "expected."),
        Phrase("Correct each field `errors` names, as `openapi.yaml` (or `GET /docs`) describes "
               "the request; remove fields the request does not define. Tiles are compact strings "
               "(`123m456p11z`) or arrays of codes (G-1); seats are 0-3 (G-2)."),
        ("G-1", "G-2", "G-6")),
    ProblemType(
        "impossible-hand", Phrase("The hand or situation is impossible"), 422,
        Phrase("The body matches the schema but describes what cannot happen at a table: a fifth "
               "copy of a tile, a hand of the wrong size, a meld that is not a set or was claimed "
               "from a seat it cannot come from, a winning tile missing from the hand, or flags "
               "that contradict each other. Nothing is scored."),
        Phrase("Check the field `errors` names against the hand as it was played: `concealed` "
               "holds every standing tile with the winning tile once, the melds' tiles are not "
               "repeated in it, and a kong counts as three tiles (G-3). The ruleset's rulings, "
               "cited in the message, say what it allows."),
        ("G-3", "G-6")),
    ProblemType(
        "not-a-win", Phrase("The hand is not a winning hand"), 422,
        Phrase("The tiles are possible, but they do not form a winning hand under the ruleset, "
               "or form one only in a winning form the request's own rules switch off (CZ-19); "
               "`detail` says which tiles are left over, or which form and switch."),
        Phrase("Check that `concealed` and the melds are the hand at the win, the winning tile "
               "included (G-3). `POST /v1/{ruleset}/waits` with the hand before the winning tile "
               "lists the tiles that complete it; the ruleset's rulings (`GET "
               "/v1/rulesets/{ruleset}/rulings`) give its winning shapes."),
        ("G-3", "G-6")),
    ProblemType(
        "ruleset-version-conflict", Phrase("The ruleset's money is not at the version pinned"), 409,
        Phrase("The request pinned `ruleset_version`, and the ruleset this service scores is not "
               "at it: its MAJOR has moved past the pin (some hands are paid differently since), "
               "or the service has not reached the version pinned. Nothing is scored: a stored "
               "check fails here rather than being scored under other rules."),
        Phrase("The problem's `changes` lists every change of the ruleset's money since the "
               "pin (`GET /v1/rulesets/{ruleset}/changes` lists them all). To recheck a stored "
               "answer, send its request again without the pin, the stored answer as "
               "`expected` and its `ruleset_version` as `paid_under`: the check says what "
               "differs and which changes lie between (docs/contract.md, Versioning). Or send "
               "it to a service still at the pinned MAJOR. A pin is a MAJOR (`\"1\"`), or "
               "`\"1.2\"`, `\"1.2.0\"` for a service at least that new within the MAJOR.")),
    ProblemType(
        "unprocessable", Phrase("Unprocessable request"), 422,
        Phrase("The body was read, but the service cannot act on it for a reason no narrower "
               "problem type names."),
        Phrase("Read `detail` and `errors`: they name the field and what is wrong with it."),
        ("G-6",)),
    ProblemType(
        "too-large", Phrase("The request is too large"), 413,
        Phrase("The request is over a limit: a body over 1 MiB (chunked bodies too; 8 MiB for "
               "`POST /v1/batch`), a batch of more than 1,000 items, work of more than 2,000 hands "
               "in one request (a match counts each event, a batch each item), or a command-line "
               "line over 8 MiB. Nothing of it is run."),
        Phrase("Send the work in smaller requests: split a batch or a match in parts and send them "
               "one after the other."),
        http=True),
    ProblemType(
        "bad-json", Phrase("The body is not readable JSON"), 400,
        Phrase("The body is not valid JSON (`NaN` and `Infinity` are not JSON), nests arrays "
               "or objects more than 32 deep, or its framing broke (a bad chunk, a body shorter "
               "than its `Content-Length`); on the command line, a line that is blank or not "
               "UTF-8. The message says the line and column where reading stopped."),
        Phrase("Send one complete JSON document in UTF-8, nested at most 32 deep, with a "
               "`Content-Length` that matches it (or proper chunks)."),
        http=True),
    ProblemType(
        "unsupported-media-type", Phrase("The body is not uncompressed UTF-8 JSON"), 415,
        Phrase("The body is not sent as `application/json`, comes compressed (a `Content-Encoding` "
               "other than `identity`), or is not UTF-8."),
        Phrase("Send `Content-Type: application/json` and the body itself, uncompressed, in UTF-8 "
               "(RFC 8259)."),
        http=True),
    ProblemType(
        "not-found", Phrase("No such resource"), 404,
        Phrase("Nothing is served at this path: no such endpoint, problem type or ruling."),
        Phrase("Check the path against `openapi.yaml` (`GET /docs`): `GET /problems` lists the "
               "problem types, `GET /v1/rulings` and `GET /v1/rulesets/{ruleset}/rulings` the "
               "rulings."),
        http=True),
    ProblemType(
        "unknown-ruleset", Phrase("No such ruleset"), 404,
        Phrase("The path or a batch item names a ruleset the service does not score, or an action "
               "the ruleset does not offer."),
        Phrase("`GET /v1/rulesets` lists the rulesets by id; `openapi.yaml` gives each ruleset's "
               "actions (`POST /v1/{ruleset}/{action}`).")),
    ProblemType(
        "method-not-allowed", Phrase("The path does not take this method"), 405,
        Phrase("The path exists, but not for this HTTP method; the `Allow` header lists the "
               "methods it takes."),
        Phrase("Use one of the methods in `Allow`: scoring is `POST` with a JSON body, everything "
               "else `GET`."),
        http=True),
    ProblemType(
        "past-deadline", Phrase("The request ran past its deadline"), 503,
        Phrase("The request was still running at its deadline (`MAHJONG_DEADLINE_SECONDS`, 5 s "
               "unless the deployment sets another) while the worker was busy; nothing of it is "
               "answered."),
        Phrase("Retry after the `Retry-After` seconds; a heavy batch or match gets through sooner "
               "in smaller parts.")),
    ProblemType(
        "metrics-unavailable", Phrase("The metrics cannot be read"), 503,
        Phrase("`GET /metrics` while the directory the workers write their metrics to "
               "(`PROMETHEUS_MULTIPROC_DIR`) cannot be read; counting resumes when it is back."),
        Phrase("Scrape again later; if it lasts, the directory was removed or made unwritable "
               "under the running service (docs/operations.md).")),
    ProblemType(
        "unavailable", Phrase("The worker cannot serve now"), 503,
        Phrase("The worker is shutting down, or could not score its check hands (`GET /readyz`)."),
        Phrase("Send the request to another worker, or retry in a moment: a load balancer that "
               "checks `/readyz` already stops sending here."),
        http=True),
    ProblemType(
        "http-error", Phrase("Another HTTP error"), 500,
        Phrase("An error with no problem type of its own; the document's `status` and `title` are "
               "the HTTP status's own. Most often 500: the server failed to answer, and no detail "
               "is shared."),
        Phrase("Retry; if a 500 lasts, report it with the answer's `X-Request-ID`, which names the "
               "request in the service's log.")),
)
# Every text of the table is a Phrase: said in the language a request asks for.
PROBLEM_TYPES: dict[str, ProblemType] = {kind.slug: kind for kind in _TYPES}


class Cause(NamedTuple):
    """One code a problem's ``causes`` may carry: its name, the params its message is built
    from, and what it means. An app shows a problem in its own words from ``code`` and
    ``params``; a cause answered carries the name in the language asked for (``cause_name``)."""

    name: Phrase  # a short label, title-like: "Missing field", 缺少字段 (the catalog's)
    params: tuple[str, ...]
    meaning: str


# Every cause code, the same in every language (docs/contract.md; openapi.yaml lists them).
# A param in brackets is present only sometimes. Every unknown name or value a did-you-mean
# hint follows gains [suggestions], the names it most likely meant. A new code costs its row
# here, then `make messages` and its name's msgstr in the Simplified catalog (the Traditional
# is made), then `make regen` for the contract's list (tests/test_cause_names.py fails on a
# name left untranslated, tests/test_language.py on a code raised without a row).
CAUSES: dict[str, Cause] = {
    # the body itself (400, 413, 415)
    "bad-request": Cause(Phrase("Unreadable request"), ("status",),
                         "the request could not be read"),
    "broken-framing": Cause(Phrase("Broken framing"), (),
                            "the body's framing broke (a bad chunk, a short body)"),
    "not-json": Cause(Phrase("Not JSON"), ("[size]", "[line]", "[column]", "[reason]"),
                      "the body (or a command-line line) is not valid JSON (NaN and Infinity are "
                      "not JSON); size in bytes; line and column where reading stopped; reason: "
                      "the JSON reader's own words, in English"),
    "blank-line": Cause(Phrase("Blank line"), (), "a command-line line is blank"),
    "line-too-long": Cause(Phrase("Line too long"), ("max",),
                           "a command-line line is longer than max MiB"),
    "number-too-long": Cause(Phrase("Number too long"), (),
                             "a command-line line holds a number longer than any field"),
    "too-deep": Cause(Phrase("Nested too deep"), ("limit",),
                      "the body nests arrays or objects more than limit deep"),
    "body-too-large": Cause(Phrase("Body too large"), ("status",),
                            "the body is over the size limit"),
    "not-json-media-type": Cause(Phrase("Not sent as JSON"), (),
                                 "the body is not sent as application/json"),
    "unsupported-media-type": Cause(Phrase("Unsupported media type"), ("status",),
                                    "the body's media type is not JSON"),
    "compressed": Cause(Phrase("Compressed body"), ("encoding",),
                        "the body comes compressed with this Content-Encoding"),
    "not-utf8": Cause(Phrase("Not UTF-8"), ("[encoding]", "[byte]"),
                      "the body is not UTF-8 (encoding: the one it is in; byte: the first bad "
                      "byte of a command-line line)"),
    # paths and methods (404, 405) and the server (408, 414, 431, 500, 503)
    "no-such-path": Cause(Phrase("No such path"), ("status",), "nothing is served at this path"),
    "no-such-problem-type": Cause(Phrase("No such problem type"), ("slug",),
                                  "no problem type has this slug"),
    "no-such-ruling": Cause(Phrase("No such ruling"), ("ruling",), "no ruling has this id"),
    "no-such-ruling-here": Cause(Phrase("No such ruling in the ruleset"), ("ruleset", "ruling"),
                                 "the ruleset has no such ruling"),
    "ruling-elsewhere": Cause(Phrase("Ruling of another ruleset"), ("ruleset", "ruling", "url"),
                              "the ruling is not the ruleset's; url is where it is"),
    "unknown-ruleset": Cause(Phrase("Unknown ruleset"), ("ruleset", "known"),
                             "no ruleset has this id; known lists them"),
    "unknown-action": Cause(Phrase("Unknown action"), ("ruleset", "action"),
                            "the ruleset has no such action"),
    "method-not-allowed": Cause(Phrase("Method not allowed"), ("status",),
                                "the path does not take this method"),
    "request-timeout": Cause(Phrase("Request timed out"), ("status",),
                             "the request was not sent in time"),
    "url-too-long": Cause(Phrase("URL too long"), ("status",), "the URL is too long"),
    "headers-too-large": Cause(Phrase("Header too large"), ("status",),
                               "a header field is too large"),
    "server-error": Cause(Phrase("Server error"), ("[status]",), "the server failed to answer"),
    "unavailable": Cause(Phrase("Unavailable"), ("status",), "the worker cannot serve now"),
    "shutting-down": Cause(Phrase("Shutting down"), (), "the worker is shutting down"),
    "not-ready": Cause(Phrase("Not ready"), (), "the worker could not score its check hands"),
    "past-deadline": Cause(Phrase("Past the deadline"), ("seconds", "retry"),
                           "the request ran past its deadline of seconds; retry after retry "
                           "seconds"),
    "metrics-unavailable": Cause(Phrase("Metrics unavailable"), ("reason",),
                                 "the metrics directory cannot be read"),
    "http-error": Cause(Phrase("Another HTTP error"), (),
                        "another HTTP error (http-<status> names its status)"),
    # limits (413)
    "too-much-work": Cause(
        Phrase("Too much work"),
        ("work", "max", "[advice]", "[house_rules]", "[parameters]", "[total]"),
        "the request asks for the work of more hands than max (total: what it asked in all, "
        "where the work is found while running)"),
    "no-claiming-seat": Cause(Phrase("No seat could claim these melds"), (),
                              "no one seat could have claimed all these melds"),
    "too-many-items": Cause(Phrase("Too many items"), ("count", "max"),
                            "a batch of more than max items"),
    # the schema (422 schema-violation)
    "missing-field": Cause(Phrase("Missing field"), (), "a required field is missing"),
    "unknown-field": Cause(Phrase("Unknown field"), ("[suggestions]",),
                           "the request defines no such field"),
    "null-value": Cause(Phrase("Null value"), (), "the field may not be null"),
    "invalid-value": Cause(Phrase("Invalid value"), (), "the value is not valid here"),
    "not-an-integer": Cause(Phrase("Not an integer"), (), "an integer is expected"),
    "not-a-number": Cause(Phrase("Not a number"), (), "a number is expected"),
    "number-too-large": Cause(Phrase("Number too large"), (), "the number is too large"),
    "not-a-string": Cause(Phrase("Not a string"), (), "a string is expected"),
    "not-utf8-string": Cause(Phrase("String not UTF-8"), (), "the string is not UTF-8"),
    "not-a-boolean": Cause(Phrase("Not true or false"), (), "true or false is expected"),
    "not-an-array": Cause(Phrase("Not an array"), (), "an array is expected"),
    "not-an-object": Cause(Phrase("Not an object"), (), "an object is expected"),
    "not-one-of": Cause(Phrase("Not one of the choices"), ("choices", "[suggestions]"),
                        "the value is none of choices"),
    "out-of-range": Cause(Phrase("Out of range"), ("min", "max"), "the number is outside min-max"),
    "too-short": Cause(Phrase("Too short"), ("min",), "shorter than min"),
    "too-long": Cause(Phrase("Too long"), ("max",), "longer than max"),
    "wrong-length": Cause(Phrase("Wrong length"), ("[min]", "[max]", "[equal]"),
                          "the length is not min-max (or equal)"),
    "pattern-mismatch": Cause(Phrase("Wrong format"), (),
                              "the string does not match the pattern the contract gives"),
    "item-count": Cause(Phrase("Wrong number of items"), ("count", "min", "max"),
                        "an array of count items; min-max expected (min = max: exactly so many)"),
    "not-a-seat": Cause(Phrase("Not a seat"), ("input", "min", "max"),
                        "input is not a seat: seats are min-max (0-3) in turn order (G-2)"),
    "not-tiles": Cause(Phrase("Not tiles"), (),
                       "a compact tile string or an array of tile codes is expected"),
    "not-tile-codes": Cause(Phrase("Not an array of tile codes"), (),
                            "an array of tile code strings is expected"),
    "not-a-tile-code": Cause(Phrase("Not a tile code"), ("[index]",),
                             "a tile code string is expected (at item index)"),
    "not-a-tile": Cause(Phrase("Not a tile"), ("text", "[index]", "[written]"),
                        "text is not a tile (G-1); written: the codes it likely means"),
    "not-a-tile-character": Cause(Phrase("Not a tile character"), ("text", "[written]"),
                                  "text is not a tile number or a suit letter"),
    "suit-without-numbers": Cause(Phrase("Suit letter without numbers"), ("letter", "[written]"),
                                  "a suit letter with no numbers"),
    "numbers-without-suit": Cause(Phrase("Numbers without a suit letter"),
                                  ("numbers", "[written]"), "numbers with no suit letter"),
    "tile-string-too-long": Cause(Phrase("Tile string too long"), ("max",),
                                  "a tile string longer than max characters"),
    "too-many-tiles": Cause(Phrase("Too many tiles"), ("count", "max"),
                            "count tiles where at most max are expected"),
    "angang-from": Cause(Phrase("Seat given for a concealed kong"), (),
                         "a concealed kong (angang) has no from seat"),
    "meld-needs-from": Cause(Phrase("Claimed meld without its seat"), ("meld",),
                             "a claimed meld needs the seat it came from"),
    "win-needs-from": Cause(Phrase("Win without the tile's seat"), ("by",),
                            "a win on a discard or a robbed kong needs its seat"),
    "self-draw-from": Cause(Phrase("Seat given for a self-draw"), (),
                            "a self-drawn win has no from seat"),
    "unknown-parameter": Cause(
        Phrase("Unknown house-rules parameter"), ("ruleset", "[suggestions]"),
        "the ruleset has no such house-rules parameter"),
    "unknown-variant": Cause(
        Phrase("Unknown variant"), ("variant", "ruleset", "[served]", "[count]", "[suggestions]"),
        "no variant of this name is served"),
    "not-a-version": Cause(Phrase("Not a version"), ("pin", "pattern"),
                           "ruleset_version is not a version: pin, the value sent (its first 32 "
                           "characters), does not match pattern, the contract's, whole"),
    "values-need-seats": Cause(Phrase("Seats needed for the values"), ("given", "needed"),
                               "what each wait is worth needs the seat named needed"),
    "match-supplies": Cause(Phrase("Supplied by the match"), ("name",),
                            "the match supplies this field from its state"),
    "match-sets-once": Cause(Phrase("Set once for the match"), ("name",),
                             "the match sets this field once for every event"),
    "not-a-batch": Cause(Phrase("Not a batch"), (), "a batch is an object with an items array"),
    "not-an-item": Cause(Phrase("Not a batch item"), (),
                         "a batch item is an object with ruleset, action and request"),
    # the hand and the situation (422 impossible-hand)
    "tile-count": Cause(
        Phrase("Wrong number of tiles"), ("melds", "expected", "count", "[expected_too]"),
        "concealed holds count tiles where expected are (G-3)"),
    "too-many-melds": Cause(Phrase("Too many melds"), ("max",), "more melds than a hand has sets"),
    "fifth-copy": Cause(Phrase("More than four of a tile"), ("tile", "count", "max"),
                        "a tile held more than max (four) times"),
    "seen-too-often": Cause(Phrase("Tile seen too often"), ("tile", "count", "in_play"),
                            "advice: a tile seen more times than there are in play"),
    "not-a-chi": Cause(Phrase("Not a chi"), (), "a chi is three consecutive tiles of one suit"),
    "not-a-peng": Cause(Phrase("Not a peng"), (), "a peng is three identical tiles"),
    "not-a-kong": Cause(Phrase("Not a kong"), (), "a kong is four identical tiles"),
    "claimed-from-oneself": Cause(Phrase("Claimed from oneself"), (),
                                  "a meld is never claimed from its owner"),
    "chi-from-upper": Cause(Phrase("Chi not from the 上家"), ("seat",),
                            "a chi is claimed only from the 上家, seat"),
    "winning-tile-missing": Cause(Phrase("Winning tile missing"), ("tile",),
                                  "the winning tile is not among the concealed tiles"),
    "own-discard": Cause(Phrase("Win on one's own tile"), (),
                         "the winner cannot win on its own tile"),
    "above-cap": Cause(Phrase("Above the cap"), ("value", "max", "rule"),
                       "a 针 or 牢庄 above these rules' cap, max, the parameter rule"),
    "no-liability": Cause(Phrase("No liability under these rules"), ("rule",),
                          "these rules play without 包庄 / 包牌 (the parameter rule is off): no "
                          "seat is liable"),
    "not-heavenly": Cause(Phrase("Not 天胡"), ("dealt",),
                          "天胡 is not possible here (the dealer's first dealt tiles)"),
    "not-earthly": Cause(Phrase("Not 地胡"), (), "地胡 is not possible here"),
    "exclusive-situations": Cause(Phrase("Situations that exclude each other"), ("flags",),
                                  "these situation flags cannot hold together in one win "
                                  "(CZ-18); flags: the fields named, as sent"),
    "self-draw-only": Cause(Phrase("Self-draw only"), ("pattern",),
                            "the pattern is won only on a self-draw"),
    "no-kong": Cause(Phrase("No kong to win after"), (), "a win after a kong needs a kong"),
    "needs-declaration": Cause(Phrase("Ready declaration needed"), ("needed",),
                               "硬子 needs a ready declaration (the field needed)"),
    "winner-liable": Cause(Phrase("Winner named liable"), (),
                           "the winner cannot be liable for its own win"),
    "seat-twice": Cause(Phrase("Seat listed twice"), ("seat",), "a seat is listed twice"),
    "one-suit-liable": Cause(Phrase("One-suit hand named liable"), (),
                             "a seat holding a one-suit hand is never liable"),
    "peng-twice": Cause(Phrase("Tile 碰'd twice"), (), "a tile can be 碰'd only once"),
    "declared-many-waits": Cause(Phrase("Declared with several waits"), ("tiles",),
                                 "a ready declaration needs a single wait"),
    "caishen-robbed": Cause(Phrase("财神 kong robbed"), ("tile",),
                            "a kong of the 财神 cannot be robbed (YQ-2)"),
    "flower-tile": Cause(Phrase("Flower tile written as a tile"), ("tile",),
                         "the flower tile stands in the hand or a meld"),
    "too-many-caishen": Cause(Phrase("Too many 财神"), ("count", "tile", "max"),
                              "more than max (three) 财神 in play"),
    "too-many-flowers": Cause(Phrase("Too many flowers"), ("count", "max"),
                              "more than max (four) flower tiles at the table"),
    "draw-needs-every-seat": Cause(Phrase("Drawn hand without every seat"), (),
                                   "a drawn hand lists every seat"),
    "stayer-missing": Cause(Phrase("Seat that stayed missing"), ("seat",),
                            "an escape lists every seat that stayed"),
    "version-moved-past": Cause(Phrase("Money moved past the pin"), ("ruleset", "pin", "version"),
                                "the ruleset's money moved past the version pinned"),
    "version-not-reached": Cause(
        Phrase("Pinned version not reached"), ("ruleset", "pin", "version"),
        "the service has not reached the version pinned"),
    "unknown-version": Cause(Phrase("Unknown version"), ("ruleset", "version", "known"),
                             "paid_under names no version the ruleset's money had; known: its "
                             "versions, newest first"),
    "paid-under-alone": Cause(Phrase("Stored answer missing"), (),
                              "paid_under says what an expected answer was paid under: it comes "
                              "with expected"),
    # not a win (422 not-a-win)
    "leftover-tiles": Cause(Phrase("Tiles left over"), ("sets", "seven_pairs", "tiles", "[tile]"),
                            "the standing tiles do not make sets sets and a pair; tiles: those "
                            "the closest reading leaves over; tile: a discarded 财神 played at its "
                            "face value"),
    "seven-pairs-undeclared": Cause(Phrase("七对 not declared"), ("tiles",),
                                    "七对 wins only when declared ready (CZ-10); tiles: the hand's "
                                    "waits"),
    "form-switched-off": Cause(Phrase("Winning form switched off"), ("form", "parameter"),
                               "the hand wins only as form, a winning form the request's rules "
                               "switch off with parameter (CZ-19)"),
    "invalid": Cause(Phrase("Other problem"), (), "a sentence with no code of its own"),
}


# The causes of refusals of requests no real table can produce (G-10): situations that cannot
# hold together, a winning form the request's own rules switch off. A hand once paid and now
# refused with only these is a MINOR of the ruleset's money, not a MAJOR (tools/versions.py).
IMPOSSIBLE_REQUESTS: frozenset[str] = frozenset({"exclusive-situations", "form-switched-off"})


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
        # Members the document adds to RFC 9457's: a verified request's ``check``, a pin's
        # ``changes`` since (service/scoring.py, service/house.py)
        self.members: dict[str, Any] = {}

    def renamed(self, detail: str, errors: dict[str, list[str]]) -> ProblemError:
        """The same problem with its fields named from an enclosing body (a match's event, a
        batch item's request), its other members kept."""
        again = type(self)(detail, errors)
        again.members = dict(self.members)
        return again

    @classmethod
    def at(cls, field: str, message: str) -> ProblemError:
        """The error naming one field, its detail ``field: message``."""
        return cls(joined(field, ": ", message), {field: [message]})

    @classmethod
    def for_fields(cls, errors: dict[str, list[str]]) -> ProblemError:
        """The error for these fields, its detail naming the first few of them."""
        return cls(describe(errors), errors)

    def problem(self) -> dict[str, Any]:
        document = problem_document(PROBLEM_BASE + self.slug, self.title, self.status,
                                    self.detail, self.errors)
        document.update(self.members)
        return document


def under(prefix: str, errors: dict[str, list[str]]) -> dict[str, list[str]]:
    """Fields named from an enclosing body: each path under ``prefix``, the body itself
    (``body``) as ``prefix`` (a match's event, a batch item's request)."""
    return {(f"{prefix}.{path}" if path != "body" else prefix): texts
            for path, texts in errors.items()}


def describe(errors: dict[str, list[str]]) -> str:
    """``"hand.concealed: ...; zhen: ..."`` for the first fields, then how many more."""
    parts: list[str] = []
    for path, texts in islice(errors.items(), MAX_FIELD_ERRORS):
        if parts:
            parts.append("; ")
        parts += (path, ": ")
        for place, text in enumerate(texts):
            parts += (SENTENCE_BREAK, text) if place else (text,)
    rest = len(errors) - MAX_FIELD_ERRORS
    if rest > 0:
        parts.append(Message("more-fields", "; and {count} more fields", count=rest))
    return joined(*parts)


# The code of a sentence written before codes were (none is left: tests/test_language.py)
UNCODED = "invalid"
HINT = "did-you-mean"
# The code of an HTTP error with no problem type of its own: each is sent as http-<status>.
HTTP_ERROR = "http-error"


def causes(errors: dict[str, list[str]], detail: str) -> list[dict[str, Any]]:
    """Each sentence of ``errors`` (or the ``detail``, when no field is named) as a cause an
    app can show in its own words: ``{field, code, params, message, name}``, ``field`` the
    path ``errors`` uses (null for the body itself), ``name`` its code's, said in the language
    asked for with ``name_en`` beside it where that is not English (``NamedObject``). A
    did-you-mean hint joins the cause before it as its ``suggestions``."""
    found: list[dict[str, Any]] = []
    sentences = islice(errors.items(), MAX_FIELD_ERRORS) if errors else [("body", [detail])]
    for path, texts in sentences:
        field = None if path == "body" else path
        for text in texts:
            code, params = coded(text) or (UNCODED, {})
            if code == HINT and found and found[-1]["field"] == field:
                before = found[-1]
                before["params"] = {**before["params"],
                                    "suggestions": [*before["params"].get("suggestions", ()),
                                                    params["meant"]]}
                before["message"] = joined(before["message"], SENTENCE_BREAK, text)
                continue
            found.append(NamedObject(field=field, code=code, params=params, message=text,
                                     name=cause_name(code)))
    return found


def cause_name(code: str) -> Phrase:
    """A cause code's name (``CAUSES``): an ``http-<status>`` code is an http-error's, and
    any code without a row of its own the uncoded sentence's, so naming never fails."""
    cause = CAUSES.get(code) or CAUSES[HTTP_ERROR if code.startswith("http-") else UNCODED]
    return cause.name


def problem_document(type_: str, title: str, status: int, detail: str,
                     errors: dict[str, list[str]]) -> dict[str, Any]:
    """An RFC 9457 document; past MAX_FIELD_ERRORS fields, ``errors_omitted`` counts the rest.
    ``causes`` says each sentence again with its code and params."""
    problem: dict[str, Any] = {
        "type": type_,
        "title": title,
        "status": status,
        "detail": detail,
        "errors": dict(islice(errors.items(), MAX_FIELD_ERRORS)),
    }
    if len(errors) > MAX_FIELD_ERRORS:
        problem["errors_omitted"] = len(errors) - MAX_FIELD_ERRORS
    problem["causes"] = causes(errors, detail)
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
    return ImpossibleHand(joined(field, ": ", message), {field: [message]})


def impossible_together(fields: Sequence[str], message: str) -> ImpossibleHand:
    """An ImpossibleHand naming each of ``fields``, which cannot hold together, with the same
    message: no one of them is the wrong one."""
    return ImpossibleHand(joined(" + ".join(fields), ": ", message),
                          {field: [message] for field in fields})


def not_a_win(field: str, message: str) -> NotAWin:
    return NotAWin(joined(field, ": ", message), {field: [message]})
