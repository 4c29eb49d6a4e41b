"""Random streams shared by the games' engines (numba): one splitmix64 stream per seat and
one for the table, each a pure function of (run seed, deal, stream), so a game's
randomness never depends on chunking or on the number of workers.

``mix`` and ``rand_below`` are inlined into the kernels that call them; ``seed_streams`` is
plain Python that each engine compiles as one of its kernels (``Kernels.kernel``).
"""
import numpy as np
from numba import njit

_inline = njit(forceinline=True, error_model="numpy", _nrt=False)


@_inline
def mix(x):
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@_inline
def next_below(x, n):
    """One draw from a stream whose state is x: (the new state, a uniform integer in
    [0, n)), 1 <= n < 2**32 (Lemire's method, unbiased)."""
    un = np.uint64(n)
    x = x + np.uint64(0x9E3779B97F4A7C15)
    m = (mix(x) >> np.uint64(32)) * un
    low = m & np.uint64(0xFFFFFFFF)
    if low < un:
        t = (np.uint64(0x100000000) - un) % un
        while low < t:
            x = x + np.uint64(0x9E3779B97F4A7C15)
            m = (mix(x) >> np.uint64(32)) * un
            low = m & np.uint64(0xFFFFFFFF)
    return x, np.int64(m >> np.uint64(32))


@_inline
def rand_below(R, s, n):
    """Uniform integer in [0, n) from stream s, 1 <= n < 2**32."""
    x, v = next_below(R[s], n)
    R[s] = x
    return v


@_inline
def shuffle(S, R, s, o, n):
    """Fisher-Yates shuffle of S[o:o + n] with stream s (the last element first); the
    stream's state stays in a local meanwhile (the compiler cannot tell R from S)."""
    x = R[s]
    for i in range(n - 1, 0, -1):
        x, j = next_below(x, i + 1)
        t = S[o + i]
        S[o + i] = S[o + j]
        S[o + j] = t
    R[s] = x


@_inline
def shuffle_cards(S, R, s, o, n):
    """``shuffle`` of S[o:o + n] after putting its values in increasing order: the result
    depends on which values they are and on the stream, not on the order they lay in (a
    search bot's deal of cards it cannot see; insertion sort: a few dozen cards)."""
    for i in range(1, n):
        c = S[o + i]
        j = i - 1
        while j >= 0 and S[o + j] > c:
            S[o + j + 1] = S[o + j]
            j -= 1
        S[o + j + 1] = c
    shuffle(S, R, s, o, n)


def seed_streams(R, seed, deal):
    """Every stream of R (the seats', then the table's) depends only on (run seed, deal
    index, stream)."""
    base = mix(np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15))
    base = mix(base ^ (np.uint64(deal) * np.uint64(0xD1B54A32D192ED03)))
    for s in range(R.shape[0]):
        R[s] = mix(base + np.uint64(s + 1) * np.uint64(0x9E3779B97F4A7C15))
