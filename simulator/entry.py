"""The ``dsim`` command's entry point, kept apart from ``simulator.cli`` so that a Ctrl-C
while the libraries load (the first few tenths of a second) exits quietly with 130, as
one during a run does, instead of a traceback: SIGINT is held while they load (a Ctrl-C
inside a C extension's import would surface as an ImportError) and arrives just after."""
import signal
import sys


def main() -> None:  # pragma: no cover - run as the installed command
    hold = hasattr(signal, "pthread_sigmask")
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if hold else None
        try:
            from .cli import main as cli_main
        finally:
            if hold:
                signal.pthread_sigmask(signal.SIG_SETMASK, old)  # a Ctrl-C held meanwhile is raised here
        code = cli_main()
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
