"""A pytest plugin that records every request the core is asked, for tests/worked_hands.jsonl.

    PYTHONPATH=tools .venv/bin/pytest -p capture_hands tests/chuzhou tests/yueqing ...

(``make worked-hands``.) Each distinct (ruleset, action, body) the in-process tests send to
``service.scoring.perform`` is written as one JSON line when the run ends (but those of a
test marked ``draws_parameters``, whose hands move whenever a parameter is added), in the one form
tools/versions.py reads and writes (keys and lines sorted: a run over the same tests rewrites
nothing); the version test (tests/test_versions.py) answers them all and digests the answers
per ruleset.

No test of the run reads the record it rewrites: those marked ``reads_record`` are left out,
and a test that opens the file anyway fails the run, naming itself. So one run is a fixed
point: a second rewrites nothing (``make regen`` checks it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from versions import hand_line, hands_file

import service.actions
import service.scoring

# The same examples every run, and none replayed from an earlier run's database: the tests
# that generate hands send the same hands, so the file is the same.
settings.register_profile("worked-hands", derandomize=True, database=None)
settings.load_profile("worked-hands")

OUT = Path(__file__).resolve().parent.parent / "tests" / "worked_hands.jsonl"
LONGEST = 20_000  # a body past this is a stress test, not a worked hand
_seen: dict[str, None] = {}
_perform = service.scoring.perform
# Whether the running test draws house rules from the parameters' ids (its marker): its hands
# would move whenever a parameter is added, so a small change would rewrite the record.
_drawing: list[bool] = [False]


# What opened the record while the run rewrites it: a test, or the collection (a parametrize
# list read from it) when no test runs.
_readers: list[str] = []
_running: list[str] = ["collecting the tests"]


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)) \
            and Path(os.fsdecode(args[0])).resolve() == OUT:
        _readers.append(_running[0])


sys.addaudithook(_audit)


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        raise pytest.UsageError("make worked-hands runs in one process: each xdist worker "
                                "would write a part of the record")


def pytest_collection_finish(session: pytest.Session) -> None:
    # Loaded again after tests/conftest.py loaded its own: the same examples every run.
    settings.register_profile("worked-hands", settings.default, derandomize=True,
                              database=None)
    settings.load_profile("worked-hands")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    left_out = [item for item in items if item.get_closest_marker("reads_record")]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item not in left_out]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    _drawing[0] = item.get_closest_marker("draws_parameters") is not None
    _running[0] = item.nodeid
    yield
    _running[0] = "between tests"
    _drawing[0] = False


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The record is written only after a run that passed and read nothing of it."""
    if _readers:
        print(f"\n{OUT.name} was read while this run rewrites it, by: "
              f"{', '.join(sorted(set(_readers)))}; mark such tests reads_record",
              file=sys.stderr)
        session.exitstatus = 1
    elif exitstatus == 0:
        OUT.write_text(hands_file(_seen), encoding="utf-8")


def _recording(ruleset_id: str, name: str, chosen: Any, body: Any) -> dict[str, Any]:
    try:
        line = hand_line(ruleset_id, name, body)
    except (TypeError, ValueError):  # a body no client could send as JSON
        line = ""
    if line and len(line) < LONGEST and not _drawing[0]:
        _seen.setdefault(line)
    return _perform(ruleset_id, name, chosen, body)


service.scoring.perform = _recording
service.actions.perform = _recording  # type: ignore[attr-defined]

