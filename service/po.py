"""A gettext catalog (a ``.po`` file) read strictly, entry by entry, before the service speaks
from it.

service/language.py reads each language's catalog once, at a worker's start-up (``load``).
Nothing in the file is trusted: a line that is no line of a catalog, a string that never
closes, a msgid with no msgstr, a catalog holding fewer entries than ``make messages`` wrote,
a translation that is no format string or whose placeholders are not its msgid's: each stops
the start with a ``CatalogError`` naming the file, the line and the msgid, the reason gunicorn
prints for a worker that did not boot. A catalog that starts is one every Chinese answer can
be said from; none of its entries can fail a request.

What is read is what Babel writes (``make messages``: tools/messages.py): entries apart by
blank lines, each of comments (``#``; ``#, fuzzy`` flags one, ``#~`` an obsolete one) then
``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr`` or ``msgstr[n]``, each with a quoted
string continued by quoted lines; escapes as Babel reads them (``\\n``, ``\\t``, ``\\r``,
``\\"``, ``\\\\``). tests/test_language.py reads the catalog with Babel too and compares.

Placeholders. A Chinese sentence is its msgstr filled in with the params its English was
(``Message.said``), so a msgstr holds exactly its msgid's placeholders: the same names with the
same format specs (``{max:,}`` where the English has ``{max:,}``), each a plain name. No
conversion (``{ruling!r}``), attribute (``{ruling.__class__}``), index (``{ruling[40]}``) or
position (``{}``, ``{0}``), and no format spec the msgid lacks (``{ruling:d}``): those reach
into a value, print what the English does not, or fail on a value a client sent.

A file cut between two entries is still well formed: the header's ``X-Entries``, which
``make messages`` writes, says how many entries the catalog holds, and one holding fewer is
refused rather than answering their English.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Final, NoReturn

ENTRIES_HEADER: Final = "X-Entries"

_KEYWORD: Final = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(.*)")
_STRING: Final = re.compile(r'"((?:[^"\\]|\\.)*)"')
_OPEN: Final = re.compile(r'"(?:[^"\\]|\\.)*\\?')  # a string the line ends inside
_ESCAPE: Final = re.compile(r'\\([\\trn"])')  # Babel's: any other backslash is itself
_ESCAPED: Final = {"n": "\n", "t": "\t", "r": "\r"}  # \\ and \" are the character escaped
_WRITTEN: Final = "a placeholder is written {name} or {name:spec}, as the msgid writes it"


class CatalogError(RuntimeError):
    """A catalog the service cannot speak from; the message names the file, the line and the
    msgid."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a catalog: the header is the entry whose msgid is empty."""

    msgid: str
    msgstr: str  # "" when untranslated; a plural entry's first form
    line: int  # where its msgstr starts
    fuzzy: bool = False
    context: str | None = None
    plural: bool = False

    @property
    def spoken(self) -> bool:
        """Translated and meant as written: a catalog's sentence. An untranslated, fuzzy,
        plural or context entry is left out, so its English stands."""
        return bool(self.msgid and self.msgstr) and not (self.fuzzy or self.plural) \
            and self.context is None


