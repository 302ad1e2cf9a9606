"""One blueprint per ruleset; each action is a POST that loads, scores and answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint

from service.actions import actions_of, answer
from service.api.body import json_body
from service.hints import hint_budget
from service.rulesets import RULESETS
from service.rulesets.registry import Ruleset
from service.work import deadline


def _view(ruleset_id: str, name: str, summary: str) -> Callable[[], dict[str, Any]]:
    def view() -> dict[str, Any]:
        body = json_body()
        with deadline(), hint_budget():
            return answer(ruleset_id, name, body)

    view.__name__ = name
    view.__doc__ = summary
    return view


def blueprint(rules: Ruleset) -> Blueprint:
    bp = Blueprint(rules.id, __name__, url_prefix=f"/v1/{rules.id}")
    for name, action in actions_of(rules).items():
        bp.add_url_rule(f"/{name}", view_func=_view(rules.id, name, action.summary),
                        methods=["POST"])
    return bp


def blueprints() -> list[Blueprint]:
    return [blueprint(rules) for rules in RULESETS.values()]
