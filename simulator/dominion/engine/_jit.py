"""How Dominion's kernels are compiled (simulator/kernels/jit.py's ``Kernels``: numba's options,
the cache folder, one signature per kernel)."""
from pathlib import Path

from ...kernels import jit
from .. import layout

KERNELS_SET = jit.game_kernels(Path(__file__).parent, layout.__file__,
                               {"run_games", "run_games_logged", "seed_streams", "setup_game", "cond_ok",
                                "rule_holds", "gains_to_end", "run_games_logged_search", "state_copy", "env_reset",
                                "env_step", "observe"})
KERNELS = KERNELS_SET.all
kernel = KERNELS_SET.kernel
on_demand = KERNELS_SET.on_demand
compile_later = KERNELS_SET.compile_later
inline = KERNELS_SET.inline
compile_kernels = KERNELS_SET.compile_all
