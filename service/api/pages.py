"""The pages the service serves about itself: ``/problems`` and the rulings (service/pages.py).

Each answers JSON unless the ``Accept`` header prefers ``text/html`` (a browser's does), and
says so with ``Vary: Accept`` so that a cache keeps the two apart. An unknown problem type or
ruling is a 404 problem, as every unknown path is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, request
from werkzeug.exceptions import NotFound

from service import pages
from service.api.language import chosen, speaks
from service.errors import PROBLEM_TYPES
from service.jsonio import written
from service.language import Message
from service.rulings import Ruling, find, general, of_ruleset
from service.scoring import known_ruleset

bp = Blueprint("pages", __name__)


def _negotiated(document: dict[str, Any], page: Callable[[str, str], str]) -> Response:
    """``document`` as JSON, or ``page(path, language)`` as HTML when the client prefers it,
    in the language negotiated."""
    wanted = request.accept_mimetypes.best_match(["application/json", "text/html"],
                                                 default="application/json")
    language = chosen()
    if wanted == "text/html":
        response = Response(page(request.path, language), mimetype="text/html")
    else:
        response = Response(written(document, language), mimetype="application/json")
    response.vary.add("Accept")
    speaks()  # the HTML page too says its language (service/api/language.py)
    return response


@bp.get("/problems")
def problem_types() -> Response:
    """Every problem type an error may name."""
    return _negotiated(pages.problem_types(), pages.problem_types_html)


@bp.get("/problems/<slug>")
def problem_type(slug: str) -> Response:
    """One problem type: what went wrong and how to fix it."""
    kind = PROBLEM_TYPES.get(slug)
    if kind is None:
        raise NotFound(Message("no-such-problem-type",
                               "No problem type '{slug}'; GET /problems lists them.",
                               slug=slug))
    return _negotiated(pages.problem_type(kind),
                       lambda path, language: pages.problem_type_html(kind, path, language))


def _ruling(found: Ruling) -> Response:
    return _negotiated(found.document(),
                       lambda path, language: pages.ruling_html(found, path, language))


@bp.get("/v1/rulings")
def rulings() -> Response:
    """The rulings every ruleset follows."""
    return _negotiated(pages.ruling_list(general()), pages.general_rulings_html)


@bp.get("/v1/rulings/<ruling_id>")
def ruling(ruling_id: str) -> Response:
    """One ruling, general or any ruleset's, by its id alone."""
    found = find(ruling_id)
    if found is None:
        raise NotFound(Message("no-such-ruling",
                               "No ruling '{ruling}'; GET /v1/rulings lists the general ones, "
                               "GET /v1/rulesets/{{ruleset_id}}/rulings a ruleset's.",
                               ruling=ruling_id))
    return _ruling(found)


@bp.get("/v1/rulesets/<ruleset_id>/rulings")
def ruleset_rulings(ruleset_id: str) -> Response:
    """The rulings a ruleset follows besides the general ones."""
    ruleset = known_ruleset(ruleset_id)  # UnknownRuleset, a 404, for a ruleset not served
    return _negotiated(pages.ruling_list(of_ruleset(ruleset.id)),
                       lambda path, language: pages.ruleset_rulings_html(ruleset.id, path,
                                                                         language))


@bp.get("/v1/rulesets/<ruleset_id>/rulings/<ruling_id>")
def ruleset_ruling(ruleset_id: str, ruling_id: str) -> Response:
    """One of a ruleset's own rulings."""
    ruleset = known_ruleset(ruleset_id)
    found = next((own for own in of_ruleset(ruleset.id) if own.id == ruling_id), None)
    if found is None:
        elsewhere = find(ruling_id)
        if elsewhere is not None:
            raise NotFound(Message("ruling-elsewhere",
                                   "Ruleset '{ruleset}' has no ruling '{ruling}'; it is at "
                                   "{url}.", ruleset=ruleset.id, ruling=ruling_id,
                                   url=elsewhere.url))
        raise NotFound(Message("no-such-ruling-here", "Ruleset '{ruleset}' has no ruling "
                               "'{ruling}'.", ruleset=ruleset.id, ruling=ruling_id))
    return _ruling(found)