class _Reader:
    """A catalog's lines read in turn into entries; ``fail`` names where one went wrong."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.entries: list[Entry] = []
        self.first: dict[tuple[str, str | None], int] = {}  # each entry's line, by its key
        self._begin()

    def _begin(self) -> None:
        self.parts: dict[str, list[str]] = {}
        self.lines: dict[str, int] = {}
        self.last = ""  # the keyword a quoted line continues
        self.fuzzy = False
        self.commented = 0  # the line of a reference or flag comment before any keyword

    def fail(self, line: int, problem: str) -> NoReturn:
        raise CatalogError(f"{self.source}:{line}: {problem} ({self._where()})")

    def _where(self) -> str:
        if "msgid" in self.parts:
            msgid = "".join(self.parts["msgid"])
            return f"msgid {msgid!r}" if msgid else "the header"
        if self.entries:
            return f"after msgid {self.entries[-1].msgid!r}"
        return "before the first entry"

    def read(self, number: int, text: str) -> None:
        line = text.strip()
        if not line:
            self.end()
        elif line.startswith("#"):
            if self._has_msgstr():  # a comment after a msgstr begins the next entry
                self.end()
            if line.startswith("#,"):
                self.fuzzy = self.fuzzy or "fuzzy" in (f.strip() for f in line[2:].split(","))
            if line.startswith(("#,", "#:")):
                self.commented = self.commented or number
        elif (keyword := _KEYWORD.fullmatch(line)) is not None:
            self._keyword(number, keyword.group(1), keyword.group(2))
        elif line.startswith('"'):
            if not self.last:
                self.fail(number, "a quoted line continues no msgid or msgstr")
            self.parts[self.last].append(self._string(number, line))
        else:
            self.fail(number, f"not a line of a .po catalog: {line[:40]!r}")

    def _has_msgstr(self) -> bool:
        return any(key.startswith("msgstr") for key in self.parts)

    def _keyword(self, number: int, keyword: str, rest: str) -> None:
        if keyword in ("msgctxt", "msgid") and self._has_msgstr():
            self.end()  # the next entry, with no blank line before it
        if keyword in self.parts:
            self.fail(number, f"a second {keyword} in one entry")
        if keyword == "msgctxt" and "msgid" in self.parts:
            self.fail(number, "a msgctxt after its msgid")
        if keyword not in ("msgctxt", "msgid") and "msgid" not in self.parts:
            self.fail(number, f"a {keyword} with no msgid before it")
        if keyword == "msgid_plural" and self._has_msgstr():
            self.fail(number, "a msgid_plural after its msgstr")
        self.parts[keyword] = [self._string(number, rest)]
        self.lines[keyword] = number
        self.last = keyword

    def _string(self, number: int, text: str) -> str:
        found = _STRING.fullmatch(text)
        if found is None:
            if _OPEN.fullmatch(text):
                self.fail(number, "a string that never closes: the line is cut short")
            self.fail(number, f"not one quoted string: {text[:40]!r}")
        return _ESCAPE.sub(lambda m: _ESCAPED.get(m.group(1), m.group(1)), found.group(1))

    def end(self) -> None:
        """The entry read so far, complete or refused; the next one begins."""
        if not self.parts:
            if self.commented:  # Babel writes an entry's references and flags above it
                self.fail(self.commented, "an entry's comments with no msgid after them: the "
                                          "entry is cut short")
            self._begin()
            return
        if "msgid" not in self.parts:
            self.fail(self.lines["msgctxt"], "a msgctxt with no msgid after it")
        if not self._has_msgstr():
            self.fail(self.lines[self.last], "a msgid with no msgstr: the entry is cut short")
        said = "msgstr" if "msgstr" in self.parts else min(
            key for key in self.parts if key.startswith("msgstr"))
        msgid = "".join(self.parts["msgid"])
        context = "".join(self.parts["msgctxt"]) if "msgctxt" in self.parts else None
        line = self.lines[said]
        if (msgid, context) in self.first:
            self.fail(line, f"a second entry for this msgid (the first is at line "
                            f"{self.first[msgid, context]})")
        self.first[msgid, context] = line
        self.entries.append(Entry(msgid, "".join(self.parts[said]), line, self.fuzzy, context,
                                  "msgid_plural" in self.parts))
        self._begin()


def entries(text: str, source: str) -> list[Entry]:
    """Every entry of a catalog's text, its header among them, obsolete ones left out; the
    catalog's syntax checked (``source`` names it in a ``CatalogError``)."""
    reader = _Reader(source)
    for number, line in enumerate(text.split("\n"), start=1):
        reader.read(number, line)
    reader.end()
    return reader.entries


def counted(found: list[Entry]) -> int:
    """The entries a catalog holds besides its header: what its ``X-Entries`` says."""
    return sum(1 for entry in found if entry.msgid)


