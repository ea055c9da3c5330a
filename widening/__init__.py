"""widening: decide, with an executable emptiness check, when a 'Not answerable' key may be widened."""

__version__ = "0.1.0"
# Bump when facts or probe semantics change: it keys the on-disk cache.
ENGINE_VERSION = "0.1.0-facts2"
