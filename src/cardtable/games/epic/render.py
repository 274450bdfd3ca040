"""Epic in the terminal: the table as one seat sees it, card texts, the card list.

Everything a person sees is drawn from ``view.observation`` (their own hand in full, the
other hand as a count plus revealed cards, no deck order); the public parts of the state
(combat, who decides, what is resolving) come from the state itself. Card texts are
generated from the effect data in ``cards.py``, in the project's own words.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.core.help import Term
from cardtable.core.i18n import has, plural_index
from cardtable.core.layout import fitted
from cardtable.games.epic.cards import KEYWORDS
from cardtable.games.epic.records import (
    AbilityDef,
    CardDef,
    SelectorDef,
    StaticDef,
    StepDef,
    TalentCostDef,
)
from cardtable.games.epic.state import DRAFT, F_CARD, F_STEP, MULLIGAN, OVER, EpicState
from cardtable.games.epic.view import PKG, describe_continue, msg, seat_name

if TYPE_CHECKING:
    from cardtable.games.epic.game import EpicGame

SEAT_STYLES = ("cyan", "magenta")
FACTION_STYLES = {"good": "yellow", "wild": "green", "evil": "red", "sage": "blue"}
POS_KEYS = ("r_pos_prepared", "r_pos_expended", "r_pos_flipped")
DISCARD_SHOWN = 3


# --- card texts ----------------------------------------------------------------------------
# A card's text is generated from its data (cards.py) in the project's own words: every
# part of the vocabulary (docs/cards/epic.md) has its phrase in the game's catalog
# (locale/<lang>/LC_MESSAGES/messages.po). Russian phrases agree in case and number: a
# selector is rendered in one of the cases below, and its words (messages ``g_*``,
# ``sel_*``) hold their Russian forms as "|"-separated lists.
CASES = ("nom", "dat", "acc", "gen")
CHAMPION_OPS = frozenset(
    {
        "banish",
        "break",
        "return_to_hand",
        "modify",
        "counters",
        "expend",
        "prepare",
        "transform",
        "remove_from_battle",
        "gain_control",
        "join_combat",
        "break_at_end",
        "mark",
    }
)
DISCARD_WHENS = frozenset({"recalled", "leaves_discard", "to_discard"})
KEYWORD_WHENS = frozenset({"tribute", "loyalty", "leaves_play"})  # keep their capital
VOWELS = "aeiouAEIOU"


def faction_name(faction: str, lang: str) -> str:
    """'Добро' / 'Good'."""
    return msg(f"faction_{faction}", lang)


def keyword_names(mask: int, lang: str) -> list[str]:
    """The keywords of a bit mask, by name."""
    return [msg(f"kw_{k}", lang) for b, k in enumerate(KEYWORDS) if mask & (1 << b)]


def class_name(klass: str, lang: str) -> str:
    """'Человек' / 'Human' (the class id itself if no name is known)."""
    try:
        return msg(f"class_{klass}", lang)
    except KeyError:
        return klass


def _forms(key: str, lang: str) -> list[str]:
    return msg(key, lang).split("|")


def _word(key: str, lang: str, case: str = "nom", plural: bool = False) -> str:
    """One form of a selector word: Russian by case and number, English by number."""
    forms = _forms(key, lang)
    if len(forms) == 8:
        return forms[CASES.index(case) + (4 if plural else 0)]
    if len(forms) == 2:
        return forms[1 if plural else 0]
    return forms[0]


def _agreeing(n: int | None) -> int:
    """The number a counted word agrees with (None: a symbol such as X, read as 'many')."""
    return 5 if n is None else n


def _counted(key: str, text: str, n: int | None, lang: str) -> str:
    """'2 карты' / '2 cards': ``text`` and the counted word (a plural catalog entry)."""
    return f"{text} {msg(key, lang, n=_agreeing(n))}"


def _article(words: str) -> str:
    return ("an " if words[:1] in VOWELS else "a ") + words


def _join(parts: list[str]) -> str:
    return " ".join(p for p in parts if p).replace(" ,", ",")


def _quoted_keywords(kws: tuple[str, ...] | list[str], lang: str) -> str:
    names = [msg("change_keyword", lang, name=msg(f"kw_{k}", lang)) for k in kws]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + msg("g_and", lang) + names[-1]


def _champion_words(sel: SelectorDef, case: str, lang: str, tp_target: bool, up_to: bool) -> str:
    """A group of champions (``each``) or a champion target, with its filters."""
    target = sel.target is not None
    gcase = {"pl": "nom", "cnt": "gen"}.get(case, case)
    # a group: Russian "всех существ" (plural), English "every champion" / "all champions"
    plural = not (target or case == "dat" or (lang == "en" and case in ("acc", "gen")))
    if lang == "ru":
        return _ru_champions(sel, case, gcase, plural, tp_target, up_to)
    return _en_champions(sel, case, plural, tp_target, up_to)


def _ru_champions(
    sel: SelectorDef, case: str, gcase: str, plural: bool, tp_target: bool, up_to: bool
) -> str:
    lang = "ru"
    words: list[str] = []
    target = sel.target is not None
    if target and up_to:
        words += [msg("g_up_to", lang), _word("g_one", lang, gcase)]
    if not target and case != "cnt":
        if case == "dat":
            words.append(_word("g_each", lang, gcase, plural))
        elif sel.controller != "you" or case in ("acc", "gen"):
            words.append(_word("g_all", lang, gcase, plural))
    if sel.controller == "you":
        words.append(_word("g_your", lang, gcase, plural))
    if sel.other or sel.same_name or sel.distinct:
        words.append(_word("g_other", lang, gcase, plural))
    if sel.unmarked:
        words.append(_word("g_unmarked", lang, gcase, plural))
    if sel.combat is not None:
        words.append(_word(f"g_{sel.combat}", lang, gcase, plural))
    noun = "g_champion_target" if target and not sel.choice else "g_champion"
    words.append(_word(noun, lang, gcase, plural))
    if sel.faction:
        words.append(msg("g_faction", lang, faction=faction_name(sel.faction, lang)))
    if sel.controller == "opponent":
        words.append(_forms("g_of_opponent", lang)[0 if target else 1])
    elif sel.controller == "target_player":
        words.append(msg("g_of_target_player" if tp_target else "g_of_that_player", lang))
    words += _ru_filters(sel, lang)
    if sel.same_name:
        words.append(msg("g_same_name", lang))
    if sel.not_token:
        words.append(msg("g_not_token", lang))
    return _join(words)


def _ru_filters(sel: SelectorDef, lang: str) -> list[str]:
    out = []
    if sel.klass:
        out.append(msg("g_class", lang, klass=class_name(sel.klass, lang)))
    if sel.not_faction:
        out.append(msg("g_not_faction", lang, faction=faction_name(sel.not_faction, lang)))
    if sel.cost is not None:
        out.append(msg("g_cost", lang, n=sel.cost))
    if sel.max_offense is not None:
        out.append(msg("g_max_offense", lang, n=sel.max_offense))
    if sel.max_defense is not None:
        out.append(msg("g_max_defense", lang, n=sel.max_defense))
    return out


def _en_champions(sel: SelectorDef, case: str, plural: bool, tp_target: bool, up_to: bool) -> str:
    lang = "en"
    target = sel.target is not None
    owner = sel.controller
    adjectives: list[str] = []
    if sel.other or sel.same_name:
        adjectives.append(_forms("g_other", lang)[0])
    if sel.combat in ("attacking", "blocking", "idle"):
        adjectives.append(_word(f"g_{sel.combat}", lang))
    if sel.not_token:
        adjectives.append(msg("g_not_token", lang))
    if owner == "opponent":
        adjectives.append(_forms("g_of_opponent", lang)[0])
    if sel.faction:
        adjectives.append(msg("g_faction", lang, faction=faction_name(sel.faction, lang)))
    if sel.not_faction:
        adjectives.append(msg("g_not_faction", lang, faction=faction_name(sel.not_faction, lang)))
    if sel.klass:
        adjectives.append(msg("g_class", lang, klass=class_name(sel.klass, lang)))
    after: list[str] = []
    own_det = owner == "you" and plural
    if owner == "you" and not own_det:
        after.append(msg("g_of_yours", lang))
    elif owner == "target_player":
        after.append(msg("g_of_target_player" if tp_target else "g_of_that_player", lang))
    if sel.combat == "attacking_alone":
        after.append(_word("g_attacking_alone", lang))
    if sel.combat == "idle":
        after.append(msg("g_idle_post", lang))
    if sel.unmarked:
        after.append(_word("g_unmarked", lang))
    if sel.same_name:
        after.append(msg("g_same_name", lang))
    if sel.cost is not None:
        after.append(msg("g_cost", lang, n=sel.cost))
    if sel.max_offense is not None:
        after.append(msg("g_max_offense", lang, n=sel.max_offense))
    if sel.max_defense is not None:
        after.append(msg("g_max_defense", lang, n=sel.max_defense))
    noun = _word("g_champion", lang, plural=plural)
    head = " ".join([*adjectives, noun])
    if target:
        if not sel.choice:
            head = f"{msg('g_target_word', lang)} {head}"
        if sel.distinct:  # "another target champion", "up to one other target champion"
            head = f"{_forms('g_other_m', lang)[1 if up_to else 0]} {head}"
        elif sel.choice and not up_to:
            head = _article(head)
        if up_to:
            head = f"{msg('g_up_to', lang)} {_word('g_one', lang)} {head}"
    elif not plural:
        head = f"{_forms('g_each', lang)[0 if case == 'dat' else 1]} {head}"
    elif own_det:
        head = f"{_word('g_your', lang)} {head}"
    elif owner == "any" and case not in ("cnt",):
        head = f"{_word('g_all', lang)} {head}"
    return _join([head, *after])


def _pile(sel: SelectorDef, where: str, lang: str) -> str:
    return msg(f"g_pile_{where}_{sel.controller}", lang)


def _card_words(
    sel: SelectorDef, case: str, lang: str, count: str | None = None, n: int | None = None
) -> str:
    """A card out of play (discard pile or hand); ``count``: 'X cards', counted."""
    plural = case == "cnt" or count is not None
    where = "in" if case == "cnt" else "from"
    place = msg(f"g_{where}_hand", lang) if sel.target == "hand_card" else _pile(sel, where, lang)
    broken = _forms("g_broken_this_turn", lang)[1 if plural else 0] if sel.broken_this_turn else ""
    kind = f"g_card_{sel.card_type}" if sel.card_type else ""
    if lang == "ru":
        if count is not None:
            noun = _counted("n_card", count, n, lang)
            one = plural_index(PKG, lang, _agreeing(n)) == 0
            of_kind = _forms(kind, lang)[0 if one else 1] if kind else ""
        else:
            gcase = {"cnt": "gen", "pl": "nom"}.get(case, case)
            noun = _word("g_card", lang, gcase, plural)
            of_kind = _forms(kind, lang)[1 if plural else 0] if kind else ""
        words = [noun, of_kind]
        if sel.faction:
            words.append(msg("g_faction", lang, faction=faction_name(sel.faction, lang)))
        if sel.cost is not None:
            words.append(msg("g_cost", lang, n=sel.cost))
        return _join([*words, broken, place])
    head = [msg("g_faction", lang, faction=faction_name(sel.faction, lang))] if sel.faction else []
    if kind:
        head.append(_word(kind, lang))
    head.append(_word("g_card", lang, plural=plural))
    words = [" ".join(head)]
    if sel.cost is not None:
        words.append(msg("g_cost", lang, n=sel.cost))
    phrase = _join([*words, place, broken])
    if count is not None:
        return f"{count} {phrase}"
    return phrase if plural else _article(phrase)


def _any_target(sel: SelectorDef, case: str, lang: str, up_to: bool) -> str:
    gcase = {"pl": "nom", "cnt": "gen"}.get(case, case)
    if lang == "en":
        words = [msg("g_up_to", lang), _word("g_one", lang)] if up_to else []
        if sel.distinct:
            words.append(_forms("g_other_f", lang)[1 if up_to else 0])
        elif not up_to:
            words.append(_word("g_any_f", lang))
        return " ".join([*words, _word("g_target", lang)])
    words = [msg("g_up_to", lang), _word("g_one_f", lang, gcase)] if up_to else []
    if sel.distinct:
        words.append(_word("g_other_f", lang, gcase))
    elif not up_to:
        words.append(_word("g_any_f", lang, gcase))
    return " ".join([*words, _word("g_target", lang, gcase)])


def _player_target(sel: SelectorDef, case: str, lang: str, up_to: bool) -> str:
    gcase = {"pl": "nom", "cnt": "gen"}.get(case, case)
    noun = "g_opponent_target" if sel.controller == "opponent" else "g_player_target"
    words = []
    if up_to:
        words += [msg("g_up_to", lang), _word("g_one_m", lang, gcase)]
    if sel.distinct:
        words.append(
            _forms("g_other_m", lang)[1 if up_to else 0]
            if lang == "en"
            else _word("g_other_m", lang, gcase)
        )
    return " ".join([*words, _word(noun, lang, gcase)])


def selector_text(
    sel: SelectorDef, case: str, lang: str, *, up_to: bool = False, tp_target: bool = False
) -> str:
    """Who or what a selector names, in a case: nom (who does), dat (to whom), acc (whom),
    gen (whose), pl (a group, plural: statics) or cnt (counted: "the number of …").

    ``up_to``: the target may be left unchosen ("up to one target"); ``tp_target``: the
    player of "that player's champions" is the step's target player, not named apart."""
    fixed = {
        "self": sel.this,
        "it": sel.it,
        "them": sel.them,
        "you": sel.you,
        "turn_player": sel.turn_player,
        "its_controller": sel.its_controller,
    }
    for name, on in fixed.items():
        if on:
            return _word(
                f"sel_{name}", lang, {"pl": "nom", "cnt": "gen"}.get(case, case), case == "cnt"
            )
    if sel.each == "player":
        key = {"opponent": "sel_each_opp_player", "target_player": "sel_that_player"}.get(
            sel.controller, "sel_each_player"
        )
        return _word(key, lang, {"pl": "nom", "cnt": "gen"}.get(case, case), case == "cnt")
    if sel.target in ("discard_card", "hand_card"):
        return _card_words(sel, case, lang)
    if sel.target == "any":
        return _any_target(sel, case, lang, up_to)
    if sel.target == "player":
        return _player_target(sel, case, lang, up_to)
    return _champion_words(sel, case, lang, tp_target, up_to)


