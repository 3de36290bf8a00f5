"""tabroll's version (semantic versioning from 0.2.0 on: see CHANGELOG.md), in a module of its own: any part reads
it without importing the package, whose public names load the library API on first use."""

__version__ = "0.2.0"
