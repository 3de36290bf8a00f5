"""At the table: ``tabroll play``, a session where the game master types actions one line at a time.

- :mod:`tabroll.play.words`: reading a typed line (commands, ``key=value`` fields, a one-line YAML mapping) into
  the game's own action, checked by the game's action model; the completion candidates of a partial line.
- :mod:`tabroll.play.preview`: what an action needs, shown before any die is asked for.
- :mod:`tabroll.play.session`: :class:`~tabroll.play.session.Table`, one command at a time over a journal (every
  action that happens is recorded as it resolves, so closing the terminal loses nothing).

The terminal itself (readline, Ctrl-C, the plain fallback for scripted input) is in :mod:`tabroll.cli.play`.
"""