def _targets(step: StepDef, case: str, lang: str) -> str:
    """The step's selectors joined: "target player and each of that player's champions".
    For ops that act on champions only, "target player" just names whose champions."""
    sels = list(step.to)
    tp_target = False
    if (
        step.op in CHAMPION_OPS
        and any(s.target == "player" for s in sels)
        and any(s.controller == "target_player" and s.each == "champion" for s in sels)
    ):
        sels = [s for s in sels if s.target != "player"]
        tp_target = True
    texts = [selector_text(s, case, lang, up_to=step.up_to, tp_target=tp_target) for s in sels]
    return msg("g_and", lang).join(texts)


def _signed(n: int) -> str:
    """'+2', '−3' (a true minus sign, as printed)."""
    return f"{n:+d}".replace("-", "\u2212")


def _change(offense: int, defense: int, kws: tuple[str, ...], lang: str) -> str:
    parts = []
    if offense and defense:
        parts.append(f"{_signed(offense)}/{_signed(defense)}")
    elif offense:
        parts.append(msg("change_offense", lang, n=_signed(offense)))
    elif defense:
        parts.append(msg("change_defense", lang, n=_signed(defense)))
    if kws:
        parts.append(_quoted_keywords(kws, lang))
    return msg("g_and", lang).join(parts) or "+0"


