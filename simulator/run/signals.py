"""Signals, in one place: Ctrl-C and SIGTERM stop a command's run the same way
(``StopSignals``, which the command line holds for a whole run), a finished chunk is merged
whole or not at all (``HoldSignals``, simulator/interrupts.py), and a worker ignores Ctrl-C
and dies with its parent (``worker_signals``)."""
from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading

from ..interrupts import SIGNALS


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):  # a standard error that is gone: nothing to say it on
        pass


class StopSignals:
    """Ctrl-C (SIGINT) and SIGTERM stop a run the same way: the first raises
    KeyboardInterrupt where the run is, and the runner turns it into a partial result that
    is reported and written. Once the run has stopped (``shield``), further signals only
    say that the finished work is being saved, so the files stay a consistent set."""

    def __init__(self):
        self.received = None
        self.shielded = False
        self.pid = os.getpid()
        self._old = {}
        self._due = True  # the next signal raises KeyboardInterrupt (the first, or one sent again)
        self._pending = False  # a signal is about to be sent again (``_unraisable``)
        self._again = None  # the timer that sends it

    def _handle(self, signum, frame):
        if os.getpid() != self.pid:  # a worker forked before it set its own handlers
            if signum != signal.SIGINT:
                os._exit(128 + signum)
            return
        self.received = self.received or signum
        if self._due and not self.shielded:
            if self._pending:  # the signal sent again raises it: raised now, in the hook, it would be lost too
                return
            self._due = False
            raise KeyboardInterrupt
        if not self._due:
            _say("stopping: saving what finished first")

    def shield(self):
        self.shielded = True

    def _send_again(self, signum):
        self._pending = False
        os.kill(self.pid, signum)

    def _unraisable(self, u):
        """The KeyboardInterrupt ``_handle`` raised landed in a finalizer (a ``__del__``, such
        as the compiler's while it loads the engine, or the pool's while its workers start),
        where Python only prints it and goes on: the signal is sent again a moment later
        (from a thread: sent now, it would land in this hook, still inside the finalizer), to
        stop the run where it can be stopped. A signal that arrives until then (a second
        Ctrl-C while the timer starts) is the same stop, not a lost one."""
        if not (isinstance(u.exc_value, KeyboardInterrupt) and self.received and not self.shielded):
            self._old_hook(u)
            return
        self._pending, self._due = True, True
        if self._again is not None:
            self._again.cancel()
        self._again = threading.Timer(0.01, self._send_again, (self.received,))
        self._again.daemon = True
        self._again.start()

    def __enter__(self):
        for sig in SIGNALS:
            self._old[sig] = signal.signal(sig, self._handle)
        self._old_hook, sys.unraisablehook = sys.unraisablehook, self._unraisable
        return self

    def __exit__(self, *exc):
        if self._again is not None:  # a run that ended before the signal sent again came: stopped by it all the same
            self._again.cancel()
        sys.unraisablehook = self._old_hook
        for sig, old in self._old.items():
            # once stopped by a signal the command only exits: later signals are ignored
            signal.signal(sig, signal.SIG_IGN if self.received else old)

    @property
    def exit_code(self) -> int:
        """The shell's code for a run stopped by this signal (130 Ctrl-C, 143 SIGTERM)."""
        return 128 + int(self.received or signal.SIGINT)


def die_with_parent() -> int:
    """Make this process (a worker) die when its parent does, even while it is blocked in
    a system call (a full pipe, a lock): Linux's PR_SET_PDEATHSIG. Returns the parent's
    pid, which the worker also watches (the only means elsewhere). Under the forkserver
    start method the parent is the fork server, which exits with the dsim process."""
    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):  # pragma: no cover - not Linux: the polling below only
        pass
    if os.getppid() != parent:  # pragma: no cover - the parent died before prctl took effect
        os._exit(1)
    return parent


def worker_signals() -> int:
    """A worker's signals: it dies with its parent (``die_with_parent``, whose pid it
    returns), ignores Ctrl-C (the parent handles it) and stops at SIGTERM (the parent
    stops its workers so)."""
    parent = die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    return parent
