"""The Dominion rules engine: the numba kernels of dsim's Dominion, one module per concern.

    rng         random streams
    state       the layout's accessors, zones, drawing, the event log
    gains       scores, gains, trashing, the supply
    conditions  the condition interpreter of bot rules
    decisions   bot decisions and their defaults
    effects     one kernel per Action card, and ``effect``, their dispatch
    turn        a turn, the game end, ``run_games``
    search      a search bot's buys (rollouts), ``run_games_search``

Written C-style on purpose (see DESIGN.md): the whole game state is one flat int32
array, kernels take a handful of arrays and scalars, no array views, no Python objects,
no allocation inside a game (docs/perf.md says why).
One entry point, ``run_games``, plays fresh games from seeds (runs, logs, fuzzing) or
resumes a state prepared by Python (stacked-deck tests). Call ``compile_kernels()``
first (``game.State`` does): it compiles every kernel once, for one signature.

The five arrays:
  S  int32    game state, at the fixed offsets S_* of layout.py:
              game scalars G_*, rule variants, seat->bot, per-player scalars PS_*,
              supply (-1 = pile not in the game), starting supply, trash, cards owned,
              zone sizes, Throne Room work stack, zones (a draw pile's top is its last
              element; a play-area slot is -1 once its card left play), then the event
              log (4 ints per event) when logging, then the ask region (G_ASK) in a
              game a person plays (simulator/kernels/ask_layout.py)
  R  uint64   one splitmix64 stream per seat, plus one for the table
  T  int32    read-only: header (TH_*), the card table (NCOL columns per card), then
              the compiled bots: rules (RW ints: card, cost, code start and length, fast form), code
              (opcode, argument), list index (start, length per bot and list), options, clauses
  F  float64  evaluation stack (F_STK entries), then the conditions' constants
  A  int64    tallies at A_* offsets: per bot, per bot and seat, endings, cards gained,
              game-length histogram, per-turn curves (the last two sized by the turn cap)
"""
from ..layout import *  # noqa: F403 - the layout's constants, as the kernels see them
from ._jit import compile_kernels, compile_later  # noqa: F401
from .conditions import cond_ok, rule_holds  # noqa: F401
from .gains import gains_to_end, vp_of  # noqa: F401
from .rng import seed_streams  # noqa: F401
from .state import state_copy  # noqa: F401
from .turn import run_games, run_games_logged, setup_game  # noqa: F401
from .search import run_games_search  # noqa: F401
from . import env  # noqa: F401,E402 - the stepping kernels (compiled when first used)
