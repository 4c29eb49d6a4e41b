"""How Dominion's kernels are compiled (simulator/jit.py's ``Kernels``: numba's options,
the cache folder, one signature per kernel)."""
from __future__ import annotations

from pathlib import Path

from numba import types

from ... import expr, jit, stackvm, streams
from .. import layout

HERE = Path(__file__).resolve().parent

#: a kernel argument's type, by the argument's name; every other argument is an int64
ARG_TYPES = {
    "S": types.int32[::1],
    "R": types.uint64[::1],
    "T": types.int32[::1],
    "F": types.float64[::1],
    "A": types.int64[::1],
    "grec": types.int32[:, ::1],
    "seed": types.uint64,
}

#: numba's cache, keyed to every kernel source and the constants they take from the layout,
#: the condition language and the random streams
KERNELS_SET = jit.Kernels(HERE, [*sorted(HERE.glob("*.py")), Path(layout.__file__), Path(expr.__file__),
                                 Path(streams.__file__), Path(stackvm.__file__)], ARG_TYPES,
                          {"run_games", "seed_streams", "setup_game", "cond_ok", "gains_to_end"})
CACHE_DIR = KERNELS_SET.cache_dir
KERNELS = KERNELS_SET.all
kernel = KERNELS_SET.kernel
inline = KERNELS_SET.inline
compile_kernels = KERNELS_SET.compile_all
