"""Help at the table: ``help``, ``rules``, ``explain``, ``why``, card names as input, and
telling an illegal move from a typo (docs/table.md).

Everything here is generic: a game supplies its glossary (``Game.glossary``), its hand as
numbered on its screen (``Game.hand_cards``), the reasons a card cannot be played
(``Game.why_not``) and, in its catalog, the sentence of each rule clause it cites
(``rule.<id>``), its commands' examples (``help_examples``) and a one-screen summary of
its turn (``help_rules``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cardtable.cli.render import game_text, t
from cardtable.core.game import Action, Game, game_package
from cardtable.core.help import Reason, Term, find_terms, normalize
from cardtable.core.i18n import LANGS, keys

QUOTED = re.compile(r"«([^»]+)»|“([^”]+)”")
PLAY_VERBS = frozenset({"play", "cast", "сыграть", "разыграть", "играть"})


def rule_sentence(game: Game, rule: str, lang: str, params: Mapping[str, Any]) -> str:
    """A rule clause's sentence from the game's catalog (``rule.<id>``); the bare id when
    the catalog has no sentence for it."""
    text = game_text(game, f"rule.{rule}", lang, **dict(params))
    return text if text is not None else rule


def rule_line(game: Game, rule: str, lang: str) -> Text:
    """'[clash.summon.available] Only the 4 leftmost cards …'."""
    line = Text(f"[{rule}] ", style="dim")
    line.append(rule_sentence(game, rule, lang, {}))
    return line


# --- help and rules ------------------------------------------------------------------------
def help_text(game: Game, lang: str) -> str:
    """The commands at the table, with the game's own examples."""
    examples = game_text(game, "help_examples", lang) or t("help_examples_none", lang)
    return t("help", lang, examples=examples, title=game.title.get(lang, game.id))


def rules_text(game: Game, lang: str) -> str:
    """The game's turn on one screen (its catalog's ``help_rules``)."""
    return game_text(game, "help_rules", lang) or t("no_rules_summary", lang)


# --- explain -------------------------------------------------------------------------------
def term_view(game: Game, term: Term, lang: str) -> RenderableType:
    """A term: its kind and name, what it does, and the rule clauses it applies."""
    kind = t(f"kind_{term.kind}", lang)
    head = Text(f"{term.title}", style="bold")
    head.append(f" ({kind})", style="dim")
    lines: list[RenderableType] = [head]
    if term.text:
        lines.append(Text(term.text))
    for rule in term.rules:
        lines.append(rule_line(game, rule, lang))
    return Group(*lines)


def explain(game: Game, state: Any, seat: int, query: str, lang: str) -> RenderableType:
    """``explain WHAT``: a card of the hand by its number, or any card, ability or
    keyword by its name in either language (any case, or an unambiguous beginning); an
    ambiguous name lists the candidates."""
    query = query.strip()
    if not query:
        return Text(t("explain_usage", lang), style="yellow")
    terms = game.glossary(lang)
    if query.isdigit():
        card = hand_card(game, state, seat, int(query))
        if card is None:
            return Text(no_hand_card(game, state, seat, int(query), lang), style="yellow")
        key = game.card_key(state, card)
        found = [x for x in terms if x.kind == "card" and x.key == key]
    else:
        found = find_terms(terms, query)
    if not found:
        return Text(t("explain_unknown", lang, text=query), style="yellow")
    if len(found) > 1:
        names = ", ".join(f"{x.title} ({t(f'kind_{x.kind}', lang)})" for x in found[:12])
        more = len(found) - 12
        text = t("explain_ambiguous", lang, text=query, names=names)
        if more > 0:
            text += " " + t("and_more", lang, n=more)
        return Text(text, style="yellow")
    return term_view(game, found[0], lang)


# --- why -------------------------------------------------------------------------------------
def hand_card(game: Game, state: Any, seat: int, n: int) -> int | None:
    """The N-th card of the seat's hand as its screen numbers them."""
    hand = game.hand_cards(state, seat)
    return hand[n - 1] if 1 <= n <= len(hand) else None


def no_hand_card(game: Game, state: Any, seat: int, n: int, lang: str) -> str:
    """'Your hand has no card 9 (1 to 6).'"""
    size = len(game.hand_cards(state, seat))
    if not size:
        return t("no_hand", lang)
    return t("no_hand_card", lang, n=n, size=size)


def card_names(game: Game, key: str) -> list[str]:
    """A card's names in every language, and its id."""
    return [game.card_title(key, lang) for lang in LANGS] + [key]


def named_hand_cards(game: Game, state: Any, seat: int, text: str) -> list[int]:
    """The cards of the seat's hand a name picks (exact names first, then beginnings);
    copies of one card count once."""
    wanted = normalize(text)
    if not wanted:
        return []
    exact: dict[str, int] = {}
    prefix: dict[str, int] = {}
    for card in game.hand_cards(state, seat):
        key = game.card_key(state, card)
        names = [normalize(n) for n in card_names(game, key)]
        if wanted in names:
            exact.setdefault(key, card)
        elif any(n.startswith(wanted) for n in names):
            prefix.setdefault(key, card)
    return list((exact or prefix).values())


