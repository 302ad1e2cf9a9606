"""The service's version: what CHANGELOG.md's newest entry says, carried by every answer's
``Service-Version`` header and by the OpenAPI document's ``info.version``.

Each ruleset has a version of its own (``Ruleset.version``), carried by every answer as
``ruleset_version``: bumped whenever that ruleset's answers change. tests/test_versions.py
fails when the answers to the suite's worked hands change and the versions and the changelog
do not.
"""

from __future__ import annotations

VERSION = "1.3.0"
