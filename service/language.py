"""The players' language: every sentence the service writes, in English or in Chinese.

A sentence is built in English, as the service has always written it, and remembers how it
was made: a ``Message`` holds a stable ``code`` (``not-a-seat``), the ``params`` it was built
from (tile codes, counts, bounds) and its English template, the msgid of the message catalog
(``service/locale/zh/LC_MESSAGES/messages.po``, gettext, kept with Babel: ``make messages``).
A ``Phrase`` is a fixed text (a title, a ruling, a parameter's description), its own msgid.
Both are ``str``: everything that handles text handles them unchanged, and an answer written
in English costs nothing more. An answer asked for in Chinese is walked once before it is
written (``translated``), each of them said again from the catalog.

Tile codes in a Chinese sentence are written the Chinese way (五饼, 东风); ``params`` keeps the
codes. A param holds tiles when its name is ``tile`` or ``tiles`` or ends in ``_tile`` or
``_tiles``. Any other text a param holds is a value a client sent or a name it sends (a field,
an id, a choice): a Chinese sentence quotes it 「so」, a list's items each, so that no bare
English word stands in the sentence; a meld's type and a way to win are said in players' words
(吃, 碰; 点炮, 抢杠). A field's path a joined text names (``"hand.concealed: "``) is quoted too.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Final

from service.po import read_catalog

ENGLISH: Final = "en"
CHINESE: Final = "zh"
# Traditional characters, Taiwan's phrasing: its catalog is made from the Simplified one by
# OpenCC at `make messages` (tools/traditional.py), with reviewed entries overriding it.
TRADITIONAL: Final = "zh-Hant"
LANGUAGES: Final = (ENGLISH, CHINESE, TRADITIONAL)
# Content-Language of each: Chinese is written in simplified characters, as the rule texts are.
TAGS: Final = {ENGLISH: "en", CHINESE: "zh-CN", TRADITIONAL: "zh-Hant"}
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
DOMAIN: Final = "messages"

_NUMERALS: Final = "一二三四五六七八九"
# Each script's suits and honours, checked by hand (Taiwan's players say 筒 for 饼).
_SUIT_NAMES: Final = {CHINESE: {"m": "万", "p": "饼", "s": "条"},
                      TRADITIONAL: {"m": "萬", "p": "筒", "s": "條"}}
_HONOURS: Final = {CHINESE: ("东风", "南风", "西风", "北风", "白板", "发财", "红中"),
                   TRADITIONAL: ("東風", "南風", "西風", "北風", "白板", "發財", "紅中")}


def tile_name(code: str, language: str = CHINESE) -> str:
    """A tile code as a player names it: ``"5p"`` is 五饼, ``"1z"`` 东风 (G-1), in Traditional
    五筒, 東風; in English, and for anything that is not a code, the text itself."""
    suits = _SUIT_NAMES.get(language)
    if suits is None or len(code) != 2 or not code[0].isdigit():
        return code
    number, suit = int(code[0]), code[1]
    if suit == "z" and 1 <= number <= 7:
        return _HONOURS[language][number - 1]
    if suit in suits and number >= 1:
        return _NUMERALS[number - 1] + suits[suit]
    return code


# What marks a msgid in the sources, for ``pybabel extract`` (tools/messages.py): a
# Message's template, a Phrase, N_ and sentence, and the condition of each catalogue row
# (a Chuzhou pattern's, a Yueqing item's), which the catalogue says as a Phrase.
KEYWORDS: Final = {"Message": (2,), "Phrase": None, "N_": None, "sentence": None,
                   "pattern": (5,), "item": (6,)}


def N_(text: str) -> str:  # noqa: N802 - gettext's name for it
    """Marks a msgid that is used later, for ``pybabel extract`` (``make messages``)."""
    return text


def _is_tiles(name: str) -> bool:
    return name in ("tile", "tiles") or name.endswith(("_tile", "_tiles"))


# The values of a request's closed choices that a Chinese sentence says in players' words.
_WORDS: Final = {
    CHINESE: {"meld": {"chi": "吃", "peng": "碰", "gang": "杠", "angang": "暗杠"},
              "by": {"discard": "点炮", "self_draw": "自摸", "robbing_kong": "抢杠"}},
    TRADITIONAL: {"meld": {"chi": "吃", "peng": "碰", "gang": "槓", "angang": "暗槓"},
                  "by": {"discard": "點炮", "self_draw": "自摸", "robbing_kong": "搶槓"}},
}


# A Chinese character: a text holding one may be a name the catalog says in another script.
_HAN: Final = re.compile(r"[\u4e00-\u9fff]")


def quoted(text: str) -> str:
    """A name or a value sent, inside a Chinese sentence: 「winnr」."""
    return f"「{text}」"


class Text(str):
    """A sentence written in English that can say itself in another language."""

    def said(self, language: str) -> str:
        raise NotImplementedError


class Phrase(Text):
    """A fixed text, its own msgid: a title, a ruling, a parameter's description."""

    def said(self, language: str) -> str:
        if language == ENGLISH:
            return str.__str__(self)
        return catalog(language).get(str.__str__(self)) or str.__str__(self)


