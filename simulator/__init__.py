"""dsim: a fast headless Dominion strategy simulator.

    from simulator import simulate
    res = simulate(["strategies/smithy_big_money.yaml", "strategies/big_money_ultimate.yaml"], games=20_000, seed=1)
    res.summary      # pandas DataFrame: bot, games, wins, ties, losses, win_rate, ci_low, ci_high, ...
"""
__version__ = "0.1.0"

from .api import compare, load_bots, load_kingdom, log_game, prepare, simulate, tournament  # noqa: E402
from .optimize import optimize  # noqa: E402

__all__ = ["__version__", "simulate", "compare", "tournament", "log_game", "prepare", "load_bots", "load_kingdom",
           "optimize"]
