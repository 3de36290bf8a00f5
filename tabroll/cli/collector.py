"""Python's cyclic garbage collector around a command's start and end, in the ``tabroll`` process only.

Starting a command imports a few hundred modules (Typer, pydantic, a game, PyYAML), which make some hundred
thousand objects that live as long as the process: its modules, classes and functions. None of them is garbage, yet
each full pass of the collector walks them all again, and shutting the interpreter down walks them three more
times. So the process entry pauses the collector while the command line is read (:func:`pause`); when the
command's own work begins, everything made so far is set aside for good (:func:`gc.freeze`) and the collector
resumes (:func:`resume`), for the work's own garbage; at exit everything is set aside again (:func:`at_exit`),
since the operating system reclaims the whole process.

Only :func:`tabroll.cli.entry.main` pauses: a program (or a test) that calls :func:`tabroll.cli.app.main` keeps
its collector as it is, and :func:`resume` and :func:`at_exit` do nothing there. See the documentation of
:func:`gc.freeze`, whose purpose this is."""

from __future__ import annotations

import gc

_state = {"own_process": False, "paused": False}
"""Whether :func:`pause` ran (this is the ``tabroll`` process), and whether the collector waits for :func:`resume`."""


def pause() -> None:
    """Stops the collector until :func:`resume`, if it is running (the ``tabroll`` process's first step)."""
    _state["own_process"] = True
    if gc.isenabled():
        gc.disable()
        _state["paused"] = True


def resume() -> None:
    """The command's work begins: what start-up made is set aside and the collector runs again."""
    if _state["paused"]:
        _state["paused"] = False
        gc.freeze()
        gc.enable()


def at_exit() -> None:
    """The process is about to exit (its exit code decided, its output flushed): shutdown skips what exists."""
    if _state["own_process"]:
        gc.freeze()
