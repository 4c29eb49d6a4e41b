"""dsim's tests: core/ (the generic layer), dominion/ and splendor/ (each game)."""
