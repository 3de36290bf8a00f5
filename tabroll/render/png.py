"""Pictures as PNG (``--png FILE``), for a chat or a document that will not show SVG: the same SVG picture,
rasterised by resvg (a compiled wheel needing no system library), an optional extra: ``pip install 'tabroll[png]'``."""

from __future__ import annotations

from tabroll.errors import InputError
from tabroll.i18n import N_, _

SCALE = 2.0
"""Pixels per SVG unit: twice the SVG's own size, sharp on a high-density screen and still small (tens of KB)."""

_TIP = N_("install the optional extra: python3 -m pip install 'tabroll[png]' (or pip install resvg-py), or use --svg")


def check_png_available() -> None:
    """Refuse ``--png`` before any work when the renderer is not installed (exit 2, with how to install it)."""
    import importlib.util

    if importlib.util.find_spec("resvg_py") is None:
        raise InputError(_("--png needs the resvg-py package, which is not installed"), tip=_(_TIP))


def png_bytes(svg: str) -> bytes:
    """The PNG image of an SVG picture, on a white background."""
    try:
        import resvg_py
    except ImportError:
        raise InputError(_("--png needs the resvg-py package, which is not installed"), tip=_(_TIP)) from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff", zoom=SCALE))


def write_png(path: str, svg: str) -> None:
    """Write the picture as PNG, whole or not at all (as :func:`tabroll.render.svg.write_picture` does)."""
    from tabroll.render.svg import check_picture_path
    from tabroll.writing import write_atomically

    target = check_picture_path(path, "--png")
    write_atomically(target, png_bytes(svg), what=_("the picture {path} (--png)", path=path))
