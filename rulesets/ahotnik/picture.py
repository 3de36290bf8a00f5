"""A picture of the hex map, as a view the renderer draws: every hex a 3-character token, and a legend of the
units. Pointy maps print one text line per row of hexes, odd rows shifted half a hex to the right; flat maps print
two text lines per row, odd columns half a row lower. Maps wider than :data:`MAX_COLUMNS` hexes or taller than
:data:`MAX_ROWS` are not drawn (the legend still is).
"""

from __future__ import annotations

from tabroll.events import position_text
from tabroll.geometry.hex import Hex, Orientation
from tabroll.kit.views import Line, StateView, Tone, text_line

from .messages import _, direction_word
from .state import Board

MAX_COLUMNS = 30
MAX_ROWS = 30
ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
EMPTY = " · "
SINGULARITY = " ◎ "


def labels(board: Board) -> dict[str, str]:
    """A two-letter label per unit on the board: upper case for Ahotniks, lower case for Demons, unique."""
    used: set[str] = set()
    out: dict[str, str] = {}
    names = [(a.name, True) for a in board.ahotniks] + [(d.name, False) for d in board.demons if d.on_board]
    for name, upper in names:
        letters = [c for c in name if c.isalnum()] or ["x"]
        first = letters[0]
        candidates = [first + c for c in letters[1:]] + [first + str(i) for i in range(1, 100)]
        for cand in candidates:
            label = cand.upper() if upper else cand.lower()
            if label not in used:
                break
        used.add(label)
        out[name] = label
    return out


def tokens(board: Board) -> dict[Hex, tuple[str, Tone]]:
    """``hex -> (token, tone)``: an Ahotnik an ally, a Demon an enemy, the Singularity a feature, an empty hex faint."""
    names = labels(board)
    out: dict[Hex, tuple[str, Tone]] = {h: (EMPTY, "faint") for h in board.map.cells}
    for h in board.map.blocked:
        out[h] = (SINGULARITY, "feature")
    for d in board.demons:
        if d.position is not None:
            out[d.position] = (names[d.name] + " ", "enemy")
    for a in board.ahotniks:
        out[a.position] = (names[a.name] + ARROWS[board.map.side_name(a.facing)], "ally")
    return out


def grid(board: Board) -> list[list[tuple[str, Tone]]] | None:
    """The picture as lines of ``(text, tone)`` pieces, or None when the map is too big to draw."""
    m = board.map
    placed = {m.to_offset(h): tok for h, tok in tokens(board).items()}
    cols = [c for c, _ in placed]
    rows = [r for _, r in placed]
    c0, r0 = min(cols), min(rows)
    width, height = max(cols) - c0 + 1, max(rows) - r0 + 1
    if width > MAX_COLUMNS or height > MAX_ROWS:
        return None
    lines: list[list[tuple[str, Tone]]] = []
    if m.orientation is Orientation.POINTY:
        for row in range(r0, r0 + height):
            line: list[tuple[str, Tone]] = [("  ", "faint")] if row % 2 else []
            for col in range(c0, c0 + width):
                line.append(placed.get((col, row), ("   ", "faint")))
                line.append((" ", "faint"))
            lines.append(line)
    else:
        for row in range(r0, r0 + height):
            for half in (0, 1):
                line = []
                for col in range(c0, c0 + width):
                    show = col % 2 == half
                    line.append(placed.get((col, row), ("   ", "faint")) if show else ("   ", "faint"))
                    line.append((" ", "faint"))
                lines.append(line)
    for line in lines:  # no blank pieces after the last hex's token, and no space after its label
        while line and not line[-1][0].strip():
            line.pop()
        if line:
            line[-1] = (line[-1][0].rstrip(), line[-1][1])
    return lines


def legend(board: Board) -> list[str]:
    """One line per unit and one for the threat level and the end of the game (the last line, when it is over)."""
    names = labels(board)
    m = board.map
    out = []
    for a in board.ahotniks:
        facts = [
            _("facing {direction}", direction=direction_word(m.direction_name(a.facing))),
            _("Shields {n}", n=a.shields),
            _("Life {n}", n=a.life),
        ]
        if a.phase_transition:
            facts.append(_("PHASE TRANSITION"))
        if a.dna:
            facts.append(_("DNA {identities}", identities=", ".join(sorted(a.dna))))
        if a.team:
            facts.append(_("team {team}", team=a.team))
        where = _("{unit} at {hex}", unit=a.name, hex=position_text(a.position))
        out.append(f"{names[a.name]}  {where}: " + ", ".join(facts))
    for d in board.demons:
        ident = f" ({d.identity})" if d.identity != d.name else ""
        if d.position is None:
            out.append(f"--  {d.name}{ident}: " + (_("exiled") if d.exiled else _("off the board")))
        else:
            where = _("{unit} at {hex}", unit=f"{d.name}{ident}", hex=position_text(d.position))
            stats = _("Shields {shields}, Life {life}", shields=d.shields, life=d.life)
            out.append(f"{names[d.name]}  {where}: {stats}")
    threat = {"threat": board.threat, "floor": board.threat_floor}
    if board.singularity is None:
        out.append(_("threat level {threat} (floor {floor})", **threat))
    else:
        where = position_text(board.singularity)
        out.append(_("threat level {threat} (floor {floor}); Singularity ◎ at {hex}", hex=where, **threat))
    directions = ", ".join(direction_word(m.direction_name(d)) for d in range(1, 7))
    out.append(_("directions: {directions}", directions=directions))
    if board.game_over:
        out.append(_("GAME OVER: {reason}", reason=board.game_over))
    return out


def state_view(board: Board) -> StateView:
    """The board drawn (when it is small enough), a blank line, and the legend."""
    picture = grid(board)
    lines: list[Line] = []
    if picture is None:
        lines.append(text_line(_("(map too large to draw)"), "faint"))
    else:
        lines += [tuple(row) for row in picture]
    lines.append(())
    entries = legend(board)
    over = len(entries) - 1 if board.game_over else len(entries)  # the end of the game is the last line
    lines += [text_line(entry, "alert" if i == over else "plain") for i, entry in enumerate(entries)]
    return StateView(_("final board"), tuple(lines))
