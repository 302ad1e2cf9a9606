"""The language of each answer: chosen from ``Accept-Language``, said on the answer.

A request without the header is answered in English exactly as before: nothing is walked or
rewritten, only ``Content-Language`` and ``Vary`` are added. Asked in Chinese, an answer's
texts (service/language.py) are said from the catalog before it is written.
"""

from __future__ import annotations

from typing import Any, Final

from flask import Flask, Response, request

from service.jsonio import OrjsonProvider, encoded
from service.language import ENGLISH, TAGS, load, negotiate, translated

HEADER: Final = "Accept-Language"
# The answers written in the negotiated language (the pages' HTML says so itself,
# service/api/pages.py); the contract, the metrics and the scripts of /docs are the same in
# every language and say none.
SPOKEN: Final = frozenset({"application/json", "application/problem+json"})
CONTENT_LANGUAGE: Final = "Content-Language"


ENVIRON_KEY: Final = "HTTP_ACCEPT_LANGUAGE"


def chosen() -> str:
    """This request's language (English outside a request): the header read straight from
    the environ, its verdict cached (``negotiate``), so a request without it pays a lookup."""
    if not request:
        return ENGLISH
    return negotiate(request.environ.get(ENVIRON_KEY))


def written(obj: Any) -> bytes:
    """A JSON answer's bytes in this request's language."""
    language = chosen()
    return encoded(obj if language == ENGLISH else translated(obj, language))


def in_language(obj: Any) -> Any:
    """A document with its texts in this request's language (the same object in English)."""
    language = chosen()
    return obj if language == ENGLISH else translated(obj, language)


class SpeakingProvider(OrjsonProvider):
    """orjson (service/jsonio.py), each answer's texts said in the request's language."""

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return Response(written(obj), mimetype="application/json")


# Marks an answer whose language is said already (a page says its own, service/api/pages.py).
SAID: Final = "language_said"


def said_on(response: Response) -> Response:
    """``Content-Language`` and ``Vary: Accept-Language`` on an answer (merged with any Vary
    it has). Werkzeug's headers raise, and catch, an exception for every lookup of a header
    that is absent: none is looked up here, so the default path stays cheap."""
    headers = response.headers
    headers.add(CONTENT_LANGUAGE, TAGS[chosen()])
    vary = headers.getlist("Vary")
    if vary:
        headers["Vary"] = ", ".join((*vary, HEADER))
    else:
        headers.add("Vary", HEADER)
    setattr(response, SAID, True)
    return response


def _said(response: Response) -> Response:
    """Says the language of a JSON answer (its Content-Type as written: every JSON answer is
    written without parameters)."""
    if response.headers.get("Content-Type") in SPOKEN and not getattr(response, SAID, False):
        said_on(response)
    return response


def register(app: Flask) -> None:
    load()  # the catalogs, read once at start-up
    app.json = SpeakingProvider(app)
    app.after_request(_said)
