"""Commands beyond running games: the optimiser and the benchmark."""
