"""The language of each answer: chosen from ``Accept-Language``, said on the answer.

A request without the header is answered in English exactly as before: nothing is walked or
rewritten, only ``Content-Language`` and ``Vary`` are added. Asked in Chinese, an answer's
texts (service/language.py) are said from the catalog before it is written.

Every JSON answer is written in its language in one of three places: the JSON provider
(every view's dict), ``problems.problem_response`` (every problem) and the pages
(service/api/pages.py). The request's trace says the language on the answer, in the header
list the server gets (service.language.say_language): the default path pays an environ
lookup and a look at a few headers.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, request

from service.jsonio import OrjsonProvider, written
from service.language import ACCEPT_LANGUAGE, ENGLISH, SPEAKS_KEY, load, negotiate


def chosen() -> str:
    """This request's language (English outside a request): the header read straight from
    the environ, its verdict cached (``negotiate``), so a request without it pays a lookup."""
    try:
        environ = request.environ
    except RuntimeError:  # no request: the core or the command line writing
        return ENGLISH
    return negotiate(environ.get(ACCEPT_LANGUAGE))


def speaks(said: bool = True) -> None:
    """Marks this request's answer as said in its language (a page's HTML), or as the same in
    every language though it is JSON (the contract), for the headers the trace adds
    (service.language.say_language)."""
    request.environ[SPEAKS_KEY] = said


class SpeakingProvider(OrjsonProvider):
    """orjson (service/jsonio.py), each answer's texts said in the request's language."""

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return Response(written(obj, chosen()), mimetype="application/json")


def register(app: Flask) -> None:
    """The catalogs read now, at start-up; each JSON answer written in its language, and every
    answer said in one says so."""
    load()
    app.json = SpeakingProvider(app)
