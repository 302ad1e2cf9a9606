"""The HTTP shell: blueprints that load JSON, call the core, and return its answer."""
