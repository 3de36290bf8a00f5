"""``--png FILE``: the SVG picture rasterised (resvg, the optional ``png`` extra), and a clear refusal before
any work when the renderer is missing."""

from __future__ import annotations

import importlib.util
import re
import struct
from pathlib import Path

import pytest

from tabroll.render.png import SCALE

pytest.importorskip("resvg_py")  # the dev extra installs it; a bare install without the png extra skips these


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _svg_size(path: Path) -> tuple[float, float]:
    found = re.search(r'<svg[^>]* width="([\d.]+)"[^>]* height="([\d.]+)"', path.read_text(encoding="utf-8"))
    assert found is not None
    return float(found.group(1)), float(found.group(2))


@pytest.mark.parametrize(
    "command",
    [
        ["odds", "-a", "Lanceiro", "-t", "Soldado"],
        ["odds", "2d6", "vs", "2d6"],
        ["matrix", "-r", "tabmaster", "--attackers", "Lanceiro,Levi", "--targets", "Soldado"],
    ],
    ids=["attack", "dice", "matrix"],
)
def test_the_png_is_the_svg_picture_at_twice_its_size(cli, tmp_path: Path, command: list[str]) -> None:  # type: ignore[no-untyped-def]
    svg, png = tmp_path / "p.svg", tmp_path / "p.png"
    result = cli(*command, "--format", "text", "--svg", str(svg), "--png", str(png))
    assert result.code == 0, result.err
    width, height = _svg_size(svg)
    assert _png_size(png) == (round(width * SCALE), round(height * SCALE))


def test_a_missing_renderer_is_refused_before_the_work(cli, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "resvg_py" else real(name, *a))
    png = tmp_path / "p.png"
    result = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--png", str(png))
    assert result.code == 2
    assert "--png needs the resvg-py package, which is not installed" in result.err
    assert "pip install 'tabroll[png]'" in result.err
    assert result.out == "" and not png.exists()  # refused before any odds were worked out or shown


def test_a_bad_png_path_names_the_flag(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--png", str(tmp_path / "no" / "p.png"))
    assert result.code == 2 and "--png" in result.err and "does not exist" in result.err
