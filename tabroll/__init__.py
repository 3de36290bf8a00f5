"""tabroll: a command-line dice and combat resolver for tabletop games."""

__version__ = "0.1.0"
