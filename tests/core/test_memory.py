"""simulator/kernels/memory.py: a state's runs copied as one memmove (the engines' state
copies at every step of a stepped game), or with the JIT off or bounds checked, a loop."""
import numpy as np
import pytest
from numba import njit

from simulator.kernels.memory import copy_ints


@njit(error_model="numpy", _nrt=False)
def _copies(S, D, runs):
    for k in range(runs.shape[0]):
        s, d, n, same = runs[k, 0], runs[k, 1], runs[k, 2], runs[k, 3]
        if same:
            copy_ints(S, s, S, d, n)
        else:
            copy_ints(S, s, D, d, n)


@pytest.mark.parametrize("dtype", [np.int32, np.uint64])
def test_a_copy_is_the_run_it_names_and_nothing_around_it(dtype):
    rng = np.random.default_rng(1)
    runs = [(0, 0, 7180, 0), (5, 700, 13, 0), (7000, 3, 180, 0), (0, 9, 0, 0), (4, 4, -3, 0),  # empty: nothing
            (100, 3000, 374, 1), (6000, 10, 1000, 1)]  # within one array (a snapshot), apart
    for r in runs:
        S = rng.integers(0, 1 << 30, 7200).astype(dtype)
        D = rng.integers(0, 1 << 30, 7200).astype(dtype)
        want_S, want_D = S.copy(), D.copy()
        s, d, n, same = r
        if n > 0:
            (want_S if same else want_D)[d:d + n] = S[s:s + n]
        _copies(S, D, np.array([r], np.int64))
        assert np.array_equal(S, want_S) and np.array_equal(D, want_D), r
