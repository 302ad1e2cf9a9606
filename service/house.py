"""House rules: which rules a request is scored under (docs/house-rules.md).

A request may name a ``variant`` (a club's rules this deployment loaded from ``RULES_DIR``)
and send ``rules`` (parameter id → value) on top of it. ``resolve`` turns the two into the
ruleset's ``registry.Rules``: the full effective parameter set, its fingerprint, and what the
ruleset's ``tune`` built from it. That build runs once per fingerprint: built rule sets are
kept in a memo bounded in bytes, by fingerprint, and what each way a request spelled its
rules comes to (the fingerprint, the overrides) in another, so a request whose rules were
seen before costs a look-up in each. A built set dropped from its memo is built again.

Variants are TOML files, one per variant::

    ruleset = "chuzhou"
    name = "huaian-club"
    description = "..."
    [parameters]
    zhen_unit = 5

``load_variants`` reads them at start-up (gunicorn.conf.py, the application, the command
line); a bad file stops the start with ``VariantError`` naming the file and the key.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import sys
import tomllib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any, Final, NamedTuple

from service.errors import SchemaViolation, VersionConflict
from service.hints import Names, closest, did_you_mean
from service.language import Message, joined
from service.memo import Memo
from service.rulesets import RULESETS
from service.rulesets.changes import since, versions
from service.rulesets.registry import Rules, Ruleset
from service.schemas.rules import refusals


class Variant(NamedTuple):
    ruleset: str
    name: str
    description: str
    parameters: dict[str, Any]  # only what the file sets, in the ruleset's order
    file: str
    fingerprint: str  # of the effective rules, reckoned once when the file is read

    def listed(self) -> dict[str, Any]:
        """The variant as GET /v1/rulesets/{id}/variants lists it."""
        return {"name": self.name, "description": self.description,
                "parameters": dict(self.parameters),  # the answer's own: the variant's stays
                "fingerprint": self.fingerprint}


class VariantError(Exception):
    """A variant file that cannot be served: the message names the file and the key."""


# By ruleset id, then name: what load_variants found; and the names, to guess among.
VARIANTS: dict[str, dict[str, Variant]] = {}
_NAMES: dict[str, Names] = {}
VARIANT_KEYS: Final = ("ruleset", "name", "description", "parameters")
LONGEST_NAME: Final = 64
# A variant lists at most every parameter of its ruleset, a few kilobytes: a larger file is
# not one, and is refused before it is read (a file's size is the memory reading it takes).
LARGEST_FILE: Final = 64 * 1024
# A refusal of a variant's name lists the names served when there are this few, else their
# count: the listing is GET /v1/rulesets/{id}/variants.
NAMES_LISTED: Final = 5
# A variant nests one level deep (its table of parameters, each value a number, a switch or a
# word); 32 leaves room and is far below the few hundred levels where the TOML reader's
# recursion gives out, so deep in the stack that whatever else needed a frame then failed too.
DEEPEST_NESTING: Final = 32


def fingerprint(ruleset: Ruleset, effective: Mapping[str, Any]) -> str:
    """What names the money of a full effective parameter set: a hash of the ruleset's id, its
    money version's MAJOR (``Ruleset.major``) and only the parameters whose value differs from
    their declared default, in the ruleset's order.

    Two sets with the same fingerprint pay every hand alike. A parameter added at a default
    that changes nothing leaves every fingerprint as it was; a changed default changes what
    some hand is paid, so it comes with a MAJOR (tools/versions.py refuses it otherwise),
    which moves every fingerprint of the ruleset.
    """
    values = [[parameter.id, effective[parameter.id]] for parameter in ruleset.parameters
              if effective[parameter.id] != parameter.default]
    text = json.dumps([ruleset.id, ruleset.major, values], ensure_ascii=False,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def pinned(ruleset: Ruleset, pin: str | None) -> None:
    """Refuse a request whose ``ruleset_version`` this ruleset's money is not at: another
    MAJOR, or, within it, older than the MINOR (and PATCH) the pin names. A pin names the
    money a stored answer was paid under; an answer's own ``ruleset_version`` is a pin its
    request may be sent again with until the MAJOR moves."""
    if pin is None:
        return
    wanted = tuple(int(part) for part in pin.split("."))
    served = tuple(int(part) for part in ruleset.version.split("."))
    if wanted[0] == served[0] and served[:len(wanted)] >= wanted:
        return
    if served > wanted:
        message = Message("version-moved-past", "pinned to {ruleset} {pin}, but this service "
                          "scores {ruleset} {version}: its money has moved past it; nothing "
                          "was scored (/problems/ruleset-version-conflict)",
                          ruleset=ruleset.id, pin=pin, version=ruleset.version)
    else:
        message = Message("version-not-reached", "pinned to {ruleset} {pin}, but this service "
                          "scores {ruleset} {version}: its money has not reached it; nothing "
                          "was scored (/problems/ruleset-version-conflict)",
                          ruleset=ruleset.id, pin=pin, version=ruleset.version)
    conflict = VersionConflict.at("ruleset_version", message)
    # what changed since the pin: why a stored answer may be paid otherwise now
    conflict.members["changes"] = since(ruleset.changes, pin)
    raise conflict


def paid(ruleset: Ruleset, paid_under: str | None, verified: bool) -> list[dict[str, Any]] | None:
    """The changes of the ruleset's money since ``paid_under``, the version a verified
    request's stored answer was paid under (its ``ruleset_version``): what its check lists,
    so that an app tells an answer paid otherwise since from one that was wrong. None when the
    request names none; refused when it names no version the money had, or comes without
    ``expected``."""
    if paid_under is None:
        return None
    if not verified:
        raise SchemaViolation.at("paid_under", Message(
            "paid-under-alone", "paid_under says which version an expected answer was paid "
                                "under: send that answer as expected with it"))
    known = versions(ruleset.changes, ruleset.version)
    if paid_under not in known:
        raise SchemaViolation.at("paid_under", Message(
            "unknown-version", "{ruleset}'s money was never at {version}; its versions are "
                               "{known} (GET /v1/rulesets/{ruleset}/changes)",
            ruleset=ruleset.id, version=paid_under, known=known))
    return since(ruleset.changes, paid_under)


# --- variants ---------------------------------------------------------------------------------


def read_variant(path: Path, named: bool = True) -> Variant:
    """One variant file; ``named`` False for a file of rules without a name of its own (the
    command line's ``--rules``)."""
    where = str(path)
    data = _small_file(path)
    try:
        text = data.decode("utf-8")
        if nests_deeper_than(text, DEEPEST_NESTING):
            raise VariantError(f"{where}: not a variant: it nests arrays or tables far deeper "
                               "than a table of parameters")
        document = tomllib.loads(text)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise VariantError(f"{where}: not a readable TOML file: {exc}") from None
    for key in document:
        if key not in VARIANT_KEYS:
            raise VariantError(f"{where}: {key}: unknown key; a variant has "
                               f"{', '.join(VARIANT_KEYS)}")
    for key in ("ruleset", "name") if named else ("ruleset",):
        if not isinstance(document.get(key), str) or not document[key]:
            raise VariantError(f"{where}: {key}: missing, or not a non-empty string")
    ruleset_id, name = document["ruleset"], document.get("name", path.stem)
    if not isinstance(name, str):
        raise VariantError(f"{where}: name: not a string")
    ruleset = RULESETS.get(ruleset_id)
    if ruleset is None:
        raise VariantError(f"{where}: ruleset: no ruleset '{ruleset_id}'; known: "
                           f"{', '.join(RULESETS)}")
    if len(name) > LONGEST_NAME:
        raise VariantError(f"{where}: name: longer than {LONGEST_NAME} characters")
    description = document.get("description", "")
    if not isinstance(description, str):
        raise VariantError(f"{where}: description: not a string")
    given = document.get("parameters", {})
    if not isinstance(given, dict):
        raise VariantError(f"{where}: parameters: not a table of parameter id → value")
    declared = {parameter.id: parameter for parameter in ruleset.parameters}
    for key, texts in refusals(ruleset_id, declared, given).items():  # the first refusal
        raise VariantError(f"{where}: parameters.{key}: {' '.join(texts)}")
    ordered = {p.id: given[p.id] for p in ruleset.parameters if p.id in given}
    printed = fingerprint(ruleset, {**ruleset.defaults(), **ordered})
    return Variant(ruleset_id, name, description, ordered, where, printed)


# What can hold a bracket that does not nest: the four kinds of string, each also when a file
# ends inside it, and comments; then the brackets that do. Every closing quote is optional, so
# no alternative fails after reading ahead: the scan is one pass over the text.
_TOML_TOKENS = re.compile(r"""
      \"{3} (?: [^\\"] | \\. | \"{1,2}(?!\") )* (?: \"{3,5} )?   # a multi-line basic string
    | '{3} (?: [^'] | '{1,2}(?!') )* (?: '{3,5} )?             # a multi-line literal string
    | \" (?: [^\\"\n] | \\. )* \"?                             # a basic string
    | ' [^'\n]* '?                                             # a literal string
    | \# [^\n]*                                               # a comment
    | [\[{\]}]
""", re.VERBOSE | re.DOTALL)


def nests_deeper_than(text: str, limit: int) -> bool:
    """Whether TOML text nests arrays and inline tables more than ``limit`` deep, its strings
    and comments left out (a table's header counts the brackets it is written with: 1 or 2).

    Read before the TOML reader, which recurses once a level or more. A file with at most
    ``limit`` opening brackets in all, as every variant written in earnest, is not scanned."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for token in _TOML_TOKENS.finditer(text):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > limit:
                return True
        elif bracket in ("]", "}"):
            depth = max(depth - 1, 0)
    return False


def _small_file(path: Path) -> bytes:
    """The bytes of a regular file of at most ``LARGEST_FILE`` bytes. Anything else is refused
    naming it, before a byte is read: a FIFO would block the start for ever, a device such as
    /dev/zero (a link to one) never ends, a huge file takes the memory it holds."""
    where = str(path)
    try:
        # Not blocking: a FIFO opened for reading would wait for a writer. The checks are of
        # what was opened, so a file swapped after a look is still checked.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise VariantError(f"{where}: cannot be read: {exc.strerror or exc}") from None
    try:
        found = os.fstat(descriptor)
        if not stat.S_ISREG(found.st_mode):
            raise VariantError(f"{where}: not a regular file; a variant is a TOML file")
        if found.st_size > LARGEST_FILE:
            raise VariantError(f"{where}: {found.st_size:,} bytes; a variant file holds at "
                               f"most {LARGEST_FILE:,}")
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(LARGEST_FILE + 1)
    except OSError as exc:
        raise VariantError(f"{where}: cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(descriptor)
    if len(data) > LARGEST_FILE:  # it grew while being read
        raise VariantError(f"{where}: more than {LARGEST_FILE:,} bytes; a variant file holds "
                           f"at most {LARGEST_FILE:,}")
    return data


def load_variants(directory: str | None = None) -> dict[str, dict[str, Variant]]:
    """Read every ``*.toml`` of ``directory`` (default: ``RULES_DIR``; none: no variants) and
    serve them, replacing what was served; a bad file raises ``VariantError``."""
    directory = os.environ.get("RULES_DIR") if directory is None else directory
    found: dict[str, dict[str, Variant]] = {}
    if directory:
        folder = Path(directory)
        if not folder.is_dir():
            raise VariantError(f"{directory}: RULES_DIR is not a directory")
        for path in sorted(folder.glob("*.toml")):
            variant = read_variant(path)
            named = found.setdefault(variant.ruleset, {})
            if variant.name in named:
                raise VariantError(f"{path}: name: '{variant.name}' is also the name of "
                                   f"{named[variant.name].file}")
            named[variant.name] = variant
    serve(found)
    return found


# Whether this process's variants were read by a server's master before it started its
# workers (``read_before_workers``): a worker forked from it serves those, and reads no file.
_READ_BEFORE_WORKERS: list[bool] = [False]


def read_before_workers(directory: str | None = None) -> None:
    """The server's master reads RULES_DIR (gunicorn.conf.py: at start-up, and again on
    SIGHUP), so that every worker it starts serves the very set it read: a file edited since
    (a ConfigMap updated under a running pod) never reaches one worker and not another, and a
    bad edit can never stop a worker from booting. A bad file raises ``VariantError`` and
    leaves what was served as it was."""
    load_variants(directory)
    _READ_BEFORE_WORKERS[0] = True


def serve_variants() -> None:
    """What an application serves (``create_app``): the variants its server's master read
    (``read_before_workers``), or, with no such master (tests, another WSGI server, the
    library), RULES_DIR's read now."""
    if not _READ_BEFORE_WORKERS[0]:
        load_variants()


