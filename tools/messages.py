"""`make messages`: every marked msgid extracted with Babel, merged into each catalog.

    python tools/messages.py

The keywords that mark a msgid are service/language.py's KEYWORDS. The template is written
beside the virtual environment, never into the tree; each language's catalog under
service/locale/ gains the new msgids with an empty msgstr (tests/test_language.py fails until
a translator fills them in) and loses those no source marks any more. The catalog's header
says how many entries it holds (X-Entries): the service refuses at start-up a catalog holding
fewer, one cut short between two entries (service/po.py). The Traditional catalog and rulings
are then made from the Simplified ones (tools/traditional.py).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.language import CHINESE, KEYWORDS, LOCALE_DIR, catalog_path  # noqa: E402
from service.openapi import operation_words  # noqa: E402
from service.po import ENTRIES_HEADER, counted, entries  # noqa: E402
from tools import traditional  # noqa: E402

TEMPLATE = ROOT / ".venv" / "messages.pot"


def _keyword(name: str, spec: tuple[int, ...] | None) -> str:
    return name if spec is None else f"{name}:{','.join(map(str, spec))}"


def main() -> None:
    os.chdir(ROOT)  # the catalog names each source by its path in the repository
    keywords = [arg for name, spec in KEYWORDS.items() for arg in ("-k", _keyword(name, spec))]
    # Locations name the file alone: a line number would move with every edit above it.
    CommandLineInterface().run(["pybabel", "extract", "--no-default-keywords", *keywords,
                                "--add-location=file",
                                "--no-wrap", "--sort-by-file", "--project",
                                "mahjong-scoring-service", "-o", str(TEMPLATE),
                                "service"])
    _add_operation_words(TEMPLATE)
    for language in (CHINESE,):  # the Traditional texts are made from it, below
        path = catalog_path(language)
        command = "update" if path.is_file() else "init"
        before = path.read_text(encoding="utf-8") if command == "update" else ""
        extra = ["--no-fuzzy-matching", "--ignore-obsolete"] if command == "update" else []
        CommandLineInterface().run(["pybabel", command, "--no-wrap", *extra, "-i", str(TEMPLATE),
                                    "-d", str(LOCALE_DIR), "-l", language, "-D", "messages"])
        _keep_date(path, before)
        _say_entries(path)
    traditional.main([])


def _add_operation_words(template: Path) -> None:
    """Each operation's summary and description, which /docs says in the language asked for
    (service.openapi.spec_json_said): msgids of the contract as built, wherever its parts
    wrote them (a ruleset's action, the examples' file, a page's route)."""
    with template.open("rb") as read:
        found = read_po(read)
    for text in operation_words():
        found.add(str(text), locations=[("openapi.yaml", None)])
    with template.open("wb") as written:
        # in the order read: the extracted entries as Babel sorted them, these after them
        write_po(written, found, width=0, include_lineno=False)


def _keep_date(path: Path, before: str) -> None:
    """Keep the catalog's POT-Creation-Date where it had one: the run's date alone would
    rewrite a catalog whose messages did not change (a regeneration leaves a clean tree)."""
    old = re.search(r'"POT-Creation-Date: [^"]*"', before)
    if old is not None:
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r'"POT-Creation-Date: [^"]*"', lambda _: old.group(0), text,
                               count=1), encoding="utf-8")



def _say_entries(path: Path) -> None:
    """The header's X-Entries, the number of entries Babel has just written (Babel keeps no
    header of its own making, so it is written again after each update, after Generated-By,
    the header's last line)."""
    text = path.read_text(encoding="utf-8")
    held = counted(entries(text, str(path)))
    text = re.sub(rf'^"{ENTRIES_HEADER}: [^"]*"\n', "", text, flags=re.MULTILINE)
    said, found = re.subn(r'^"Generated-By: [^"]*"\n',
                          lambda line: f'{line.group(0)}"{ENTRIES_HEADER}: {held}\\n"\n',
                          text, count=1, flags=re.MULTILINE)
    if found != 1:
        raise SystemExit(f"{path}: no Generated-By line in the header to write "
                         f"{ENTRIES_HEADER} after")
    path.write_text(said, encoding="utf-8")


if __name__ == "__main__":
    main()
