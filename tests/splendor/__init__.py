"""Splendor: its rules on known boards, its bots' language, selectors and defaults, fuzzing."""
