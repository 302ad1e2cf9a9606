"""The contract for people and browsers: ``/openapi.json`` and ``/docs`` (Swagger UI).

Swagger UI's files come from the flask-swagger-ui package and are served by this service,
so the page fetches nothing from elsewhere (the online validator badge is switched off).
The contract names no server, so "Try it out" calls the service that served the page.
"""

from __future__ import annotations

from importlib.resources import files

from flask import Blueprint, Response, abort, redirect, send_from_directory
from werkzeug.wrappers import Response as WerkzeugResponse

from service.api.language import chosen, speaks
from service.language import ENGLISH, TAGS, Phrase, said
from service.openapi import spec_json, spec_json_said

bp = Blueprint("docs", __name__)

ASSETS = str(files("flask_swagger_ui") / "dist")
SERVED = frozenset({"swagger-ui.css", "index.css", "swagger-ui-bundle.js",
                    "favicon-32x32.png", "favicon-16x16.png"})

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Mahjong scoring service: API</title>
  <link rel="stylesheet" href="docs/index.css">
  <link rel="stylesheet" href="docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui" data-contract="openapi.json"></div>
  <script src="docs/swagger-ui-bundle.js"></script>
  <script src="docs/start.js"></script>
</body>
</html>
"""

# Relative URLs: the page also works behind a proxy that serves the service under a prefix.
START = """window.ui = SwaggerUIBundle({
  url: document.getElementById("swagger-ui").dataset.contract,
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout"
});
"""


@bp.get("/openapi.json")
def openapi_json() -> Response:
    """The OpenAPI contract of this service, as JSON."""
    speaks(False)  # English in every language: no Content-Language
    return Response(spec_json(), mimetype="application/json")


@bp.get("/docs")
def docs() -> Response:
    """This contract as an interactive page (Swagger UI), served by the service."""
    language = chosen()
    speaks()
    return Response(_PAGES[language], mimetype="text/html")


@bp.get("/docs/")
def docs_slash() -> WerkzeugResponse:
    """/docs/ is the page too: sent to /docs, relative so that a proxy's prefix stays."""
    return redirect("../docs", code=301)


@bp.get("/docs/openapi.json")
def docs_contract() -> Response:
    """The contract as the page shows it: each operation's summary and description in the
    language asked for (Swagger UI's own words stay its own)."""
    speaks()
    return Response(spec_json_said(chosen()), mimetype="application/json")


@bp.get("/docs/start.js")
def start() -> Response:
    return Response(START, mimetype="text/javascript")


@bp.get("/docs/<name>")
def asset(name: str) -> Response:
    if name not in SERVED:
        abort(404)
    return send_from_directory(ASSETS, name, max_age=3600)


# The page's own words, its title, in each language (Swagger UI's are its own, English).
TITLE = Phrase("Mahjong scoring service: API")
# A page in another language than English reads the contract said in it (docs/openapi.json);
# /openapi.json, the one contract, stays as it is.
_PAGES = {language: PAGE.replace('<html lang="en">', f'<html lang="{tag}">')
          .replace(f"<title>{TITLE}</title>", f"<title>{said(TITLE, language)}</title>")
          .replace('data-contract="openapi.json"', 'data-contract="openapi.json"'
                   if language == ENGLISH else 'data-contract="docs/openapi.json"')
          for language, tag in TAGS.items()}