def serve(found: Mapping[str, Mapping[str, Variant]]) -> None:
    """Serve these variants, replacing what was served (``load_variants``; a command-line
    worker process started afresh is given its parent's)."""
    VARIANTS.clear()
    VARIANTS.update({rid: dict(named) for rid, named in found.items()})
    _NAMES.clear()
    _NAMES.update({rid: Names(named) for rid, named in found.items()})
    _RESOLVED.empty()


def variants(ruleset: Ruleset) -> dict[str, Any]:
    """The answer of GET /v1/rulesets/{id}/variants."""
    return {"ruleset": ruleset.id, "variants": [
        variant.listed() for variant in VARIANTS.get(ruleset.id, {}).values()]}


# --- resolving a request's rules --------------------------------------------------------------

class Spelled(NamedTuple):
    """What one way of spelling a request's rules comes to, without the built rule set."""

    fingerprint: str
    overrides: dict[str, Any]


# What each ruleset's rules are when a request says nothing: made at its first request, remade
# if the ruleset registered under that id is another (the third-ruleset test).
_PLAIN: dict[str, tuple[Ruleset, Rules]] = {}
# Built rule sets by ruleset and fingerprint: a Chuzhou set is about 50 KB, a Yueqing one 17
# KB, so the share holds some forty of the larger; and what each way a request spelled its
# rules comes to, each weighed (a few hundred bytes for one parameter, ~20 KB for all).
# Each weighed on its own: a set with every pattern off is about 1 KB, a full one 50 KB, and
# charging a new one the mean of those before would let the memo outgrow its share.
_TUNED: Final[Memo[tuple[str, str], Any]] = Memo("house rules built", 0.03, weigh_each=True)
_RESOLVED: Final[Memo[tuple[str, str | None, tuple[tuple[str, Any], ...]], Spelled]] = Memo(
    "house rules asked", 0.005, weigh_each=True)


