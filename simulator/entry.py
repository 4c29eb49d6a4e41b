"""The ``dsim`` command's entry point, kept apart from ``simulator.cli`` so that a Ctrl-C
while the libraries load (the first few tenths of a second) exits quietly with 130, as
one during a run does, instead of a traceback."""
import sys


def main() -> None:  # pragma: no cover - run as the installed command
    try:
        from .cli import main as cli_main
        code = cli_main()
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
