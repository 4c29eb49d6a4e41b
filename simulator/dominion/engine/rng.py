"""Random streams (simulator/kernels/streams.py): one splitmix64 stream per seat (MAXP) and one
for the table, each a pure function of (run seed, deal, stream)."""
from ...kernels import streams
from ._jit import kernel

rand_below = streams.rand_below
shuffle = streams.shuffle
seed_streams = kernel(streams.seed_streams)
