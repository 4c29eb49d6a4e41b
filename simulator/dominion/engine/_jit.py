"""How Dominion's kernels are compiled (simulator/jit.py's ``Kernels``: numba's options,
the cache folder, one signature per kernel)."""
from __future__ import annotations

from pathlib import Path

from ... import expr, jit, stackvm, streams, tally_kernels, tally_layout
from .. import layout

HERE = Path(__file__).resolve().parent


#: numba's cache, keyed to every kernel source and the constants they take from the layout,
#: the condition language and the random streams
KERNELS_SET = jit.Kernels(HERE, [*sorted(HERE.glob("*.py")), Path(layout.__file__), Path(expr.__file__),
                                 Path(streams.__file__), Path(stackvm.__file__), Path(tally_kernels.__file__),
                                 Path(tally_layout.__file__)],
                          {"run_games", "run_games_logged", "seed_streams", "setup_game", "cond_ok", "rule_holds",
                           "gains_to_end"})
CACHE_DIR = KERNELS_SET.cache_dir
KERNELS = KERNELS_SET.all
kernel = KERNELS_SET.kernel
on_demand = KERNELS_SET.on_demand
compile_later = KERNELS_SET.compile_later
inline = KERNELS_SET.inline
compile_kernels = KERNELS_SET.compile_all
