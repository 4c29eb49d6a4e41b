"""Runs of a state array copied as one ``memmove`` (the C library's, vectorised), for both
games' engines: a stepped game copies its state at every turn's start and question, and
back at every answer (simulator/kernels/stepping.py), and a copy loop, even with
unsigned indices, stayed a scalar load and store per int (the source and target may be
the same array, which keeps LLVM from vectorising it): one engine's state copies were a
quarter of a stepped decision's time (docs/perf.md).

With numba's bounds checks on (NUMBA_BOUNDSCHECK=1) or the JIT off, ``copy_ints`` is the
plain loop, so that a copy out of bounds is still caught, and the engines stay plain
Python."""
from numba import config, njit, types
from numba.core import cgutils
from numba.extending import intrinsic

_inline = njit(forceinline=True, error_model="numpy", _nrt=False)


@intrinsic
def _memmove(typingctx, D, d, S, s, n):
    """D[d:d + n] = S[s:s + n] for arrays of one element type: C's memmove (the runs may
    overlap); no bounds checked."""
    if not all(isinstance(a, types.Array) and a.ndim == 1 and a.layout == "C" for a in (D, S)) or D.dtype != S.dtype:
        return None  # (contiguous 1-d arrays only: the copy's address arithmetic assumes it)

    def codegen(context, builder, sig, args):
        dv, di, sv, si, n = args
        dst = builder.gep(context.make_array(sig.args[0])(context, builder, dv).data, [di])
        src = builder.gep(context.make_array(sig.args[2])(context, builder, sv).data, [si])
        cgutils.raw_memmove(builder, dst, src, n, context.get_abi_sizeof(context.get_data_type(D.dtype)),
                            align=context.get_abi_alignment(context.get_data_type(D.dtype)))
        return context.get_dummy_value()

    return types.void(D, types.int64, S, types.int64, types.int64), codegen


def _copy_loop(S, s, D, d, n):
    """D[d:d + n] = S[s:s + n] (neither run overlapping the other), an int at a time."""
    for i in range(n):
        D[d + i] = S[s + i]


if config.DISABLE_JIT or config.BOUNDSCHECK:
    copy_ints = _inline(_copy_loop)
else:
    @_inline
    def copy_ints(S, s, D, d, n):
        """D[d:d + n] = S[s:s + n]: one memmove (nothing when n <= 0)."""
        if n > 0:
            _memmove(D, d, S, s, n)
