"""Errors a user can act on: a machine code, where it happened, and a sentence."""

from __future__ import annotations

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
