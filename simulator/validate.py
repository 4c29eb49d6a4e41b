"""``dsim validate``: check bot and setup files, reporting every error in one pass."""
from __future__ import annotations

from .errors import InputError, InputErrors
from .games import read_file


def validate_files(paths) -> tuple[list, list, int]:
    """(errors, warnings, number of valid files). Each file is checked on its own, by the
    game it names (``game:``; none is the default game), read once: that game's check says
    whether it is a setup or a bot, and validates it. For a game
    with exactly one setup among the files, what its bots name that the setup lacks is a
    warning (those rules can never apply)."""
    errors, warnings, ok = [], [], 0
    by_game: dict = {}   # game name -> (game, bots, setups)
    for path in paths:
        try:
            game, data, text = read_file(path)
            kind, obj = game.check_file(data, str(path), text)
            _, bots, setups = by_game.setdefault(game.NAME, (game, [], []))
            (setups if kind == "setup" else bots).append(obj)
            ok += 1
        except InputErrors as e:
            errors.extend(_with_file(x, path) for x in e.errors)
        except InputError as e:
            errors.append(_with_file(e, path))
    for game, bots, setups in by_game.values():
        if len(setups) == 1:
            warnings += game.setup_warnings(bots, setups[0])
    return errors, warnings, ok


def _with_file(e: InputError, path) -> InputError:
    """An error about a file that does not say which (e.g. an unknown game), with it."""
    if getattr(e, "path", None):
        return e
    return InputError(e.message, str(path), None, hint=e.hint)
