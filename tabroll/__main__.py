"""``python -m tabroll``."""

from tabroll.cli.entry import main

main()
