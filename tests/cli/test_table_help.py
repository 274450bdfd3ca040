"""A person learning each game at the terminal table, driven through a real terminal
(pexpect): ``help``, ``rules``, ``explain``, ``why``, ``back``, a card named in Russian or
English, an illegal move and a typo, in Russian and in English (docs/table.md).

Rules: clash.summon.available, clash.ability.cleave, clash.fortress.health,
epic.champion.timing, epic.keyword.airborne, bluemoon.turn.booster_support, bluemoon.icon.pair,
boss.stack.timing.sorcery, boss.mech.hunger, boss.type.unit (the rule ids ``why`` and
``explain`` show); engine contract: Game.why_not, Game.is_subdecision (docs/architecture.md,
"Help at the table").
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pexpect import spawn  # type: ignore[import-untyped]

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")
PROMPT = r"\(help[^)\n]*\): "
SAVE_PROMPT = r"(Enter[^)\n]*\)|Enter: keep only the autosave\)): "
TIMEOUT = 20


def clean(text: str) -> str:
    """Terminal output as plain words: colours and line breaks gone, spaces collapsed."""
    return " ".join(ANSI.sub("", text).replace("\r", "").split())


class Table:
    """One ``cardtable play`` in a pseudo-terminal, answered line by line."""

    def __init__(self, child: spawn) -> None:
        self.child = child
        self.child.expect(PROMPT)
        self.opening = clean(self.child.before)

    def ask(self, line: str) -> str:
        """Type a line; what the table printed before asking again."""
        self.child.sendline(line)
        self.child.expect(PROMPT)
        return clean(self.child.before)


@contextmanager
def table(tmp_path: Path, *args: str, cols: int = 100) -> Iterator[Table]:
    env = dict(os.environ, CARDTABLE_DATA_DIR=str(tmp_path), TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "cardtable.cli.main", "play", *args],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, cols),
    )
    child.delaybeforesend = None  # the table reads whole lines: no pause before typing
    try:
        yield Table(child)
        child.sendline("quit")
        if child.expect([SAVE_PROMPT, pexpect.EOF]) == 0:  # no offer: it has a save file
            child.sendline("")
            child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def test_clash_in_russian(tmp_path: Path) -> None:
    """clash.summon.available, clash.ability.cleave, clash.fortress.health: ``why 6`` names
    the 4-leftmost rule with the card's place; ``explain`` takes a Russian name, a prefix and
    a rule topic; a Russian card name plays it and ``back`` takes the chosen card back."""
    args = ("clash", "--seed", "3", "--deck-a", "ember", "--deck-b", "tide", "--lang", "ru")
    with table(tmp_path, *args) as t:
        assert "Игрок А" in t.opening and "Игрок Б" in t.opening
        out = t.ask("help")
        assert "explain ЧТО" in out and "why N" in out and "back" in out
        assert "«play spark_imp», «Искорка», «row top»" in out
        assert "ЗДОРОВЬЕ" in t.ask("rules")
        out = t.ask("explain Рассечение")
        assert "Рассечение (способность)" in out and "[clash.ability.cleave]" in out
        assert "[clash.ability.cleave]" in t.ask("explain рассеч")
        assert "[clash.fortress.health]" in t.ask("explain здоровье")
        out = t.ask("why 6")
        assert "«Пепельный берсерк» сейчас сыграть нельзя" in out
        assert "[clash.summon.available] Эта карта — 5-я слева" in out
        assert "можно сыграть сейчас: вариант 3" in t.ask("why Искорка")
        out = t.ask("play ash_berserker")
        assert "так сейчас сходить нельзя" in out and "[clash.summon.available]" in out
        assert "Не понимаю «фыва»" in t.ask("фыва")
        out = t.ask("Искорка")
        assert "[row top]" in out and "мост" not in out  # no board again for the row
        out = t.ask("back")
        assert "Возвращено: Разыграть «Искорка»" in out and "[play spark_imp]" in out
        assert "Возвращать нечего" in t.ask("back")


def test_clash_in_english_at_80_columns(tmp_path: Path) -> None:
    """clash.summon.available, clash.ability.cleave: the same in English on an 80-column
    terminal (the compact screen: abbreviated abilities, no line past 80 columns)."""
    args = ("clash", "--seed", "3", "--deck-a", "ember", "--deck-b", "tide", "--lang", "en")
    with table(tmp_path, *args, cols=80) as t:
        lines = ANSI.sub("", t.child.before).replace("\r", "").split("\n")
        assert max(len(line) for line in lines) <= 80
        out = t.ask("help")
        assert "explain WHAT" in out and "“play spark_imp”, “Spark Imp”, “row top”" in out
        assert "HEALTH" in t.ask("rules")
        assert "Cleave (ability)" in t.ask("explain cleave")
        out = t.ask("why 6")
        assert "“Ash Berserker” cannot be played now" in out
        assert "[clash.summon.available] This card is number 5 from the left" in out
        assert "is not a legal move now" in t.ask("play Ash Berserker")
        assert "I do not understand “asdf”" in t.ask("asdf")
        assert "[row top]" in t.ask("spark imp")
        assert "Taken back: Play “Spark Imp”" in t.ask("back")
        assert "Nothing to take back" in t.ask("back")


EPIC = ("epic", "--seed", "7")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_epic(tmp_path: Path, lang: str) -> None:
    """epic.champion.timing, epic.keyword.airborne: a champion outside its player's main
    phase says why; a keyword and a card explained; an event named plays it, its target
    is taken back; a name fitting two modes lists them."""
    ru = lang == "ru"
    with table(tmp_path, *EPIC, "--lang", lang) as t:
        assert "Нечего" not in t.ask("back")  # the mulligan: nothing half made
        t.ask("keep")
        out = t.ask("help")
        assert ("«play cave_troll», «Пещерный тролль»" if ru else "“Cave Troll”") in out
        assert ("Инициатива" if ru else "Initiative") in t.ask("rules")
        out = t.ask("why 1")
        assert "[epic.champion.timing]" in out
        assert ("сейчас сыграть нельзя" if ru else "cannot be played now") in out
        out = t.ask("explain " + ("Полёт" if ru else "airborne"))
        assert "[epic.keyword.airborne]" in out
        out = t.ask("Беспамятство" if ru else "Amnesia")
        assert ("нескольким вариантам" if ru else "fits several options") in out
        out = t.ask("1")
        assert "[target p1]" in out and "[target p2]" in out
        out = t.ask("back")
        assert ("Возвращено" if ru else "Taken back") in out
        assert ("Возвращать нечего" if ru else "Nothing to take back") in t.ask("back")
        out = t.ask("Важное поручение" if ru else "vital mission")
        assert "[target" not in out or "[pass]" not in out  # it was played


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_bluemoon(tmp_path: Path, lang: str) -> None:
    """bluemoon.turn.booster_support, bluemoon.icon.pair: a booster before the turn's
    character says why; an action not open now is told from a typo; an icon explained; a
    name fitting two options lists them; declining the fight (a discard to choose) is
    taken back."""
    ru = lang == "ru"
    args = ("bluemoon", "--seed", "3", "--set", "first=0", "--lang", lang)
    with table(tmp_path, *args) as t:
        assert ("Лавар Могучий" if ru else "Lavar the Powerful") in t.ask("help")
        assert ("Голубая луна" if ru else "Blue Moon") in t.ask("rules")
        out = t.ask("no_lead")  # well formed, not open now: not a typo
        assert ("такого варианта сейчас нет" if ru else "is not an option now") in out
        out = t.ask("why 1")
        assert "[bluemoon.turn.booster_support]" in out
        assert "[bluemoon.icon.pair]" in t.ask("explain " + ("пара" if ru else "pair"))
        out = t.ask("Лонус Майтиус" if ru else "Lonus Mightius")
        assert ("нескольким вариантам" if ru else "fits several options") in out
        out = t.ask("decline")
        assert "[discard" in out
        assert ("Возвращено" if ru else "Taken back") in t.ask("back")
        assert ("Возвращать нечего" if ru else "Nothing to take back") in t.ask("back")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_boss(tmp_path: Path, lang: str) -> None:
    """boss.stack.timing.sorcery, boss.mech.hunger, boss.type.unit: a unit in another
    player's turn says why; a mechanic and a card explained; a unit played by its name;
    a declared attack taken back before the attackers are done."""
    ru = lang == "ru"
    with table(tmp_path, "boss", "--seed", "4", "--lang", lang) as t:
        assert ("Паровой молот" if ru else "Steam Hammer") in t.ask("help")
        assert ("ранение" if ru else "wound") in t.ask("rules")
        assert ("Возвращать нечего" if ru else "Nothing to take back") in t.ask("back")
        t.ask("keep")
        t.ask("slot")
        out = t.ask("why 1")
        assert "[boss.stack.timing.sorcery]" in out
        assert "[boss.mech.hunger]" in t.ask("explain " + ("голод" if ru else "hunger"))
        assert "[boss.type.unit]" in t.ask("explain 1")
        t.ask("pass")
        t.ask("Митсим-двойник" if ru else "mitsim doppel")
        t.ask("slot")
        t.ask("pass")
        t.ask("play reshape")
        out = t.ask("attack mitsim_doppel")
        assert "[done]" in out
        assert ("Возвращено" if ru else "Taken back") in t.ask("back")
        assert ("Возвращать нечего" if ru else "Nothing to take back") in t.ask("back")
