"""The registry of games dsim can simulate. A game is a module exposing:

    NAME, MIN_PLAYERS, MAX_PLAYERS
    make_match(bots, setup, rule_overrides, seats) -> match   (validated, compiled, picklable)
    empty_tally(match) -> Tally
    warm_up(match)       compile or load kernels before worker processes fork
    play(match, seed, first_game, n_games, paired, records) -> (Tally, records or None)

Runner, statistics and reports use nothing else, so a second game plugs in here.
"""
from __future__ import annotations

import importlib

GAMES = {"dominion": "simulator.dominion.game"}


def get_game(name: str = "dominion"):
    try:
        return importlib.import_module(GAMES[name])
    except KeyError:
        raise ValueError(f"unknown game '{name}' (known: {', '.join(GAMES)})") from None
