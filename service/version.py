"""The service's version and the version scheme (README, "Versioning").

``VERSION`` is CHANGELOG.md's newest entry, carried by every answer's ``Service-Version``
header and by the OpenAPI document's ``info.version``. It versions the service as a whole;
``/v1`` in the paths is the shape of requests and answers, which within ``/v1`` only grows.

Each ruleset has a version of its own (``Ruleset.version``), carried by every answer as
``ruleset_version``: the version of its money, semantic. MAJOR when some request may be paid
differently (an amount, or a hand once paid now refused; a changed default); MINOR when
answers gain information with every amount unchanged (a field, a hand once refused now
answered, another fingerprint), or when a request no real table can produce is now refused
(G-10); PATCH for texts (a name in an answer, a description). A
request may pin it (``"ruleset_version": "1"``, service/house.py ``pinned``): a ruleset at
another MAJOR answers 409 rather than scoring under other rules. tools/versions.py holds the
worked hands' record, and tests/test_versions.py fails when an answer moves further than
the ruleset's version says.
"""

from __future__ import annotations

VERSION = "1.4.0"
