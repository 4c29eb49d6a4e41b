"""The library API: load and check inputs, simulate, return Results (pandas DataFrames).

The CLI is a thin layer over these functions; a notebook can use them directly::

    from simulator import simulate
    res = simulate(["strategies/smithy_big_money.yaml", "strategies/big_money_ultimate.yaml"],
                   games=20_000, seed=1)
    res.summary
"""
from __future__ import annotations

import secrets
from . import __version__
from .errors import InputError, InputErrors
from .games import get_game
from .runner import run
from .stats import Results, results_from_tally


def _game():
    return get_game("dominion")


def load_bots(paths) -> list:
    """Load and validate bot files (paths or already-loaded bots); every error of every
    file is collected and raised together as InputErrors."""
    from .dominion.strategy import Strategy, load_strategy
    bots, errors = [], []
    for p in paths:
        if isinstance(p, Strategy):
            bots.append(p)
            continue
        try:
            bots.append(load_strategy(p))
        except InputErrors as e:
            errors.extend(e.errors)
        except InputError as e:
            errors.append(e)
    if errors:
        raise InputErrors(errors)
    return bots


def load_kingdom(path):
    from .dominion.setup import Kingdom, load_kingdom as _load
    if path is None or isinstance(path, Kingdom):
        return path
    try:
        return _load(path)
    except InputError as e:
        raise InputErrors([e]) from None


def seat_bots(bots: list, players: int | None) -> list:
    """The bot of each seat: the bots as given, cycled to fill ``players`` seats."""
    game = _game()
    n = players or len(bots)
    if not game.MIN_PLAYERS <= n <= game.MAX_PLAYERS:
        raise InputErrors([InputError(f"a game has {game.MIN_PLAYERS} to {game.MAX_PLAYERS} players, not {n}",
                                      hint="give 2 to 4 bots (the same file twice for a mirror match)"
                                      if players is None else None)])
    if len(bots) > n:
        raise InputErrors([InputError(f"{len(bots)} bots do not fit in {n} seats",
                                      hint=f"use --players {len(bots)} or fewer bots")])
    return [bots[i % len(bots)] for i in range(n)]


def prepare(bots, kingdom=None, players: int | None = None, rules: dict | None = None,
            seats: str = "rotate", check: bool = False):
    """Validate everything and compile the match; nothing is played."""
    game = _game()
    bots = seat_bots(load_bots(bots), players)
    kingdom = load_kingdom(kingdom)
    try:
        return game.make_match(bots, kingdom, rules or {}, seats, check=check)
    except InputErrors:
        raise
    except InputError as e:
        raise InputErrors([e]) from None


def simulate(bots, kingdom=None, games: int = 10_000, seed: int | None = None, jobs: int | None = None,
             players: int | None = None, rules: dict | None = None, seats: str = "rotate",
             paired: bool = False, until_ci: float | None = None, backend: str = "local",
             scheduler: str | None = None, progress: bool = False, save_games: str | None = None,
             match=None) -> Results:
    """Play ``games`` games of the bots (paths or loaded bots) and return Results.

    ``seed`` None draws a fresh seed, recorded in ``results.meta['seed']``.
    """
    game = _game()
    if match is None:
        match = prepare(bots, kingdom, players, rules, seats)
    if games < 1:
        raise InputErrors([InputError(f"the number of games must be at least 1, not {games}")])
    if seed is None:
        seed = secrets.randbelow(2**31)
    if paired and games % match.players:
        games += match.players - games % match.players  # whole deals: one game per seat rotation
    writer = None
    if save_games:
        from .reports import GameWriter
        writer = GameWriter(save_games, match)
    try:
        out = run(game, match, games, seed, jobs=jobs, paired=paired, until_ci=until_ci, backend=backend,
                  scheduler=scheduler, progress=progress, records=writer is not None,
                  on_records=writer.write if writer else None)
    finally:
        if writer is not None:
            writer.close()
    meta = {
        "dsim_version": __version__,
        "seed": seed,
        "games_requested": games,
        "games_played": out.games_played,
        "partial": out.partial,
        "stopped_by": out.stopped_by,
        "error": out.error,
        "seconds": round(out.seconds, 3),
        "compile_seconds": out.meta.get("compile_seconds"),
        "jobs": jobs,
        "backend": backend,
        "paired": paired,
        "until_ci": until_ci,
        **match.describe(),
    }
    return results_from_tally(out.tally, match.bot_names, match.ending_names, match.item_names, meta)


def log_game(bots, kingdom=None, seed: int = 0, game: int = 0, players: int | None = None,
             rules: dict | None = None, seats: str = "rotate", match=None) -> str:
    """Game ``game`` of the run with ``seed`` (the same game a run plays), turn by turn."""
    from .dominion.game import play_logged
    from .dominion.gamelog import game_text
    if match is None:
        match = prepare(bots, kingdom, players, rules, seats)
    state = play_logged(match, seed, game)
    return game_text(state, match, seed, game)
