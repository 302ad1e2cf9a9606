"""The rulings the service follows, in the project's words, read from the files it ships.

The general rulings (G-n) are ``service/rulings.md``; a ruleset's are ``rulings.md`` in its own
package, ``service/rulesets/<id>/``, found by the id the registry lists it under (a ruleset
with no such file, such as one defined outside ``service/``, has none). docs/rules/ links to
these files rather than repeating them: one ruling, one place.

A file is a Markdown list, one bullet per ruling, ``- **ID Title.** text``; the text goes on
in lines indented by two spaces, where blank lines part paragraphs and ``|`` lines make a
table. Anything before the first bullet (a heading, an introduction) is not a ruling. Each
file is read and parsed once per process.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import NamedTuple

from service.language import CHINESE, TRADITIONAL, Translated
from service.rulesets import RULESETS

FILE = "rulings.md"
# Each file's Chinese, beside it: the same rulings by id, in the same form (the Traditional
# made from the Simplified by `make messages`: tools/traditional.py).
TRANSLATIONS = {CHINESE: "rulings.zh.md", TRADITIONAL: "rulings.zh_Hant.md"}
BULLET = re.compile(r"- \*\*([A-Z]+-\d+) (.+?)\.\*\*(?: (.*))?$")
INDENT = "  "


class Ruling(NamedTuple):
    id: str
    title: str
    text: str  # Markdown: paragraphs parted by a blank line, a table's rows one a line
    ruleset: str | None  # None for a general ruling, which every ruleset follows

    @property
    def url(self) -> str:
        """Where the service serves it (a relative reference, as problem types are)."""
        if self.ruleset is None:
            return f"/v1/rulings/{self.id}"
        return f"/v1/rulesets/{self.ruleset}/rulings/{self.id}"

    def document(self) -> dict[str, str | None]:
        return {"id": self.id, "title": self.title, "text": self.text,
                "ruleset": self.ruleset, "url": self.url}


def _joined(lines: list[str], spaced: bool) -> str:
    """A paragraph's lines as one: parted by a space, except, unless ``spaced``, where both
    sides are Chinese (which writes no spaces)."""
    if spaced:
        return " ".join(lines)
    text = lines[0]
    for line in lines[1:]:
        text += line if text[-1:] > "\u2e80" and line[:1] > "\u2e80" else " " + line
    return text


def _blocks(lines: list[str], spaced: bool = True) -> str:
    """A ruling's lines as its text: each paragraph on one line, a table's rows kept apart."""
    blocks: list[list[str]] = []
    table_before = None
    for line in lines:
        if not line:
            table_before = None
            continue
        table = line.startswith("|")
        if table_before is None or table != table_before:
            blocks.append([])
        blocks[-1].append(line)
        table_before = table
    return "\n\n".join("\n".join(block) if block[0].startswith("|")
                       else _joined(block, spaced) for block in blocks)


def parse(text: str, ruleset: str | None = None, spaced: bool = True) -> list[Ruling]:
    """The rulings of one file's text, in its order; a Chinese one's lines are joined
    without ``spaced``."""
    found: list[tuple[str, str, list[str]]] = []
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        bullet = BULLET.match(line)
        if bullet:
            found.append((bullet[1], bullet[2], [bullet[3] or ""]))
            inside = True
        elif inside and (not line.strip() or line.startswith(INDENT)):
            found[-1][2].append(line.strip())
        elif inside:  # the list has ended; a file holds one list of rulings
            raise ValueError(f"line {number}: not a ruling's bullet nor indented under one")
    ids = [ruling_id for ruling_id, _, _ in found]
    if len(set(ids)) != len(ids):
        raise ValueError(f"a ruling id given twice: {sorted(i for i in ids if ids.count(i) > 1)}")
    return [Ruling(ruling_id, title, _blocks(lines, spaced), ruleset)
            for ruling_id, title, lines in found]


def _read(folder: Traversable, ruleset: str | None) -> tuple[Ruling, ...]:
    """A folder's rulings, each title and text said in every language its translations give."""
    resource = folder.joinpath(FILE)
    if not resource.is_file():
        return ()
    found = parse(resource.read_text(encoding="utf-8"), ruleset)
    translated: dict[str, dict[str, Ruling]] = {}
    for language, name in TRANSLATIONS.items():
        other = folder.joinpath(name)
        if other.is_file():
            translated[language] = {ruling.id: ruling for ruling in
                                    parse(other.read_text(encoding="utf-8"), ruleset,
                                          spaced=False)}
    return tuple(ruling._replace(
        title=Translated(ruling.title, {language: by_id[ruling.id].title
                                        for language, by_id in translated.items()
                                        if ruling.id in by_id}),
        text=Translated(ruling.text, {language: by_id[ruling.id].text
                                      for language, by_id in translated.items()
                                      if ruling.id in by_id}))
        for ruling in found)


@lru_cache(maxsize=1)
def general() -> tuple[Ruling, ...]:
    """The general rulings, G-1 onwards."""
    return _read(files("service"), None)


def of_ruleset(ruleset_id: str) -> tuple[Ruling, ...]:
    """A served ruleset's own rulings, none if it has no file; KeyError for any other id."""
    return _of_ruleset(RULESETS[ruleset_id].id)


@cache  # one entry per served ruleset: of_ruleset lets no other id in
def _of_ruleset(ruleset_id: str) -> tuple[Ruling, ...]:
    return _read(files("service.rulesets").joinpath(ruleset_id), ruleset_id)


def every() -> list[Ruling]:
    """Every ruling the service follows: the general ones, then each ruleset's."""
    return [*general(), *(ruling for ruleset_id in RULESETS for ruling in of_ruleset(ruleset_id))]


def find(ruling_id: str) -> Ruling | None:
    """The ruling with this id, general or any ruleset's; None if there is none."""
    return next((ruling for ruling in every() if ruling.id == ruling_id), None)
