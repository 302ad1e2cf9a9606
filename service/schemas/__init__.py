"""The contract's request and response schemas (marshmallow): what each endpoint takes and
answers. openapi.yaml is written from them (make openapi)."""

from service import field_messages  # noqa: F401 - before any field is made