def _only_you(step: StepDef) -> bool:
    return not step.to or all(s.you for s in step.to)


def _many(step: StepDef) -> bool:
    """Whether a step acts on a group (plural verbs): each, 'them', or several selectors."""
    return len(step.to) > 1 or any(s.each is not None or s.them for s in step.to)


def _amount(step: StepDef) -> tuple[str, int | None]:
    """The step's number as text ('3', 'X', 'X+1', 'N') and its value when it is fixed."""
    if step.add is None:
        return str(step.amount), step.amount
    sym = "X" if step.add == "x" else "N"
    return (f"{sym}+{step.amount}" if step.amount else sym), None


def _subject(text: str) -> str:
    """A subject ending in a clause ('игрок, чей сейчас ход') is closed by a comma."""
    return text + "," if "," in text else text


def _token_words(kind: str, n: int | None, lang: str, article: bool = False) -> str:
    key = f"token_{kind}"
    if not has(PKG, key, lang):
        return kind
    word = msg(key, lang, n=_agreeing(n))
    return _article(word) if article and lang == "en" else word


def _op_text(step: StepDef, lang: str) -> tuple[str, dict[str, Any]]:
    """The message key of a step's sentence and its arguments."""
    op = step.op
    n_text, n = _amount(step)
    if op == "damage":
        return "op_damage", {"n": _agreeing(n), "amount": n_text, "to": _targets(step, "dat", lang)}
    if op in ("draw", "discard", "gain_health", "lose_health", "tokens", "discard_at_end"):
        if op == "tokens":
            what = {"tokens": f"{n_text} {_token_words(step.kind or '', n, lang)}"}
        elif op in ("gain_health", "lose_health"):
            what = {"health": _counted("n_health", n_text, n, lang)}
        else:
            what = {"cards": _counted("n_card", n_text, n, lang)}
        if _only_you(step):
            return f"op_{op}_you", what
        return f"op_{op}", {**what, "to": _subject(_targets(step, "nom", lang))}
    if op in ("return_to_hand", "remove_from_battle"):
        key = f"op_{op}_many" if _many(step) else f"op_{op}"
        return key, {"to": _targets(step, "acc", lang)}
    if op == "modify":
        change = _change(step.offense, step.defense, step.keywords, lang)
        key = "op_modify_many" if _many(step) else "op_modify"
        return key, {"to": _targets(step, "nom", lang), "change": change}
    if op == "counters":
        counters = _counted("n_counter", n_text, n, lang)
        return "op_counters", {"counters": counters, "to": _targets(step, "acc", lang)}
    if op == "transform":
        token = _token_words(step.kind or "", 2 if _many(step) else 1, lang, not _many(step))
        return "op_transform", {"to": _targets(step, "acc", lang), "token": token}
    if op == "from_discard":
        if step.into == "play":
            return "op_from_discard_play", {"to": _targets(step, "acc", lang)}
        yours = all(s.controller == "you" for s in step.to)
        key = "op_from_discard_hand" if yours else "op_from_discard_hand_owner"
        return key, {"to": _targets(step, "acc", lang)}
    if op == "recall_self":
        return f"op_recall_self_{step.into or 'hand'}", {}
    if op == "banish_pile":
        if _only_you(step):
            return "op_banish_pile_you", {}
        return "op_banish_pile", {"to": _targets(step, "gen", lang)}
    if op == "gain_control":
        key = "op_gain_control_eot" if step.until_eot else "op_gain_control"
        return key, {"to": _targets(step, "acc", lang)}
    if op == "join_combat":
        airborne = msg("kw_airborne", lang)
        return "op_join_combat", {"to": _targets(step, "acc", lang), "airborne": airborne}
    if op == "mark":
        if step.chooser == "each":
            return "op_mark_each", {}
        if step.chooser == "opponent" and all(s.controller == "opponent" for s in step.to):
            return "op_mark_opponent_own", {}
        return "op_mark", {"to": _targets(step, "acc", lang)}
    if op == "divide":
        kind = next((s.target for s in step.to if s.target in ("champion", "player")), "any")
        return "op_divide", {
            "n": step.amount * step.times,
            "each": step.amount,
            "among": msg(f"g_among_{kind}", lang),
        }
    if op == "choose_x":
        return "op_choose_x", {"to": _targets(step, "cnt", lang)}
    if op in ("forbid_attacks", "recycle", "reanimate_all"):
        return f"op_{op}", {}
    # banish, break, expend, prepare, from_hand, break_at_end
    return f"op_{op}", {"to": _targets(step, "acc", lang)}


