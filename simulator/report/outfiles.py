"""The files of dsim's reports, written so that nothing is lost or mixed: every file
atomically (a temporary file in the same folder, then a rename, so an interrupted run
never leaves half a CSV behind), output folders under a lock, nothing opened through a
planted link, no output over an input; and the numbers as the files print them."""
from __future__ import annotations

import json
import math
import os
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path

from ..errors import InputError, RunError


# ---------------------------------------------------------------- output folders
class OutputError(RunError):
    """Reports could not be written (full disk, permissions); says which files were."""


def umask_now() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def check_writable(folder, what: str) -> None:
    """Create ``folder`` and write a test file there, before any game is played."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as e:
        raise InputError(f"cannot write {what} to {folder}: {e.strerror}",
                         hint="choose a folder you can write to") from None


_HELD_LOCKS: set[int] = set()  # descriptors of the locks this process holds


def _drop_inherited_locks() -> None:
    """In a forked child (a worker): close the lock descriptors inherited from the parent,
    so that only the parent holds its locks and they end with it, whatever its workers do."""
    for fd in list(_HELD_LOCKS):
        try:
            os.close(fd)
        except OSError:
            pass
    _HELD_LOCKS.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_inherited_locks)


def open_no_follow(path, flags: int, what: str) -> int:
    """``os.open`` of a file dsim creates or rewrites in a folder others may write to: a
    symbolic link, a folder or a FIFO planted at ``path`` is an InputError, never
    followed, truncated or waited on."""
    flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as e:
        if os.path.islink(path):
            raise InputError(f"{path} is a symbolic link; dsim does not write {what} through a link",
                             hint="remove it, or choose another folder") from None
        if os.path.isdir(path):
            raise InputError(f"{path} is a folder, not {what}", hint="remove it, or choose another folder") \
                from None
        raise InputError(f"cannot open {path}: {e.strerror}", hint="choose a folder you can write to") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise InputError(f"{path} is not a regular file (a FIFO or a device?), so it cannot be {what}",
                         hint="remove it, or choose another folder")
    return fd


class FileLock:
    """An exclusive lock held for a whole run through the lock file ``path`` (removed when
    the run ends), so two runs never write the same files; ``what`` names them in the
    refusal. The operating system releases it when its process dies: forked workers
    close their copy of it, so a lock whose holder is dead is free to take over."""

    def __init__(self, path, what: str, hint: str):
        self.path = Path(path)
        self._fd = None
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX: no locking
            return
        while True:
            fd = open_no_follow(self.path, os.O_RDWR | os.O_CREAT, "a lock file")
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                other = os.read(fd, 32).decode("ascii", "replace").strip()
                os.close(fd)
                raise InputError(f"another dsim run{f' (pid {other})' if other.isdigit() else ''} is writing {what}",
                                 hint=hint) from None
            try:
                same = os.fstat(fd).st_ino == os.lstat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if same:  # not a lock file that its run removed while we opened it
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd
        _HELD_LOCKS.add(fd)

    def close(self) -> None:
        if self._fd is not None:
            try:
                os.unlink(self.path)
            except OSError:
                pass
            _HELD_LOCKS.discard(self._fd)
            os.close(self._fd)
            self._fd = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class OutputLock(FileLock):
    """The lock on an output folder (``.dsim.lock`` inside it), checked writable first.
    The folders it created are removed again when the run wrote nothing into them (a
    mistake found after the lock was taken leaves no empty folder behind)."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self.created = [p for p in (self.folder, *self.folder.parents) if not p.exists()]
        check_writable(self.folder, "reports")
        super().__init__(self.folder / ".dsim.lock", f"to {self.folder}",
                         "wait for it to finish, or choose another --out folder")

    def close(self) -> None:
        held = self._fd is not None
        super().close()
        for p in self.created if held else ():  # deepest first; a folder something was written to stays
            try:
                p.rmdir()
            except OSError:
                break
        self.created = []


#: the files each command writes into its --out folder (a trailing "/": a folder of files)
def _same_file(a, b) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def refuse_inputs(outputs, inputs, what: str) -> None:
    """An InputError when an output path (``outputs``: files, or folders as "DIR/", whose
    every file is written) is one of the run's ``inputs`` (bot and setup files), before
    anything is played or written: a run never overwrites what it reads."""
    inputs = [p for p in inputs if p]
    for out in outputs:
        out = str(out)
        folder = out.endswith("/")
        for p in inputs:
            hit = (os.path.realpath(p).startswith(os.path.realpath(out.rstrip("/")) + os.sep) if folder
                   else _same_file(p, out))
            if hit:
                raise InputError(f"{what} would overwrite {p}, one of this run's input files",
                                 hint="write somewhere else, or copy the input first")


# ---------------------------------------------------------------- atomic files
@contextmanager
def atomic_open(path, mode="w", **kw):
    """A new file written under a temporary name and renamed into place when complete;
    its mode follows the umask like any other new file (not mkstemp's 0600)."""
    path = Path(path)
    if "b" not in mode:  # a file name that is not UTF-8, in a report, is written as \xNN
        kw.setdefault("errors", "dsim-path")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):  # POSIX
            os.fchmod(fd, 0o666 & ~umask_now())
        with os.fdopen(fd, mode, **kw) as f:
            yield f
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_all(out_dir, writers) -> list[Path]:
    """Run each file writer in turn; an OSError (full disk, permissions) stops with one
    OutputError that names the file and the files already written, which stay."""
    done: list[Path] = []
    for w in writers:
        try:
            got = w()
        except OSError as e:
            names = ", ".join(p.name for p in done) or "none"
            raise OutputError(f"cannot write to {out_dir}: {e.strerror or e}"
                              f"{f' ({Path(e.filename).name})' if e.filename else ''}; files written: {names}") \
                from None
        done += got if isinstance(got, list) else [got]
    return done


def json_safe(obj):
    """``obj`` with NaN and infinities as None, so the JSON is valid (json has no NaN)."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: json_safe(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [json_safe(v) for v in obj]
    if hasattr(obj, "item") and callable(obj.item) and getattr(obj, "ndim", 1) == 0:  # numpy scalars
        return json_safe(obj.item())
    return obj


def json_text(obj) -> str:
    return json.dumps(json_safe(obj), indent=2, default=str, allow_nan=False)


def write_csv(df, path) -> Path:
    with atomic_open(path, "w", newline="", encoding="utf-8") as f:
        df.to_csv(f, index=False, float_format="%.6g")
    return Path(path)


def write_json(obj, path) -> Path:
    with atomic_open(path, "w", encoding="utf-8") as f:
        f.write(json_text(obj))
        f.write("\n")
    return Path(path)


def write_text(text: str, path) -> Path:
    with atomic_open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return Path(path)


def pct(x: float) -> str:
    return "n/a" if x != x else f"{100 * x:.2f}%"