def _declared(found: list[Entry], source: str) -> int:
    """The number of entries the header says ``make messages`` wrote."""
    header = next((entry for entry in found if not entry.msgid and entry.context is None),
                  None)
    if header is None:
        raise CatalogError(f"{source}:1: the catalog has no header (the entry whose msgid is "
                           f'"")')
    for line in header.msgstr.split("\n"):
        name, _, value = line.partition(":")
        if name.strip().lower() == ENTRIES_HEADER.lower() and value.strip().isdigit():
            return int(value)
    raise CatalogError(f"{source}:{header.line}: the header does not say how many entries the "
                       f"catalog holds ({ENTRIES_HEADER}, written by `make messages`)")


def _placeholders(template: str, part: str) -> set[tuple[str, str]]:
    """A template's placeholders, each a plain name and its format spec (``part``, msgid or
    msgstr, names the template in a refusal)."""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise ValueError(f"the {part} is not a format string: {exc}") from None
    found = set()
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        shown = "{" + name + (f"!{conversion}" if conversion else "") + (
            f":{spec}" if spec else "") + "}"
        if not name.isidentifier():
            raise ValueError(f"the {part}'s {shown} is not a plain name: {_WRITTEN}, never with "
                             f"an index, an attribute or a position (a brace meant as text is "
                             f"written {{{{ or }}}})")
        if conversion is not None:
            raise ValueError(f"the {part}'s {shown} converts its value: {_WRITTEN}")
        found.add((name, spec or ""))
    return found


def _shown(placeholders: set[tuple[str, str]]) -> str:
    return ", ".join(f"{{{name}{':' + spec if spec else ''}}}"
                     for name, spec in sorted(placeholders))


def placeholder_problem(msgid: str, msgstr: str) -> str | None:
    """Why a translation cannot be filled in as its English is, or None when it can: its
    placeholders exactly its msgid's, each a plain name with the msgid's format spec."""
    try:
        english, said = _placeholders(msgid, "msgid"), _placeholders(msgstr, "msgstr")
    except ValueError as exc:
        return str(exc)
    if english == said:
        return None
    differences = [f"{verb} {_shown(found)}" for verb, found in (
        ("adds", said - english), ("drops", english - said)) if found]
    return f"the msgstr's placeholders are not the msgid's: it {' and '.join(differences)}"


def translations(text: str, source: str) -> dict[str, str]:
    """A catalog's sentences, msgid to msgstr, every entry checked (untranslated, fuzzy,
    plural and context entries left out: their English stands)."""
    found = entries(text, source)
    declared, held = _declared(found, source), counted(found)
    # Fewer is a file cut short; more is entries merged in since (a branch's new messages)
    # before `make messages` counted them again, which tests/test_catalog.py asks for.
    if held < declared:
        last = found[-1]
        raise CatalogError(f"{source}:{last.line}: the catalog holds {held} entries where "
                           f"`make messages` wrote {declared}: it is cut short after msgid "
                           f"{last.msgid!r}")
    spoken = {}
    for entry in found:
        if entry.spoken:
            problem = placeholder_problem(entry.msgid, entry.msgstr)
            if problem is not None:
                raise CatalogError(f"{source}:{entry.line}: {problem} (msgid {entry.msgid!r})")
            spoken[entry.msgid] = entry.msgstr
    return spoken


def read_catalog(path: Path) -> dict[str, str]:
    """A catalog file's sentences (``translations``), or a ``CatalogError`` naming the file,
    the line and the msgid where it cannot be spoken from."""
    if not path.is_file():  # a build without its catalogs must not answer English as Chinese
        raise CatalogError(f"the message catalog is missing: {path}")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        _undecodable(str(path), data, exc)
    return translations(text, str(path))


def _undecodable(source: str, data: bytes, exc: UnicodeDecodeError) -> NoReturn:
    """A catalog that is not UTF-8 refused at its first bad byte, named by its line and the
    entry it falls in (the lines before it read as any catalog's)."""
    before = data[:exc.start].decode("utf-8").split("\n")
    reader = _Reader(source)
    for number, line in enumerate(before[:-1], start=1):
        reader.read(number, line)
    reader.fail(len(before), f"not UTF-8 text ({exc.reason})")
