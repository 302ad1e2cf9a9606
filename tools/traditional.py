"""The Traditional Chinese texts, made from the Simplified ones (``make messages`` runs it).

    python tools/traditional.py            # write them
    python tools/traditional.py --check    # fail when a written file is not what it makes

OpenCC (the ``opencc`` package, its ``s2twp`` configuration: Taiwan's characters and
phrasing) converts each Simplified text; then the mahjong terms checked by hand replace what a
general converter gets wrong for a player (``TERMS``: 台 stays 台, 饼 is 筒 at Taiwan's tables),
and the reviewed entries of ``tools/traditional.json`` override whole sentences. What it makes:

- ``service/locale/zh_Hant/LC_MESSAGES/messages.po``: every translated msgid of the Simplified
  catalog with its Traditional sentence, and every Chinese name the service says inside a
  sentence (a pattern's, an item's, a parameter's, a ruleset's), its Simplified text the
  msgid. The service reads it at start-up as it reads the Simplified one (service/po.py).
- ``rulings.zh_Hant.md`` beside each ``rulings.zh.md``.

Nothing here runs in the service: a Traditional answer is said from these files alone.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import opencc

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.language import CHINESE, TRADITIONAL, catalog_path  # noqa: E402
from service.po import ENTRIES_HEADER, counted, entries  # noqa: E402
from service.rulesets import RULESETS  # noqa: E402

REVIEWED = ROOT / "tools" / "traditional.json"
# After OpenCC, in order: the terms a player reads otherwise (checked by hand; 槓, 莊, 財神,
# 將, 萬 and 條 OpenCC already writes as players do).
TERMS = (
    ("餅（筒）", "筒"),  # G-1 names both: at Taiwan's tables the suit is 筒
    ("餅", "筒"),
    ("臺", "台"),  # 台, the Yueqing text's unit, is written 台 at the table
    ("型別", "類型"),  # a kind of problem or of pattern, not a programming language's type
    ("引數", "參數"),  # a house rule's parameter, not a function's argument
    ("專案", "項目"),  # a 台 item, not a project
    ("里加", "裡加"),  # 往 M 里加: inside, where the letter before hid the word from OpenCC
    ("么九", "幺九"),  # the terminals: 幺, as both scripts write it (么 reads as 麼)
)
HEADER = """\
# Traditional Chinese (Taiwan's characters and phrasing), made by `make messages` from the
# Simplified catalog (tools/traditional.py: OpenCC s2twp, the mahjong terms checked by hand and
# the reviewed entries of tools/traditional.json). Do not edit: edit the Simplified catalog or
# the reviewed entries, then run `make messages`.
#
"""


def converter() -> Any:
    return opencc.OpenCC("s2twp")


def convert(text: str, made: Any) -> str:
    """A Simplified text in Traditional characters and Taiwan's phrasing, the terms fixed."""
    said = str(made.convert(text))
    for simplified, traditional in TERMS:
        said = said.replace(simplified, traditional)
    return said


def names() -> list[str]:
    """Every Chinese name a sentence may say (service/language.py looks a name up in the
    catalog of another script): each ruleset's, and every name its catalogue gives."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "name" and isinstance(value, str):
                    found.append(value)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for ruleset in RULESETS.values():
        walk(ruleset.described())
    return sorted({name for name in found if re.search(r"[\u4e00-\u9fff]", name)})


def made_catalog() -> str:
    """The Traditional catalog's text, as ``main`` writes it."""
    made = converter()
    reviewed: dict[str, str] = json.loads(REVIEWED.read_text(encoding="utf-8"))["entries"]
    source = catalog_path(CHINESE)
    head = (f'{HEADER}msgid ""\nmsgstr ""\n"Language: zh_Hant\\n"\n'
            f'"Content-Type: text/plain; charset=utf-8\\n"\n"{ENTRIES_HEADER}: ')
    said: dict[str, str] = {}
    for entry in entries(source.read_text(encoding="utf-8"), str(source)):
        if entry.spoken:
            said[entry.msgid] = reviewed.get(entry.msgid) or convert(entry.msgstr, made)
    for name in names():
        said.setdefault(name, reviewed.get(name) or convert(name, made))
    body = "".join(f"\nmsgid {_quoted(msgid)}\nmsgstr {_quoted(msgstr)}\n"
                   for msgid, msgstr in said.items())
    count = counted(entries(f'{head}0\\n"\n{body}', "zh_Hant"))
    return f'{head}{count}\\n"\n{body}'


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def rulings() -> dict[Path, str]:
    """Each ``rulings.zh_Hant.md`` with the text it holds, beside its ``rulings.zh.md``."""
    made = converter()
    return {path.with_name("rulings.zh_Hant.md"): convert(path.read_text(encoding="utf-8"), made)
            for path in sorted((ROOT / "service").rglob("rulings.zh.md"))}


def made_files() -> dict[Path, str]:
    return {catalog_path(TRADITIONAL): made_catalog(), **rulings()}


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        stale = [str(path.relative_to(ROOT)) for path, text in made_files().items()
                 if not path.is_file() or path.read_text(encoding="utf-8") != text]
        if stale:
            print(f"not what `make messages` makes from the Simplified texts: {stale}")
            return 1
        return 0
    for path, text in made_files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
