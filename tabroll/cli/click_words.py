"""The words Click and Typer print themselves (``Usage:``, the help's panels, their usage errors), in the language
chosen.

Click and Typer look their messages up in the standard library's current gettext domain. For a language other
than English, :func:`speak` binds it as gettext offers: tabroll's domain and folder (``bindtextdomain``,
``textdomain``) and the language in ``LANGUAGE``. A message tabroll's catalogue lacks is said as Click says it."""

from __future__ import annotations

from tabroll.i18n import N_

CLICK_WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("Error"),
    N_("Error: {message}"),
    N_("Show this message and exit."),
    N_("Try '{command} {option}' for help."),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    N_("[default: {}]"),
    N_("[required]"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("Missing argument '{param_hint}'."),
    N_("Missing option '{param_hint}'."),
    N_("No such command {name!r}."),
    N_("No such option: {name}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Aborted!"),
    N_("Aborted."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)
"""Click's and Typer's own messages that tabroll's catalogues translate (their plural messages: in
:func:`_plurals`)."""


def _plurals() -> None:
    """Never called: marks Click's plural messages for the catalogues (the tools read the calls below)."""
    from tabroll.i18n import n_

    n_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1)
    n_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 1)
    n_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1)


def speak() -> None:
    """Click's and Typer's words from now on in the language chosen (see the module's text)."""
    import gettext
    import os

    from tabroll import i18n

    code = i18n.language()
    if code == i18n.ENGLISH:
        if _BEFORE:  # spoken in this process before (a program that runs several commands): as it was
            domain, language = _BEFORE.pop()
            gettext.textdomain(domain)
            if language is None:
                os.environ.pop("LANGUAGE", None)
            else:
                os.environ["LANGUAGE"] = language
        return
    if not _BEFORE:
        _BEFORE.append((gettext.textdomain(), os.environ.get("LANGUAGE")))
        gettext.bindtextdomain(i18n.CORE_DOMAIN, str(i18n.CORE_LOCALE))
        gettext.textdomain(i18n.CORE_DOMAIN)
    os.environ["LANGUAGE"] = code


_BEFORE: list[tuple[str, str | None]] = []
"""The domain and ``LANGUAGE`` before :func:`speak` bound tabroll's, to be put back for English."""
