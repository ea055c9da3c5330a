"""The proposal JSON Schema, shipped as the package ``widening.schema`` (mapped in by setup.py)."""
