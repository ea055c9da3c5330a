"""Compare two audit.json files record for record: the check that a refactor changed no decision.

    python3 scripts/compare_audits.py BEFORE/audit.json AFTER/audit.json [--ignore FIELD ...]

Records are matched by (doc_id, question). Prints every row that differs, with the fields
that differ, and exits 1 when any does (0 when every record is identical).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def _key(r: dict[str, Any]) -> tuple[str, str]:
    return r["doc_id"], " ".join(r["question"].split())


def diff(before: list[dict[str, Any]], after: list[dict[str, Any]], ignore: set[str]) -> list[str]:
    """One line per difference: a row only on one side, or a field whose value changed."""
    a = {_key(r): r for r in before}
    b = {_key(r): r for r in after}
    out = [f"only before: {k}" for k in sorted(a.keys() - b.keys())]
    out += [f"only after: {k}" for k in sorted(b.keys() - a.keys())]
    for k in sorted(a.keys() & b.keys()):
        fields = sorted(f for f in (a[k].keys() | b[k].keys()) - ignore if a[k].get(f) != b[k].get(f))
        if fields:
            was, now = a[k], b[k]
            out.append(f"{k[0]} | {k[1][:70]}: {', '.join(fields)}"
                       f" ({was.get('decision')}/{was.get('case')} -> {now.get('decision')}/{now.get('case')})")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("before", type=Path)
    p.add_argument("after", type=Path)
    p.add_argument("--ignore", action="append", default=[], help="a top-level field to leave out of the comparison")
    args = p.parse_args(argv)
    before = json.loads(args.before.read_text(encoding="utf-8"))
    after = json.loads(args.after.read_text(encoding="utf-8"))
    lines = diff(before, after, set(args.ignore))
    for line in lines:
        print(line)
    print(f"{len(before)} records before, {len(after)} after; {len(lines)} difference(s)")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