def _counted_cards(step: StepDef, lang: str) -> str | None:
    """'X карт «Зло» из вашего сброса': a repeated step on one card target, counted."""
    if len(step.to) != 1 or step.to[0].target not in ("discard_card", "hand_card"):
        return None
    if step.times_x:
        return _card_words(step.to[0], "acc", lang, count="X", n=None)
    return _card_words(step.to[0], "acc", lang, count=str(step.times), n=step.times)


def step_text(game: EpicGame, step: StepDef, lang: str, card: CardDef | None = None) -> str:
    """One sentence of a card, with its conditions ("if you do", "on your turn", Frenzy).

    ``card``: the card the step belongs to (its faction, for "if you played a cost-1 card
    of this card's faction"). ``game`` is kept for callers; the words are all messages."""
    return _conditioned(_step_core(step, lang), step, lang, card)


def plain_step_text(step: StepDef, lang: str) -> str:
    """A step's sentence as an order, without "you may" and its conditions (what a "yes"
    to a "may" decision does)."""
    return _step_core(replace(step, may=False), lang)


def _step_core(step: StepDef, lang: str) -> str:
    """A step's sentence without its conditions."""
    key, args = _op_text(step, lang)
    repeated = step.op != "divide" and (step.times_x or step.times > 1)
    counted = _counted_cards(step, lang) if repeated else None
    if counted is not None:
        args["to"] = counted
    if step.may:
        try:
            text = msg(f"{key}_may", lang, **args)
        except KeyError:
            text = msg("op_may", lang, text=msg(key, lang, **args))
    else:
        text = msg(key, lang, **args)
    if repeated and counted is None:
        n = None if step.times_x else step.times
        times = _counted("n_times", "X" if step.times_x else str(step.times), n, lang)
        text = msg("op_times", lang, text=text, times=times)
    if step.chooser == "opponent" and key != "op_mark_opponent_own":
        text = msg("op_chooser_opponent", lang, text=text)
    if step.add in ("it_offense", "damage_taken"):
        text = msg(f"add_{step.add}", lang, text=text)
    elif step.add == "discard_champions":
        key = "add_discard_champions_you" if _only_you(step) else "add_discard_champions"
        text = msg(key, lang, text=text)
    return text


def _conditioned(text: str, step: StepDef, lang: str, card: CardDef | None) -> str:
    """A sentence under its step's conditions: "if you do", "if it is your turn", Frenzy."""
    if step.cond is not None:
        faction = faction_name(card.faction, lang) if card is not None else ""
        text = msg(f"cond_{step.cond}", lang, text=text, faction=faction)
    if step.your_turn:
        text = msg("cond_your_turn", lang, text=text)
    if step.their_turn:
        text = msg("cond_their_turn", lang, text=text)
    if step.frenzy:
        text = msg("cond_frenzy", lang, text=text)
    return text


def _conditions(step: StepDef) -> tuple[Any, ...]:
    return (step.cond, step.your_turn, step.their_turn, step.frenzy)


def _sentences(steps: tuple[StepDef, ...], lang: str, card: CardDef | None) -> str:
    """The steps of one ability, talent or mode. Consecutive steps under the same
    conditions share them: "if it is your turn, A, then B"."""
    out: list[str] = []
    k = 0
    while k < len(steps):
        run = [steps[k]]
        if any(_conditions(steps[k])):
            while k + len(run) < len(steps) and _conditions(steps[k + len(run)]) == _conditions(
                steps[k]
            ):
                run.append(steps[k + len(run)])
        k += len(run)
        bare = [_step_core(s, lang) for s in run]
        out.append(_conditioned(msg("steps_then", lang).join(bare), run[0], lang, card))
    return "; ".join(out)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _when(ab: AbilityDef, lang: str) -> str:
    """What fires an ability: 'Клич', 'Верность 2', 'Союзное свойство «Добро»', …"""
    if ab.when == "ally":
        if ab.faction is None:
            return msg("when_ally_any", lang)
        return msg("when_ally", lang, faction=faction_name(ab.faction, lang))
    if ab.when == "loyalty":
        return msg("when_loyalty", lang, n=ab.n)
    return msg(f"when_{ab.when}", lang)


def _next_when(first: str, text: str, when: str) -> str:
    """A further condition after 'or': the words it shares with the first are left out
    ("When this champion attacks or blocks"); a keyword keeps its capital."""
    a, b = first.split(" "), text.split(" ")
    same = 0
    while same < min(len(a), len(b)) - 1 and a[same] == b[same]:
        same += 1
    if same >= 2:
        return " ".join(b[same:])
    return text if when in KEYWORD_WHENS else text[:1].lower() + text[1:]


def _same_effect(a: AbilityDef, b: AbilityDef) -> bool:
    """Two abilities printed as one ("Tribute or Ally (Good): …"; "… and/or …")."""
    return a.steps == b.steps and a.zone == b.zone and a.and_or == b.and_or


def _abilities(d: CardDef, abilities: list[AbilityDef], lang: str) -> list[str]:
    """Triggered abilities, one part each; an 'and/or' run with the same effect is one."""
    parts: list[str] = []
    k = 0
    while k < len(abilities):
        ab = abilities[k]
        group = [ab]
        while k + len(group) < len(abilities) and _same_effect(ab, abilities[k + len(group)]):
            group.append(abilities[k + len(group)])
        k += len(group)
        joint = msg("when_and_or" if ab.and_or else "when_or", lang)
        when = _when(ab, lang)
        for a in group[1:]:
            when += joint + _next_when(_when(ab, lang), _when(a, lang), a.when)
        if ab.zone == "discard" and not all(a.when in DISCARD_WHENS for a in group):
            when = msg("when_in_discard", lang, when=when)
        text = _sentences(ab.steps, lang, d)
        parts.append(_capital(msg("ability", lang, when=when, text=text)))
    return parts


def _talent_cost(cost: TalentCostDef, lang: str) -> str:
    parts = []
    if cost.expend:
        parts.append(msg("cost_expend", lang))
    if cost.gold:
        parts.append(msg("cost_gold", lang, n=cost.gold))
    if cost.counter:
        counters = _counted("n_counter", str(cost.counter), cost.counter, lang)
        parts.append(msg("cost_counter", lang, counters=counters))
    if cost.break_self:
        parts.append(msg("cost_break_self", lang))
    return ", ".join(parts) or msg("cost_none", lang)


