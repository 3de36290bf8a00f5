"""The words Click and Typer print themselves (``Usage:``, the help's panels, their usage errors), in the language
chosen.

Click and Typer mark their own messages for gettext, and look them up through the standard library's global
domain (``gettext.dgettext`` and ``gettext.dngettext``, read at each call). When a language other than English is
chosen, :func:`speak` points those two at tabroll's catalogue, so a Portuguese table reads ``Uso:`` under a
Portuguese help. The messages below are the ones a person meets; a message of theirs tabroll's catalogue lacks
(one a later release adds or rewords) is said as Click says it. In English nothing is changed.
"""

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

    from tabroll import i18n

    if i18n.language() == i18n.ENGLISH and not _SPOKEN:
        return
    _SPOKEN.append(True)
    english_dgettext = _ENGLISH.setdefault("dgettext", gettext.dgettext)
    english_dngettext = _ENGLISH.setdefault("dngettext", gettext.dngettext)

    def dgettext(domain: str, message: str) -> str:
        said = i18n.MESSAGES.lookup(message)
        return said if said is not None else english_dgettext(domain, message)  # type: ignore[operator]

    def dngettext(domain: str, singular: str, plural: str, n: int) -> str:
        said = i18n.MESSAGES.lookup_plural(singular, n)
        return said if said is not None else english_dngettext(domain, singular, plural, n)  # type: ignore[operator]

    gettext.dgettext = dgettext
    gettext.dngettext = dngettext  # type: ignore[assignment]
    _completion_help()


def _completion_help() -> None:
    """The help of Typer's ``--install-completion`` and ``--show-completion``: Typer writes it without gettext,
    on the options of a function of its own, which it reads each time it builds a command line."""
    from tabroll import i18n

    try:
        import inspect

        from typer import completion
        from typer.models import ParameterInfo

        options = inspect.signature(completion._install_completion_placeholder_function).parameters.values()
    except (ImportError, AttributeError, TypeError, ValueError):  # another Typer: its words stay as it has them
        return
    for option in options:
        info = option.default
        if isinstance(info, ParameterInfo) and isinstance(info.help, str):
            english = _ENGLISH.setdefault(f"completion {option.name}", info.help)
            info.help = i18n._(str(english))


_SPOKEN: list[bool] = []
_ENGLISH: dict[str, object] = {}
