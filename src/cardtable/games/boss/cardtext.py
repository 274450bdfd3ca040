"""Boss Battle card texts, generated from the card data in the project's own words.

Every part of the vocabulary of ``cards.py`` (ops, targets and their filters, ``per``,
conditions, triggers, activated abilities, «Расплата», Конструирование, Синергия,
Металлолом, statics, keywords, "choose one") has its phrase in the game's catalog
(``locale/<lang>/LC_MESSAGES/messages.po``, keys ``ct_*``). Russian phrases agree in case, gender and number: a noun phrase is built in the
case its verb governs from word forms kept as "|"-separated lists, and counted nouns take
the form their number asks for (1 карту, 2 карты, 5 карт).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.games.boss.records import MITSIM, CardDef, StaticDef, StepDef
from cardtable.games.boss.view import counted, forms, msg

if TYPE_CHECKING:
    from collections.abc import Sequence

CASES = ("nom", "acc", "dat", "gen")
GENDER_AT = {"m": 0, "ma": 0, "f": 4, "n": 8}
TARGET_CASE = {"damage": "dat", "attack": "dat", "drain_energy": "gen"}
"""The Russian case each permanent op puts its object in (accusative otherwise)."""
COUNTED_OPS = {
    "draw": ("cards", "ct_n_card"),
    "discard": ("cards", "ct_n_card"),
    "mill": ("top", "ct_n_top_card"),
    "gain_temp": ("res", "ct_n_resource"),
    "gain_slot": ("slots", "ct_n_filled_slot"),
    "refill": ("slots", "ct_n_empty_slot_gen"),
    "drain": ("slots", "ct_n_filled_slot"),
    "sacrifice": ("perms", "ct_n_permanent"),
}
"""Player ops: the placeholder of their number and its counted noun."""


# --- words -------------------------------------------------------------------------------
def signed(n: int) -> str:
    """'+2' / '-1'."""
    return f"{n:+d}"


def capital(text: str) -> str:
    """The text with its first letter in upper case."""
    return text[:1].upper() + text[1:]


def _noun(name: str, case: str, lang: str) -> tuple[str, str]:
    """A noun in a case, and its Russian gender ('' in English)."""
    words = forms(f"ct_noun_{name}", lang)
    if lang != "ru":
        return words[0], ""
    return words[1 + CASES.index(case)], words[0]


def _adj(name: str, gender: str, case: str, lang: str) -> str:
    """An adjective (or determiner) agreeing with a Russian noun."""
    words = forms(f"ct_adj_{name}", lang)
    if lang != "ru":
        return words[0]
    at = CASES.index("gen" if gender == "ma" and case == "acc" else case)
    return words[GENDER_AT[gender] + at]


def card_noun(d: CardDef | None) -> str:
    """The noun a card calls itself: 'this unit', 'this object', 'this event', 'this card'."""
    if d is None:
        return "card"
    return {"unit": "unit", "object": "object", "event": "event"}.get(d.type, "card")


# --- what a step acts on -----------------------------------------------------------------
def _target_noun(step: StepDef) -> str:
    """The noun of a permanent selector: its type filter, a mitsim for the class."""
    if step.klass == MITSIM:
        return "mitsim"
    if step.to in ("target_unit", "each_unit"):
        return "unit"
    if step.type in ("unit", "event", "object"):
        return step.type
    return "permanent"


def _class_words(step: StepDef, lang: str) -> str:
    """A class filter other than mitsim (which has its own noun): '(name)' after the noun."""
    if step.klass is None or step.klass == MITSIM:
        return ""
    try:
        name = msg(f"ct_class_{step.klass}", lang)
    except KeyError:
        name = step.klass
    return f"({name})"


def selector(step: StepDef, case: str, lang: str) -> tuple[str, str]:
    """A permanent selector ('каждой вашей боевой единице', 'another target unit you
    control') in a Russian case, and its noun."""
    noun = _target_noun(step)
    each = step.to in ("each_unit", "each_permanent")
    word, gender = _noun(noun, case, lang)
    tapped = None if step.tapped is None else ("tapped" if step.tapped else "untapped")
    cls = _class_words(step, lang)
    cost = msg("ct_max_cost", lang, n=step.max_cost) if step.max_cost is not None else ""
    if lang == "ru":
        words = [_adj("each", gender, case, lang)] if each else []
        if step.other:
            words.append(_adj("other", gender, case, lang))
        if step.controller == "you":
            words.append(_adj("your", gender, case, lang))
        if not each:
            words.append(_adj("target", gender, case, lang))
        if tapped:
            words.append(_adj(tapped, gender, case, lang))
        words.append(word)
        if step.controller == "opponent":
            words.append(msg("ct_of_opponents" if each else "ct_of_opponent", lang))
        return " ".join(w for w in [*words, cls, cost] if w), noun
    if each:
        det = msg("ct_each_other" if step.other else "ct_adj_each", lang)
    else:
        det = msg("ct_another_target" if step.other else "ct_adj_target", lang)
    owner = ""
    if step.controller == "you":
        owner = msg("ct_adj_your", lang)
    elif step.controller == "opponent":
        owner = msg("ct_of_opponents" if each else "ct_of_opponent", lang)
    parts = [det, msg(f"ct_adj_{tapped}", lang) if tapped else "", word, cls, owner, cost]
    return " ".join(p for p in parts if p), noun


def grave_selector(step: StepDef, case: str, lang: str) -> str:
    """A card in a graveyard: 'целевую карту митсима из вашего потустороннего мира'."""
    if step.klass == MITSIM:
        kind = "mitsim"
    elif step.type is not None:
        kind = step.type
    else:
        kind = ""
    noun, gender = _noun("card", case, lang)
    card = (
        msg("ct_grave_card", lang, card=noun, kind=msg(f"ct_grave_kind_{kind}", lang))
        if kind
        else noun
    )
    words = [_adj("target", gender, case, lang)]
    if step.tapped is not None:
        words.append(_adj("tapped" if step.tapped else "untapped", gender, case, lang))
    words.append(card)
    words.append(_class_words(step, lang))
    if step.max_cost is not None:
        words.append(msg("ct_max_cost", lang, n=step.max_cost))
    words.append(msg(f"ct_grave_from_{step.controller}", lang))
    return " ".join(w for w in words if w)


def stack_selector(step: StepDef, case: str, lang: str) -> str:
    """A card or ability on the stack: 'целевую карту или способность в стеке'."""
    word, gender = _noun("stack", case, lang)
    if lang == "ru":
        words = [_adj("target", gender, case, lang), word]
        if step.controller == "you":
            words.insert(0, _adj("your", gender, case, lang))
        elif step.controller == "opponent":
            words.append(msg("ct_stack_opponent", lang))
    else:
        words = [msg("ct_adj_target", lang), word]
        if step.controller != "any":
            words.append(
                msg(f"ct_stack_{'yours' if step.controller == 'you' else 'opponent'}", lang)
            )
    words.append(msg("ct_on_stack", lang))
    return " ".join(words)


def objects_text(
    step: StepDef, case: str, lang: str, card: CardDef | None, prev: str
) -> tuple[str, str]:
    """What a permanent op acts on, in a Russian case, and the noun a following 'it'
    refers to."""
    to = step.to
    if to == "self":
        noun = card_noun(card)
        word, gender = _noun(noun, case, lang)
        return f"{_adj('this', gender, case, lang)} {word}", noun
    if to == "it":
        if lang != "ru":
            return msg("ct_adj_same", lang), prev
        word, gender = _noun(prev, case, lang)
        return f"{_adj('same', gender, case, lang)} {word}", prev
    if to == "target_grave":
        return grave_selector(step, case, lang), "card"
    if to == "target_stack":
        return stack_selector(step, case, lang), "stack"
    return selector(step, case, lang)


# --- one step ----------------------------------------------------------------------------
def _player_op(step: StepDef, n: int, lang: str) -> str:
    op: str = step.op
    to = step.to
    kw: dict[str, str] = {}
    if op in COUNTED_OPS:
        name, key = COUNTED_OPS[op]
        kw[name] = counted(key, n, lang)
    if op == "forbid":
        assert step.what is not None
        kw["until"] = msg(f"ct_until_{step.until}", lang)
        if step.what != "prevent":
            kw["what"] = msg(f"ct_what_{step.what}", lang)
        else:
            op = "forbid_prevent"
    if to is None or to == "you":
        return msg(f"ct_op_{op}_you", lang, **kw)
    return msg(f"ct_op_{op}_who", lang, who=msg(f"ct_who_{to}", lang), **kw)


def _permanent_op(
    step: StepDef, n: int, lang: str, card: CardDef | None, prev: str
) -> tuple[str, str]:
    op = step.op
    case = TARGET_CASE.get(op, "acc")
    target, noun = objects_text(step, case, lang, card, prev)
    key = f"ct_op_{op}"
    kw: dict[str, str] = {"target": target}
    if op == "damage":
        kw["dmg"] = counted("ct_n_damage", n, lang)
    elif op == "attack":
        kw["signed"] = signed(n)
        if step.until_eot:
            key = "ct_op_attack_eot"
    elif op == "repair":
        kw["tokens"] = counted("ct_n_dur_token", n, lang)
    elif op == "energy":
        kw["tokens"] = counted("ct_n_energy_token", n, lang)
    elif op == "drain_energy":
        kw["tokens"] = counted("ct_n_energy_token_gen", n, lang)
    elif op == "return":
        if step.into == "battlefield":
            key = "ct_op_return_battlefield"
        else:
            key = "ct_op_return_hand_yours" if step.controller == "you" else "ct_op_return_hand"
    return msg(key, lang, **kw), noun


def _conditions(step: StepDef, lang: str, before: StepDef | None) -> str:
    conds = []
    if step.if_did:
        yours = before is None or before.op not in COUNTED_OPS or before.to in (None, "you")
        conds.append(msg("ct_if_did_you" if yours else "ct_if_did_they", lang))
    if step.if_boss_at_most is not None:
        conds.append(msg("ct_if_boss_at_most", lang, n=step.if_boss_at_most))
    if step.if_your_turn is not None:
        conds.append(msg("ct_if_your_turn" if step.if_your_turn else "ct_if_not_your_turn", lang))
    return msg("ct_and", lang).join(conds)


def step_text(
    step: StepDef,
    lang: str,
    card: CardDef | None = None,
    prev: str = "permanent",
    before: StepDef | None = None,
) -> tuple[str, str]:
    """One sentence of a card (lower case, no full stop), and the noun a following step's
    'it' refers to (``prev``: the noun of the step ``before``)."""
    op = step.op
    n = step.amount
    noun = prev
    if op == "damage_boss":
        text = msg("ct_op_damage_boss", lang, dmg=counted("ct_n_damage", n, lang))
    elif op == "heal_boss":
        text = msg("ct_op_heal_boss", lang, hp=counted("ct_n_health", n, lang))
    elif op == "shield_boss":
        text = msg("ct_op_shield_boss", lang, shield=counted("ct_n_shield", n, lang))
    elif op in COUNTED_OPS or op == "forbid":
        text = _player_op(step, n, lang)
    else:
        text, noun = _permanent_op(step, n, lang, card, prev)
    if step.per is not None:
        text += " " + msg(f"ct_per_{step.per}", lang)
    cond = _conditions(step, lang, before)
    if cond:
        text = msg("ct_conditioned", lang, cond=cond, text=text)
    return text, noun


def sentences(steps: Sequence[StepDef], lang: str, card: CardDef | None = None) -> str:
    """Steps as sentences: 'нанесите боссу 4 урона. Возьмите 1 карту' (the first in lower
    case, to follow a label; no final full stop)."""
    out: list[str] = []
    prev = "permanent"
    for k, step in enumerate(steps):
        text, prev = step_text(step, lang, card, prev, steps[k - 1] if k else None)
        out.append(text if k == 0 else capital(text))
    return ". ".join(out)


# --- abilities and constant effects -----------------------------------------------------
def ability(label: str, steps: Sequence[StepDef], lang: str, card: CardDef | None) -> str:
    """'Label: sentences'."""
    return msg("ct_ability", lang, label=label, text=sentences(steps, lang, card))


def cost_text(cost: int, tap: bool, sacrifice: bool, lang: str) -> str:
    """An activated ability's cost: '1 ресурс, поворот' (or the word for no cost)."""
    parts = [counted("ct_n_resource", cost, lang)] if cost else []
    if tap:
        parts.append(msg("ct_cost_tap", lang))
    if sacrifice:
        parts.append(msg("ct_cost_sacrifice", lang))
    return capital(", ".join(parts)) if parts else msg("ct_cost_free", lang)


def _subject(applies: str, card: CardDef | None, lang: str) -> tuple[str, str]:
    """Whom a constant effect concerns, and the person its verb takes (s3, p3, p2)."""
    if applies == "self":
        word, gender = _noun(card_noun(card), "nom", lang)
        return f"{_adj('this', gender, 'nom', lang)} {word}", "s3"
    person = {"you": "p2", "all_players": "s3"}.get(applies, "p3")
    return msg(f"ct_subject_{applies}", lang), person


def static_text(s: StaticDef, lang: str, card: CardDef | None = None) -> str:
    """A constant effect in words (boss.golden.statics)."""
    who, person = _subject(s.applies, card, lang)
    kind = s.kind
    if kind == "attack":
        return msg(f"ct_static_attack_{person}", lang, who=who, signed=signed(s.amount))
    if kind == "forbid":
        if s.what == "prevent":
            return msg(f"ct_static_prevent_{person}", lang, who=who)
        what = msg(f"ct_what_{s.what}", lang)
        if s.applies == "all_players":
            return msg("ct_static_forbid_all", lang, what=what)
        return msg(f"ct_static_forbid_{person}", lang, who=who, what=what)
    if kind == "allow":
        what = msg(f"ct_what_{s.what}", lang)
        return msg(f"ct_static_allow_{person}", lang, who=who, what=what)
    if kind == "protect":
        return msg(f"ct_static_protect_{person}", lang, who=who)
    if kind == "max_resources":
        res = counted("ct_n_resource_gen", s.amount, lang)
        return msg(f"ct_static_max_resources_{person}", lang, who=who, res=res)
    res = counted("ct_n_resource", abs(s.amount), lang)
    way = msg("ct_less" if s.amount < 0 else "ct_more", lang)
    return msg(f"ct_static_tactic_cost_{person}", lang, who=who, res=res, dir=way)


def keywords_text(d: CardDef, lang: str) -> str:
    """The keywords in the schema's order: 'Голод, Рывок (…)'."""
    return ", ".join(msg(f"ct_kw_{k}", lang) for k in d.keywords)


# --- a whole card -------------------------------------------------------------------------
def card_text(d: CardDef, lang: str) -> str:
    """What a card does, in words, generated from its data: keywords and Синергия, constant
    effects, triggered abilities, a strategy's or tactic's effect ("choose one" included),
    activated abilities, Конструирование with its overload, Металлолом and «Расплата»."""
    parts: list[str] = []
    head = [keywords_text(d, lang)] if d.keywords else []
    if d.synergy:
        head.append(msg("ct_synergy", lang, x=d.synergy))
    if head:
        parts.append(", ".join(head))
    parts += [capital(static_text(s, lang, d)) for s in d.statics]
    for t in d.triggers:
        parts.append(ability(msg(f"ct_when_{t.when}", lang), t.steps, lang, d))
    if d.steps:
        parts.append(capital(sentences(d.steps, lang, d)))
    if d.modes:
        modes = [
            ", ".join(
                step_text(x, lang, d, before=m.steps[k - 1] if k else None)[0]
                for k, x in enumerate(m.steps)
            )
            for m in d.modes
        ]
        parts.append(msg("ct_choose_one", lang, modes=msg("ct_mode_sep", lang).join(modes)))
    for a in d.activated:
        parts.append(ability(cost_text(a.cost, a.tap, a.sacrifice, lang), a.steps, lang, d))
    c = d.construct
    if c is not None:
        parts.append(ability(msg("ct_construct", lang, x=c.x), c.steps, lang, d))
        if c.overload:
            parts.append(ability(msg("ct_overload", lang), c.overload, lang, d))
    if d.scrap:
        parts.append(ability(msg("ct_scrap", lang), d.scrap, lang, d))
    r = d.reckoning
    if r is not None:
        if r.cost:
            cost = counted("ct_n_resource", r.cost, lang)
            label = msg("ct_reckoning_cost", lang, cost=cost)
        else:
            label = msg("ct_reckoning", lang)
        parts.append(ability(label, r.steps, lang, d))
    if not parts:
        parts.append(msg("ct_no_text", lang))
    return " ".join(p if p.endswith(".") else p + "." for p in parts)


def type_line(d: CardDef, lang: str) -> str:
    """'боевая единица — митсим' / 'unit — mitsim' (the type and the classes)."""
    text = msg(f"ct_type_{d.type}", lang)
    names = []
    for k in d.classes:
        try:
            names.append(msg(f"ct_class_{k}", lang))
        except KeyError:
            names.append(k)
    return f"{text} — {', '.join(names)}" if names else text


def part_text(d: CardDef, source: str, index: int, lang: str) -> str:
    """What a stack item or a resolving frame does: the whole card, or the one ability of
    it that was used (``source`` as in ``state.SOURCES``)."""
    steps: Sequence[StepDef] = ()
    if source == "card":
        return card_text(d, lang)
    if source == "ability" and index < len(d.activated):
        steps = d.activated[index].steps
    elif source == "trigger" and index < len(d.triggers):
        steps = d.triggers[index].steps
    elif source == "reckoning" and d.reckoning is not None:
        steps = d.reckoning.steps
    elif source == "construct" and d.construct is not None:
        steps = d.construct.steps
    elif source == "overload" and d.construct is not None:
        steps = d.construct.overload
    elif source == "scrap":
        steps = d.scrap
    elif source == "synergy":
        return msg("ct_synergy", lang, x=d.synergy) + "."
    elif source == "substitution":
        return msg("ct_kw_substitution", lang) + "."
    return capital(sentences(steps, lang, d)) + "." if steps else ""