def _static_text(st: StaticDef, lang: str) -> str:
    one = st.to.this or st.to.it or (st.to.target is not None)
    number = "one" if one else "many"
    to = selector_text(st.to, "nom" if one else "pl", lang)
    if st.offense or st.defense or st.keywords:
        text = msg(
            f"static_{number}",
            lang,
            to=to,
            change=_change(st.offense, st.defense, st.keywords, lang),
        )
        if st.faction:
            faction = faction_name(st.faction, lang)
            text = msg(f"static_also_{number}", lang, text=text, faction=faction)
    else:
        faction = faction_name(st.faction, lang) if st.faction else ""
        text = msg(f"static_faction_{number}", lang, to=to, faction=faction)
    if st.your_turn:
        text = msg("static_your_turn", lang, text=text)
    return _capital(text)


def _flags(d: CardDef, lang: str) -> list[str]:
    out = []
    if d.ambush_for:
        faction = faction_name(d.ambush_for, lang)
        out.append(msg("flag_ambush_for", lang, faction=faction, ambush=msg("kw_ambush", lang)))
    for flag in ("must_attack", "must_be_blocked", "guards_when_expended", "deadly"):
        if getattr(d, flag):
            out.append(msg(f"flag_{flag}", lang))
    return out


def _modes(d: CardDef, lang: str) -> str:
    texts = []
    for mode in d.modes:
        text = _sentences(mode.steps, lang, d)
        prefix = []
        if mode.gold:
            prefix.append(msg("mode_gold", lang, n=mode.gold))
        if mode.your_turn:
            prefix.append(msg("mode_your_turn", lang))
        if prefix:
            text = msg("mode_with", lang, prefix=", ".join(prefix), text=text)
        texts.append(text)
    if len(texts) == 1:
        return _capital(texts[0])
    return msg("modes_choose", lang, modes=msg("modes_or", lang).join(texts))


def _recall(d: CardDef, lang: str) -> str:
    """Recall, with its cost like a talent's: 'Воззвание — заплатите 1 золото: …'."""
    cost = msg("cost_gold", lang, n=d.recall_gold) if d.recall_gold else msg("cost_none", lang)
    return msg(f"recall_{d.recall}", lang, cost=cost)


def card_text(game: EpicGame, d: CardDef, lang: str) -> str:
    """What a card does, in words, generated from its data: keywords, the card's own rules
    (must attack, …), statics, an event's modes, triggered abilities, talents, the text
    that works from the discard pile, and recall (epic.card.text)."""
    parts: list[str] = []
    kws = keyword_names(d.keywords, lang)
    if kws:
        parts.append(", ".join(kws))
    frenzy = keyword_names(d.frenzy_keywords, lang)
    if frenzy:
        parts.append(msg("frenzy_keywords", lang, names=", ".join(frenzy)))
    parts += _flags(d, lang)
    parts += [_static_text(st, lang) for st in d.statics]
    if d.modes:
        parts.append(_modes(d, lang))
    parts += _abilities(d, [a for a in d.abilities if a.zone != "discard"], lang)
    for t in d.talents:
        text = _sentences(t.steps, lang, d)
        parts.append(msg("talent", lang, cost=_talent_cost(t.cost, lang), text=text))
    parts += _abilities(d, [a for a in d.abilities if a.zone == "discard"], lang)
    if d.recall:
        parts.append(_recall(d, lang))
    if not parts:
        parts.append(msg("token_rule" if d.type == "token" else "no_text", lang))
    return ". ".join(parts) + "."


# --- the card set (`cardtable cards epic`) -------------------------------------------------
def _sorted_cards(game: EpicGame) -> list[CardDef]:
    order = {"duel2023": 0, "base2015": 1, "token": 2}
    cards = list(game.db.cards.values())
    return sorted(cards, key=lambda c: order.get(c.edition, 9))  # stable: file order inside


def card_list(game: EpicGame) -> list[dict[str, Any]]:
    """Every card as plain data, with its text in both languages."""
    out = []
    for d in _sorted_cards(game):
        champion = d.is_champion
        out.append(
            {
                "id": d.id,
                "name": {"ru": d.name_ru, "en": d.name_en},
                "edition": d.edition,
                "faction": d.faction,
                "type": d.type,
                "cost": d.cost,
                "offense": d.offense if champion else None,
                "defense": d.defense if champion else None,
                "classes": list(d.classes),
                "keywords": [k for b, k in enumerate(KEYWORDS) if d.keywords & (1 << b)],
                "text": {"ru": card_text(game, d, "ru"), "en": card_text(game, d, "en")},
            }
        )
    return out


def card_table(game: EpicGame, lang: str, explain: bool = False) -> Table:
    """The card set as a table; ``explain`` adds what its keywords do, with rule ids."""
    table = Table(title=msg("r_cards_title", lang, title=game.title[lang]))
    for key in (
        "r_col_card",
        "r_col_faction",
        "r_col_type",
        "r_col_cost",
        "r_col_stats",
        "r_col_classes",
        "r_col_text",
        "r_col_edition",
    ):
        table.add_column(msg(key, lang))
    if explain:
        table.add_column(msg("r_col_explained", lang))
    for d in _sorted_cards(game):
        extra = [Text("\n".join(keyword_lines(d, lang)))] if explain else []
        table.add_row(
            Text(d.name(lang), style="bold"),
            Text(faction_name(d.faction, lang), style=FACTION_STYLES.get(d.faction, "")),
            msg(f"type_{d.type}", lang),
            str(d.cost),
            f"{d.offense}/{d.defense}" if d.is_champion else "",
            ", ".join(class_name(c, lang) for c in d.classes),
            Text(card_text(game, d, lang)),
            msg(f"edition_{d.edition}", lang),
            *extra,
        )
    return table


# --- help at the table (`explain`, core.help) -----------------------------------------------
KEYWORD_RULES = {
    "airborne": "epic.keyword.airborne",
    "ambush": "epic.keyword.ambush",
    "blitz": "epic.keyword.blitz",
    "breakthrough": "epic.keyword.breakthrough",
    "righteous": "epic.keyword.righteous",
    "unbreakable": "epic.keyword.unbreakable",
    "untargetable": "epic.keyword.untargetable",
    "unbanishable": "epic.keyword.unbanishable",
}
# Words of card texts that are keywords too (triggers, costs, zones): term id -> rule id.
TEXT_TERMS = {
    "tribute": "epic.keyword.tribute",
    "loyalty": "epic.keyword.loyalty",
    "ally": "epic.keyword.ally",
    "leaves_play": "epic.keyword.leaves_play",
    "frenzy": "epic.keyword.frenzy",
    "recall": "epic.keyword.recall",
    "recycle": "epic.keyword.recycle",
    "transform": "epic.keyword.transform",
    "talent": "epic.talent",
    "expend": "epic.talent.expend",
    "arriving": "epic.arriving",
    "initiative": "epic.initiative",
    "gold": "epic.gold.pay",
    "banish": "epic.banish",
    "break": "epic.break",
}


