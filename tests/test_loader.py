"""The compiled loader answers exactly as marshmallow does, on valid and invalid bodies alike.

service/loader.py either returns what marshmallow would load or says it is unsure (and
marshmallow then loads the body); these properties hold it to that for every request schema.
"""

from __future__ import annotations

import copy
import random
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields
from marshmallow.validate import OneOf

from bench.hands import chuzhou_hands, yueqing_hands
from service import loader
from service.errors import SchemaViolation
from service.loader import Unsure, reader
from service.rulesets import RULESETS
from service.schemas.checks import request_check
from service.schemas.fields import Fresh, Tile, Tiles
from service.scoring import load
from tests.test_properties import TILE_CODES, chuzhou_body, yueqing_body

SCHEMAS = sorted({action.request for rules in RULESETS.values()
                  for action in rules.actions.values()},
                 key=lambda s: (s.__qualname__, s.__module__))
SETTINGS = settings(max_examples=300, deadline=None)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 1_000_001) | st.floats(allow_nan=False)
    | st.sampled_from(TILE_CODES + ["123m", "5z9z", "x", "", "chi", "peng", "angang",
                                    "self_draw", "discard", "robbing_kong"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                               max_size=4),
    max_leaves=12)


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (True is not 1 here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def by_marshmallow(schema: type[Schema], body: Any) -> tuple[str, Any]:
    try:
        return "loaded", schema().load(body)
    except ValidationError as exc:
        return "refused", exc.messages


def assert_agrees(schema: type[Schema], body: Any) -> bool:
    """The fast answer, where there is one, is marshmallow's; ``load`` is marshmallow's always.
    Returns whether the fast path answered."""
    expected = by_marshmallow(schema, copy.deepcopy(body))
    try:
        fast = reader(schema)(copy.deepcopy(body))
    except Unsure:
        fast = None
    else:
        assert expected[0] == "loaded", (body, expected)
        assert same(fast, expected[1]), (body, fast, expected[1])
    try:
        loaded = load(schema, copy.deepcopy(body))
    except SchemaViolation as exc:
        assert expected[0] == "refused", (body, expected)
        assert exc.errors, body
    else:
        assert expected[0] == "loaded" and same(loaded, expected[1]), (body, loaded, expected)
    return fast is not None


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def mutate(body: dict[str, Any], rng: random.Random, replacement: Any) -> dict[str, Any]:
    """One change at a random place: a value replaced, a key dropped or an unknown key added."""
    body = copy.deepcopy(body)
    path = rng.choice(_paths(body)[1:])
    parent: Any = body
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    choice = rng.randrange(3)
    if choice == 0 or isinstance(parent, list):
        parent[last] = replacement
    elif choice == 1:
        del parent[last]
    else:
        parent[f"{last}_extra"] = replacement
    return body


def test_every_request_schema_is_compiled() -> None:
    assert len(SCHEMAS) >= 6
    for schema in SCHEMAS:
        reader(schema)


def test_schemas_use_no_marshmallow_hook_but_request_check() -> None:
    """The fast path runs a schema's ``@request_check`` checks and knows of no other hook,
    so no schema module may declare one (service/schemas/checks.py wraps the only one)."""
    from pathlib import Path

    from service.schemas import checks

    hooks = ("validates_schema", "pre_load", "post_load", "validates(", "@validates")
    for path in Path(checks.__file__).parent.glob("*.py"):
        if path.name == "checks.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert not [h for h in hooks if h in text], path


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda s: f"{s.__module__}.{s.__qualname__}")
@settings(max_examples=100, deadline=None)
@given(body=json_values)
def test_any_json_loads_as_marshmallow_loads_it(schema: type[Schema], body: Any) -> None:
    assert_agrees(schema, body)


@SETTINGS
@given(chuzhou_body)
def test_chuzhou_score_bodies_load_as_marshmallow_loads_them(body: dict[str, Any]) -> None:
    assert_agrees(RULESETS["chuzhou"].actions["score"].request, body)


@SETTINGS
@given(yueqing_body)
def test_yueqing_score_bodies_load_as_marshmallow_loads_them(body: dict[str, Any]) -> None:
    assert_agrees(RULESETS["yueqing"].actions["score"].request, body)


@SETTINGS
@given(st.integers(0, 100_000), json_values)
def test_one_change_to_a_valid_body_loads_as_marshmallow_loads_it(seed: int,
                                                                  replacement: Any) -> None:
    rng = random.Random(seed)
    ruleset = rng.choice(["chuzhou", "yueqing"])
    hands = chuzhou_hands if ruleset == "chuzhou" else yueqing_hands
    body = hands(1, seed=seed)[0]
    body["situation"] = {"liable_seat": None} if ruleset == "yueqing" else {
        "declared_ready": False, "table_pengs": "5m", "one_suit_seats": [2]}
    assert_agrees(RULESETS[ruleset].actions["score"].request, mutate(body, rng, replacement))


