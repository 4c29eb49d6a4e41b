"""dsim: a fast headless strategy simulator for the games installed with it.

    from simulator import simulate
    res = simulate(["strategies/big_money.yaml", "strategies/big_money_ultimate.yaml"], games=20_000, seed=1)
    res.summary      # pandas DataFrame: bot, games, wins, ties, losses, win_rate, ci_low, ci_high, ...

The functions load on first use (``simulator.api``, ``simulator.tools.optimizer``,
``simulator.tools.ladder``), so
``import simulator`` is quick and a game package can import its parts without them.
"""
from ._version import __version__

__all__ = ["__version__", "simulate", "compare", "tournament", "log_game", "prepare", "load_bots", "load_setup",
           "optimize", "ladder"]
#: earlier names of the library's functions, still answered
_ALIASES = {"load_kingdom": "load_setup"}


def __getattr__(name):
    name = _ALIASES.get(name, name)
    if name == "optimize":
        from .tools.optimizer import optimize
        return optimize
    if name == "ladder":
        from .tools.ladder import ladder
        return ladder
    if name in __all__:
        from . import api
        return getattr(api, name)
    raise AttributeError(f"module 'simulator' has no attribute {name!r}")
