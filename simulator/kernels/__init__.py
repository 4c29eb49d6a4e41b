"""What the game engines share: the numba set-up, random streams, the tally layout and kernels."""
