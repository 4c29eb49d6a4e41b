"""Dominion: cards, setup, bots, the numba engine and game logs."""
