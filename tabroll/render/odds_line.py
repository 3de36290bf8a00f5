"""An action's odds in a line or two, for ``tabroll play``: the chance of each thing the attack does and its
mean damage, then the chance of each thing that follows it. The whole report is one command away (``--full``)."""

from __future__ import annotations

from tabroll.i18n import _, n_, number, numeral, percent_sign
from tabroll.odds.figures import HAPPENS, Estimate, Report, figure_name


def odds_summary(report: Report) -> list[str]:
    """The report in short: what the method was, the attack's probabilities and mean figures, each follow-up's
    chance, and refusals; a line per part that has figures."""
    if report.method == "exact":
        how = _("exact")
    else:
        how = n_("Monte Carlo, {count} trial, ±95%", "Monte Carlo, {count} trials, ±95%", report.samples,
                 count=number(report.samples))  # fmt: skip
    attack = report.attack
    pieces = [
        _("P({name}) {share}", name=figure_name(name), share=_share(e))
        for name, e in attack.probabilities.items()
        if _shown(name)
    ]
    total = "damage" in attack.means  # else the attack strikes several units: each one's damage is shown
    pieces += [
        _("mean {name} {mean}", name=figure_name(name), mean=_mean(e))
        for name, e in attack.means.items()
        if _shown(name) or (not total and name.startswith("damage to "))
    ]
    lines = [f"  {' · '.join(pieces) if pieces else _('no figures')}  ({how})"]
    for reason, e in report.refused.items():
        lines.append("  " + _("refused by the rules {share} ({reason})", share=_share(e), reason=reason))
    for block in report.follow_ups:
        happens = block.probabilities.get(HAPPENS)
        if happens is not None:
            lines.append("  " + _("then {part}: {share}", part=figure_name(block.label), share=_share(happens)))
    return lines


def _shown(name: str) -> bool:
    """Per-target figures ("hit: X", "damage to X") are left out of the short line: the totals stand for them."""
    return not name.startswith(("hit: ", "damage to "))


def _share(e: Estimate) -> str:
    text = _percent(e.value)
    if e.low is not None and e.high is not None:
        text += f" ({_percent(e.low)}–{_percent(e.high)})"
    return text


def _percent(value: float) -> str:
    """Whole percents where they are whole (50%), else one decimal (33.3%); a chance that is neither none nor
    certain gets the decimals that keep it off 0% and 100% (0.01%, 99.999%)."""
    for decimals in range(1, 7):
        shown = f"{100 * value:.{decimals}f}"
        if not 0 < value < 1 or float(shown) not in (0.0, 100.0):
            break
    return numeral(shown.rstrip("0").removesuffix(".") if "." in shown else shown) + percent_sign()


def _mean(e: Estimate) -> str:
    text = numeral(f"{e.value:.2f}".rstrip("0").removesuffix("."))
    if e.low is not None and e.high is not None:
        text += f" ({numeral(f'{e.low:.2f}')}–{numeral(f'{e.high:.2f}')})"
    return text
