"""Random streams: one splitmix64 stream per seat and one for the table, each a pure
function of (run seed, deal, stream), so a game's randomness never depends on chunking."""
import numpy as np

from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel


@inline
def _mix(x):
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@inline
def rand_below(R, s, n):
    """Uniform integer in [0, n) from stream s, 1 <= n < 2**32 (Lemire's method, unbiased)."""
    un = np.uint64(n)
    x = R[s] + np.uint64(0x9E3779B97F4A7C15)
    R[s] = x
    m = (_mix(x) >> np.uint64(32)) * un
    low = m & np.uint64(0xFFFFFFFF)
    if low < un:
        t = (np.uint64(0x100000000) - un) % un
        while low < t:
            x = R[s] + np.uint64(0x9E3779B97F4A7C15)
            R[s] = x
            m = (_mix(x) >> np.uint64(32)) * un
            low = m & np.uint64(0xFFFFFFFF)
    return np.int64(m >> np.uint64(32))


@kernel
def seed_streams(R, seed, deal):
    """Every stream of a game depends only on (run seed, deal index, stream)."""
    base = _mix(np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15))
    base = _mix(base ^ (np.uint64(deal) * np.uint64(0xD1B54A32D192ED03)))
    for s in range(MAXP + 1):
        R[s] = _mix(base + np.uint64(s + 1) * np.uint64(0x9E3779B97F4A7C15))

