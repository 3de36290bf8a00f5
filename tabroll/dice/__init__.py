"""Dice for tabroll: the notation parser and roller (:mod:`tabroll.dice.notation`), and the sources dice values
come from (:mod:`tabroll.dice.sources`).

Importing this package loads nothing: each module is imported where it is used, so the CLI starts quickly.
"""
