"""Rule data (YAML), read at run time as the package ``widening.rules`` (mapped in by setup.py)."""
