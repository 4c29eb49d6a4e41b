"""``dsim validate``: check bot and kingdom files, reporting every error in one pass."""
from __future__ import annotations

from .errors import InputError, InputErrors
from .games import game_of_bots
from .lang.yamlio import load_file


def validate_files(paths) -> tuple[list, list, int]:
    """(errors, warnings, number of valid files). The game's own check says whether a
    file is a setup (a Dominion kingdom: it has 'cards') or a bot, and validates it. With
    exactly one setup, what the bots name that the setup lacks is a warning (those rules
    can never apply)."""
    errors, warnings, ok = [], [], 0
    bots, setups = [], []
    try:
        game = game_of_bots(paths)
    except InputErrors as e:
        return list(e.errors), [], 0
    for path in paths:
        try:
            data, text = load_file(path)
            kind, obj = game.check_file(data, str(path), text)
            (setups if kind == "setup" else bots).append(obj)
            ok += 1
        except InputErrors as e:
            errors.extend(e.errors)
        except InputError as e:
            errors.append(e)
    if len(setups) == 1:
        warnings = game.setup_warnings(bots, setups[0])
    return errors, warnings, ok
