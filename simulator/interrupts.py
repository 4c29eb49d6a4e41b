"""Ctrl-C and SIGTERM held back over a stretch that must not be cut in the middle
(``HoldSignals``): a finished chunk merged into a run's results, a kernel loaded by numba
and llvmlite (an interrupt inside their ctypes callbacks and finalizers is lost or frees
an object twice: "free(): double free detected"). The lowest room: the kernels use it."""
from __future__ import annotations

import signal
import threading

#: the signals that stop a run
SIGNALS = tuple(s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None)) if s)


class HoldSignals:
    """Holds Ctrl-C and SIGTERM back over a ``with`` block: a signal that arrives meanwhile
    goes to the previous handler right after. Only the main thread can set handlers;
    elsewhere (and for a handler not set from Python) this holds nothing."""

    def __enter__(self):
        self.got = None
        self.old = {}
        if threading.current_thread() is threading.main_thread():
            for s in SIGNALS:
                old = signal.getsignal(s)
                if old is not None:
                    self.old[s] = signal.signal(s, self._note)
        return self

    def _note(self, signum, frame):
        self.got = self.got or signum

    def __exit__(self, *exc):
        for s, handler in self.old.items():
            signal.signal(s, handler)
        if self.got is not None:
            signal.raise_signal(self.got)
        return False