class Named(Text):
    """A pattern's or an item's name in a sentence: in English its Chinese name with its
    English one after it, ``七对暗绝 (Seven pairs on the last copy)``; in Chinese the name
    alone, as the rule text writes it (and the catalog, for a script the text is not in)."""

    name: str

    def __new__(cls, name: str, name_en: str) -> Named:
        self = super().__new__(cls, f"{name} ({name_en})")
        self.name = name
        return self

    def said(self, language: str) -> str:
        if language == ENGLISH:
            return str.__str__(self)
        return Phrase(self.name).said(language)

    def __reduce__(self) -> Any:
        return _named, (str.__str__(self), self.name)


def _named(english: str, name: str) -> Named:
    return Named(name, english[len(name) + 2:-1])


class Translated(Text):
    """A text whose translations are given with it (a ruling, read from its files)."""

    translations: dict[str, str]

    def __new__(cls, english: str, translations: dict[str, str]) -> Translated:
        self = super().__new__(cls, english)
        self.translations = translations
        return self

    def said(self, language: str) -> str:
        return self.translations.get(language) or str.__str__(self)

    def __reduce__(self) -> Any:
        return Translated, (str.__str__(self), self.translations)


def _value(name: str, value: Any, language: str, sent: bool = False) -> Any:
    """A param as a sentence in ``language`` shows it: a list joined, tiles named; in a
    problem's cause (``sent``), any other text quoted or said in players' words."""
    if isinstance(value, Text):
        return value.said(language)
    tiles = _is_tiles(name)
    if isinstance(value, list | tuple):
        shown = [_value(name, item, language, sent) for item in value]
        if language != ENGLISH:
            return "、".join(str(item) for item in shown)
        return ", ".join(str(item) for item in shown)
    if tiles and isinstance(value, str):
        return tile_name(value, language)
    if language == ENGLISH or not isinstance(value, str):
        return value
    if language != CHINESE and _HAN.search(value):  # a name the text writes, in this script
        value = catalog(language).get(value) or value
    if sent:
        return _WORDS[language].get(name, {}).get(value) or quoted(value)
    return value


def _render(template: str, params: Mapping[str, Any], language: str, sent: bool = False) -> str:
    """The template filled in; one still waiting for its values (marshmallow's, before it
    formats them) stays as it is."""
    if not params and placeholders(template):
        return template
    return template.format_map({name: _value(name, value, language, sent)
                                for name, value in params.items()})


@cache
def placeholders(template: str) -> frozenset[str]:
    """The names a template's ``{placeholders}`` use."""
    return frozenset(name.split(".")[0].split("[")[0]
                     for _, name, _, _ in string.Formatter().parse(template) if name)


