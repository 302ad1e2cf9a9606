"""The catalog checked at start-up (issue #43): every entry of service/locale/zh/.../messages.po
read strictly before a worker answers (service/po.py). A catalog cut short, a syntax error or a
translation whose placeholders are not its English's stops the start, naming the file, the
line and the msgid; the real catalog loads; a value a client sent is a param, never part of a
format string, in both languages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from service import cli, language
from service.api.app import create_app
from service.language import CHINESE, Message, catalog, catalog_path
from service.po import (
    ENTRIES_HEADER,
    CatalogError,
    counted,
    entries,
    placeholder_problem,
    read_catalog,
    translations,
)

REAL = catalog_path(CHINESE)
TEXT = REAL.read_text(encoding="utf-8")
LINES = TEXT.split("\n")
# The entry the broken catalogs change: the Chinese of a 404 for an unknown ruling.
RULING = "No ruling '{ruling}'; GET /v1/rulings lists the general ones, " \
    "GET /v1/rulesets/{{ruleset_id}}/rulings a ruleset's."
RULING_LINE = LINES.index(f'msgid "{RULING}"') + 2  # its msgstr's line, counted from 1


def _refused(text: str | bytes, tmp_path: Path) -> str:
    """The start-up loader's refusal of a broken copy of the catalog, written to a file."""
    broken = tmp_path / "messages.po"
    if isinstance(text, str):
        broken.write_text(text, encoding="utf-8")
    else:
        broken.write_bytes(text)
    with pytest.raises(CatalogError) as refused:
        read_catalog(broken)
    return str(refused.value)


def _ruling_said(said: str) -> str:
    """The catalog with the ruling's Chinese changed to ``said`` (``{ruling}`` its place)."""
    line = LINES[RULING_LINE - 1]
    assert line.startswith('msgstr "') and "{ruling}" in line
    return "\n".join([*LINES[:RULING_LINE - 1], line.replace("{ruling}", said),
                      *LINES[RULING_LINE:]])


def test_the_real_catalog_loads_every_entry_and_says_how_many_it_holds() -> None:
    found = entries(TEXT, str(REAL))
    spoken = read_catalog(REAL)
    assert spoken == catalog(CHINESE)
    assert len(spoken) == counted(found) > 300
    header = re.search(rf"^\"{ENTRIES_HEADER}: (\d+)\\n\"$", TEXT, flags=re.MULTILINE)
    assert header is not None, "run `make messages`: it writes the header's entry count"
    assert int(header.group(1)) == counted(found), \
        "run `make messages`: the header's entry count is not the catalog's"


# The broken translations of the ruling's 404, each refused with what is wrong.
@pytest.mark.parametrize(("said", "problem"), [
    ("{ruling:d}", "the msgstr's placeholders are not the msgid's: it adds {ruling:d} and "
                   "drops {ruling}"),
    ("{ruling[40]}", "the msgstr's {ruling[40]} is not a plain name"),
    ("{ruling.__class__.__mro__}", "the msgstr's {ruling.__class__.__mro__} is not a plain "
                                   "name"),
    ("{ruling!r}", "the msgstr's {ruling!r} converts its value"),
    ("{}", "the msgstr's {} is not a plain name"),
    ("{0}", "the msgstr's {0} is not a plain name"),
    ("{ruling:>{width}}", "it adds {ruling:>{width}} and drops {ruling}"),
    ("{rule}", "it adds {rule} and drops {ruling}"),
    ("", "it drops {ruling}"),
    ("{ruling}{ruleset}", "it adds {ruleset}"),
    ("{ruling", "the msgstr is not a format string"),
    ("{ruling}}", "the msgstr is not a format string: Single '}'"),
])
def test_a_translation_that_cannot_be_filled_in_as_its_english_stops_the_start(
        tmp_path: Path, said: str, problem: str) -> None:
    refused = _refused(_ruling_said(said), tmp_path)
    assert refused.startswith(f"{tmp_path / 'messages.po'}:{RULING_LINE}: "), refused
    assert problem in refused
    assert refused.endswith(f"(msgid {RULING!r})")


def test_an_unbalanced_brace_at_the_end_names_the_entry(tmp_path: Path) -> None:
    """The issue's "expected '}' before end of string", now with its file, line and msgid."""
    text = "\n".join([*LINES[:RULING_LINE - 1], 'msgstr "没有 {ruling 这条裁定"',
                      *LINES[RULING_LINE:]])
    refused = _refused(text, tmp_path)
    assert f"messages.po:{RULING_LINE}: the msgstr is not a format string: expected '}}' " \
        "before end of string" in refused
    assert RULING in refused


def _last_content_line() -> int:
    return max(number for number, line in enumerate(LINES) if line.strip())


def _line_cuts() -> list[int]:
    """Where the catalog is cut, in lines kept: a spread over the file and every line of its
    last entries (each cut loses at least one line that is not blank)."""
    last = _last_content_line()
    return sorted({*range(0, last, 37), *range(last - 12, last + 1)})


