"""What the service says about itself: a page for each problem type and each ruling.

``GET /problems/<slug>`` explains a problem type (service/errors.py's PROBLEM_TYPES) and
``GET /v1/rulings/<id>`` states a ruling (service/rulings.py), so that every ``type`` in an
error and every ruling id in an answer or a message can be looked up at the service itself.
Each is JSON, or a small HTML page for a browser; service/api/pages.py routes them, and
``spec_paths`` describes them for the OpenAPI document.

Links inside a page are relative to the page, so the pages also work behind a proxy that
serves the service under a prefix; the documents' ``type`` and ``url`` are references
relative to the service's root, as problem types are.
"""

from __future__ import annotations

import posixpath
from html import escape
from typing import Any

from service import html
from service.errors import PROBLEM_TYPES, ProblemType
from service.language import ENGLISH, N_, TAGS, Phrase, said
from service.rulesets import RULESETS
from service.rulings import Ruling, every, find, general, of_ruleset

PROBLEMS_PATH = "/problems"
# A problem page's headings, said in the page's language.
WENT_WRONG = Phrase("What went wrong")
HOW_TO_FIX = Phrase("How to fix it")
RULINGS = Phrase("Rulings")
# The problem types' table: each column the member of a problem it shows.
HEADS = (N_("type"), N_("status"), N_("title"))
RULINGS_PATH = "/v1/rulings"


def ruleset_rulings_path(ruleset_id: str) -> str:
    return f"/v1/rulesets/{ruleset_id}/rulings"


# --- JSON ---------------------------------------------------------------------------------

def problem_type(kind: ProblemType) -> dict[str, Any]:
    return {"type": kind.uri, "title": kind.title, "status": kind.status,
            "description": kind.description, "how_to_fix": kind.how_to_fix,
            "rulings": list(kind.rulings)}


def problem_types() -> dict[str, Any]:
    return {"problems": [problem_type(kind) for kind in PROBLEM_TYPES.values()]}


def ruling_list(rulings: tuple[Ruling, ...] | list[Ruling]) -> dict[str, Any]:
    return {"rulings": [ruling.document() for ruling in rulings]}


# --- HTML ---------------------------------------------------------------------------------

def _relative(target: str, page: str) -> str:
    """``target`` as a link from ``page``: ``G-5`` from /v1/rulings/G-1, ``../problems``
    from /problems/not-a-win (never ``.``, which would ask for /problems/, not served)."""
    folder, name = posixpath.split(target)
    up = posixpath.relpath(folder, posixpath.dirname(page) or "/")
    return posixpath.normpath(posixpath.join(up, name))


def _linker(page: str) -> html.Linker:
    def link(ruling_id: str) -> str | None:
        ruling = find(ruling_id)
        return _relative(ruling.url, page) if ruling is not None else None
    return link


def _nav(page: str, language: str) -> list[tuple[str, str]]:
    """Every list the service serves, linked from ``page``."""
    lists = [(PROBLEMS_PATH, said(Phrase("Problem types"), language)),
             (RULINGS_PATH, said(Phrase("General rulings"), language))]
    lists += [(ruleset_rulings_path(ruleset.id), _ruleset_rulings(ruleset.id, language, short=True))
              for ruleset in RULESETS.values() if of_ruleset(ruleset.id)]
    return [(_relative(path, page), text) for path, text in lists] + [
        (_relative("/docs", page), said(Phrase("API"), language))]


def _ruleset_rulings(ruleset_id: str, language: str, short: bool = False) -> str:
    """A ruleset's rulings' title: its English name, or in Chinese its Chinese one."""
    ruleset = RULESETS[ruleset_id]
    if language != ENGLISH:
        return said(Phrase("{name} rulings"), language).format(
            name=said(Phrase(ruleset.name), language))  # in the language's script
    return f"{ruleset.name_en} rulings" if short else \
        f"{ruleset.name_en} ({ruleset.name}) rulings"


def problem_type_html(kind: ProblemType, page: str, language: str = ENGLISH) -> str:
    link = _linker(page)

    def say(text: str) -> str:
        return said(text, language)

    rulings = "".join(f"<li>{html.inline(ruling_id, link)}: {escape(say(ruling.title))}</li>"
                      for ruling_id in kind.rulings if (ruling := find(ruling_id)) is not None)
    status = say(Phrase("status {status}")).format(status=kind.status)
    body = (f"<h1>{escape(say(kind.title))}</h1>\n"
            f'<p class="meta"><code>{escape(kind.uri)}</code>, {escape(status)}</p>\n'
            f"<h2>{escape(say(WENT_WRONG))}</h2>\n"
            f"<p>{html.inline(say(kind.description), link)}</p>\n"
            f"<h2>{escape(say(HOW_TO_FIX))}</h2>\n"
            f"<p>{html.inline(say(kind.how_to_fix), link)}</p>\n"
            + (f"<h2>{escape(say(RULINGS))}</h2>\n<ul>{rulings}</ul>\n"
               if rulings else "")
            + "<p>" + say(Phrase(
                "Each answer of this type says in its <code>detail</code> what went wrong "
                "with that request, and <code>errors</code> names each field at fault.")) +
            "</p>")
    return html.page(say(kind.title), body, _nav(page, language), TAGS[language])


