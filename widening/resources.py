"""Data the engine reads at run time: rules/ and schema/, shipped inside the package.

The repo keeps them as top-level folders; setup.py maps them to the packages
``widening.rules`` and ``widening.schema``, so a wheel, an editable install and a
pre-commit environment all read them with importlib.resources from wherever it runs.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parent.parent


class MissingData(RuntimeError):
    """Rule data or the schema is not where the install should have put it: the tool cannot run."""


def folder(name: str) -> Traversable:
    """The packaged ``widening.<name>`` folder (``rules`` or ``schema``)."""
    try:
        return resources.files(f"widening.{name}")
    except ModuleNotFoundError:
        # An editable install made before rules/ was mapped into the package: the checkout's folder.
        if (SOURCE_ROOT / name / "__init__.py").is_file():
            return SOURCE_ROOT / name
        raise MissingData(
            f"rule data not installed: no package widening.{name} and no {SOURCE_ROOT / name}; "
            "reinstall widening (the wheel carries it)"
        ) from None


def read_text(name: str, file: str) -> tuple[str, str]:
    """(text, where) of ``<name>/<file>``; MissingData names the place it looked."""
    where = folder(name) / file
    try:
        return where.read_text(encoding="utf-8"), str(where)
    except (OSError, UnicodeDecodeError) as exc:
        raise MissingData(f"{where}: cannot read rule data: {exc}") from exc
