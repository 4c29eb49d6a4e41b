"""What every test folder shares: whether the engines are compiled, game counts scaled
to it, the repository, the example game's folder, and a running ``dsim`` process to
signal."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

JIT = os.environ.get("NUMBA_DISABLE_JIT", "0") != "1"


def scaled(n: int, floor: int = 20) -> int:
    """Game counts for tests that play many games: a hundredth without the JIT."""
    return n if JIT else max(floor, n // 100)


ROOT = Path(__file__).resolve().parent.parent
#: the example game of another package (docs/new-game.md): its source, bots and variants
NOTHANKS = ROOT / "tests" / "games" / "nothanks"


class Dsim:
    """``python -m simulator.cli ARGS`` with its stderr read line by line as it runs."""

    def __init__(self, *args, env=None, **kw):
        e = dict(os.environ, **(env or {}))
        self.p = subprocess.Popen([sys.executable, "-m", "simulator.cli", *map(str, args)], cwd=ROOT, env=e,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
        self.err_lines: list[str] = []
        self.out = ""
        self._t = threading.Thread(target=self._read_err, daemon=True)
        self._t.start()

    def _read_err(self):
        for line in self.p.stderr:
            self.err_lines.append(line)

    def wait_for(self, text: str, timeout: float = 120.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(text in line for line in self.err_lines):
                return
            if self.p.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"never saw {text!r}; stderr: {''.join(self.err_lines)[-2000:]}")

    def children(self) -> list[int]:
        path = Path(f"/proc/{self.p.pid}/task/{self.p.pid}/children")
        return [int(x) for x in path.read_text().split()]

    def finish(self, timeout: float = 120.0):
        self.out = self.p.stdout.read()
        self.p.wait(timeout=timeout)
        self._t.join(timeout=5)
        return self.p.returncode

    @property
    def err(self) -> str:
        return "".join(self.err_lines)


def gone(pids, timeout=10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        alive = [p for p in pids if Path(f"/proc/{p}").exists()
                 and "zombie" not in Path(f"/proc/{p}/status").read_text().lower()]
        if not alive:
            return True
        time.sleep(0.1)
    return False