def problem_types_html(page: str, language: str = ENGLISH) -> str:
    def say(text: str) -> str:
        return said(text, language)

    rows = "".join(
        f'<tr><td><a href="{escape(_relative(kind.uri, page))}">{escape(kind.slug)}</a></td>'
        f"<td>{kind.status}</td><td>{escape(say(kind.title))}</td></tr>"
        for kind in PROBLEM_TYPES.values())
    title = say(Phrase("Problem types"))
    body = (f"<h1>{escape(title)}</h1>\n<p>" + say(Phrase(
            "Every error is <code>application/problem+json</code> (RFC 9457); its "
            "<code>type</code> is one of these.")) + "</p>\n"
            "<table><thead><tr>" + "".join(f"<th>{escape(say(Phrase(head)))}</th>"
                                           for head in HEADS) + "</tr></thead>"
            f"<tbody>{rows}</tbody></table>")
    return html.page(title, body, _nav(page, language), TAGS[language])


def _where(ruling: Ruling, language: str) -> str:
    if ruling.ruleset is None:
        return escape(said(Phrase("Followed by every ruleset."), language))
    ruleset = RULESETS[ruling.ruleset]
    if language != ENGLISH:
        return f"{escape(ruleset.name)}（<code>{escape(ruleset.id)}</code>）。"
    return f"{escape(ruleset.name_en)} ({escape(ruleset.name)}, <code>{escape(ruleset.id)}</code>)."


def ruling_html(ruling: Ruling, page: str, language: str = ENGLISH) -> str:
    heading = f"{ruling.id} {said(ruling.title, language)}"
    body = (f"<h1>{escape(heading)}</h1>\n<p class=\"meta\">{_where(ruling, language)}</p>\n"
            f"{html.blocks(said(ruling.text, language), _linker(page))}")
    return html.page(heading, body, _nav(page, language), TAGS[language])


def _ruling_list_html(title: str, rulings: tuple[Ruling, ...], page: str,
                      language: str) -> str:
    link = _linker(page)
    entries = "\n".join(
        f'<h2 id="{escape(ruling.id)}"><a href="{escape(_relative(ruling.url, page))}">'
        f"{escape(ruling.id)}</a> {escape(said(ruling.title, language))}</h2>\n"
        f"{html.blocks(said(ruling.text, language), link)}"
        for ruling in rulings)
    empty = said(Phrase("This ruleset states no rulings."), language)
    body = f"<h1>{escape(title)}</h1>\n" + (entries or f"<p>{escape(empty)}</p>")
    return html.page(title, body, _nav(page, language), TAGS[language])


def general_rulings_html(page: str, language: str = ENGLISH) -> str:
    return _ruling_list_html(said(Phrase("Rulings for every ruleset"), language), general(),
                             page, language)


def ruleset_rulings_html(ruleset_id: str, page: str, language: str = ENGLISH) -> str:
    return _ruling_list_html(_ruleset_rulings(ruleset_id, language), of_ruleset(ruleset_id),
                             page, language)


# --- the OpenAPI document -------------------------------------------------------------------

PROBLEM = {"application/problem+json": {"schema": "Problem"}}
HTML = {"text/html": {"schema": {"type": "string"}}}
NEGOTIATED = ("JSON by default; an HTML page when the `Accept` header prefers `text/html`, "
              "as a browser's does.")


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _list_of(key: str, item: str) -> dict[str, Any]:
    return {"type": "object", "required": [key],
            "properties": {key: {"type": "array", "items": _ref(item)}}}


def spec_components() -> dict[str, dict[str, Any]]:
    """The schemas ``spec_paths`` refers to, by component name, each as
    ``spec.components.schema(name, schema)`` takes it. Open, as every answer is."""
    return {
        "ProblemType": {
            "type": "object",
            "required": ["type", "title", "status", "description", "how_to_fix", "rulings"],
            "properties": {
                "type": {"type": "string", "description": "the type's URI, `/problems/<slug>`, "
                                                          "as an error's `type` names it"},
                "title": {"type": "string", "description": "what every error of the type "
                                                           "carries as its title"},
                "status": {"type": "integer", "description": "its errors' HTTP status (for "
                                                             "http-error, the most common)"},
                "description": {"type": "string", "description": "what went wrong"},
                "how_to_fix": {"type": "string",
                               "description": "what to change before sending again"},
                "rulings": {"type": "array", "items": {"type": "string"},
                            "description": "the ids of the rulings behind it, each at "
                                           "`GET /v1/rulings/{ruling_id}`"},
            }},
        "ProblemTypeList": _list_of("problems", "ProblemType"),
        "Ruling": {
            "type": "object",
            "required": ["id", "title", "text", "ruleset", "url"],
            "properties": {
                "id": {"type": "string", "description": "as the code, the messages and this "
                                                        "document cite it (G-4, CZ-12, YQ-16)"},
                "title": {"type": "string"},
                "text": {"type": "string", "description": "the ruling in Markdown: "
                                                          "paragraphs parted by a blank line, "
                                                          "a table's rows one a line"},
                "ruleset": {"anyOf": [{"type": "string"}, {"type": "null"}],
                            "description": "the ruleset's id; null for a ruling every "
                                           "ruleset follows"},
                "url": {"type": "string", "description": "where the service serves it"},
            }},
        "RulingList": _list_of("rulings", "Ruling"),
    }


