"""``tabroll units GAME``: the game's unit catalogue, and what each of its attacks reads of the two units, so that
an attack with no scenario file can be typed without reading the game's source (``-a "Hero ATK=2 DAN=1d20"``)."""

from __future__ import annotations

from typing import Any

from tabroll.i18n import _, n_, p_
from tabroll.kit import AnyRuleset, StatNeed
from tabroll.loading.quick import role_needs

UNITS_FORMAT = "tabroll.units"
UNITS_VERSION = 1
_HIDDEN = frozenset({"printed", "notes"})  # the catalogue's own remarks, not stats


def units_document(game: AnyRuleset) -> dict[str, Any]:
    """The JSON form: the catalogue (each unit's stats, and which of them the source prints) and the attacks."""
    catalogue = []
    for name, entry in game.catalogue().items():
        stats = {k: v for k, v in entry.items() if k not in _HIDDEN}
        unit: dict[str, Any] = {"name": name, "stats": stats}
        if "printed" in entry:
            unit["printed"] = list(entry["printed"])
        catalogue.append(unit)
    return {
        "format": UNITS_FORMAT,
        "version": UNITS_VERSION,
        "ruleset": game.id,
        "name": game.name,
        "catalogue": catalogue,
        "attacks": [
            {
                "kind": needs.kind,
                "help": needs.help,
                "attacker": [_need(n) for n in needs.attacker],
                "target": [_need(n) for n in needs.target],
                **({"example": needs.example} if needs.example else {}),
            }
            for needs in game.stat_needs()
        ],
    }


def _need(need: StatNeed) -> dict[str, Any]:
    out: dict[str, Any] = {"name": need.name, "kind": need.kind, "required": need.required, "help": need.help}
    if need.default is not None:
        out["default"] = need.default
    if need.aliases:
        out["aliases"] = list(need.aliases)
    if need.example:
        out["example"] = need.example
    return out


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return str(value)


def _names(needs: tuple[StatNeed, ...]) -> str:
    return ", ".join(n.name + ("*" if n.required else "") for n in needs) or _("nothing")


def _kind(kind: str) -> str:
    """A stat's kind as people read it (the JSON keeps the kind itself)."""
    words = {
        "int": p_("stat kind", "int"),
        "dice": p_("stat kind", "dice"),
        "text": p_("stat kind", "text"),
        "list": p_("stat kind", "list"),
        "map": p_("stat kind", "map"),
        "flag": p_("stat kind", "flag"),
        "printed": p_("stat kind", "printed"),
    }
    return words.get(kind, kind)


def _about(need: StatNeed) -> str:
    facts: list[str] = [_kind(need.kind) if need.kind != "printed" else _("as printed")]
    if need.default is not None:
        facts.append(_("default {value}", value=need.default))
    if need.aliases:
        facts.append(_("also {names}", names=", ".join(need.aliases)))
    return f"{need.help} ({'; '.join(facts)})"


def units_lines(game: AnyRuleset) -> list[str]:
    """The plain-text form."""
    lines = [f"{game.name} ({game.id})", ""]
    catalogue = units_document(game)["catalogue"]
    if catalogue:
        lines.append(
            n_("Catalogue ({n} unit; -a NAME uses one):", "Catalogue ({n} units; -a NAME uses one):", len(catalogue))
        )
        width = max(len(u["name"]) for u in catalogue)
        for unit in catalogue:
            stats = ", ".join(f"{k} {_shown(v)}" for k, v in unit["stats"].items())
            lines.append(f"  {unit['name']:<{width}}  {stats}")
    else:
        lines.append(_("No catalogue: the source prints no unit's stats, so type them (below)."))
    lines += ["", _("Attacks, and the stats each reads (* required of a unit not in the catalogue):")]
    for needs in game.stat_needs():
        lines.append(f"  {needs.kind}: {needs.help}")
        attacker, target = _("attacker:"), _("target:")
        width = max(len(attacker), len(target))
        lines.append(f"      {attacker:<{width}} {_names(needs.attacker)}")
        lines.append(f"      {target:<{width}} {_names(needs.target)}")
    lines += ["", _('Stats (after the name, -a "Hero STAT=VALUE ...", or --attacker-stat/--target-stat STAT=VALUE):')]
    every = role_needs(game)
    width = max((len(n.name) for n in every), default=0)
    for need in every:
        lines.append(f"  {need.name:<{width}}  {_about(need)}")
    examples = [needs.example for needs in game.stat_needs() if needs.example]
    if examples:
        lines += ["", n_("Example:", "Examples:", len(examples))]
        lines += [f"  {example}" for example in examples]
    return lines


def units_rich(game: AnyRuleset) -> Any:
    """The Rich form: the same facts as tables."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[Any] = [Text(f"{game.name} ({game.id})", style="bold")]
    catalogue = units_document(game)["catalogue"]
    if catalogue:
        table = Table(title=_("catalogue (-a NAME uses one)"), title_justify="left")
        table.add_column(p_("column", "unit"), style="bold")
        table.add_column(p_("column", "stats"))
        for unit in catalogue:
            table.add_row(unit["name"], ", ".join(f"{k} {_shown(v)}" for k, v in unit["stats"].items()))
        parts.append(table)
    else:
        parts.append(Text(_("No catalogue: the source prints no unit's stats, so type them (below).")))
    attacks = Table(title=_("attacks (* required of a unit not in the catalogue)"), title_justify="left")
    for column in (p_("column", "attack"), p_("column", "attacker"), p_("column", "target"), _("what it does")):
        attacks.add_column(column)
    for needs in game.stat_needs():
        attacks.add_row(needs.kind, _names(needs.attacker), _names(needs.target), needs.help)
    parts.append(attacks)
    stats = Table(title=_('stats: -a "Hero STAT=VALUE ...", or --attacker-stat STAT=VALUE'), title_justify="left")
    columns = (p_("column", "stat"), p_("column", "kind"), p_("column", "default"), p_("column", "also"))
    for column in (*columns, p_("column", "meaning")):
        stats.add_column(column)
    for need in role_needs(game):
        stats.add_row(
            need.name + ("*" if need.required else ""), _kind(need.kind), need.default or "", ", ".join(need.aliases),
            need.help,
        )  # fmt: skip
    parts.append(stats)
    parts += [Text(_("e.g. {example}", example=n.example), style="dim") for n in game.stat_needs() if n.example]
    return Group(*parts)


def show_units(game: AnyRuleset, fmt: str) -> None:
    import sys

    if fmt in ("json", "jsonl"):
        import json

        sys.stdout.write(json.dumps(units_document(game), ensure_ascii=False, indent=None if fmt == "jsonl" else 2))
        sys.stdout.write("\n")
    elif fmt == "rich":
        from rich.console import Console

        Console().print(units_rich(game))
    else:
        sys.stdout.write("\n".join(units_lines(game)) + "\n")