def test_valid_bodies_take_the_fast_path() -> None:
    """The fast path is not a formality: every generated valid body is loaded by it, and by it
    alone (no part of it handed to marshmallow's own loading)."""
    score = {ruleset: RULESETS[ruleset].actions["score"].request
             for ruleset in ("chuzhou", "yueqing")}
    for body in chuzhou_hands(200):
        assert assert_agrees(score["chuzhou"], body)
    for body in yueqing_hands(200):
        assert assert_agrees(score["yueqing"], body)
    waits = RULESETS["yueqing"].actions["waits"].request
    assert assert_agrees(waits, {"concealed": "123m456m789m123p4p66s1z", "caishen": "1z"})
    bodies = [(score["chuzhou"], b) for b in chuzhou_hands(50)] + \
        [(score["yueqing"], b) for b in yueqing_hands(50)]
    with patch.object(Schema, "load", side_effect=AssertionError("marshmallow loaded a part")):
        for schema, body in bodies:
            reader(schema)(body)


class _Pair(Schema):
    """A schema exercising the loader's other paths: a check, one that takes the original
    data, an optional field without a default, a list of tiles."""

    first = fields.Integer(required=True)
    second = fields.Integer(load_default=None, allow_none=True, data_key="2nd")
    note = fields.String()
    tiles = Tiles(max_tiles=4, load_default=list)
    loose = fields.Boolean(truthy=set(), falsy=set())  # any value loads as its truth
    flags = fields.List(fields.Boolean(truthy=set(), falsy=set()), load_default=list)

    @request_check
    def _small_note(self, data: dict[str, Any]) -> None:
        if len(data.get("note") or "") > 3:
            raise ValidationError("a short note", "note")

    @request_check(pass_original=True)
    def _original(self, data: dict[str, Any], original: Any) -> None:
        if data["first"] > 5 and "2nd" not in original:
            raise ValidationError("a large first needs a second", "2nd")


def test_checks_are_called_with_the_data_and_the_original() -> None:
    source = loader.source(_Pair)
    assert "CHECK" in source and "data)" in source  # _original gets the original data
    assert "unknown=RAISE" not in source  # marshmallow's keywords never reach a check


@pytest.mark.parametrize("body", [
    {"first": 1}, {"first": 9}, {"first": 9, "2nd": None}, {"first": 1, "2nd": 2, "note": "x"},
    {"first": 1, "note": "long"},
    {"first": 1, "note": None}, {"first": 1, "second": 2}, {"first": 1, "note": "x", "x": 1},
    {"first": 1, "tiles": "555p"}, {"first": 1, "tiles": ["5p", "5p"]},
    {"first": 1, "tiles": "12345p"}, {"first": 1, "tiles": ["5p", 5]}, {"2nd": 1}, [], None,
    {"first": 1, "loose": None}, {"first": 1, "loose": "x"}, {"first": 1, "flags": [1, 0]},
    {"first": 1, "flags": [None]},
])
def test_other_paths_load_as_marshmallow_loads_them(body: Any) -> None:
    assert_agrees(_Pair, body)


def test_loaded_tile_lists_are_the_callers_own() -> None:
    schema = RULESETS["chuzhou"].actions["score"].request
    body = chuzhou_hands(1)[0]
    body["hand"]["melds"] = [{"type": "peng", "tiles": "555p", "from": 0}]
    first = reader(schema)(copy.deepcopy(body))
    first["hand"]["melds"][0]["tiles"].append(0)
    assert reader(schema)(copy.deepcopy(body))["hand"]["melds"][0]["tiles"] == [13, 13, 13]


@SETTINGS
@given(st.fixed_dictionaries({"first": st.integers(0, 9) | json_values}, optional={
    key: json_values for key in ("2nd", "second", "note", "tiles", "loose", "flags", "x")}))
def test_other_paths_load_any_values_as_marshmallow_loads_them(body: dict[str, Any]) -> None:
    assert_agrees(_Pair, body)


def test_loaded_defaults_are_the_callers_own() -> None:
    """A default written into the loader's source (a ``Fresh`` value) is a new object on each
    load, as marshmallow's call of the default makes it."""
    schema = RULESETS["chuzhou"].actions["score"].request
    body = chuzhou_hands(1)[0]
    source = loader.source(schema)
    assert "[1, 1, 1, 1]" in source and "'declared_ready': False" in source  # written out
    first = reader(schema)(copy.deepcopy(body))
    first["zhen"].append(0)
    first["situation"]["table_pengs"].append(0)
    first["situation"]["heavenly"] = True
    again = reader(schema)(copy.deepcopy(body))
    assert same(again, schema().load(copy.deepcopy(body)))
    assert again["zhen"] == [1, 1, 1, 1] and again["situation"]["table_pengs"] == []


def test_a_fresh_default_is_a_new_copy_each_time() -> None:
    default = Fresh({"a": [1], "b": {"c": []}})
    made = default()
    made["a"].append(2)
    made["b"]["c"].append(3)
    assert default() == {"a": [1], "b": {"c": []}}


