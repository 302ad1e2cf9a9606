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
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, NamedTuple

from service.errors import SchemaViolation
from service.hints import closest, did_you_mean
from service.memo import Memo
from service.rulesets import RULESETS
from service.rulesets.registry import Rules, Ruleset
from service.schemas.rules import refusals


class Variant(NamedTuple):
    ruleset: str
    name: str
    description: str
    parameters: dict[str, Any]  # only what the file sets, in the ruleset's order
    file: str

    def listed(self, rules: Ruleset) -> dict[str, Any]:
        """The variant as GET /v1/rulesets/{id}/variants lists it."""
        effective = {**rules.defaults(), **self.parameters}
        return {"name": self.name, "description": self.description,
                "parameters": dict(self.parameters),  # the answer's own: the variant's stays
                "fingerprint": fingerprint(rules, effective)}


class VariantError(Exception):
    """A variant file that cannot be served: the message names the file and the key."""


# By ruleset id, then name: what load_variants found.
VARIANTS: dict[str, dict[str, Variant]] = {}
VARIANT_KEYS: Final = ("ruleset", "name", "description", "parameters")
LONGEST_NAME: Final = 64


def fingerprint(rules: Ruleset, effective: Mapping[str, Any]) -> str:
    """A stable hash of a full effective parameter set: the ruleset's id and every parameter's
    value, in the ruleset's order."""
    values = [[parameter.id, effective[parameter.id]] for parameter in rules.parameters]
    text = json.dumps([rules.id, values], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --- variants ---------------------------------------------------------------------------------


def read_variant(path: Path, named: bool = True) -> Variant:
    """One variant file; ``named`` False for a file of rules without a name of its own (the
    command line's ``--rules``)."""
    where = str(path)
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
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
    rules = RULESETS.get(ruleset_id)
    if rules is None:
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
    declared = {parameter.id: parameter for parameter in rules.parameters}
    for key, texts in refusals(ruleset_id, declared, given).items():  # the first refusal
        raise VariantError(f"{where}: parameters.{key}: {' '.join(texts)}")
    ordered = {p.id: given[p.id] for p in rules.parameters if p.id in given}
    return Variant(ruleset_id, name, description, ordered, where)


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


def serve(found: Mapping[str, Mapping[str, Variant]]) -> None:
    """Serve these variants, replacing what was served (``load_variants``; a command-line
    worker process started afresh is given its parent's)."""
    VARIANTS.clear()
    VARIANTS.update({rid: dict(named) for rid, named in found.items()})
    _RESOLVED.empty()


def variants(rules: Ruleset) -> dict[str, Any]:
    """The answer of GET /v1/rulesets/{id}/variants."""
    return {"ruleset": rules.id, "variants": [
        variant.listed(rules) for variant in VARIANTS.get(rules.id, {}).values()]}


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
_TUNED: Final[Memo[tuple[str, str], Any]] = Memo("house rules built", 0.03)
_RESOLVED: Final[Memo[tuple[str, str | None, tuple[tuple[str, Any], ...]], Spelled]] = Memo(
    "house rules asked", 0.005, weigh_each=True)


def plain(rules: Ruleset) -> Rules:
    made = _PLAIN.get(rules.id)
    if made is None or made[0] is not rules:
        made = _PLAIN[rules.id] = (rules, _build(rules, None, {}))
    return made[1]


def resolve(rules: Ruleset, variant: str | None, overrides: dict[str, Any] | None) -> Rules:
    """The rules a request asked for: the ruleset's defaults, then the variant, then the
    overrides (each already checked against its parameter by the request's schema)."""
    if variant is None and not overrides:
        return plain(rules)
    # As sent: the same rules sent in another order are another entry, of the same set
    key = (rules.id, variant, tuple(overrides.items()) if overrides else ())
    spelled = _RESOLVED.get(key)
    if spelled is not None:
        tuned = _TUNED.get((rules.id, spelled.fingerprint))
        if tuned is not None:
            return Rules(tuned, variant, spelled.overrides, spelled.fingerprint)
    found = _build(rules, variant, overrides or {})
    if spelled is None:
        # Kept with the declared strings (parameter ids, choices, the variant's name), which
        # every entry shares, not the request's own copies; the fingerprint is its own.
        kept = (rules.id, None if variant is None else sys.intern(variant), tuple(
            (sys.intern(k), sys.intern(v) if isinstance(v, str) else v) for k, v in key[2]))
        _RESOLVED.put(kept, Spelled(found.fingerprint, found.overrides),
                      unseen=sys.getsizeof(found.fingerprint))
    return found


def said(used: Rules) -> dict[str, Any]:
    """The answer's ``rules``: its own copy of the overrides, which every answer under these
    rules shares otherwise (a caller may change an answer in place)."""
    overrides = used.overrides
    return {"variant": used.variant, "overrides": dict(overrides) if overrides else {},
            "fingerprint": used.fingerprint}


def _build(rules: Ruleset, variant: str | None, overrides: dict[str, Any]) -> Rules:
    base = rules.defaults()
    if variant is not None:
        served = VARIANTS.get(rules.id, {})
        chosen = served.get(variant)
        if chosen is None:
            message = (f"no variant '{variant}' of {rules.id}; served: "
                       f"{', '.join(served) or 'none'}")
            meant = closest(variant, served)
            texts = [message] + ([did_you_mean(meant)] if meant else [])
            raise SchemaViolation(f"variant: {message}", {"variant": texts})
        base.update(chosen.parameters)
    effective = {**base, **overrides}
    printed = fingerprint(rules, effective)
    tuned = _TUNED.get((rules.id, printed))
    if tuned is None:
        tuned = rules.tune(effective)
        if tuned is not None:
            _TUNED.put((rules.id, printed), tuned)
    differs = {p.id: sys.intern(v) if isinstance(v := effective[p.id], str) else v
               for p in rules.parameters if effective[p.id] != base[p.id]}
    return Rules(tuned, variant, differs, printed)
