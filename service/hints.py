"""Did you mean: the known name an unknown field or value most likely meant (issue #23).

A refusal names at most ``MAX_FIELD_ERRORS`` fields (service/errors.py), so only those get a
hint, and only for a name short enough to be a slip: difflib's cost grows with every name
compared, and a hostile body may send tens of thousands. A batch or a match holds many
refusals, so a request also has a budget of hints (``hint_budget``): past it, a refusal says
what is wrong without guessing what was meant.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from contextvars import ContextVar
from difflib import get_close_matches
from itertools import islice
from typing import Any, Final

from marshmallow import Schema, fields, validate

from service.errors import MAX_FIELD_ERRORS
from service.language import Message

LONGEST: Final = 64  # a longer name is no slip of the keyboard

# Words a player may know the game by, and what this API calls the same thing: difflib finds
# slips of the keyboard, not another word (kong and gang share two letters of four). Each
# word maps to the names it may mean, tried in order among those the place takes.
ALIASES: Final = {
    "kong": ("gang", "melds"), "kongs": ("melds",), "kan": ("gang",),
    "pung": ("peng", "melds"), "pong": ("peng", "melds"), "pon": ("peng",),
    "pungs": ("melds",), "pongs": ("melds",),
    "chow": ("chi", "melds"), "chii": ("chi",), "chows": ("melds",),
    "concealed_kong": ("angang",), "ankan": ("angang",),
    "tsumo": ("self_draw",), "ron": ("discard",),
}


# The most hints one request is given (an HTTP request, a command-line line): each compares a
# name with every name its place knows (all 164 Chuzhou parameters), and a batch of a thousand
# items may be refused a thousand times.
HINTS_PER_REQUEST: Final = 16
SPELLED_OUT: Final = 64


class _Budget:
    """What a request has left to spend on hints, and the hints it was given: a body read
    twice (the fast loader, then marshmallow's, for its messages) asks again for the same."""

    __slots__ = ("left", "given")

    def __init__(self) -> None:
        self.left = HINTS_PER_REQUEST
        self.given: dict[tuple[str, object], str | None] = {}


_BUDGET: ContextVar[_Budget | None] = ContextVar("hints", default=None)


class hint_budget:  # noqa: N801 (used as a function: ``with hint_budget():``)
    """Run a request with ``HINTS_PER_REQUEST`` hints to give; outside one (the core used as a
    library) hints are not counted. A class rather than a generator: entered on every
    request, it costs a third of one."""

    __slots__ = ("token",)

    def __enter__(self) -> None:
        self.token = _BUDGET.set(_Budget())

    def __exit__(self, *exc: object) -> None:
        _BUDGET.reset(self.token)


def closest(given: str, known: Collection[str]) -> str | None:
    """The known name ``given`` most likely meant, if one is close (difflib), or a word
    players use for it (``ALIASES``); None if none is, or if the request has given all the
    hints it may (``hint_budget``)."""
    if len(given) > LONGEST:
        return None
    budget = _BUDGET.get()
    if budget is None:
        return _closest(given, known)
    # A few names are the key themselves; many are a parameter table or a deployment's
    # variants, which live as long as the service does, so their identity is the key.
    key = (given, tuple(known) if len(known) <= SPELLED_OUT else id(known))
    if key not in budget.given:
        if budget.left <= 0:
            return None
        budget.left -= 1
        budget.given[key] = _closest(given, known)
    return budget.given[key]


def _closest(given: str, known: Collection[str]) -> str | None:
    plain = given.strip().lower().replace("-", "_").replace(" ", "_")
    for meant in ALIASES.get(plain, ()):
        if meant in known:
            return meant
    candidates = known.near(given) if isinstance(known, Names) else list(known)
    found = get_close_matches(plain, candidates, n=1, cutoff=0.6)
    if not found and isinstance(known, Names):  # a name that differs only by - and _
        found = get_close_matches(given, candidates, n=1, cutoff=0.6)
    return found[0] if found else None


class Names(Collection[str]):
    """Names to guess among that may be many (a deployment's variants): looked up by their
    one-letter deletions, so that the names a slip may have meant, those within two edits,
    are found at a cost that does not grow with how many names there are (a symmetric
    delete index), and only they are compared by difflib."""

    __slots__ = ("_names", "_by_deletion")

    def __init__(self, names: Collection[str]) -> None:
        self._names = frozenset(names)
        self._by_deletion: dict[str, list[str]] = {}
        for name in sorted(self._names):
            for key in _deletions(name.lower()):
                self._by_deletion.setdefault(key, []).append(name)

    def near(self, given: str) -> list[str]:
        found: dict[str, None] = {}
        for key in _deletions(given.lower()):
            found.update(dict.fromkeys(self._by_deletion.get(key, ())))
        return list(found)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._names))

    def __len__(self) -> int:
        return len(self._names)


