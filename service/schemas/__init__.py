"""The contract's request and response schemas (marshmallow): what each endpoint takes and
answers. openapi.yaml is written from them (make openapi)."""
