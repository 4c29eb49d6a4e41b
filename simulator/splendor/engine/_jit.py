"""How Splendor's kernels are compiled (simulator/kernels/jit.py's ``Kernels``)."""
from pathlib import Path

from ...kernels import jit
from .. import layout

KERNELS_SET = jit.game_kernels(Path(__file__).parent, layout.__file__,
                               {"run_games", "seed_streams", "setup_game", "cond_ok", "check_conservation",
                                "nth_action", "run_games_search", "state_copy", "env_reset", "env_step", "observe"})
KERNELS = KERNELS_SET.all
kernel = KERNELS_SET.kernel
on_demand = KERNELS_SET.on_demand
compile_later = KERNELS_SET.compile_later
inline = KERNELS_SET.inline
compile_kernels = KERNELS_SET.compile_all
