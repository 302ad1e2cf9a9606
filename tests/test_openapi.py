"""openapi.yaml is generated from the schemas: regenerate, compare, validate."""

from __future__ import annotations

from pathlib import Path

import yaml
from openapi_spec_validator import validate

from service.openapi import build_spec

ROOT = Path(__file__).resolve().parent.parent


def test_committed_contract_matches_the_schemas() -> None:
    committed = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    assert committed == build_spec(), "run `make openapi` and commit openapi.yaml"


def test_contract_is_a_valid_openapi_document() -> None:
    validate(build_spec())  # type: ignore[arg-type]
