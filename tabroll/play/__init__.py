"""At the table: ``tabroll play``, a session where the game master types actions one line at a time
(:mod:`~tabroll.play.session`), read by :mod:`~tabroll.play.words` and previewed by :mod:`~tabroll.play.preview`;
the terminal itself (readline, Ctrl-C, scripted input) is :mod:`tabroll.cli.play`.
"""
