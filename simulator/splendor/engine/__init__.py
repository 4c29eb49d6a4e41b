"""Splendor's rules engine: numba kernels, written C-style like Dominion's.

    board    accessors, setup, costs, the actions, nobles, the conservation check
    decide   the condition interpreter, card selectors, a bot's choices and defaults
    turn     a turn, the end of a game and its scoring, ``run_games``
    search   a search bot's move (rollouts), ``run_games_search``

The five arrays, as in Dominion's engine:
  S  int32    game state at the offsets S_* of layout.py: game scalars, rule variants,
              seat -> bot, bank, per-player scalars PS_* (tokens, bonuses, points,
              reserved cards), board, decks (a deck's top is its last card), nobles, card
              and noble owners, then the event log when logging, then the ask region
              (G_ASK) in a game a person plays (simulator/kernels/ask_layout.py)
  R  uint64   one splitmix64 stream per seat (a random bot's choices), then the table's
              (decks and nobles)
  T  int32    read-only: header (TH_*), the cards and nobles, then the compiled bots
  F  float64  evaluation stack, then the conditions' constants
  A  int64    tallies at A_* offsets (as Dominion's, items instead of cards)
"""
from ..layout import *  # noqa: F403
from ._jit import compile_kernels, compile_later  # noqa: F401
from .board import check_conservation, seed_streams, setup_game, state_copy  # noqa: F401
from .decide import cond_ok, nth_action  # noqa: F401
from .turn import run_games  # noqa: F401
from .search import run_games_search  # noqa: F401
from . import env  # noqa: F401,E402 - the stepping kernels (compiled when first used)
