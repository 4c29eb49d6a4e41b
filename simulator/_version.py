"""dsim's version (its own module, so that the package and its modules read it without
importing each other)."""
__version__ = "0.1.0"