def card_rules(d: CardDef) -> list[str]:
    """The rule ids of a card's keywords and of the keywords its text uses."""
    out = [
        KEYWORD_RULES[k]
        for b, k in enumerate(KEYWORDS)
        if d.keywords & (1 << b) and k in KEYWORD_RULES
    ]
    whens = {a.when for a in d.abilities}
    for when in ("tribute", "loyalty", "ally", "leaves_play"):
        if when in whens:
            out.append(TEXT_TERMS[when])
    if d.frenzy_keywords:
        out.append(TEXT_TERMS["frenzy"])
    if d.talents:
        out.append(TEXT_TERMS["talent"])
    if d.recall:
        out.append(TEXT_TERMS["recall"])
    return out


def keyword_lines(d: CardDef, lang: str) -> list[str]:
    """'Полёт — only champions with Полёт can block it [epic.keyword.airborne]' per keyword."""
    lines = []
    for rule in card_rules(d):
        lines.append(f"{msg('rule.' + rule, lang)} [{rule}]")
    return lines


def card_head(d: CardDef, lang: str) -> str:
    """'Champion, Good, cost 1, 5/5, Human.'"""
    parts = [msg(f"type_{d.type}", lang), faction_name(d.faction, lang)]
    parts.append(msg("x_cost", lang, cost=d.cost))
    if d.is_champion:
        parts.append(f"{d.offense}/{d.defense}")
    parts += [class_name(c, lang) for c in d.classes]
    return ", ".join(parts) + "."


def glossary(game: EpicGame, lang: str) -> list[Term]:
    """Every card (its text generated from its data) and keyword, for ``explain``."""
    other = "en" if lang == "ru" else "ru"
    out: list[Term] = []
    for k, rule in KEYWORD_RULES.items():
        out.append(Term("keyword", k, msg(f"kw_{k}", lang), "", (msg(f"kw_{k}", other),), (rule,)))
    for k, rule in TEXT_TERMS.items():
        names = tuple(n.strip() for x in ("ru", "en") for n in msg(f"term_{k}", x).split(","))
        title = msg(f"term_{k}", lang).split(",")[0]
        out.append(Term("keyword", k, title, "", names, (rule,)))
    for d in _sorted_cards(game):
        text = card_head(d, lang) + "\n" + card_text(game, d, lang)
        out.append(Term("card", d.id, d.name(lang), text, (d.name(other),), tuple(card_rules(d))))
    return out


# --- what others see of a move ----------------------------------------------------------------
def describe_seen(
    game: EpicGame, st: EpicState, action: tuple[Any, ...], seat: int, lang: str
) -> str:
    """An action of ``seat`` as the other players see it: which card goes back in a
    mulligan is hidden; everything else is public."""
    if action[0] == "mull":
        return msg("r_act_mull_hidden", lang)
    if action[0] in ("pick", "cut"):  # draft picks are face down
        return msg(f"r_act_{action[0]}_hidden", lang)
    return game.describe(action, lang, st)


# --- the screen ----------------------------------------------------------------------------
def _seat(seat: int, lang: str, viewer: int | None = None) -> Text:
    name = seat_name(seat, lang)
    if viewer is not None and seat == viewer:
        name += f" ({msg('r_you', lang)})"
    return Text(name, style=f"bold {SEAT_STYLES[seat % len(SEAT_STYLES)]}")


def quoted(name: str, lang: str) -> str:
    """A card name in the quotes of ``lang``: «…» / “…”."""
    return msg("r_quoted", lang, name=name)


def _name_of(game: EpicGame, st: EpicState, card_id: str, lang: str) -> str:
    d = game.dbs(st).cards.get(card_id)
    return d.name(lang) if d else card_id


def header(game: EpicGame, st: EpicState, obs: dict[str, Any], lang: str) -> RenderableType:
    """Turn, whose turn, window, initiative and who decides now."""
    title = game.title[lang]
    if st.phase == OVER:
        head = Text(msg("r_header_over", lang, title=title, turn=st.turn), style="bold")
        winners = obs.get("winners", [])
        reason = st.reason
        with contextlib.suppress(KeyError):
            reason = msg(f"reason_{reason}", lang)
        if winners:
            names = ", ".join(seat_name(s, lang) for s in winners)
            line = msg("r_outcome_win", lang, seat=names, reason=reason)
        else:
            line = msg("r_outcome_draw", lang, reason=reason)
        return Group(head, Text(line, style="bold green"))
    if st.phase == MULLIGAN:
        head = Text(
            msg("r_header_mulligan", lang, title=title, seat=seat_name(st.first, lang)),
            style="bold",
        )
    else:
        shown = st.window
        if st.pending[:1] == ("continue",) and st.pending[2] == "turn":
            shown = ""  # a turn's stop: its start phase (the last turn's window is left)
        try:
            window = msg(f"r_window_{shown}", lang)
        except KeyError:
            window = shown
        head = Text(
            msg(
                "r_header",
                lang,
                title=title,
                turn=st.turn,
                seat=seat_name(st.active, lang),
                window=window,
            ),
            style="bold",
        )
    lines: list[RenderableType] = [head]
    if st.phase != MULLIGAN:
        init = obs["initiative"]
        lines.append(
            Text(
                msg("r_initiative", lang, seat=seat_name(init, lang))
                if init is not None and init >= 0
                else msg("r_initiative_none", lang)
            )
        )
    if st.pending and st.pending[0] == "continue":  # a step-mode stop (engine.step)
        lines.append(
            Text(msg("r_step_pending", lang, next=describe_continue(st, lang)), style="bold")
        )
    elif st.pending:
        kind, who = st.pending[0], int(st.pending[1])
        key = f"r_pending_{kind}"
        if kind == "act" and not (st.window == "main" and who == st.active):
            key = "r_pending_act_window"
        elif kind == "may" and st.stack and st.stack[-1][F_STEP] == -1:
            key = "r_pending_loyalty"  # the frame stands before its first step
        what = msg(key, lang)
        lines.append(Text(msg("r_pending", lang, seat=seat_name(who, lang), what=what)))
    return Group(*lines)


