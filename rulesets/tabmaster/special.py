"""A Special effect (Especial: …): its text is the table's to apply; the data given for it (the action's
``special_outcome`` or the unit card's ``special``) keeps, cancels or replaces the normal damage and may name
units the table rules defeated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .damage import defeat
from .messages import _
from .model import AttackAction
from .profiles import AttackProfile
from .state import Unit

if TYPE_CHECKING:
    from .work import TabMasterTurn


def special_as_data(turn: TabMasterTurn, action: AttackAction, attacker: Unit, profile: AttackProfile) -> None:
    """A Special's text follows the data the table gave for it: the action's ``special_outcome``, else the
    unit card's ``special``. Its ``damage`` keeps the normal DAN, cancels it (``none``) or replaces it with a
    dice expression; with neither given, the text is shown and the normal damage applies."""
    turn.note(_("Special: {text} — the table applies this text", text=profile.effects.special), attacker.name)
    outcome = action.special_outcome  # its note is shown as the attack ends (apply_special_outcome)
    damage = turn.special_damage = outcome.damage if outcome is not None else attacker.special_damage
    where = _("the action's special_outcome") if outcome is not None else _("{unit}'s special", unit=attacker.name)
    if damage == "none":
        turn.note(_("the Special cancels the normal damage ({where})", where=where), attacker.name)
    elif damage != "normal":
        text = _(
            "the Special deals {dice} instead of DAN {printed} ({where})",
            dice=damage,
            printed=profile.damage,
            where=where,
        )
        turn.note(text, attacker.name)
    if outcome is None and attacker.special_note:
        turn.note(attacker.special_note, attacker.name)


def apply_special_outcome(turn: TabMasterTurn, action: AttackAction, attacker: str) -> None:
    outcome = action.special_outcome
    if outcome is None:
        return
    if outcome.note:
        turn.note(outcome.note, attacker)
    for name in outcome.defeated:
        unit = turn.unit(name)
        if unit.on_board:
            defeat(turn, unit, attacker, _("the table's ruling on a Special attack"))
