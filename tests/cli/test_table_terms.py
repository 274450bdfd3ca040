"""The data behind help at the table (docs/table.md; docs/architecture.md, "Help at the
table"): ``Game.why_not`` agrees with ``legal_actions`` card by card in every game, every
reason and every term cites a rule of the game's index with a sentence in both languages,
names are found in either language by prefix, and ``cards --explain`` adds the texts.

Rules: clash.summon.available, clash.summon.mana_limit, clash.fortress.health,
epic.champion.timing, epic.play.pay, bluemoon.turn.booster_support,
bluemoon.turn.character, boss.stack.timing.sorcery, boss.resource.pay (the reasons the
sampled states give).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.core import get_game
from cardtable.core.game import Game
from cardtable.core.help import Term, find_terms
from cardtable.core.i18n import tr
from cardtable.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["clash", "epic", "bluemoon", "boss"]
runner = CliRunner()


@cache
def indexed(game_id: str) -> frozenset[str]:
    """The rule ids of docs/rules/<game>.md."""
    text = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    return frozenset(re.findall(r"^\| `([a-z0-9_.]+)` \|", text, flags=re.M))


def sentence(game_id: str, rule: str, lang: str) -> str:
    return tr(f"cardtable.games.{game_id}", f"rule.{rule}", lang)


def states(game: Game, per_setup: int = 6) -> list[object]:
    """States along random games of every setup (a few decisions apart)."""
    out = []
    for k, setup in enumerate(game.conformance_setups()):
        state = game.new_game(setup, 100 + k)
        rng = Rng(k)
        step = 0
        while game.to_move(state) is not None and len(out) < per_setup * (k + 1):
            if step % 9 == 0:
                out.append(state.clone())
            options = game.legal_actions(state)
            game.apply_unchecked(state, options[rng.randbelow(len(options))])
            step += 1
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_why_not_agrees_with_the_legal_actions(game_id: str) -> None:
    """For every card of the deciding seat's hand: a reason exactly when no legal action
    plays it, each reason a rule of the game's index with its sentence in ru and en
    (clash.summon.available, epic.champion.timing, bluemoon.turn.booster_support,
    boss.stack.timing.sorcery and the rest)."""
    game = get_game(game_id)
    seen: set[str] = set()
    for state in states(game):
        seat = game.to_move(state)
        if seat is None:
            continue
        for card in game.hand_cards(state, seat):
            plays = game.playing(state, seat, card)
            reasons = game.why_not(state, seat, card)
            assert bool(plays) != bool(reasons), (game.card_key(state, card), plays, reasons)
            for rule, params in reasons:
                assert rule in indexed(game_id), rule
                for lang in ("ru", "en"):
                    assert sentence(game_id, rule, lang)
                    why = f"why.{rule}"
                    try:
                        tr(f"cardtable.games.{game_id}", why, lang, **dict(params))
                    except KeyError as exc:
                        assert why in str(exc)  # no sentence of its own: the clause is said
                seen.add(rule)
    assert seen, "no card without a reason in the sampled states"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_term_cites_indexed_rules(game_id: str) -> None:
    """Every card, ability and keyword ``explain`` knows cites rules of the index, each
    with a sentence in both languages; the two languages list the same terms."""
    game = get_game(game_id)
    ru, en = game.glossary("ru"), game.glossary("en")
    assert [(x.kind, x.key) for x in ru] == [(x.kind, x.key) for x in en]
    for term in ru:
        for rule in term.rules:
            assert rule in indexed(game_id), (term.key, rule)
            assert sentence(game_id, rule, "ru") and sentence(game_id, rule, "en")
    kinds = {x.kind for x in ru}
    assert "card" in kinds and kinds & {"ability", "keyword", "icon", "mechanic"}


def test_names_in_either_language_by_prefix() -> None:
    """clash.ability.cleave: a name is found in Russian or English, any case, by an
    unambiguous beginning; a beginning several names share lists them all."""
    terms = get_game("clash").glossary("ru")
    assert [x.key for x in find_terms(terms, "РАССЕЧЕНИЕ")] == ["cleave"]
    assert [x.key for x in find_terms(terms, "cleave")] == ["cleave"]
    assert [x.key for x in find_terms(terms, "рассеч")] == ["cleave"]
    assert [x.key for x in find_terms(terms, "spark imp")] == ["spark_imp"]
    several = find_terms(terms, "б")
    assert len(several) > 1 and all(isinstance(x, Term) for x in several)
    assert find_terms(terms, "нет такого") == []


@pytest.mark.parametrize(
    ("game_id", "lang", "shown"),
    [
        ("clash", "en", "[clash.ability.cleave]"),
        ("epic", "ru", "[epic.keyword.airborne]"),
        ("bluemoon", "en", "[bluemoon.icon.free]"),
        ("boss", "ru", "[boss.mech.hunger]"),
    ],
)
def test_cards_explain_adds_the_ability_texts(game_id: str, lang: str, shown: str) -> None:
    """``cardtable cards GAME --explain`` adds what each card's abilities and keywords do,
    with their rule ids (clash.ability.cleave, epic.keyword.airborne, bluemoon.icon.free,
    boss.mech.hunger); without it the table has no such column."""
    args = ["cards", game_id, "--lang", lang]
    if game_id == "clash":
        plain = runner.invoke(app, args, env={"COLUMNS": "3000"})
        assert plain.exit_code == 0, plain.output
        assert shown not in plain.output
    result = runner.invoke(app, [*args, "--explain"], env={"COLUMNS": "3000"})
    assert result.exit_code == 0, result.output
    assert shown in result.output
