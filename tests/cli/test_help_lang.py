"""The command line's help and usage errors in both languages (cli/helptext.py).

``--help`` speaks the language asked by ``--lang`` (before or after the command), else
by CARDTABLE_LANG, else Russian; every help text of the code has its Russian in the
``help`` catalog, and the catalog holds no text the code no longer has.
"""

from __future__ import annotations

import re

import pytest
import typer.main
from typer.testing import CliRunner

from cardtable.cli import helptext
from cardtable.cli.main import app
from cardtable.core.i18n import load
from tests.i18n.checks import CYRILLIC

ROOT = typer.main.get_command(app)
COMMANDS = sorted(ROOT.commands)  # type: ignore[attr-defined]


def english() -> list[str]:
    return helptext.english_texts(typer.main.get_command(app))


def run(*args: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", **(env or {})})
    return result.output


def test_every_help_text_has_its_russian_and_no_stale_one() -> None:
    """docs/i18n.md, "The command line": each English help text (options, commands,
    Typer's frame) is translated."""
    catalog = load(helptext.CATALOG, "ru")
    texts = english()
    missing = [t for t in texts if t not in catalog.keys]
    assert not missing, f"help texts without Russian: {missing}"
    stale = sorted(catalog.keys - set(texts))
    assert not stale, f"help catalog entries the code no longer has: {stale}"
    untranslated = [t for t in texts if CYRILLIC.search(catalog.raw(t)) is None]
    assert not untranslated, f"Russian help that is not Russian: {untranslated}"


@pytest.mark.parametrize("command", COMMANDS)
def test_help_of_every_command_in_russian_and_english(command: str) -> None:
    """docs/i18n.md, "The command line": `cardtable CMD --help` in Russian has none of
    the English texts, and in English all of the command's own."""
    cmd = ROOT.commands[command]  # type: ignore[attr-defined]
    own = [cmd.help.split("\n\n")[0]] + [p.help for p in cmd.params if getattr(p, "help", None)]
    ru = run(command, "--help")
    en = run(command, "--help", "--lang", "en")
    flat_ru, flat_en = " ".join(ru.split()), " ".join(en.split())
    for text in own:
        head = " ".join(text.split())[:40]
        assert head not in flat_ru, f"{command}: English help in the Russian screen: {head!r}"
        assert head in flat_en, f"{command}: {head!r} missing from the English help"
    assert "Параметры" in ru and "Использование:" in ru
    assert "Options" in en and "Usage:" in en and not CYRILLIC.search(en)


def test_language_from_the_environment_and_before_the_command() -> None:
    """docs/i18n.md, "The command line": CARDTABLE_LANG chooses the language;
    `cardtable --lang en --help` too."""
    assert "Usage:" in run("games", "--help", env={"CARDTABLE_LANG": "en"})
    assert "Использование:" in run("games", "--help", env={"CARDTABLE_LANG": "ru"})
    assert "List the registered games." in run("--lang", "en", "--help")
    assert "Список зарегистрированных игр." in run("--help")


@pytest.mark.parametrize(
    ("args", "russian"),
    [
        (["play", "clash", "--nope"], "нет параметра --nope"),
        (["play"], "не указан аргумент GAME"),
        (
            ["play", "clash", "--level", "99"],
            "недопустимое значение --level: должно быть не больше 10",
        ),
        (["play", "clash", "--seed", "abc"], "недопустимое значение --seed: нужно целое число"),
        (["nope"], "нет команды «nope»"),
        (["play", "clash", "extra1"], "лишние аргументы: extra1"),
    ],
)
def test_usage_errors_in_russian(args: list[str], russian: str) -> None:
    """docs/i18n.md, "The command line": a usage error is one line in the language
    asked."""
    out = run(*args)
    assert russian in out
    assert re.search(r"\b(No such|Missing|Invalid|Got unexpected|Input should)\b", out) is None
    en = run(*args, "--lang", "en")
    assert not CYRILLIC.search(en)
