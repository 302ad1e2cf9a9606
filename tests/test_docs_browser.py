"""/docs in a real headless Chromium: Swagger UI renders every operation of the contract, with
its assets and the contract fetched from this service alone (issue #9).

Needs Debian's ``chromium``: ``make test`` installs it when absent; where it cannot be
installed (no root, no package source) this test is skipped and says so.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile

import pytest

from service.openapi import build_spec

CHROMIUM = shutil.which("chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed and `make "
                                             "test` could not install it (apt-get needs root)")
def test_docs_render_every_operation(live_server: str) -> None:
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [str(CHROMIUM), *FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=20000",
             "--dump-dom", f"{live_server}/docs"],
            capture_output=True, text=True, timeout=120, check=False)
    dom = done.stdout
    assert 'class="swagger-ui' in dom, done.stderr[-2000:]
    assert "Failed to load API definition" not in dom
    assert "errors-wrapper" not in dom  # Swagger UI lists resolver errors there
    expected = {f"operations-{op.get('tags', ['default'])[0]}-{op['operationId']}"
                for item in build_spec()["paths"].values() for op in item.values()}
    rendered = {oid for oid in expected if f'id="{oid}"' in dom}
    assert rendered == expected
