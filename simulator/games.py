"""The games dsim can simulate, and the interface each one provides.

The API, CLI, validation, runner, statistics and reports know a game only through the
``Game`` protocol below (a test checks that they import no game package), so a second
game plugs in by registering a module here. Which game a run plays is chosen by its bot
files: the ``game:`` key (no key means Dominion, so every existing bot keeps working).
"""
from __future__ import annotations

import importlib
from typing import Any, Protocol, runtime_checkable

from .errors import InputError, InputErrors

GAMES = {"dominion": "simulator.dominion.game", "splendor": "simulator.splendor.game"}
DEFAULT = "dominion"


@runtime_checkable
class Game(Protocol):
    """What a game module provides (Dominion: ``simulator.dominion.game``)."""

    NAME: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    #: words the reports use: {"setup": "kingdom", "item": "card", ...}
    LABELS: dict

    # -- bots and setups, validated (InputError/InputErrors with file, line and hint)
    def load_bot(self, path) -> Any: ...
    def is_bot(self, obj) -> bool: ...
    def load_setup(self, path) -> Any: ...
    def is_setup(self, obj) -> bool: ...
    def parse_rules(self, items) -> dict: ...
    def random_setups(self, n: int, bots: list, seed: int, rules: dict) -> list: ...
    def check_file(self, data, path: str, text: str) -> tuple: ...
    def setup_warnings(self, bots: list, setup) -> list: ...

    # -- a match: compiled, picklable; played by the runner into a Tally
    def make_match(self, bots: list, setup, rule_overrides: dict, seats: str, check: bool = False) -> Any: ...
    def unique_names(self, bots: list) -> list: ...
    def missing(self, match) -> list: ...
    def empty_tally(self, match) -> Any: ...
    def warm_up(self, match) -> None: ...
    def play(self, match, seed: int, first_game: int, n_games: int, paired: bool = False,
             records: bool = False) -> tuple: ...
    def records_frame(self, match, rec) -> dict: ...
    def log_text(self, match, seed: int, game: int) -> str: ...
    def items_table(self, edition) -> list: ...


def unique_names(bots) -> list[str]:
    """Display names, numbered when the same bot sits twice ('BMU', 'BMU (2)')."""
    names, seen = [], {}
    for b in bots:
        seen[b.name] = seen.get(b.name, 0) + 1
        names.append(b.name if seen[b.name] == 1 else f"{b.name} ({seen[b.name]})")
    return names


def bots_meta(names, bots) -> list[dict]:
    """What a run records of its bots (run.json): name, file, hash and YAML text."""
    return [{"name": n, "path": b.path, "sha256": b.sha256, "yaml": b.source} for n, b in zip(names, bots)]


def get_game(name: str = DEFAULT) -> Game:
    try:
        return importlib.import_module(GAMES[name])
    except KeyError:
        raise InputErrors([InputError(f"unknown game '{name}'", hint=f"known games: {', '.join(GAMES)}")]) from None


def game_name(value) -> str:
    """A ``game:`` key's value as a game's name (case and spaces do not matter)."""
    return str(value).strip().lower()


def game_of_bots(paths) -> Game:
    """The game the bot files (paths or loaded bots) are written for: their ``game:``
    key, Dominion without one; bots of different games are an error naming the files.
    A file that cannot be read (missing, not YAML, too big) has no say: the game's own
    loader then reports what is wrong with it."""
    from .yamlio import LineDict, load_file
    named = {}
    for p in paths:
        name = getattr(p, "game", None)
        if name is None:
            try:
                data, _ = load_file(p)
            except (InputError, InputErrors):
                continue
            name = data.get("game", DEFAULT) if isinstance(data, LineDict) else DEFAULT
        named.setdefault(game_name(name), []).append(str(getattr(p, "path", p)))
    if len(named) > 1:
        parts = "; ".join(f"{g}: {', '.join(f[:3])}" for g, f in named.items())
        raise InputErrors([InputError(f"the bots are written for different games ({parts})",
                                      hint="every bot of a run plays the same game")])
    return get_game(next(iter(named), DEFAULT))
