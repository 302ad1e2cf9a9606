"""Every curl example in the README answers 200: the README never lies."""

from __future__ import annotations

import re
from pathlib import Path

from flask.testing import FlaskClient

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
CURL = re.compile(r"curl -s localhost:8000(\S+)(?: -H \"\$J\" -d '(.*?)')?", re.S)


def test_readme_examples_answer(client: FlaskClient) -> None:
    examples = CURL.findall(README)
    assert len(examples) >= 13
    for path, body in examples:
        if body:
            response = client.post(path, data=body, content_type="application/json")
        else:
            response = client.get(path)
        assert response.status_code == 200, (path, response.get_data(as_text=True))