def why(game: Game, state: Any, seat: int, arg: str, lang: str) -> RenderableType:
    """``why N`` (or ``why NAME``): why that card of the hand cannot be played now, each
    reason with its rule id and sentence; or that it can, and how."""
    arg = arg.strip()
    if not arg:
        return Text(t("why_usage", lang), style="yellow")
    if arg.isdigit():
        card = hand_card(game, state, seat, int(arg))
        if card is None:
            return Text(no_hand_card(game, state, seat, int(arg), lang), style="yellow")
    else:
        cards = named_hand_cards(game, state, seat, arg)
        if len(cards) != 1:
            key = "why_ambiguous" if cards else "why_not_in_hand"
            return Text(t(key, lang, text=arg), style="yellow")
        card = cards[0]
    return why_card(game, state, seat, card, lang)


def why_card(game: Game, state: Any, seat: int, card: int, lang: str) -> RenderableType:
    """The answer to ``why`` for one card of the hand."""
    name = game.card_title(game.card_key(state, card), lang)
    plays = game.playing(state, seat, card)
    if plays:
        legal = game.legal_actions(state)
        numbers = ", ".join(str(legal.index(a) + 1) for a in plays)
        return Text(t("why_playable", lang, card=name, options=numbers), style="green")
    reasons = game.why_not(state, seat, card)
    return reasons_view(game, name, reasons, lang)


def reasons_view(game: Game, name: str, reasons: list[Reason], lang: str) -> RenderableType:
    """'«X» cannot be played now:' and one line per reason."""
    if not reasons:
        return Text(t("why_unknown", lang, card=name), style="yellow")
    lines: list[RenderableType] = [Text(t("why_head", lang, card=name), style="bold")]
    for rule, params in reasons:
        lines.append(reason_line(game, rule, lang, params))
    return Group(*lines)


def reason_line(game: Game, rule: str, lang: str, params: Mapping[str, Any]) -> Text:
    """'[rule id] what it means for this card now (the clause).': the catalog's
    ``why.<id>`` with the reason's values, then the clause's ``rule.<id>``."""
    line = Text(f"[{rule}] ", style="dim")
    now = game_text(game, f"why.{rule}", lang, **dict(params))
    clause = rule_sentence(game, rule, lang, {})
    if now is not None:
        line.append(now + " ")
        line.append(f"({clause})", style="dim")
    else:
        line.append(clause)
    return line


# --- input: card names, illegal moves and typos ---------------------------------------------
@dataclass(frozen=True, slots=True)
class Reading:
    """What a line typed at the prompt means: an action, or a message to show."""

    action: Action | None = None
    message: RenderableType | None = None


def action_names(game: Game, state: Any, action: Action) -> set[str]:
    """The card names an action carries: the card it plays from the hand (any language)
    and every card its text quotes («…», “…”) in either language."""
    names: set[str] = set()
    key = game.played_card(state, action)
    if key is not None:
        names.update(normalize(n) for n in card_names(game, key))
    for lang in LANGS:
        for m in QUOTED.finditer(game.describe(action, lang, state)):
            names.add(normalize(m.group(1) or m.group(2)))
    return names


def actions_named(game: Game, state: Any, text: str) -> list[Action]:
    """The legal actions a card name picks (exact names first, then beginnings)."""
    wanted = normalize(text)
    if not wanted:
        return []
    exact: list[Action] = []
    prefix: list[Action] = []
    for action in game.legal_actions(state):
        names = action_names(game, state, action)
        if wanted in names:
            exact.append(action)
        elif any(n.startswith(wanted) for n in names):
            prefix.append(action)
    return exact or prefix


def read(game: Game, state: Any, seat: int, text: str, lang: str) -> Reading:
    """A line that is not an option's number or text: a card name picking one legal
    action; a card that cannot be played now (why not); several matches (which); or a
    typo (help)."""
    legal = game.legal_actions(state)
    words = text.split()
    if text.strip().isdigit():
        return Reading(message=typo(text, len(legal), lang))
    name = " ".join(words[1:]) if len(words) > 1 and words[0].lower() in PLAY_VERBS else text
    found = actions_named(game, state, name)
    if len(found) == 1:
        return Reading(action=found[0])
    if found:
        options = "; ".join(
            f"{legal.index(a) + 1}. {game.describe(a, lang, state)}" for a in found[:8]
        )
        message = t("input_ambiguous", lang, text=text, options=options)
        return Reading(message=Text(message, style="yellow"))
    cards = named_hand_cards(game, state, seat, name)
    if len(cards) == 1:
        card = cards[0]
        head = Text(t("input_illegal", lang, text=text), style="yellow")
        return Reading(message=Group(head, why_card(game, state, seat, card, lang)))
    verb = words[0].lower() if words else ""
    if verb and verb in action_verbs(game):
        shown = [game.action_text(state, a) for a in legal]
        same = [x for x in shown if x.split(" ", 1)[0] == verb] or shown
        options = ", ".join(same[:10])
        return Reading(message=Text(t("input_not_now", lang, text=text, options=options), "yellow"))
    return Reading(message=typo(text, len(legal), lang))


def action_verbs(game: Game) -> set[str]:
    """The first words of the game's action texts: every kind of action its catalog
    describes (``act_<kind>``), whether open now or not."""
    try:
        known = keys(game_package(game))
    except (FileNotFoundError, ModuleNotFoundError):
        return set()
    return {key[4:] for key in known if key.startswith("act_")}


def typo(text: str, n: int, lang: str) -> Text:
    """'I do not understand “…”: type a number from 1 to n, an option's text, or help.'"""
    return Text(t("bad_choice", lang, text=text, n=n), style="yellow")
