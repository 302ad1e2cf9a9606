"""The service's version and the version scheme (docs/contract.md, "Versioning").

``VERSION`` is CHANGELOG.md's newest entry, carried by every answer's ``Service-Version``
header and by the OpenAPI document's ``info.version``. It versions the service as a whole;
``/v1`` in the paths is the shape of requests and answers, which within ``/v1`` only grows.

Each ruleset has a version of its own, the version of its money, carried by every answer as
``ruleset_version`` and listed with every change at ``GET /v1/rulesets/{id}/changes``, from
the one source each ruleset keeps (``service/rulesets/<id>/changes.py``, which CHANGELOG.md's
per-ruleset lines are made from). What each part of it promises (G-10) is said once, in
docs/contract.md; ``KINDS`` and ``CHANGED`` are its words, which the contract lists.
"""

from __future__ import annotations

from typing import Final

VERSION = "1.5.0"

# How far a money version moved, by the first of its parts that changed.
MAJOR: Final = "MAJOR"
MINOR: Final = "MINOR"
PATCH: Final = "PATCH"
KINDS: Final = (MAJOR, MINOR, PATCH)

# What a change of the money changed, and the least part of the version each moves (G-10).
AMOUNTS: Final = "amounts"
INFORMATION: Final = "information"
TEXTS: Final = "texts"
IMPOSSIBLE: Final = "impossible-refused"
CHANGED: Final = {
    AMOUNTS: (MAJOR, "some request a real table can produce is paid differently, or refused "
                     "where it was paid; a default changed"),
    INFORMATION: (MINOR, "answers gain information, every amount unchanged: a field, a hand "
                         "once refused now answered, another fingerprint for the same rules"),
    IMPOSSIBLE: (MINOR, "a request no real table can produce is refused where it was paid "
                        "(G-10)"),
    TEXTS: (PATCH, "texts: a name in an answer, a description, a message"),
}


def key(version: str) -> tuple[int, ...]:
    """A version's parts as numbers, to compare: ``"1.10.0"`` is newer than ``"1.9.0"``."""
    return tuple(int(part) for part in version.split("."))
