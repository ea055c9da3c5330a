"""``python -m widening`` and the ``widening`` console script.

A crash, even a broken install failing to import, exits 2, never 1: exit 1 means "the
data says no" (a proposal rejected) and must never be what a traceback looks like. Only
the standard library is imported before ``widening.commands.cli``.
"""

from __future__ import annotations

import sys
import traceback

ERROR = 2  # widening.errors.ExitCode.ERROR, spelled here so that nothing else has to import first


def main(argv: list[str] | None = None) -> int:
    try:
        from widening.commands.cli import main as cli_main

        return cli_main(argv)
    except KeyboardInterrupt:
        print("widening: interrupted", file=sys.stderr)
        return 130
    except Exception:
        traceback.print_exc()
        print(f"error: widening could not run (the traceback above says why); exit {ERROR}", file=sys.stderr)
        return ERROR


if __name__ == "__main__":
    raise SystemExit(main())