def test_a_catalog_cut_at_any_line_stops_the_start() -> None:
    """A .po cut in half never starts answering English: cut after an entry's comments, its
    msgid, its msgstr or the blank line after it, it is refused, and the whole file is not."""
    for kept in _line_cuts():
        with pytest.raises(CatalogError, match=r"^messages\.po:\d+: "):
            translations("\n".join(LINES[:kept]) + "\n", "messages.po")
    assert translations("\n".join(LINES[:_last_content_line() + 1]) + "\n", "messages.po")


def test_a_catalog_cut_in_half_names_the_line_and_the_msgid_it_ends_in(tmp_path: Path) -> None:
    """Cut between two entries, the file is well formed; its header's count refuses it."""
    ends = [number for number, line in enumerate(LINES) if not line.strip()]
    kept = next(end for end in ends if end >= len(LINES) // 2)  # a blank line past the middle
    last = [entry for entry in entries(TEXT, str(REAL)) if entry.line <= kept][-1]
    refused = _refused("\n".join(LINES[:kept]) + "\n", tmp_path)
    assert re.search(rf"messages\.po:{last.line}: the catalog holds \d+ entries where "
                     rf"`make messages` wrote {counted(entries(TEXT, str(REAL)))}: it is cut "
                     r"short after msgid ", refused), refused
    assert refused.endswith(repr(last.msgid))


@pytest.mark.parametrize("share", [0.5, 0.25, 0.75, 0.999])
def test_a_catalog_cut_at_any_byte_stops_the_start(tmp_path: Path, share: float) -> None:
    data = REAL.read_bytes()
    cut = data[:int(len(data) * share)]
    refused = _refused(cut, tmp_path)
    assert re.match(rf"{re.escape(str(tmp_path / 'messages.po'))}:\d+: ", refused), refused
    assert "msgid" in refused


def test_every_cut_within_the_last_entry_stops_the_start() -> None:
    end = TEXT.rstrip().rfind("\n", 0, len(TEXT.rstrip()) - 1)
    for kept in range(end - 40, len(TEXT.rstrip())):
        with pytest.raises(CatalogError):
            translations(TEXT[:kept], "messages.po")


HEADER = 'msgid ""\nmsgstr "Language: zh\\nX-Entries: 1\\n"\n\n'


# Broken lines, each refused at its line with the entry it is in or follows.
@pytest.mark.parametrize(("text", "where"), [
    (HEADER + 'msgid "a"\nmsgstr "甲\n', ':5: a string that never closes: the line is cut '
                                         "short (msgid 'a')"),
    (HEADER + 'msgid "a"\nmsgstr "甲\\"\n', ":5: a string that never closes"),
    (HEADER + 'msgid "a"\n', ":4: a msgid with no msgstr: the entry is cut short (msgid 'a')"),
    (HEADER + 'msgid "a"\nmsgstr "甲" x\n', ':5: not one quoted string: \'"甲" x\' (msgid '
                                           "'a')"),
    (HEADER + 'msgid "a"\nmsgstr "甲"\nhello\n', ":6: not a line of a .po catalog: 'hello' "
                                                "(msgid 'a')"),
    (HEADER + '"a"\nmsgid "a"\nmsgstr "甲"\n', ":4: a quoted line continues no msgid or msgstr "
                                              "(after msgid '')"),
    (HEADER + 'msgstr "甲"\n', ":4: a msgstr with no msgid before it (after msgid '')"),
    (HEADER + 'msgid "a"\nmsgid "b"\nmsgstr "甲"\n', ":5: a second msgid in one entry"),
    (HEADER + 'msgid "a"\nmsgstr "甲"\n\nmsgid "a"\nmsgstr "乙"\n',
     ":8: a second entry for this msgid (the first is at line 5) (msgid 'a')"),
    (HEADER + 'msgctxt "c"\n\nmsgid "a"\nmsgstr "甲"\n', ":4: a msgctxt with no msgid after it"),
    (HEADER + 'msgid "a"\nmsgstr "甲"\n\n#: service/x.py\n', ":7: an entry's comments with no "
                                                          "msgid after them"),
    ('msgid "a"\nmsgstr "甲"\n', ":1: the catalog has no header"),
    ('msgid ""\nmsgstr "Language: zh\\n"\n\nmsgid "a"\nmsgstr "甲"\n',
     f":2: the header does not say how many entries the catalog holds ({ENTRIES_HEADER}"),
    (HEADER.replace("X-Entries: 1", "X-Entries: 2") + 'msgid "a"\nmsgstr "甲"\n',
     ":5: the catalog holds 1 entries where `make messages` wrote 2: it is cut short after "
     "msgid 'a'"),
])
def test_a_syntax_error_stops_the_start_naming_the_line(tmp_path: Path, text: str,
                                                         where: str) -> None:
    refused = _refused(text, tmp_path)
    assert refused.startswith(str(tmp_path / "messages.po") + where.split(" ", 1)[0]), refused
    assert where in refused, refused


def test_a_catalog_that_is_not_utf8_names_the_line_and_the_entry(tmp_path: Path) -> None:
    text = (HEADER + 'msgid "a"\nmsgstr "甲"\n').encode() + b'\nmsgid "b"\nmsgstr "\xff"\n'
    refused = _refused(text.replace(b"X-Entries: 1", b"X-Entries: 2"), tmp_path)
    assert refused == f"{tmp_path / 'messages.po'}:8: not UTF-8 text (invalid start byte) " \
        "(msgid 'b')"


def test_the_reader_takes_what_babel_writes_and_leaves_out_what_it_does_not_speak() -> None:
    """Entries one after the other without a blank line, a plural, a context, a fuzzy one and
    escapes: what Babel's reader reads (tests/test_language.py compares on the real file)."""
    text = ('# a translator\'s note\nmsgid ""\nmsgstr ""\n"Language: zh\\n"\n"X-Entries: 5\\n"\n\n'
            '#: service/a.py\n#, python-brace-format\nmsgid "{n} tile"\nmsgid_plural '
            '"{n} tiles"\nmsgstr[0] "{n} 张"\nmsgctxt "menu"\nmsgid "Open"\nmsgstr "打开"\n'
            '#, fuzzy, python-format\nmsgid "b"\nmsgstr "乙"\nmsgid "tab\\there \\\\ \\x"\n'
            'msgstr "制表\\t \\\\ \\x"\n\nmsgid "said {a:,}"\nmsgstr ""\n"说 "\n"{a:,}"\n')
    found = entries(text, "zh.po")
    assert [(e.msgid, e.plural, e.context, e.fuzzy) for e in found] == [
        ("", False, None, False), ("{n} tile", True, None, False), ("Open", False, "menu", False),
        ("b", False, None, True), ("tab\there \\ \\x", False, None, False),
        ("said {a:,}", False, None, False)]
    assert translations(text, "zh.po") == {"tab\there \\ \\x": "制表\t \\ \\x",
                                           "said {a:,}": "说 {a:,}"}


def test_placeholders_are_the_msgids_names_and_specs_in_any_order() -> None:
    assert placeholder_problem("{a} of {b:,}", "{b:,}的{a}") is None
    assert placeholder_problem("{a} and {{b}}", "{a}和{{b}}") is None
    assert placeholder_problem("{a} and {{b}}", "{a}和{b}") is not None
    assert placeholder_problem("{max:,}", "{max}") == \
        "the msgstr's placeholders are not the msgid's: it adds {max} and drops {max:,}"


@pytest.fixture
def broken_catalog(tmp_path: Path,
                   monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Puts a catalog's text where the service reads its Chinese, until the test ends."""
    def put(text: str) -> None:
        po = catalog_path(CHINESE).relative_to(language.LOCALE_DIR)
        (tmp_path / po).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / po).write_text(text, encoding="utf-8")
        monkeypatch.setattr(language, "LOCALE_DIR", tmp_path)
        language.catalog.cache_clear()

    yield put
    monkeypatch.undo()
    language.catalog.cache_clear()
    language.load()


def test_a_broken_catalog_stops_the_app_from_being_made(
        broken_catalog: Callable[[str], None]) -> None:
    """What gunicorn's worker does at boot (service/api/app.py): it stops, and prints why."""
    broken_catalog(_ruling_said("{ruling.__class__.__mro__}"))
    with pytest.raises(CatalogError, match=rf"messages\.po:{RULING_LINE}: .*No ruling"):
        create_app({"TESTING": True})


def test_a_broken_catalog_stops_the_command_line(broken_catalog: Callable[[str], None],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    broken_catalog(_ruling_said("{ruling[40]}"))
    assert cli.main(["--lang", "zh", "/dev/null"]) == 2
    assert re.match(rf"mahjong-score: .*messages\.po:{RULING_LINE}: the msgstr's "
                    r"\{ruling\[40\]\} is not a plain name", capsys.readouterr().err)


# Ruling ids a client may send that read like format strings: each is a param, said as sent.
@pytest.mark.parametrize("ruling", ["{ruling}", "{0}", "{ruling.__class__.__mro__}",
                                    "{ruling[40]}", "{", "}", "{ruling:d}", "{{x}}"])
def test_a_value_a_client_sent_is_a_param_never_a_format(client: FlaskClient,
                                                         ruling: str) -> None:
    for headers, sentence in (({}, "No ruling '{}'"), ({"Accept-Language": "zh"}, "没有「{}」")):
        answer = client.get(f"/v1/rulings/{ruling}", headers=headers)
        assert answer.status_code == 404
        (cause,) = answer.get_json()["causes"]
        assert cause["code"] == "no-such-ruling" and cause["params"] == {"ruling": ruling}
        assert cause["message"].startswith(sentence.format(ruling))
    said = Message("no-such-ruling", RULING, ruling="{ruling.__class__}").said(CHINESE)
    assert said.startswith("没有「{ruling.__class__}」这条裁定")
