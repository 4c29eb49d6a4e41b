"""Where numba keeps the compiled kernels (game-agnostic).

numba's own cache notices edits to the file that defines a kernel, not to the modules it
imports (its constants live in ``layout.py``), so the cache folder is keyed to a hash of
every kernel source file: an edit anywhere gives a fresh folder and a fresh compile.

The folder is the first writable one of: ``$NUMBA_CACHE_DIR``, ``__pycache__`` beside
the kernels, the user's cache (``$XDG_CACHE_HOME`` or ``~/.cache``), and a temporary
folder; when none but the last is writable, a warning says so (the compile is then
repeated once per temporary folder). Nothing here is needed by commands that play no
game, which never import the kernels.
"""
from __future__ import annotations

import hashlib
import itertools
import logging
import os
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("dsim.jit")


def source_hash(sources) -> str:
    h = hashlib.sha256()
    for s in sources:
        h.update(Path(s).read_bytes())
    return h.hexdigest()[:12]


def writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
        return True
    except OSError:
        return False


def candidates(kernel_dir: Path) -> list[tuple[str, Path]]:
    out = []
    if os.environ.get("NUMBA_CACHE_DIR"):
        out.append(("NUMBA_CACHE_DIR", Path(os.environ["NUMBA_CACHE_DIR"])))
    out.append(("package", kernel_dir / "__pycache__"))
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    out.append(("user", Path(home) / "dsim"))
    return out


def cache_dir(kernel_dir, sources) -> Path:
    """The folder for this build of the kernels (created; writable)."""
    key = f"numba-{source_hash(sources)}"
    tried = []
    for label, base in candidates(Path(kernel_dir)):
        folder = base / key
        if writable(folder):
            return folder
        tried.append(str(base))
    folder = Path(tempfile.gettempdir()) / f"dsim-{os.getuid() if hasattr(os, 'getuid') else 'user'}" / key
    if not writable(folder):
        folder = Path(tempfile.mkdtemp(prefix="dsim-numba-"))
    log.warning("no writable cache for the compiled engine (tried %s); using %s, so the engine is "
                "compiled again in each new temporary folder (set NUMBA_CACHE_DIR to a writable folder)",
                ", ".join(tried), folder)
    return folder


def configure(kernel_dir, sources) -> Path:
    """Point numba's cache at the folder for these sources (the kernels in ``kernel_dir``
    and every file they take constants from); call before any ``@njit(cache=True)``."""
    import numba
    folder = cache_dir(Path(kernel_dir), sources)
    numba.config.CACHE_DIR = str(folder)
    return folder


def is_cached(kernel) -> bool:
    """Whether numba's cache holds ``kernel`` already (True when the JIT is off)."""
    cache = getattr(kernel, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    return index is None or os.path.exists(index)


@contextmanager
def compile_notice(kernel, what: str = "the game engine", expect: str = "about half a minute"):
    """Say so on stderr while ``kernel`` compiles for the first time: one line, with a
    spinner and the time taken on a terminal. Silent when it is cached, and with -q."""
    if is_cached(kernel) or logging.getLogger().getEffectiveLevel() > logging.WARNING:
        yield
        return
    line = f"compiling {what}, first run only, {expect}"
    err = sys.stderr
    if not err.isatty():
        print(line + " ...", file=err, flush=True)
        yield
        return
    done = threading.Event()
    t0 = time.perf_counter()

    def spin():
        for ch in itertools.cycle("|/-\\"):
            if done.wait(0.25):
                return
            err.write(f"\r{line} {ch} {time.perf_counter() - t0:4.0f} s")
            err.flush()

    spinner = threading.Thread(target=spin, daemon=True)
    spinner.start()
    try:
        yield
    finally:
        done.set()
        spinner.join()
        err.write(f"\r{line}: done in {time.perf_counter() - t0:.0f} s\n")
        err.flush()
