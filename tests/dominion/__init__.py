"""Dominion: its rules card by card on stacked decks, its bots' conditions, fuzzing, the C reference."""
