"""The command line's help (``--help``) in the user's language.

The help texts live in the code in English (Typer options and docstrings); their
Russian is the ``help`` catalog of cardtable.cli, whose message ids are those English
texts, as gettext has it. Before each invocation the command tree is given the texts
of the language asked (``--lang``, else ``CARDTABLE_LANG``, else Russian), together
with the few words of Typer's own frame (panel titles, "Usage:", the help option).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from typing import Any

from typer._click import core as click_core
from typer._click.formatting import HelpFormatter

from cardtable.core.i18n import DEFAULT_LANG, LANGS, load

CATALOG = "cardtable.cli:help"
ENV = "CARDTABLE_LANG"
#: Typer's frame words: module constants of typer.rich_utils, which draws the help
#: screens. That module (and the Markdown renderer it imports) takes about a fifth of a
#: second to import, most of a command's start, so it is imported only when a help
#: screen is drawn (``Context.get_help``), and the frame words are set then.
FRAME_NAMES = (
    "ARGUMENTS_PANEL_TITLE",
    "OPTIONS_PANEL_TITLE",
    "COMMANDS_PANEL_TITLE",
    "DEFAULT_STRING",
    "ENVVAR_STRING",
    "REQUIRED_LONG_STRING",
    "DEPRECATED_STRING",
)
_frame: dict[str, str] = {}
USAGE = "Usage: "
OPTIONS_METAVAR = "[OPTIONS]"
HELP_OPTION = "Show this message and exit."
_current = {"lang": "en"}


def requested_lang(argv: Sequence[str]) -> str:
    """The language an invocation asks for: ``--lang X`` or ``--lang=X`` on the command
    line, else the CARDTABLE_LANG environment variable, else Russian."""
    args = list(argv)
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args) and args[i + 1] in LANGS:
            return args[i + 1]
        if arg.startswith("--lang=") and arg[7:] in LANGS:
            return arg[7:]
    env = os.environ.get(ENV, "")
    return env if env in LANGS else DEFAULT_LANG


def text(english: str, lang: str) -> str:
    """A help text of the code (``english``) in ``lang``."""
    if lang == "en" or not english:
        return english
    return load(CATALOG, lang).translations.gettext(english)


def frame() -> dict[str, str]:
    """Typer's frame words and their English texts (read once, before any is changed)."""
    if not _frame:
        from typer import rich_utils

        _frame.update({name: getattr(rich_utils, name) for name in FRAME_NAMES})
    return _frame


def localize_frame(lang: str) -> None:
    """Typer's frame words in ``lang``."""
    from typer import rich_utils

    for name, english in frame().items():
        setattr(rich_utils, name, text(english, lang))


_get_help = click_core.Context.get_help


def get_help(ctx: click_core.Context) -> str:
    """A help screen, its frame words in the current language first."""
    localize_frame(_current["lang"])
    return _get_help(ctx)


class LocalizedFormatter(HelpFormatter):
    """Click's help formatter with the usage line's prefix in the current language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, text(USAGE, _current["lang"]) if prefix is None else prefix)


def commands(root: Any) -> Iterator[Any]:
    """Every command of the tree, the root first."""
    yield root
    for sub in getattr(root, "commands", {}).values():
        yield from commands(sub)


def help_params(cmd: Any) -> list[Any]:
    """A command's parameters with their help texts, the help option included."""
    option = cmd.get_help_option(click_core.Context(cmd))
    return [*cmd.params, *([option] if option is not None else [])]


def english_texts(root: Any) -> list[str]:
    """Every help text of the tree in English (what the ``help`` catalog translates)."""
    localize(root, "en")
    out = [*frame().values(), USAGE, OPTIONS_METAVAR]
    for cmd in commands(root):
        out += [v for v in (cmd.help, cmd.short_help, cmd.epilog) if v]
        out += [p.help for p in help_params(cmd) if getattr(p, "help", None)]
    return list(dict.fromkeys(out))


def localize(root: Any, lang: str) -> None:
    """Give the command tree and Typer's frame the help texts of ``lang``."""
    _current["lang"] = lang
    click_core.Context.formatter_class = LocalizedFormatter
    setattr(click_core.Context, "get_help", get_help)  # noqa: B010  (a method replaced)
    for cmd in commands(root):
        _swap(cmd, ("help", "short_help", "epilog"), lang)
        cmd.options_metavar = text(OPTIONS_METAVAR, lang)
        for param in help_params(cmd):
            _swap(param, ("help",), lang)


def _swap(obj: Any, attrs: tuple[str, ...], lang: str) -> None:
    """Set ``attrs`` of ``obj`` from their English originals (kept on first call)."""
    originals = obj.__dict__.setdefault("_cardtable_en", {})
    for attr in attrs:
        if attr not in originals:
            originals[attr] = getattr(obj, attr, None)
        english = originals[attr]
        if isinstance(english, str):
            setattr(obj, attr, text(english, lang))


#: Usage errors of the command-line parser (Typer and its Click), English text ->
#: the key of the cli catalog that says it in the user's language.
USAGE_ERRORS = (
    (
        r"No such option: (?P<name>\S+)(?: \(Possible options: (?P<options>.*)\))?",
        "usage_no_option",
    ),
    (r"Missing argument '(?P<name>[^']+)'\.", "usage_missing_argument"),
    (r"Missing option '(?P<name>[^']+)'\.", "usage_missing_option"),
    (r"No such command '(?P<name>[^']+)'\.", "usage_no_command"),
    (r"Missing command\.", "usage_missing_command"),
    (r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)", "usage_extra_arguments"),
    (r"Option '(?P<name>[^']+)' requires an argument\.", "usage_needs_value"),
    (r"Option '(?P<name>[^']+)' does not take a value\.", "usage_takes_no_value"),
    (r"Invalid value for '(?P<name>[^']+)': (?P<why>.*)", "usage_bad_value"),
)
#: Why a value is refused (inside "Invalid value for …").
VALUE_ERRORS = (
    (r"Input should be less than or equal to (?P<n>\S+)", "value_at_most"),
    (r"Input should be greater than or equal to (?P<n>\S+)", "value_at_least"),
    (r"Input should be a valid integer.*", "value_integer"),
    (r"Input should be a valid number.*", "value_number"),
    (r"Input should be a valid boolean.*", "value_boolean"),
    (r"(?:Value error, )?'(?P<got>[^']*)' is not one of (?P<choices>.*)\.", "value_choice"),
)


def usage_error(message: str, lang: str) -> str:
    """A parser's usage error in ``lang`` (unknown wordings stay as they are)."""
    from cardtable.core.i18n import tr

    for pattern, key in USAGE_ERRORS:
        m = re.fullmatch(pattern, message.strip(), re.DOTALL)
        if m is None:
            continue
        params = {k: v or "" for k, v in m.groupdict().items()}
        if "why" in params:
            params["why"] = _value_error(params["why"], lang)
        if params.get("options"):
            key += "_suggest"
        return tr("cardtable.cli", key, lang, **params)
    return message


def _value_error(why: str, lang: str) -> str:
    from cardtable.core.i18n import tr

    for pattern, key in VALUE_ERRORS:
        m = re.fullmatch(pattern, why.strip(), re.DOTALL)
        if m is not None:
            return tr("cardtable.cli", key, lang, **m.groupdict())
    return why
