"""The language of each answer: chosen from ``Accept-Language``, said on the answer.

A request without the header is answered in English exactly as before: nothing is walked or
rewritten, only ``Content-Language`` and ``Vary`` are added. Asked in Chinese, an answer's
texts (service/language.py) are said from the catalog before it is written.

Every JSON answer is written in one of three places, and each says its language there: the
JSON provider (every view's dict), ``problems.problem_response`` (every problem) and the
pages (service/api/pages.py). No after-request hook runs for it: the default path pays one
environ lookup and two headers. The contract, the metrics and the scripts of /docs are the
same in every language and say none.
"""

from __future__ import annotations

from typing import Any, Final

from flask import Flask, Response, request

from service.jsonio import OrjsonProvider, written
from service.language import ENGLISH, TAGS, load, negotiate

HEADER: Final = "Accept-Language"
ENVIRON_KEY: Final = "HTTP_ACCEPT_LANGUAGE"
CONTENT_LANGUAGE: Final = "Content-Language"


def chosen() -> str:
    """This request's language (English outside a request): the header read straight from
    the environ, its verdict cached (``negotiate``), so a request without it pays a lookup."""
    try:
        environ = request.environ
    except RuntimeError:  # no request: the core or the command line writing
        return ENGLISH
    return negotiate(environ.get(ENVIRON_KEY))


def said_on(response: Response, language: str, fresh: bool = True) -> Response:
    """``Content-Language`` and ``Vary: Accept-Language`` on an answer; one not ``fresh`` may
    vary already, and its Vary is merged. Werkzeug's headers raise, and catch, an exception
    for every lookup of a header that is absent: none is looked up here."""
    headers = response.headers
    headers.add(CONTENT_LANGUAGE, TAGS[language])
    vary = () if fresh else headers.getlist("Vary")
    if vary:
        headers["Vary"] = ", ".join((*vary, HEADER))
    else:
        headers.add("Vary", HEADER)
    return response


class SpeakingProvider(OrjsonProvider):
    """orjson (service/jsonio.py), each answer's texts said in the request's language."""

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        language = chosen()
        return said_on(Response(written(obj, language), mimetype="application/json"),
                       language)


def register(app: Flask) -> None:
    load()  # the catalogs, read once at start-up
    app.json = SpeakingProvider(app)
