"""The console script's first frame: a crash, even a broken install failing to import, exits 2, never 1.

Exit 1 means "the data says no" (a proposal rejected); it must never be what a traceback looks like.
Only the standard library is imported before ``widening.cli``.
"""

from __future__ import annotations

import sys
import traceback

ERROR = 2  # widening.errors.ExitCode.ERROR, spelled here so that nothing else needs to import


def main(argv: list[str] | None = None) -> int:
    try:
        from widening.cli import main as cli_main

        return cli_main(argv)
    except KeyboardInterrupt:
        print("widening: interrupted", file=sys.stderr)
        return 130
    except Exception:
        traceback.print_exc()
        print(f"error: widening could not run (the traceback above says why); exit {ERROR}", file=sys.stderr)
        return ERROR
