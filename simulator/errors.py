"""User-input errors that name the file, the line and a fix (game-agnostic)."""
from __future__ import annotations


class InputError(ValueError):
    """One mistake in a user's file or option: ``path:line:col: message — hint``."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 col: int | None = None, hint: str | None = None):
        self.message = message
        self.path = path
        self.line = line
        self.col = col
        self.hint = hint
        super().__init__(str(self))

    @property
    def where(self) -> str:
        loc = self.path or ""
        if self.line is not None:
            loc += f":{self.line}"
            if self.col is not None:
                loc += f":{self.col}"
        return loc

    def __str__(self) -> str:
        hint = f" — {self.hint}" if self.hint else ""
        return f"{self.where}: {self.message}{hint}" if self.where else f"{self.message}{hint}"


class InputErrors(ValueError):
    """Every error found in one pass over the inputs."""

    def __init__(self, errors: list[InputError]):
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


class RunError(RuntimeError):
    """A run failed after it started (a crash inside a game, a lost worker)."""
