"""Errors a user can act on: a machine code, where it happened, and a sentence."""

from __future__ import annotations

from enum import IntEnum

from pydantic import BaseModel, ConfigDict


class ErrorRecord(BaseModel):
    """Shaped like a pydantic error: ``type``, ``loc`` (file/row/field), ``msg``."""

    model_config = ConfigDict(frozen=True)
    type: str
    loc: tuple[str | int, ...]
    msg: str

    def line(self) -> str:
        where = ":".join(str(p) for p in self.loc)
        return f"{where}: {self.msg}" if where else self.msg


class WideningError(Exception):
    """Base for errors that stop one file or one row, never the whole run."""

    def __init__(self, type_: str, loc: tuple[str | int, ...], msg: str):
        super().__init__(msg)
        self.record = ErrorRecord(type=type_, loc=loc, msg=msg)

    def __str__(self) -> str:
        return self.record.line()


class DocumentError(WideningError):
    """A PDF that cannot be opened or read (missing, corrupt, encrypted, empty, hostile)."""


class InputError(WideningError):
    """A samples, proposal or check file that is malformed."""


# A reason (Decision.error) that starts with this means the tool failed, not the PDF or the row:
# a worker crashed, hung, ran out of memory, or the rule data was missing. Nothing was measured.
ENGINE_FAILED = "engine failed"


def engine_failed(decision_error: str | None) -> bool:
    """True when a decision's ``error`` says the engine itself could not run (exit 2, never 'rejected')."""
    return bool(decision_error) and decision_error.startswith(ENGINE_FAILED)  # type: ignore[union-attr]


class ExitCode(IntEnum):
    """Exit status of ``audit``, ``gate`` and ``reproduce``: findings and could-not-run are never confused.

    0  success: every proposal accepted / every V2 widening reproduced / the audit ran.
    1  findings: a proposal rejected / a V2 widening not reproduced (the tool worked; the data says no).
    2  error: bad input (no corpus, malformed file, bad arguments) or the tool could not run
       (engine crash, timeout or out of memory, missing rule data, unreadable corpus).
    """

    OK = 0
    FINDINGS = 1
    ERROR = 2
