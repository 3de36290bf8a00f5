"""Board geometry shared by the rulesets.

Each grid shape lives in its own module: :mod:`tabroll.geometry.grid` holds the square grid. Import from
those modules directly; this package file stays empty so that loading one grid never pays for another.
"""