def _answers(schema: str, missing: str | None, example: Any = None,
             at: str | None = None) -> dict[str, Any]:
    """200 as JSON (with its example, if any) or HTML, and 404 when ``missing`` says what
    can be missing.

    An example on a path with a parameter is a named one (``examples``), the path it
    answers ``at`` as its summary, so that the test asking the live service for each plain
    ``example`` never asks for the path's template.
    """
    media: dict[str, Any] = {"schema": _ref(schema)}
    if example is not None and at is None:
        media["example"] = example
    elif example is not None and at is not None:
        media["examples"] = {posixpath.basename(at): {"summary": f"GET {at}", "value": example}}
    responses: dict[str, Any] = {"200": {"description": "Found.",
                                         "content": {"application/json": media, **HTML}}}
    if missing is not None:
        responses["404"] = {"description": missing, "content": PROBLEM}
    return responses


def _parameter(name: str, description: str, values: list[str]) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "description": description,
            "schema": {"type": "string", "enum": values}}


def _get(operation_id: str, tag: str, summary: str, description: str,
         parameters: list[dict[str, Any]], responses: dict[str, Any]) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": operation_id, "tags": [tag], "summary": summary,
        "description": f"{description} {NEGOTIATED}"}
    if parameters:
        operation["parameters"] = parameters
    return {"get": {**operation, "responses": responses}}


def spec_paths() -> dict[str, dict[str, Any]]:
    """The OpenAPI path items of these pages, each as ``spec.path(path, operations=...)``
    takes them, their examples the service's real answers; their schemas are
    ``spec_components``'."""
    rulesets = sorted(RULESETS)
    # The examples: not-a-win, G-4 (the best reading), the first ruleset stating rulings.
    kind = PROBLEM_TYPES["not-a-win"]
    example = find("G-4") or general()[0]
    with_rulings = next((rid for rid in RULESETS if of_ruleset(rid)), rulesets[0])
    own = of_ruleset(with_rulings)
    slug = _parameter("slug", "the last part of an error's `type`", list(PROBLEM_TYPES))
    ruling_id = _parameter("ruling_id", "a ruling's id, as an answer or a message cites it",
                           [ruling.id for ruling in every()])
    ruleset_id = _parameter("ruleset_id", "a ruleset's id, as GET /v1/rulesets lists them",
                            rulesets)
    return {
        PROBLEMS_PATH: _get(
            "list_problem_types", "service", "Every problem type an error may name.",
            "Each problem type with what went wrong and how to fix it.", [],
            _answers("ProblemTypeList", None, problem_types())),
        PROBLEMS_PATH + "/{slug}": _get(
            "get_problem_type", "service", "One problem type: what went wrong and how to fix it.",
            "What an error's `type` (`/problems/<slug>`) resolves to: the type's title and "
            "status, what went wrong, how to fix it and the rulings behind it.", [slug],
            _answers("ProblemType", "No such problem type.", problem_type(kind), kind.uri)),
        RULINGS_PATH: _get(
            "list_rulings", "rulings", "The rulings every ruleset follows.",
            "The general rulings (G-n), in the project's words: how the service reads tiles, "
            "seats and hands, and what it refuses.", [],
            _answers("RulingList", None, ruling_list(general()))),
        RULINGS_PATH + "/{ruling_id}": _get(
            "get_ruling", "rulings", "One ruling, general or any ruleset's, by its id alone.",
            "Any ruling id an answer, a message or this document cites resolves here; `url` "
            "is the ruling's own place.", [ruling_id],
            _answers("Ruling", "No such ruling.", example.document(),
                     f"{RULINGS_PATH}/{example.id}")),
        ruleset_rulings_path("{ruleset_id}"): _get(
            "list_ruleset_rulings", "rulesets",
            "The rulings a ruleset follows besides the general ones.",
            "The ruleset's own rulings, in the project's words, where its rule text is loose; "
            "a ruleset that states none answers an empty list.", [ruleset_id],
            _answers("RulingList", "No such ruleset.", ruling_list(own),
                     ruleset_rulings_path(with_rulings))),
        ruleset_rulings_path("{ruleset_id}") + "/{ruling_id}": _get(
            "get_ruleset_ruling", "rulesets", "One of a ruleset's own rulings.",
            "A ruling of this ruleset by its id; a general ruling or another ruleset's is "
            "not found here but at `GET /v1/rulings/{ruling_id}`.", [ruleset_id, ruling_id],
            _answers("Ruling", "No such ruleset, or no such ruling of it.",
                     own[0].document() if own else None, own[0].url if own else None)),
    }
