"""The contract for people and browsers: ``/openapi.json`` and ``/docs`` (Swagger UI).

Swagger UI's files come from the flask-swagger-ui package and are served by this service,
so the page fetches nothing from elsewhere (the online validator badge is switched off).
The contract names no server, so "Try it out" calls the service that served the page.
"""

from __future__ import annotations

from importlib.resources import files

from flask import Blueprint, Response, abort, send_from_directory

from service.api.language import chosen, speaks
from service.language import TAGS, Phrase, said
from service.openapi import spec_json

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
  <div id="swagger-ui"></div>
  <script src="docs/swagger-ui-bundle.js"></script>
  <script src="docs/start.js"></script>
</body>
</html>
"""

# Relative URLs: the page also works behind a proxy that serves the service under a prefix.
START = """window.ui = SwaggerUIBundle({
  url: "openapi.json",
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
_PAGES = {language: PAGE.replace('<html lang="en">', f'<html lang="{tag}">')
          .replace(f"<title>{TITLE}</title>", f"<title>{said(TITLE, language)}</title>")
          for language, tag in TAGS.items()}
