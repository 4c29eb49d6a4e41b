"""Playing runs: the runner, its worker pool, the Dask backend, and the statistics of a tally."""