def plain(ruleset: Ruleset) -> Rules:
    made = _PLAIN.get(ruleset.id)
    if made is None or made[0] is not ruleset:
        made = _PLAIN[ruleset.id] = (ruleset, _build(ruleset, None, {}))
    return made[1]


def resolve(ruleset: Ruleset, variant: str | None, overrides: dict[str, Any] | None) -> Rules:
    """The rules a request asked for: the ruleset's defaults, then the variant, then the
    overrides (each already checked against its parameter by the request's schema)."""
    if variant is None and not overrides:
        return plain(ruleset)
    # As sent: the same rules sent in another order are another entry, of the same set
    key = (ruleset.id, variant, tuple(overrides.items()) if overrides else ())
    spelled = _RESOLVED.get(key)
    if spelled is not None:
        tuned = _TUNED.get((ruleset.id, spelled.fingerprint))
        if tuned is not None:
            return Rules(tuned, variant, spelled.overrides, spelled.fingerprint)
    found = _build(ruleset, variant, overrides or {})
    if spelled is None:
        # Kept with the declared strings (parameter ids, choices, the variant's name), which
        # every entry shares, not the request's own copies; the fingerprint is its own.
        kept = (ruleset.id, None if variant is None else sys.intern(variant), tuple(
            (sys.intern(k), sys.intern(v) if isinstance(v, str) else v) for k, v in key[2]))
        _RESOLVED.put(kept, Spelled(found.fingerprint, found.overrides),
                      unseen=sys.getsizeof(found.fingerprint))
    return found


