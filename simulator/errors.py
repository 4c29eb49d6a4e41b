"""User-input errors that name the file, the line and a fix (game-agnostic).

Whatever a user wrote reaches the terminal only through ``printable`` and ``short``:
control characters (ANSI escapes, newlines) are shown escaped and long values are cut,
so a hostile file can neither repaint the terminal nor make a message unbounded.
"""
from __future__ import annotations

import codecs
import difflib
import re
import reprlib

MAX_MESSAGE = 1000  # characters of one error line

_repr = reprlib.Repr()
_repr.maxlevel = 2
_repr.maxstring = 40
_repr.maxother = 40
for _k in ("maxlist", "maxtuple", "maxdict", "maxset"):
    setattr(_repr, _k, 4)


def _byte_of_path(err: UnicodeError):
    """A codec error handler (``dsim-path``): a byte of a file name that is not UTF-8 (which
    Python holds as a lone surrogate, U+DC80-U+DCFF) is written as ``\\xNN``, as a shell
    quotes it, and any other unencodable character as ``\\uNNNN``; so a path like
    ``caf\\xe9/bot.yaml`` can always be printed and written into a report."""
    bad = err.object[err.start:err.end]
    return "".join(f"\\x{ord(c) - 0xDC00:02x}" if 0xDC80 <= ord(c) <= 0xDCFF else f"\\u{ord(c):04x}"
                   for c in bad), err.end


codecs.register_error("dsim-path", _byte_of_path)


def _escaped(ch: str) -> str:
    if 0xDC80 <= ord(ch) <= 0xDCFF:  # a byte of a file name that is not UTF-8
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return ch.encode("unicode_escape").decode("ascii")


def printable(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` with control characters escaped (``\\x1b``, ``\\n``) and a file name's
    bytes that are not UTF-8 as ``\\xNN``, cut to ``limit``."""
    text = str(text)
    if len(text) > 4 * limit:
        text = text[:4 * limit]
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else _escaped(ch) for ch in text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def short(value, limit: int = 60) -> str:
    """A bounded, printable repr of any value a user wrote (safe on YAML alias bombs:
    nested containers are cut after a few items and levels)."""
    return printable(_repr.repr(value), limit)


MAX_NAME = 60


def norm(text: str) -> str:
    """A name as a person or a bot file may type it, for matching: lower case, without
    spaces, '-', '_' or quotes (a person's answers, a bot's mapping keys)."""
    return re.sub(r"[\s\-_'\"]", "", text.lower())


def closest(word, choices, key=str.lower) -> str | None:
    """The one of ``choices`` nearest to ``word`` (difflib's ratio at least 0.6, both
    compared through ``key``), never the word itself as written; None when none is near."""
    word = str(word)
    keyed: dict = {}
    for c in choices:
        if c != word:
            keyed.setdefault(key(c), c)
    hits = difflib.get_close_matches(key(word), list(keyed), n=1, cutoff=0.6)
    return keyed[hits[0]] if hits else None


def did_you_mean(word, choices, otherwise: str | None = None, key=str.lower) -> str | None:
    """The hint "did you mean 'X'?" with the nearest of ``choices``, else ``otherwise``."""
    close = closest(word, choices, key)
    return f"did you mean '{close}'?" if close else otherwise


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a bot or a setup (it is printed in tables and written to
    CSV files), or None. Printable, at most MAX_NAME characters, and not starting like a
    spreadsheet formula (= + - @)."""
    if not name.strip():
        return "is empty"
    if len(name) > MAX_NAME:
        return f"is {len(name)} characters long; the limit is {MAX_NAME}"
    if not name.isprintable():
        return "holds a control character (a newline, a tab or a terminal escape)"
    if name.lstrip()[0] in "=+-@":
        return f"starts with '{name.lstrip()[0]}', which a spreadsheet reads as a formula"
    return None


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
        text = f"{self.where}: {self.message}{hint}" if self.where else f"{self.message}{hint}"
        return printable(text)


class InputErrors(ValueError):
    """Every error found in one pass over the inputs."""

    def __init__(self, errors: list[InputError]):
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


def one_error(message: str, path: str | None = None, line: int | None = None, col: int | None = None,
              hint: str | None = None) -> InputErrors:
    """One mistake, as the InputErrors every input check raises (``raise one_error(...)``)."""
    return InputErrors([InputError(message, path, line, col, hint)])


class RunError(RuntimeError):
    """A run failed after it started (a crash inside a game, a lost worker)."""
