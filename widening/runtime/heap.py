"""Hand freed heap memory back to the system (glibc's ``malloc_trim``; a no-op elsewhere)."""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache
from typing import Any


@cache
def _malloc_trim() -> Any:
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None


def trim_heap() -> None:
    """Return freed heap pages to the system.

    An OCR pass or a photo check allocates a few hundred MB of short-lived buffers; glibc
    keeps the freed pages, so without this a worker's resident size creeps from 200 MB to
    900 MB over a 100-page deck.
    """
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
