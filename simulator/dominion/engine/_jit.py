"""How the engine's kernels are compiled: numba's options, the cache folder, and one
signature per kernel.

Every kernel is compiled once, for the argument types its parameter names declare
(``ARG_TYPES``), callees first, and then closed to further compiles. Left to itself numba
compiles a function again for every new combination of argument types at its call sites
(an int32 read from S here, an int64 loop counter there, a literal 0 elsewhere): the turn
loop was compiled twice and the bot-decision kernels four to seven times each, which
made the cold compile take 57 s of CPU instead of 26 s.
"""
from __future__ import annotations

import inspect
from pathlib import Path

from numba import njit, types

from ... import expr, jit
from .. import layout

HERE = Path(__file__).resolve().parent
#: numba's cache, keyed to every kernel source and the constants they take from the layout
#: and the condition language (see simulator/jit.py)
CACHE_DIR = jit.configure(HERE, [*sorted(HERE.glob("*.py")), Path(layout.__file__), Path(expr.__file__)])

#: every kernel is cached and uses NumPy's error model (no Python exception paths for
#: integer division). ``_nrt=False`` compiles without numba's reference-counting runtime:
#: kernels never allocate, and otherwise every call between kernels costs an atomic
#: incref/decref per array argument (measured: Big Money Ultimate mirror 55k -> 100k
#: games/s). It is a numba-internal option, hence numba pinned to one minor release.
#: What it requires of a kernel: no allocation of any kind (no np.empty/zeros, no lists,
#: tuples of arrays or strings built at run time, no raised exceptions carrying values);
#: every buffer is a slice of the five arrays. A kernel that allocates does not compile:
#: numba stops with a TypingError ending in "Only accept returning of array passed into
#: the function as argument" (the allocating call is named in the trace).
OPTIONS = dict(cache=True, error_model="numpy", _nrt=False)

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

KERNELS = []


#: kernels Python calls (the rest are compiled without the wrapper that converts Python
#: arguments, which costs compile time only)
ENTRY_POINTS = {"run_games", "seed_streams", "setup_game", "cond_ok", "gains_to_end"}


def kernel(f):
    """A kernel: compiled on its own, called (not inlined) by the kernels that use it."""
    d = njit(no_cpython_wrapper=f.__name__ not in ENTRY_POINTS, **OPTIONS)(f)
    KERNELS.append(d)
    return d


#: the per-turn path and the small helpers are inlined at numba's level into their
#: callers (a call passes each array as seven scalars)
inline = njit(inline="always", **OPTIONS)


def signature(d) -> tuple:
    return tuple(ARG_TYPES.get(a, types.int64) for a in inspect.signature(d.py_func).parameters)


def _uses(d):
    """The jitted functions d's code refers to (globals and closure variables)."""
    f = d.py_func
    code = f.__code__
    names = {n: f.__globals__.get(n) for n in code.co_names}
    if f.__closure__:
        names.update(zip(code.co_freevars, (c.cell_contents for c in f.__closure__)))
    return [v for v in names.values() if hasattr(v, "py_func")]


def callees_first() -> list:
    """Every kernel, each after the kernels it calls (through inlined helpers too)."""
    order, seen = [], set()

    def visit(d):
        if id(d) in seen:
            return
        seen.add(id(d))
        for u in _uses(d):
            visit(u)
        if d in KERNELS:
            order.append(d)

    for d in KERNELS:
        visit(d)
    return order


_compiled = False


def compile_kernels() -> None:
    """Compile every kernel (or load it from numba's cache) for its one signature, then
    forbid other specialisations. Nothing to do with the JIT off (NUMBA_DISABLE_JIT=1)."""
    global _compiled
    if _compiled or not all(hasattr(d, "compile") for d in KERNELS):
        return
    for d in callees_first():
        d.compile(signature(d))
        d.disable_compile()
    _compiled = True
