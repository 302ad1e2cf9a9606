"""The docs' tables of patterns and items say what the catalogue serves: every id in its order,
its name, its values, its group, its condition as implemented and what it excludes. A pattern
added, renamed or repriced in the catalogue fails here until its row in docs/rules/ follows."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from service.rulesets import RULESETS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


def _rows(page: str, header: str) -> list[list[str]]:
    """The cells of the table whose header row starts with ``header``, backticks dropped."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().replace("`", "") for cell in line.strip("|").split("|")])
    return rows


def _excludes(cell: str) -> list[str]:
    return [] if cell == "—" else cell.split(", ")


def _chuzhou_values(values: dict[str, int]) -> str:
    if "value" in values:
        return str(values["value"])
    return f"明 {values['ming']} / 暗 {values['an']}"


def _catalogue(ruleset: str) -> dict[str, Any]:
    return RULESETS[ruleset].catalogue()


def test_chuzhou_table_is_the_catalogue() -> None:
    rows = _rows("chuzhou.md", "| id | 名 | values |")
    expected = [[p["id"], p["name"], _chuzhou_values(p["values"]), p["condition"],
                 p["excludes"]] for p in _catalogue("chuzhou")["patterns"]]
    assert [[r[0], r[1], r[2], r[3], _excludes(r[4])] for r in rows] == expected


def test_yueqing_table_is_the_catalogue() -> None:
    rows = _rows("yueqing.md", "| id | 名 | group | 台 |")
    expected = [[p["id"], p["name"], p["group"], str(p["values"]["tai"]), p["condition"],
                 p["excludes"]] for p in _catalogue("yueqing")["patterns"]]
    assert [[r[0], r[1], r[2], r[3], r[4], _excludes(r[5])] for r in rows] == expected


def test_yueqing_flower_table_is_the_parameters() -> None:
    """Each flower item's row names it and gives its parts' 花 in the parameters' order, at
    their defaults."""
    defaults = RULESETS["yueqing"].defaults()
    rows = _rows("yueqing.md", "| item | flowers |")
    ids = [fid for row in rows for fid in row[0].split(", ")]
    assert ids == [f["id"] for f in _catalogue("yueqing")["flowers"]]
    for row in rows:
        for fid in row[0].split(", "):
            parts = [value for key, value in defaults.items()
                     if key.startswith(f"{fid}.") and not isinstance(value, bool)]
            assert [int(n) for n in re.findall(r"\d+", row[1])] == parts, row
