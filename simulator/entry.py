"""The ``dsim`` command's entry point, kept apart from ``simulator.cli`` so that a Ctrl-C
while the libraries load (the first few tenths of a second) exits quietly with 130, as
one during a run does, instead of a traceback: SIGINT is held while they load (a Ctrl-C
inside a C extension's import would surface as an ImportError) and arrives just after.
A Ctrl-C stops the command once: one that lands after the first, or after the command
has finished (while Python shuts down), changes nothing, so the command always ends with
its own exit code (130 when a Ctrl-C stopped it), never killed by the signal."""
import signal
import sys


class _Once:
    """SIGINT's handler outside a run: KeyboardInterrupt the first time, while the command
    runs; nothing after (a run's own handler, simulator/run/signals.py, takes over during
    the run and gives this one back)."""

    def __init__(self):
        self.armed = True

    def __call__(self, signum, frame):
        if self.armed:
            self.armed = False
            # the interrupt may land inside a library's constructor (llvmlite's, while the
            # engine loads): the half-built object's finalizer then fails as it is freed,
            # and Python would print that as "Exception ignored ... Traceback"; the command is
            # stopping, so such finalizer noise is dropped
            sys.unraisablehook = _quiet
            raise KeyboardInterrupt


def _quiet(unraisable) -> None:
    """``sys.unraisablehook`` once a Ctrl-C stops the command: nothing said."""


def main() -> None:  # pragma: no cover - run as the installed command
    hold = hasattr(signal, "pthread_sigmask")
    once = _Once()
    code = 130
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if hold else None
        try:
            signal.signal(signal.SIGINT, once)
            from .cli import main as cli_main
        finally:
            if hold:
                signal.pthread_sigmask(signal.SIG_SETMASK, old)  # a Ctrl-C held meanwhile is raised here
        code = cli_main()
        once.armed = False
    except KeyboardInterrupt:
        code = 130
    # the command is over: Python's shutdown would put the signals' defaults back (death by
    # the signal, in any thread, while the engine's libraries unload); ignored, they change nothing
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
