"""``dsim validate``: check bot and kingdom files, reporting every error in one pass."""
from __future__ import annotations

from .errors import InputError, InputErrors
from .yamlio import LineDict, load_file


def validate_files(paths) -> tuple[list, list, int]:
    """(errors, warnings, number of valid files). A file with 'cards' is a kingdom; any
    other is a bot."""
    from .dominion.setup import load_kingdom
    from .dominion.strategy import parse_strategy
    errors, warnings, ok = [], [], 0
    for path in paths:
        try:
            data, text = load_file(path)
            if isinstance(data, LineDict) and "cards" in data:
                load_kingdom(path)
            else:
                parse_strategy(data, str(path), text)
            ok += 1
        except InputErrors as e:
            errors.extend(e.errors)
        except InputError as e:
            errors.append(e)
    return errors, warnings, ok
