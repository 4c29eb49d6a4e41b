"""No Thanks! for dsim: the game is dsim_nothanks.game, registered in pyproject.toml."""
