"""Imported by the worker pool's forkserver, never by hand: loads the OCR models before any worker is forked.

Each worker then shares one copy of the model weights with its siblings (copy-on-write
pages that are never written), instead of loading its own (~60 MB and ~3 s each time a
worker is started or replaced). The forkserver's children each own one core, hence one
OCR thread.
"""

import os

os.environ.setdefault("WIDENING_WORKER_THREADS", "1")

from widening.facts import ocr  # noqa: E402  (the thread count must be set first)

try:
    ocr.warm()
except Exception:  # noqa: BLE001  a failing forkserver would stop every worker; OCR reports its own error where it is used
    pass