def _deletions(word: str) -> set[str]:
    """The word and every word one letter shorter than it."""
    return {word, *(word[:i] + word[i + 1:] for i in range(len(word)))}


def did_you_mean(meant: str) -> str:
    return Message("did-you-mean", "Did you mean '{meant}'?", meant=meant)


def _hints(schema: Schema, messages: dict[Any, Any], body: Any, shown: Collection[str],
           prefix: str = "") -> Iterator[tuple[str, str]]:
    """A ``did_you_mean`` for each unknown field and each value outside its field's choices
    (OneOf) in marshmallow's ``messages`` on ``body``, with its path."""
    known = {field.data_key or name: field for name, field in schema.load_fields.items()}
    unknown = [schema.error_messages["unknown"]]
    for key, texts in messages.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        field = known.get(key)
        if field is not None:
            given = body.get(key) if isinstance(body, dict) else None
            yield from _field_hints(field, texts, given, path, shown)
        elif texts == unknown and isinstance(key, str) and path in shown:
            meant = closest(key, known)
            if meant is not None:
                yield path, did_you_mean(meant)


def _field_hints(field: fields.Field[Any], texts: Any, given: Any, path: str,
                 shown: Collection[str]) -> Iterator[tuple[str, str]]:
    if isinstance(texts, dict) and isinstance(field, fields.Nested) and \
            isinstance(field.schema, Schema):
        yield from _hints(field.schema, texts, given, shown, path)
    elif isinstance(texts, dict) and isinstance(field, fields.List):
        for index, inner in texts.items():
            item = given[index] if isinstance(given, list) and isinstance(index, int) \
                and 0 <= index < len(given) else None
            yield from _field_hints(field.inner, inner, item, f"{path}.{index}", shown)
    elif isinstance(given, str) and path in shown:
        for validator in field.validators:
            if isinstance(validator, validate.OneOf) and given not in validator.choices:
                meant = closest(given, [str(choice) for choice in validator.choices])
                if meant is not None:
                    yield path, did_you_mean(meant)


def flatten_messages(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    """marshmallow's nested messages as ``{"hand.melds.0.from": ["..."]}``."""
    if isinstance(messages, dict):
        flat: dict[str, list[str]] = {}
        for key, value in messages.items():
            if key == "_schema":
                name = prefix or "body"
            else:
                name = f"{prefix}.{key}" if prefix else str(key)
            for path, texts in flatten_messages(value, name).items():
                flat.setdefault(path, []).extend(texts)
        return flat
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return {prefix or "body": list(messages)}
    if isinstance(messages, list):
        flat = {}
        for item in messages:
            for path, texts in flatten_messages(item, prefix).items():
                flat.setdefault(path, []).extend(texts)
        return flat
    return {prefix or "body": [str(messages)]}


def refusals(schema: Schema, messages: Any, body: Any) -> dict[str, list[str]]:
    """marshmallow's refusal of ``body`` as the problem's fields, each unknown field and value
    among those the problem shows with the name it most likely meant."""
    errors = flatten_messages(messages)
    if isinstance(messages, dict):
        shown = set(islice(errors, MAX_FIELD_ERRORS))
        for path, hint in _hints(schema, messages, body, shown):
            errors[path].append(hint)
    return errors