class Message(Text):
    """A sentence with a stable ``code`` and the ``params`` it was built from, its English the
    template filled in (the template is the catalog's msgid)."""

    code: str
    template: str
    params: dict[str, Any]

    def __new__(cls, code: str, template: str, /, **params: Any) -> Message:
        self = super().__new__(cls, _render(template, params, ENGLISH))
        self.code, self.template, self.params = code, template, params
        return self

    def said(self, language: str) -> str:
        if language == ENGLISH:
            return str.__str__(self)
        return _render(catalog(language).get(self.template) or self.template, self.params,
                       language, bool(self.code))

    def format(self, *args: Any, **kwargs: Any) -> Message:
        """The message filled in (marshmallow formats its messages with what it checked):
        those values become its params."""
        used = placeholders(self.template)
        return Message(self.code, self.template,
                       **{name: value for name, value in kwargs.items() if name in used})

    def __reduce__(self) -> Any:
        return _rebuilt, (self.code, self.template, self.params)


def _rebuilt(code: str, template: str, params: dict[str, Any]) -> Message:
    return Message(code, template, **params)


# The punctuation between the parts of a joined text, as Chinese writes it.
_SEPARATORS: Final = {CHINESE: {": ": "：", "; ": "；", ". ": "。", " ": "", ", ": "，"}}
# A field's path a joined text names (``hand.melds.0.from``), quoted in Chinese.
_PATH: Final = re.compile(r"[A-Za-z_]\w*(?:\.\w+)*")
# What ends a Chinese sentence, or leaves the next one to follow without a full stop.
_STOPS: Final = ("。", "？", "！", "；", "：", "，")


class Break(Text):
    """The space between two sentences (a did-you-mean hint after its cause, two messages of
    one field): Chinese writes none, but a full stop where the first sentence has none."""

    def said(self, language: str) -> str:
        return str.__str__(self) if language == ENGLISH else ""

    def __reduce__(self) -> Any:
        return Break, (str.__str__(self),)


SENTENCE_BREAK: Final = Break(" ")


def _part(part: str, language: str) -> str:
    """A plain part of a joined text in ``language`` (not English): a separator as the language
    writes it, a field's path quoted (with the colon after it), anything else as it is."""
    separators = _SEPARATORS.get(language, _SEPARATORS[CHINESE])
    if part in separators:
        return separators[part]
    if _PATH.fullmatch(part):
        return quoted(part)
    if part.endswith(": ") and _PATH.fullmatch(part[:-2]):
        return quoted(part[:-2]) + separators[": "]
    if part.startswith(" (") and part.endswith(")"):  # a ruling cited: " (G-8)"
        return f"（{part[2:-1]}）"
    return part


def sentence(template: str, /, **params: Any) -> Message:
    """A sentence built from params that is no problem's cause (a parameter's description):
    a Message without a code."""
    return Message("", template, **params)


class Joined(Text):
    """Texts one after the other (``"hand.concealed: " + a message``), each said in turn;
    its code and params are those of its ``primary`` message (service/errors.py causes)."""

    parts: tuple[str, ...]
    primary: int

    def __new__(cls, parts: Iterable[str], primary: int = 0) -> Joined:
        held = tuple(parts)
        self = super().__new__(cls, "".join(held))
        self.parts, self.primary = held, primary
        return self

    def said(self, language: str) -> str:
        if language == ENGLISH:
            return str.__str__(self)
        said = ""
        for part in self.parts:
            if isinstance(part, Break):
                said += "" if not said or said.endswith(_STOPS) else "。"
            else:
                said += part.said(language) if isinstance(part, Text) else _part(part, language)
        # A sentence's own full stop before the next one's separator: the separator alone.
        return said.replace("。；", "；").replace("。：", "：").replace("。。", "。")

    def __reduce__(self) -> Any:
        return Joined, (self.parts, self.primary)


def joined(*parts: str, primary: int = 0) -> str:
    """The parts as one text: a ``Joined`` when any of them can be said in another language,
    else the plain string. ``primary`` counts the messages among the parts: the one whose
    code the whole has."""
    if any(isinstance(part, Text) for part in parts):
        return Joined(parts, primary)
    return "".join(parts)


