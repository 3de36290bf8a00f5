"""The commands, one module a family; ``tabroll.cli.app`` imports them, which registers them with the app."""