def _served(ruleset_id: str, served: Collection[str]) -> str:
    """The names a refusal may list: a few, or how many there are and where they are listed
    (the English of a variant file's error, read by operators at start-up)."""
    if len(served) <= NAMES_LISTED:
        return f"served: {', '.join(served) or 'none'}"
    return f"{len(served)} are served: GET /v1/rulesets/{ruleset_id}/variants lists them"


def _no_variant(variant: str, ruleset_id: str, served: Collection[str]) -> Message:
    """A request's unknown variant, and the variants it may name instead."""
    if not served:
        return Message("unknown-variant", "no variant '{variant}' of {ruleset}; served: none",
                       variant=variant, ruleset=ruleset_id)
    if len(served) <= NAMES_LISTED:
        return Message("unknown-variant", "no variant '{variant}' of {ruleset}; served: "
                       "{served}", variant=variant, ruleset=ruleset_id, served=list(served))
    return Message("unknown-variant", "no variant '{variant}' of {ruleset}; {count} are served: "
                   "GET /v1/rulesets/{ruleset}/variants lists them", variant=variant,
                   ruleset=ruleset_id, count=len(served))


def said(used: Rules) -> dict[str, Any]:
    """The answer's ``rules``: its own copy of the overrides, which every answer under these
    rules shares otherwise (a caller may change an answer in place)."""
    overrides = used.overrides
    return {"variant": used.variant, "overrides": dict(overrides) if overrides else {},
            "fingerprint": used.fingerprint}


def _build(ruleset: Ruleset, variant: str | None, overrides: dict[str, Any]) -> Rules:
    base = ruleset.defaults()
    if variant is not None:
        served = VARIANTS.get(ruleset.id, {})
        chosen = served.get(variant)
        if chosen is None:
            message = _no_variant(variant, ruleset.id, served)
            meant = closest(variant, _NAMES.get(ruleset.id) or ())
            texts = [message] + ([did_you_mean(meant)] if meant else [])
            raise SchemaViolation(joined("variant: ", message), {"variant": texts})
        base.update(chosen.parameters)
    effective = {**base, **overrides}
    printed = fingerprint(ruleset, effective)
    tuned = _TUNED.get((ruleset.id, printed))
    if tuned is None:
        tuned = ruleset.tune(effective)
        if tuned is not None:
            _TUNED.put((ruleset.id, printed), tuned)
    differs = {p.id: sys.intern(v) if isinstance(v := effective[p.id], str) else v
               for p in ruleset.parameters if effective[p.id] != base[p.id]}
    return Rules(tuned, variant, differs, printed)