def coded(text: str) -> tuple[str, dict[str, Any]] | None:
    """A text's code and the params an app may show it from: a message's own (those named
    with a leading ``_`` are for its sentence only), a joined text's primary message's with
    the params of every other; None for a text written without a code."""
    if isinstance(text, Message):
        return text.code, {name: value for name, value in text.params.items()
                           if not name.startswith("_")}
    if isinstance(text, Joined):
        found = [part for part in (coded(part) for part in text.parts) if part is not None]
        if not found:
            return None
        code, params = found[min(text.primary, len(found) - 1)]
        merged: dict[str, Any] = {}
        for _, more in found:
            merged.update(more)
        return code, {**merged, **params}
    return None


class NamedObject(dict[str, Any]):
    """An answer's object whose ``name`` (a ``Text``) is said in the language asked for, with
    its English beside it as ``name_en`` where that language is not English (a problem's
    cause). Written in English it is the object as it is: orjson writes it as a dict, and
    the key an English answer would only repeat is never there."""

    def said(self, language: str) -> dict[str, Any]:
        if language == ENGLISH:
            return dict(self)
        return {**self, "name_en": str.__str__(self["name"])}


def said(text: str, language: str) -> str:
    """A text in ``language``: a ``Text`` said again, any other string as it is."""
    return text.said(language) if isinstance(text, Text) else text


def translated(obj: Any, language: str) -> Any:
    """An answer with every ``Text`` in it said in ``language`` (a copy; the answer may be a
    memo's). English answers are written as they are, without this walk."""
    if isinstance(obj, Text):
        return obj.said(language)
    if isinstance(obj, dict):
        entries = obj.said(language) if isinstance(obj, NamedObject) else obj
        return {key: translated(value, language) for key, value in entries.items()}
    if isinstance(obj, list):
        return [translated(value, language) for value in obj]
    return obj


# --- negotiation -------------------------------------------------------------------------

# The tags that mean Chinese: every tag whose primary subtag is zh. Its script is Traditional
# when the tag says so (zh-Hant, zh-Hant-HK) or names no script and a region that writes
# Traditional characters (zh-TW, zh-HK, zh-MO); any other is Simplified (zh, zh-CN, zh-Hans,
# zh-SG).
TRADITIONAL_REGIONS: Final = frozenset({"tw", "hk", "mo"})
MAX_HEADER: Final = 512  # a longer Accept-Language is read only this far


def negotiate(header: str | None) -> str:
    """``_negotiate`` on the header as far as it is read: a client may send any header, so
    the cache is keyed on at most ``MAX_HEADER`` characters and holds ``NEGOTIATED`` of them."""
    return _negotiate(read_part(header) if header else None)


def read_part(header: str) -> str:
    """The header's first ``MAX_HEADER`` characters, cut only where an item ends: an item
    that runs past the bound is dropped whole, never read cut (``zh-CN;q=0`` cut after
    ``zh`` would ask for Chinese at q=1)."""
    if len(header) <= MAX_HEADER:
        return header
    read, rest = header[:MAX_HEADER], header[MAX_HEADER:]
    if rest.partition(",")[0].strip():  # the last item read goes on past the bound
        read = read.rpartition(",")[0]
    return read


# Distinct headers remembered: browsers and apps send a handful; anything past it is worked
# out again (a few microseconds), never kept.
NEGOTIATED: Final = 256


def _script(tag: str) -> str:
    """The catalog a Chinese tag asks for: Traditional or Simplified characters."""
    subtags = tag.split("-")[1:]
    if "hant" in subtags:
        return TRADITIONAL
    if "hans" in subtags:
        return CHINESE
    return TRADITIONAL if any(sub in TRADITIONAL_REGIONS for sub in subtags) else CHINESE


