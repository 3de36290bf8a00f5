"""Renderers of the event stream: Rich log, plain text, JSON, JSON Lines."""