def players_lines(obs: dict[str, Any], viewer: int | None, lang: str) -> RenderableType:
    """Health, gold, hand, deck and discard counts of both players."""
    lines = []
    for s in range(len(obs["health"])):
        line = _seat(s, lang, viewer)
        line.append(
            ": "
            + msg(
                "r_player",
                lang,
                health=obs["health"][s],
                gold=msg("r_gold_yes" if obs["gold"][s] else "r_gold_no", lang),
                hand=obs["hand_sizes"][s],
                deck=obs["deck_sizes"][s],
                discard=len(obs["discards"][s]),
            )
        )
        lines.append(line)
    return Group(*lines)


def play_area(
    game: EpicGame,
    st: EpicState,
    obs: dict[str, Any],
    s: int,
    viewer: int | None,
    lang: str,
    compact: bool = False,
) -> RenderableType:
    """One player's champions in play."""
    row = obs["play"][s]
    who = seat_name(s, lang) + (f", {msg('r_you', lang)}" if s == viewer else "")
    if not row:
        return Text(msg("r_area_empty", lang, seat=who), style="dim")
    table = Table(
        title=msg("r_area", lang, seat=who),
        title_justify="left",
        title_style=f"bold {SEAT_STYLES[s % len(SEAT_STYLES)]}",
    )
    keys = ["r_col_num", "r_col_card", "r_col_stats", "r_col_position", "r_col_keywords"]
    keys += ["r_col_combat"] + ([] if compact else ["r_col_text"])
    for key in keys:
        table.add_column(msg(key, lang))
    attackers = set(obs["attackers"])
    blockers = set(obs["blockers"])
    db = game.dbs(st)
    for k, ch in enumerate(row, 1):
        i = ch["inst"]
        d = db.cards[ch["card"]]
        name = Text(d.name(lang), style=FACTION_STYLES.get(d.faction, ""))
        if ch["owner"] != s:
            name.append(
                f" [{msg('r_owner', lang, seat=seat_name(ch['owner'], lang))}]", style="dim"
            )
        stats = Text(f"{ch['offense']}/{ch['defense']}")
        if ch["offense"] != d.offense or ch["defense"] != d.defense:
            stats.append(f" ({d.offense}/{d.defense})", style="dim")
        if ch["damage"]:
            stats.append(" · " + msg("r_damage", lang, n=ch["damage"]), style="red")
        position = Text(
            msg(POS_KEYS[("prepared", "expended", "flipped").index(ch["position"])], lang)
        )
        if ch["arriving"]:
            position.append(", " + msg("r_arriving", lang), style="yellow")
        kws = ", ".join(msg(f"kw_{k}", lang) for k in ch["keywords"])
        combat = Text()
        if i in attackers:
            combat = Text(msg("r_attacking", lang), style="bold red")
        elif i in blockers:
            combat = Text(msg("r_blocking", lang), style="bold blue")
        cells: list[RenderableType] = [str(k), name, stats, position, Text(kws), combat]
        if not compact:
            cells.append(Text(card_text(game, d, lang), style="dim"))
        table.add_row(*cells)
    return fitted(table)


def own_hand(
    game: EpicGame,
    st: EpicState,
    obs: dict[str, Any],
    s: int,
    spectator: bool,
    lang: str,
    compact: bool = False,
) -> RenderableType:
    """A hand shown in full (the viewer's own, or every hand for a spectator)."""
    entries = obs["hands"][s]
    who = seat_name(s, lang)
    if not entries:
        return Text(msg("r_hand_empty", lang, seat=who), style="dim")
    title = msg("r_hand_of" if spectator else "r_hand", lang, seat=who)
    table = Table(
        title=title,
        title_justify="left",
        title_style=f"bold {SEAT_STYLES[s % len(SEAT_STYLES)]}",
    )
    keys = ["r_col_num", "r_col_card", "r_col_cost", "r_col_faction", "r_col_type"]
    keys += ["r_col_stats"] + ([] if compact else ["r_col_text"]) + ["r_col_status"]
    for key in keys:
        table.add_column(msg(key, lang))
    deciding = st.phase != OVER and bool(st.pending) and int(st.pending[1]) == s
    legal = game.legal_actions(st) if deciding else []
    playable = {a[1] for a in legal if a[0] == "play"}
    playable_ids = {st.card_ids[c] for c in playable}
    chosen = list(obs.get("mulligan", [])) if not spectator else []
    db = game.dbs(st)
    for k, entry in enumerate(entries, 1):
        d = db.cards[entry["card"]]
        status = Text()
        if entry["card"] in playable_ids:
            status = Text("✓ " + msg("r_playable", lang), style="bold green")
        if entry["card"] in chosen and entry["inst"] in st.mull_chosen:
            status = Text(msg("r_mulligan_chosen", lang), style="yellow")
        cells: list[RenderableType] = [
            str(k),
            Text(d.name(lang), style=f"bold {FACTION_STYLES.get(d.faction, '')}"),
            str(d.cost),
            faction_name(d.faction, lang),
            msg(f"type_{d.type}", lang),
            f"{d.offense}/{d.defense}" if d.is_champion else "",
        ]
        if not compact:
            cells.append(Text(card_text(game, d, lang)))
        table.add_row(*cells, status)
    return fitted(table)


def hidden_hand(game: EpicGame, st: EpicState, obs: dict[str, Any], s: int, lang: str) -> Text:
    """Another player's hand: a count and the revealed cards only."""
    line = Text(
        msg("r_hidden_hand", lang, seat=seat_name(s, lang), n=obs["hand_sizes"][s]),
        style=SEAT_STYLES[s % len(SEAT_STYLES)],
    )
    revealed = obs["hands"][s]
    if revealed:
        names = ", ".join(quoted(_name_of(game, st, c, lang), lang) for c in revealed)
        line.append("; " + msg("r_revealed", lang, cards=names))
    return line


def discards_lines(game: EpicGame, st: EpicState, obs: dict[str, Any], lang: str) -> list[Text]:
    """The top few cards of each discard pile."""
    out = []
    for s, pile in enumerate(obs["discards"]):
        if not pile:
            continue
        top = [quoted(_name_of(game, st, c, lang), lang) for c in reversed(pile[-DISCARD_SHOWN:])]
        text = ", ".join(top)
        if len(pile) > DISCARD_SHOWN:
            text += " " + msg("r_discard_more", lang, n=len(pile) - DISCARD_SHOWN)
        out.append(
            Text(msg("r_discard_top", lang, seat=seat_name(s, lang), cards=text), style="dim")
        )
    return out


