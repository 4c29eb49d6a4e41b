"""``dsim validate``: check bot and kingdom files, reporting every error in one pass."""
from __future__ import annotations

from .errors import InputError, InputErrors
from .yamlio import LineDict, load_file


def validate_files(paths) -> tuple[list, list, int]:
    """(errors, warnings, number of valid files). A file with 'cards' is a kingdom; any
    other is a bot. With exactly one kingdom, each bot's buy rules for cards that
    kingdom lacks are warnings (they can never apply)."""
    from .dominion.setup import load_kingdom
    from .dominion.strategy import parse_strategy
    errors, warnings, ok = [], [], 0
    bots, kingdoms = [], []
    for path in paths:
        try:
            data, text = load_file(path)
            if isinstance(data, LineDict) and "cards" in data:
                kingdoms.append(load_kingdom(path))
            else:
                bots.append(parse_strategy(data, str(path), text))
            ok += 1
        except InputErrors as e:
            errors.extend(e.errors)
        except InputError as e:
            errors.append(e)
    if len(kingdoms) == 1:
        supply = set(kingdoms[0].cards)
        for bot in bots:
            for r in bot.buy:
                if r.card.kingdom and r.card not in supply:
                    warnings.append(InputError(f"'{r.card.name}' is not in kingdom '{kingdoms[0].name}'; "
                                               "the rule never applies", bot.path, r.line))
    return errors, warnings, ok
