"""Exact odds and Monte Carlo simulation of one action, through the real resolver (see ``exact.py``)."""