def combat_panel(game: EpicGame, st: EpicState, obs: dict[str, Any], lang: str) -> list[Text]:
    """The attack in progress: attackers, blockers, blocked or not."""
    if not obs["attackers"] or st.phase != 1:
        return []
    db = game.dbs(st)

    def names(insts: list[int]) -> str:
        parts = []
        for i in insts:
            d = db.cards[st.card_ids[i]]
            parts.append(quoted(d.name(lang), lang))
        return ", ".join(parts) or msg("r_none", lang)

    out = [
        Text(msg("r_combat_title", lang, seat=seat_name(st.active, lang)), style="bold red"),
        Text("  " + msg("r_combat_attackers", lang, cards=names(obs["attackers"]))),
    ]
    if st.window == "before_blocks" or (st.pending and st.pending[0] in ("attackers", "blockers")):
        out.append(Text("  " + msg("r_combat_no_blocks_yet", lang), style="dim"))
    elif st.blocked:
        out.append(Text("  " + msg("r_combat_blockers", lang, cards=names(obs["blockers"]))))
        out.append(Text("  " + msg("r_combat_blocked", lang), style="yellow"))
        out += _damage_split(game, st, obs, lang)
    else:
        defender = (st.active + 1) % len(st.health)
        out.append(
            Text(
                "  " + msg("r_combat_unblocked", lang, seat=seat_name(defender, lang)),
                style="yellow",
            )
        )
    return out


def _damage_split(game: EpicGame, st: EpicState, obs: dict[str, Any], lang: str) -> list[Text]:
    """Combat damage being split (rules.assign_options): the parts placed so far, and whose
    damage the deciding player places now and how much of it is left."""
    split = obs.get("combat_damage")
    if not split:
        return []
    db = game.dbs(st)

    def name(i: int) -> str:
        return db.cards[st.card_ids[i]].name(lang)

    out: list[Text] = []
    parts = []
    for part in split["parts"]:
        if "player" in part:
            seat = seat_name(part["player"], lang)
            parts.append(
                msg("r_combat_part_player", lang, src=name(part["from"]), seat=seat, n=part["n"])
            )
        else:
            card = name(part["card"])
            parts.append(
                msg("r_combat_part_card", lang, src=name(part["from"]), card=card, n=part["n"])
            )
    if parts:
        out.append(Text("  " + msg("r_combat_parts", lang, parts="; ".join(parts))))
    if split["src"] >= 0 and split["left"] > 0 and st.pending and st.pending[0] == "assign":
        who = seat_name(int(st.pending[1]), lang)
        line = msg("r_combat_assigning", lang, card=name(split["src"]), seat=who, n=split["left"])
        out.append(Text("  " + line, style="bold yellow"))
    return out


def resolving_line(game: EpicGame, st: EpicState, obs: dict[str, Any], lang: str) -> list[Text]:
    """Events being resolved (limbo) and cards whose effects are on the stack."""
    cards = list(obs["limbo"])
    for frame in st.stack:
        c = frame[F_CARD]
        if 0 <= c < len(st.card_ids) and st.card_ids[c] not in cards:
            in_play = any(c in row for row in st.play)
            if in_play or c in st.limbo:
                cards.append(st.card_ids[c])
    if not cards:
        return []
    text = ", ".join(quoted(_name_of(game, st, c, lang), lang) for c in cards)
    return [Text(msg("r_limbo", lang, cards=text), style="bold")]


def draft_screen(game: EpicGame, st: EpicState, seat: int | None, lang: str) -> RenderableType:
    """The draft as ``seat`` sees it: their pack in full (with card texts), their picks,
    and only counts for the others (epic.format.draft_pool)."""
    viewer = st.pending[1] if seat is None and st.pending else (seat or 0)
    obs = game.observe(st, viewer)
    info = obs["draft"]
    who = seat_name(viewer, lang)
    kind = msg(f"draft_{info['kind']}", lang)
    parts: list[RenderableType] = [
        Text(
            msg("r_draft_header", lang, title=game.title[lang], kind=kind, round=info["round"] + 1),
            style="bold",
        ),
        Text(
            "; ".join(
                msg("r_draft_counts", lang, seat=seat_name(s, lang), pack=p, drafted=d)
                for s, (p, d) in enumerate(
                    zip(info["pack_sizes"], info["drafted_sizes"], strict=True)
                )
            )
        ),
    ]
    db = game.dbs(st)
    cards = (
        info["pack"]
        if st.pending and st.pending[0] == "pick"
        else [{"inst": c, "card": st.card_ids[c]} for c in st.drafted[viewer]]
    )
    table = Table(
        title=msg(
            "r_draft_pack" if st.pending and st.pending[0] == "pick" else "r_draft_keep",
            lang,
            seat=who,
        ),
        title_justify="left",
        title_style=f"bold {SEAT_STYLES[viewer % len(SEAT_STYLES)]}",
    )
    for key in (
        "r_col_num",
        "r_col_card",
        "r_col_cost",
        "r_col_faction",
        "r_col_type",
        "r_col_stats",
        "r_col_text",
    ):
        table.add_column(msg(key, lang))
    for k, entry in enumerate(cards, 1):
        d = db.cards[entry["card"]]
        table.add_row(
            str(k),
            Text(d.name(lang), style=f"bold {FACTION_STYLES.get(d.faction, '')}"),
            str(d.cost),
            faction_name(d.faction, lang),
            msg(f"type_{d.type}", lang),
            f"{d.offense}/{d.defense}" if d.is_champion else "",
            Text(card_text(game, d, lang)),
        )
    parts.append(fitted(table))
    if info["drafted"] and st.pending and st.pending[0] == "pick":
        names = ", ".join(quoted(db.cards[c].name(lang), lang) for c in info["drafted"])
        parts.append(Text(msg("r_draft_picked", lang, seat=who, cards=names)))
    return Group(*parts)


def render(
    game: EpicGame, st: EpicState, seat: int | None, lang: str, compact: bool = False
) -> RenderableType:
    """The whole screen as ``seat`` sees it (None: a spectator who sees every hand);
    ``compact``: card texts left out (``explain`` gives them)."""
    if st.phase == DRAFT:
        return draft_screen(game, st, seat, lang)
    viewer = 0 if seat is None else seat
    obs = game.observe(st, viewer)
    n = len(st.health)
    if seat is None:
        obs["hands"] = [[{"inst": c, "card": st.card_ids[c]} for c in h] for h in st.hands]
    parts: list[RenderableType] = [header(game, st, obs, lang), players_lines(obs, seat, lang)]
    parts += resolving_line(game, st, obs, lang)
    parts += combat_panel(game, st, obs, lang)
    order = list(range(n)) if seat is None else [(seat + 1 + k) % n for k in range(n)]
    for s in order:
        parts.append(play_area(game, st, obs, s, seat, lang, compact))
    parts += discards_lines(game, st, obs, lang)
    for s in order:
        if seat is None:
            parts.append(own_hand(game, st, obs, s, True, lang, compact))
        elif s != seat:
            parts.append(hidden_hand(game, st, obs, s, lang))
    if seat is not None:
        parts.append(own_hand(game, st, obs, seat, False, lang, compact))
    return Group(*parts)
