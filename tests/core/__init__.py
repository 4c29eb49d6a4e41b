"""dsim's generic layer: the runner, reports, CLI, library, the game interface and its
conformance suite, the goldens and playthroughs of every game."""