@pytest.mark.parametrize("body", [
    {"first": 1, "choice": "b"}, {"first": 1, "choice": "z"}, {"first": 1, "choice": None},
    {"first": 1, "choice": ["a"]}, {"first": 1, "choice": b"a"}, {"first": 1, "tile": "5p"},
    {"first": 1, "tile": "5P"}, {"first": 1, "tile": ["5p"]}, {"first": 1, "tile": None},
    {"first": 1, "choices": ["a", "b"]}, {"first": 1, "choices": ["a", 1]},
    {"first": 1, "choices": [None]}, {"first": 1, "tiles": ["5p", ["5p"]]},
    {"first": 1, "tiles": "5p" * 3}, {"first": 1, "tiles": "5p" * 200},
])
def test_choices_and_tiles_looked_up_load_as_marshmallow_loads_them(body: Any) -> None:
    assert_agrees(_Choosing, body)


class _Choosing(_Pair):
    """Strings among choices and tiles, each loaded by one lookup that raises when it fails."""

    choice = fields.String(validate=OneOf(["a", "b"]), load_default="a")
    tile = Tile(allow_none=True)
    choices = fields.List(fields.String(validate=OneOf(["a", "b"])))


def test_a_lookup_loads_and_checks_at_once() -> None:
    source = loader.source(_Choosing)
    assert "CHOICES" in source and "TILE_OF[" in source


@pytest.mark.parametrize(("rules", "valid"), [
    ({}, True), ({"zhen_unit": 5}, True),
    ({"zhen_unit": 5, "full_flush.on": False, "baozhuang": True}, True), (None, True),
    ({"zhen_unit": "5"}, False), ({"zhen_unit": True}, False), ({"zhen_unit": -1}, False),
    ({"zhen_unt": 5}, False), ([], False), ("x", False), ({"full_flush.an": 10 ** 9}, False),
    ({"baozhuang": 1}, False),
])
def test_house_rules_load_as_marshmallow_loads_them(rules: Any, valid: bool) -> None:
    """``rules`` loads itself in one call on the fast path (RulesField.fast_load); what it
    refuses, marshmallow refuses with the message."""
    body = {"dealer": 0, "winner": 1, "hand": {"concealed": "123m456p789s11z555s"},
            "win": {"tile": "5s", "by": "self_draw"}, "rules": rules}
    assert assert_agrees(RULESETS["chuzhou"].actions["score"].request, body) == valid


EXPECTED_SHAPES: list[Any] = [
    {}, {"total": 8}, {"patterns": {"pinghu": 2, "zimo": {"tai": 1}}, "net": [8, -8, 0, 0]},
    {"payments": [{"from": 1, "to": 0, "amount": 4}], "next": None, "flag": True},
]


def test_expected_is_loaded_by_the_generated_code() -> None:
    """verify mode's ``expected`` (a ``Dict`` of string keys, any values) loads as a new dict
    of the same values with no call of marshmallow's own ``Dict``; anything else is refused as
    marshmallow refuses it."""
    score = {ruleset: RULESETS[ruleset].actions["score"].request
             for ruleset in ("chuzhou", "yueqing")}
    bodies = [(score["chuzhou"], b) for b in chuzhou_hands(len(EXPECTED_SHAPES))] + \
        [(score["yueqing"], b) for b in yueqing_hands(len(EXPECTED_SHAPES))]
    for (schema, body), expected in zip(bodies, EXPECTED_SHAPES * 2, strict=True):
        assert "DESERIALIZE" not in loader.source(schema)
        body["expected"] = expected
        assert assert_agrees(schema, body)
        with patch.object(fields.Mapping, "_deserialize",
                          side_effect=AssertionError("marshmallow loaded expected")):
            loaded = reader(schema)(body)
        assert same(loaded["expected"], expected) and loaded["expected"] is not expected
        for refused in ([], [expected], "x", "", 0, {1: "a"}):
            body["expected"] = refused
            assert not assert_agrees(schema, body)
            assert by_marshmallow(schema, body)[0] == "refused"


class _Dicts(Schema):
    """Dicts the loader leaves to marshmallow's own ``Dict``: checked keys, loaded values, a
    subclass, and no key field at all."""

    checked_keys = fields.Dict(keys=fields.String(validate=OneOf(["a"])))
    loaded_values = fields.Dict(keys=fields.String(), values=fields.Integer())
    ordered = type("Ordered", (fields.Dict,), {})(keys=fields.String())
    any_keys = fields.Dict()
    plain = fields.Dict(keys=fields.String(), allow_none=True)


@pytest.mark.parametrize("body", [
    {}, {"checked_keys": {"a": 1}}, {"checked_keys": {"b": 1}}, {"loaded_values": {"a": "1"}},
    {"loaded_values": {"a": True}}, {"ordered": {"a": [1]}}, {"ordered": []},
    {"any_keys": {1: 2}}, {"plain": None}, {"plain": {"a": {"b": [None]}}}, {"plain": {1: 2}},
    {"plain": "ab"}, {"plain": {}},
])
def test_other_dicts_load_as_marshmallow_loads_them(body: Any) -> None:
    assert_agrees(_Dicts, body)
    assert loader.source(_Dicts).count("DESERIALIZE") == 4  # only ``plain`` written out