@lru_cache(maxsize=NEGOTIATED)
def _negotiate(header: str | None) -> str:
    """The language an ``Accept-Language`` header (RFC 9110 §12.5.4) asks for: Chinese when a
    ``zh`` tag is weighed above every English or wildcard one, else English, the default;
    Chinese in the script of the ``zh`` tag that gives it its weight (``_script``).

    The answers' two languages weigh what the header gives them: the highest ``q`` of a tag
    naming each (``*`` names both); a tie goes to the tag listed first.
    """
    if not header:
        return ENGLISH
    # Each language's weight, (q, -place): a tag naming it, else the wildcard (RFC 9110: a
    # tag that names a language overrides * for it). A tie goes to the tag listed first.
    named: dict[str, tuple[float, int]] = {}
    scripts: dict[str, str] = {}  # the script of the zh tag that gives Chinese its weight
    wildcard: tuple[float, int] | None = None
    for place, item in enumerate(header.split(",")):
        tag, _, rest = item.strip().partition(";")
        tag = tag.strip().lower()
        q = 1.0
        for param in rest.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value.strip())
                except ValueError:
                    q = 0.0
                if not 0.0 <= q <= 1.0:
                    q = 0.0
        primary = tag.split("-")[0]
        if tag == "*":
            wildcard = wildcard or (q, -place)
        elif primary in (ENGLISH, CHINESE) and (primary not in named or q > named[primary][0]):
            named[primary] = (q, -place)  # the place of the tag that gives it its weight
            scripts[primary] = _script(tag)
    chinese = named.get(CHINESE, wildcard)
    english = named.get(ENGLISH, wildcard)
    if chinese is None or chinese[0] <= 0:
        return ENGLISH
    if english is None or chinese > english:
        return scripts.get(CHINESE, CHINESE)
    return ENGLISH


# The answers said in a language: JSON by their Content-Type as written, a page by the mark
# its view leaves in the environ (service/api/language.py ``speaks``). The contract, the
# metrics and the scripts of /docs are the same in every language and say none.
SPOKEN: Final = frozenset({"application/json", "application/problem+json"})
SPEAKS_KEY: Final = "service.speaks"
ACCEPT_LANGUAGE: Final = "HTTP_ACCEPT_LANGUAGE"


def say_language(environ: dict[str, Any], headers: list[tuple[str, str]]) -> None:
    """``Content-Language`` and ``Vary: Accept-Language`` added to an answer's WSGI header
    list when it is said in a language (merged with any Vary it holds): called by the
    request's trace as the answer starts (service/serving.py), where two more headers cost a
    look at a few tuples, not Werkzeug's checks and copies of them."""
    marked = environ.get(SPEAKS_KEY)  # True a page, False the contract, None by its type
    spoken = bool(marked)
    vary = -1
    for place, (name, value) in enumerate(headers):
        if name == "Content-Type":
            spoken = spoken or (marked is None and value in SPOKEN)
        elif name == "Vary":
            vary = place
    if spoken:
        if vary < 0:
            headers.append(("Vary", "Accept-Language"))
        else:
            headers[vary] = ("Vary", f"{headers[vary][1]}, Accept-Language")
        headers.append(("Content-Language", TAGS[negotiate(environ.get(ACCEPT_LANGUAGE))]))


def from_locale(value: str | None) -> str:
    """The language of a POSIX locale (``LANG=zh_CN.UTF-8``): Chinese for ``zh`` (in
    Traditional characters for ``zh_TW``, ``zh_HK``, ``zh_MO``), else English."""
    name = value.split(".")[0].split("@")[0].lower().replace("_", "-") if value else ""
    if name.split("-")[0] == CHINESE:
        return _script(name)
    return ENGLISH


# --- the catalog -------------------------------------------------------------------------

def catalog_path(language: str) -> Path:
    """A language's catalog: its folder is its locale's name (``zh``, ``zh_Hant``)."""
    return LOCALE_DIR / language.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalog(language: str) -> dict[str, str]:
    """A language's translations, msgid to msgstr, read from its ``.po`` file once (at
    start-up: ``load``), every entry checked (service/po.py): a catalog cut short, or an
    entry that could not be filled in as its English is, stops the start with a
    ``CatalogError`` naming the file, the line and the msgid. Untranslated and fuzzy entries
    are left out, so their English stands (tests/test_language.py fails while one is)."""
    return read_catalog(catalog_path(language))


def load() -> None:
    """Read every catalog now (a worker's start-up), not at its first Chinese request."""
    for language in LANGUAGES:
        if language != ENGLISH:
            catalog(language)
