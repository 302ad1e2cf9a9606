"""The language of each answer: chosen from ``Accept-Language``, said on the answer.

A request without the header is answered in English exactly as before: nothing is walked or
rewritten, only ``Content-Language`` and ``Vary`` are added. Asked in Chinese, an answer's
texts (service/language.py) are said from the catalog before it is written.

Every JSON answer is written in its language in one of three places: the JSON provider
(every view's dict), ``problems.problem_response`` (every problem) and the pages
(service/api/pages.py). ``Speaking`` says the language on the answer, in the header list the
server gets: the default path pays an environ lookup and a look at a few headers.
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


# The answers said in a language: JSON by their Content-Type as written, a page by the mark
# its view leaves in the environ (``speaks``). The contract, the metrics and the scripts of
# /docs are the same in every language and say none.
SPOKEN: Final = frozenset({"application/json", "application/problem+json"})
SPEAKS_KEY: Final = "service.speaks"


def speaks() -> None:
    """Marks this request's answer as written in its language (a page's HTML)."""
    request.environ[SPEAKS_KEY] = True


class Speaking:
    """The app's WSGI callable wrapped: ``Content-Language`` and ``Vary: Accept-Language`` on
    every answer said in a language, added to the header list the server gets (merged with
    any Vary it holds). Werkzeug would check each header as it is added and again as it
    copies them for the server; here they cost a look at a few tuples."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        def said(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            spoken = environ.get(SPEAKS_KEY, False)
            vary = -1
            for place, (name, value) in enumerate(headers):
                if name == "Content-Type":
                    spoken = spoken or value in SPOKEN
                elif name == "Vary":
                    vary = place
            if spoken:
                if vary < 0:
                    headers.append(("Vary", HEADER))
                else:
                    headers[vary] = ("Vary", f"{headers[vary][1]}, {HEADER}")
                headers.append((CONTENT_LANGUAGE, TAGS[negotiate(environ.get(ENVIRON_KEY))]))
            return start_response(status, headers, exc_info)

        return self.app(environ, said)


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
    app.wsgi_app = Speaking(app.wsgi_app)  # type: ignore[method-assign]
