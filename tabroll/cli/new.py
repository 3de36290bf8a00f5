"""``tabroll new GAME [FILE]``: a commented starter scenario for one game, to copy and change.

Each game keeps its starter beside its rules (:attr:`tabroll.kit.Ruleset.starter_file`); this module writes it
out, never over an existing file without ``--force``."""

from __future__ import annotations

import sys
from pathlib import Path

from tabroll.errors import InputError
from tabroll.i18n import _


def starter_for(game_name: str) -> tuple[str, str]:
    """The game's id and the text of its starter scenario (an input error when the game offers none)."""
    from tabroll.engine import all_rulesets, find_ruleset

    game = find_ruleset(game_name)
    text = game.starter_text()
    if text is None:
        offered = [g.id for g in all_rulesets() if g.starter_text() is not None]
        raise InputError(
            _("{game} has no starter scenario", game=game.name),
            tip=_("games with one: {games}", games=", ".join(offered) or _("none")),
        )
    return game.id, text


def new_command(game_name: str, file: str | None, *, force: bool = False) -> str | None:
    """Write the starter to ``file`` (or to standard output without one); the line to tell the user, if any."""
    game_id, text = starter_for(game_name)
    if file is None or file == "-":
        sys.stdout.write(text)
        return None
    target = Path(file)
    tip_force = _("choose another name, or replace it with: {command}", command=f"tabroll new {game_id} {file} --force")
    if target.is_dir():
        raise InputError(
            _("{file} is a folder", file=file),
            tip=_("give a file name, e.g. {command}", command=f"tabroll new {game_id} {file}/battle.yaml"),
        )
    from tabroll.writing import write_atomically, write_target

    target = write_target(target, shown=file)  # through a link to its file; never a device, a pipe or a socket
    folder = target.parent
    if not folder.is_dir():
        raise InputError(
            _("{file}: the folder {folder} does not exist", file=file, folder=folder),
            tip=_("create it first, or write the file here"),
        )
    try:  # whole or not at all: a temporary file, then linked into place (never over a file) or, --force, renamed
        write_atomically(target, text.encode("utf-8"), what=file, replace=force)
    except FileExistsError:
        raise InputError(
            _("{file} already exists; tabroll new does not overwrite it", file=file), tip=tip_force
        ) from None
    return _(
        "wrote {file}: a {game} scenario to change; run it with: {command}",
        file=file,
        game=game_id,
        command=f"tabroll run {file}",
    )
