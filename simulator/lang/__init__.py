"""The bots' languages: the safe condition language, its stack machine, YAML loading."""
