"""``python -m tabroll``."""

from tabroll.cli.app import main

main()
