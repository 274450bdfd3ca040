"""Blue Moon in the terminal: the table as one seat sees it.

Everything shown comes from ``view.observation`` (the viewer's own hand, the other hand
as a count, both areas with the active cards marked, the announced totals, the dragons,
the top of each leadership pile), and a step-mode stop with what comes next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.core.help import Term
from cardtable.core.i18n import has
from cardtable.core.layout import fitted
from cardtable.games.bluemoon.cards import PLAYED_TYPES
from cardtable.games.bluemoon.overrides import overrides_text
from cardtable.games.bluemoon.records import CardDef, PowerDef
from cardtable.games.bluemoon.state import DRAGONS, OVER, BlueMoonState
from cardtable.games.bluemoon.view import (
    PKG,
    card_facts,
    describe_continue,
    gang_text,
    msg,
    seat_name,
)

if TYPE_CHECKING:
    from cardtable.games.bluemoon.game import BlueMoonGame

SEAT_STYLES = ("cyan", "magenta")


def _names(game: BlueMoonGame, entries: list[dict[str, Any]], lang: str) -> Text:
    out = Text()
    db = game.db
    for k, e in enumerate(entries):
        if k:
            out.append(", ")
        d = db.cards.get(e["card"])
        name = d.name(lang) if d else e["card"]
        style = "bold" if e["active"] and not e["ignored"] else "dim"
        if e["ignored"]:
            name += " ✗"
        aim = db.cards.get(e.get("aim") or "")
        if aim is not None and e["active"]:
            name += f" → {aim.name(lang)}"
        out.append(name, style=style)
    if not entries:
        out.append(msg("r_empty", lang), style="dim")
    return out


def render(
    game: BlueMoonGame, st: BlueMoonState, seat: int | None, lang: str, compact: bool = False
) -> RenderableType:
    """The whole screen as ``seat`` sees it (None: a spectator, shown as seat 1);
    ``compact``: the hand without the powers' texts (``explain`` gives them)."""
    viewer = 0 if seat is None else seat
    obs = game.observe(st, viewer)
    title = game.title[lang]
    parts: list[RenderableType] = []
    if st.phase == OVER:
        parts.append(Text(msg("r_header_over", lang, title=title), style="bold"))
        reason = msg(f"reason_{st.reason}", lang) if st.reason else ""
        if st.winners:
            who = ", ".join(seat_name(s, lang) for s in st.winners)
            parts.append(Text(msg("r_outcome", lang, seat=who, reason=reason), style="bold green"))
        else:
            parts.append(Text(msg("r_outcome_draw", lang, reason=reason), style="bold"))
    else:
        element = obs["element"]
        parts.append(
            Text(
                msg(
                    "r_header",
                    lang,
                    title=title,
                    game=obs["game_no"],
                    fight=obs["fight"],
                    element=msg(element, lang) if element else msg("r_none", lang),
                    seat=seat_name(st.active, lang),
                ),
                style="bold",
            )
        )
    d = obs["dragons"]
    parts.append(
        Text(
            msg(
                "r_dragons",
                lang,
                seat1=seat_name(0, lang),
                a=d[0],
                n=DRAGONS - d[0] - d[1],
                seat2=seat_name(1, lang),
                b=d[1],
                c1=obs["crystals"][0],
                c2=obs["crystals"][1],
            )
        )
    )
    for s in (1 - viewer, viewer):
        people = (
            game.db.leader(obs["peoples"][s]).name(lang)
            if obs["peoples"][s] in game.db.boxes
            else ""
        )
        side = msg(
            "r_side",
            lang,
            seat=seat_name(s, lang),
            people=people,
            total=obs["totals"][s],
            shield=msg("r_shield", lang) if obs["shielded"][s] else "",
            hand=obs["hand_sizes"][s],
            deck=obs["deck_sizes"][s],
        )
        parts.append(Text(side, style=f"bold {SEAT_STYLES[s]}"))
        line = Text(msg("r_combat", lang, cards=""))
        line.append(_names(game, obs["combat"][s], lang))
        parts.append(line)
        line = Text(msg("r_support", lang, cards=""))
        line.append(_names(game, obs["support"][s], lang))
        parts.append(line)
        top = obs["leaders_top"][s]
        if top:
            parts.append(Text(msg("r_leader_top", lang, card=game.db.cards[top].name(lang))))
    if st.overrides:
        parts.append(Text(msg("r_overrides", lang, changes=overrides_text(st.overrides)), "dim"))
    if st.pending and st.pending[0] == "continue":  # a step-mode stop (engine.step)
        next_step = describe_continue(game, st, lang)
        parts.append(Text(msg("r_step_pending", lang, next=next_step), style="bold"))
    table = Table(title=msg("r_hand", lang), title_justify="left")
    keys = ["r_col_num", "r_col_card", "r_col_facts"] + ([] if compact else ["r_col_text"])
    for key in keys:
        table.add_column(msg(key, lang))
    for k, e in enumerate(obs["hand"], 1):
        dd = game.dbs(st).cards[e["card"]]
        cells: list[RenderableType] = [str(k), Text(dd.name(lang), style="bold")]
        cells.append(card_facts(game, e["inst"], st, lang))
        if not compact:
            cells.append(power_text(game, dd, lang))
        table.add_row(*cells)
    if obs["hand"]:
        parts.append(fitted(table))
    else:
        parts.append(Text(msg("r_hand_empty", lang), style="dim"))
    return Group(*parts)


# --- special powers in words (bluemoon.cards.special_text, bluemoon.special.reading) --------
# The words are the catalog's: a type's word forms are its ``type_forms_<type>`` message,
# "|"-separated in the order of _FORMS ("all" stands for every type); numbers of cards and
# dragons are counted messages (``cards_acc``, ``dragons_gen``, …).
_FORMS = ("nom", "acc", "gen", "sg", "all", "one")
_ANY = 10  # a count this high reads as "any number"


def _form(kind: str, form: str, lang: str) -> str:
    """One word form of a card type (or of "all" cards), from the catalog."""
    return msg(f"type_forms_{kind}", lang).split("|")[_FORMS.index(form)]


def _join(items: list[str], lang: str, conj: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return msg(f"join_{conj}", lang, head=", ".join(items[:-1]), last=items[-1])


def _types(types: tuple[str, ...], form: str, lang: str, conj: str = "and") -> str:
    """Card types in words ("карты поддержки", "boosters"); every type: "карты"."""
    if not types or set(types) >= set(PLAYED_TYPES):
        return _form("all", form, lang)
    return _join([_form(t, form, lang) for t in types], lang, conj)


def _cards(n: int, lang: str, case: str = "acc") -> str:
    """A number of cards: "одну карту", "2 карты", "5 карт" / "a card", "2 cards"."""
    if n == 1:
        return msg(f"cards_one_{case}", lang)
    return msg(f"cards_{case}", lang, n=n)


def _upto(n: int, lang: str) -> str:
    """A "may" number of cards: "одну карту", "до 5 карт" / "a card", "up to 5 cards"."""
    if n == 1:
        return _cards(1, lang)
    return msg("upto_cards", lang, cards=_cards(n, lang, "gen"))


def _dragons(n: int, lang: str, case: str = "acc") -> str:
    if n == 1:
        return msg("dragons_one", lang)
    return msg(f"dragons_{case}", lang, n=n)


def _typed_cards(n: int, types: tuple[str, ...], lang: str) -> str:
    """A number of cards of some types: "3 карты героев" / "3 characters"."""
    if len(types) == 1:
        t = types[0]
        return msg(
            "typed_cards_single",
            lang,
            n=n,
            cards=_cards(n, lang),
            nom=_form(t, "nom", lang),
            gen=_form(t, "gen", lang),
            sg=_form(t, "sg", lang),
        )
    return msg(
        "typed_cards_many", lang, cards=_cards(n, lang), types=_types(types, "nom", lang, "or")
    )


def _element_in(element: str | None, lang: str) -> str:
    return " " + msg(f"pw_in_{element}", lang) if element else ""


def _ignore_text(p: PowerDef, lang: str) -> str:
    types = _types(p.types, "gen" if p.aspect != "all" else "nom", lang)
    if p.with_icons:
        types += msg("pw_with_icons", lang)
    exc = ""
    if p.except_people:
        exc = msg(
            "pw_except_people",
            lang,
            types=_types(p.except_types or p.types, "gen", lang),
            people=_people_gen(p.except_people, lang),
        )
    icons = ""
    if p.except_icons:
        names = [msg("icon_quoted", lang, icon=msg(f"icon_{i}", lang)) for i in p.except_icons]
        key = "pw_except_icon" if len(names) == 1 else "pw_except_icons"
        icons = msg(key, lang, icons=_join(names, lang))
    key = f"pw_ignore_{p.aspect}"
    if p.aspect == "icons":
        return msg(key, lang, types=types, exc=exc, icons=icons)
    return msg(key, lang, types=types, exc=exc)


def _people(people: str, lang: str) -> str:
    """A people's name ("Флит", "Flit")."""
    key = f"people_{people}"
    return msg(key, lang) if has(PKG, key, lang) else people.capitalize()


def _people_gen(people: str, lang: str) -> str:
    """A people's name as it follows a noun ("героев Флита", "Flit characters")."""
    key = f"people_gen_{people}"
    return msg(key, lang) if has(PKG, key, lang) else people.capitalize()


def _value_text(p: PowerDef, lang: str) -> str:
    mode = p.mode or ""
    if mode in ("zero_odd", "zero_even"):
        return msg(f"pw_{mode}", lang, types=_types(p.types, "gen", lang))
    if mode in ("double_one", "set_one"):
        if p.element is None:
            return msg(f"pw_{mode}_both", lang, n=p.n)
        return msg(f"pw_{mode}", lang, element=msg(f"element_gen_{p.element}", lang), n=p.n)
    return msg(f"pw_{mode}", lang)


def _retreat_text(p: PowerDef, lang: str) -> str:
    who = p.who
    if p.at_most == 0:
        return msg(f"pw_retreat_none_{who}", lang)
    if p.at_most is not None:
        return msg(
            f"pw_retreat_at_most_{who}",
            lang,
            dragons=_dragons(p.at_most, lang),
            dragons_gen=_dragons(p.at_most, lang, "gen"),
        )
    way = "more" if p.delta >= 0 else "fewer"
    return msg(f"pw_retreat_{way}_{who}", lang, dragons=_dragons(abs(p.delta), lang))


def _must_discard_text(p: PowerDef, lang: str) -> str:
    if p.types:
        what = _types(p.types, "sg", lang, "or") if p.n <= 1 else _typed_cards(p.n, p.types, lang)
    elif p.mode in ("both", "either"):
        what = msg(f"pw_md_{p.mode}", lang, n=p.n)
    else:
        element = msg(f"element_gen_{p.element or 'fire'}", lang)
        what = msg("pw_md_element", lang, element=element, n=p.n)
    return msg("pw_must_discard_dragon" if p.or_dragon else "pw_must_discard", lang, what=what)


def _act_text(p: PowerDef, lang: str) -> str:
    mode = p.mode or ""
    key = f"pw_act_{mode}"
    kw: dict[str, Any] = {}
    if mode == "discard_active":
        types = p.types or ("character", "booster", "support")
        if p.n >= _ANY:
            count = msg("pw_count_any", lang)
        elif p.n <= 1:
            count = msg("pw_count_one", lang)
        else:
            count = msg("pw_count_upto", lang, n=p.n, cards=_cards(p.n, lang, "gen"))
        kw = {
            "count": count,
            "types": _types(types, "gen", lang, "or" if p.n <= 1 else "and"),
            "icons": msg("pw_with_icons", lang) if p.with_icons else "",
            "last": msg("pw_act_not_last", lang) if p.except_last else "",
        }
    elif mode == "discard_all":
        types = p.types or ("character", "booster", "support")
        kw = {"types": _types(types, "all", lang)}
    elif mode == "retrieve_own":
        if p.combat_only:
            key += "_combat"
        kw = {"types": ""}
        if p.types and set(p.types) != {"character", "booster", "support"}:
            kw["types"] = f" ({_types(p.types, 'nom', lang, 'or')})"
    elif mode == "take_hand":
        if p.n > 1:
            key += "_many"
        kw = {"cards": _upto(max(1, p.n), lang)}
    elif mode == "pile_draw":
        kw = {"cards": _upto(max(1, p.n), lang)}
    elif mode == "force_discard":
        if p.may:
            key += "_may"
        kw = {"cards": _cards(max(1, p.n), lang)}
    elif mode == "hand_cap":
        kw = {"n": p.n}
    elif mode == "dragon_discard":
        if p.types:
            key += "_types"
            kw = {"count": _typed_cards(p.n, p.types, lang)}
        else:
            kw = {"element": msg(f"element_gen_{p.element or 'fire'}", lang), "n": p.n}
    text = msg(key, lang, **kw)
    return _cap(msg(f"pw_when_{p.timing}", lang, text=text))


def _card_name(ident: str, lang: str) -> str:
    """A card's printed name by id (the project's cards), else the id."""
    from cardtable.games.bluemoon.cards import default_db

    d = default_db().cards.get(ident)
    return d.name(lang) if d else ident


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _one_power(p: PowerDef, lang: str) -> str:
    k = p.kind
    if k == "draw":
        cards = _upto(p.n, lang) if p.may else _cards(p.n, lang)
        return msg("pw_draw_may" if p.may else "pw_draw", lang, cards=cards)
    if k == "forbid":
        filt = ""
        if p.has_text is not None:
            filt = msg("pw_with_power" if p.has_text else "pw_without_power", lang)
        if p.min_printed is not None:
            filt += msg("pw_min_printed", lang, n=p.min_printed)
        return msg("pw_forbid", lang, types=_types(p.types, "acc", lang, "or"), filter=filt)
    if k == "limit":
        key = "pw_limit_combat" if p.combat_only else "pw_limit"
        return msg(key, lang, cards=_cards(p.n, lang, "gen"))
    if k == "ignore":
        text = _ignore_text(p, lang)
        if p.void_if_opposed_by:
            names = [msg("quoted", lang, name=_card_name(c, lang)) for c in p.void_if_opposed_by]
            text += " " + msg("pw_void_opposed", lang, cards=_join(names, lang, "or"))
        return text
    if k == "total_at_least":
        return msg("pw_total_at_least", lang, element=_element_in(p.element, lang), n=p.n)
    if k == "extra":
        if p.n == 0:
            return msg("pw_extra_any", lang, types=_types(p.types, "gen", lang))
        if p.n == 1:
            return msg("pw_extra_one", lang, types=_types(p.types, "one", lang, "or"))
        return msg(
            "pw_extra_n",
            lang,
            n=p.n,
            types=_types(p.types, "nom", lang),
            cards=_typed_cards(p.n, p.types, lang) if p.types else _cards(p.n, lang),
        )
    if k == "double":
        return msg("pw_double", lang, types=_types(p.types, "gen", lang))
    if k == "value":
        return _value_text(p, lang)
    if k == "retreat_dragons":
        return _retreat_text(p, lang)
    if k == "draw_block":
        return msg(f"pw_block_{p.mode}", lang)
    if k == "end_draw":
        if p.mode == "to":
            return msg("pw_end_draw_to_may" if p.may else "pw_end_draw_to", lang, n=p.n)
        cards = _upto(p.n, lang) if p.may else _cards(p.n, lang)
        return msg("pw_end_draw_may" if p.may else "pw_end_draw", lang, n=p.n, cards=cards)
    if k == "must_play":
        return msg("pw_must_play", lang, types=_types(p.types, "sg", lang, "or"))
    if k == "must_discard":
        return _must_discard_text(p, lang)
    if k == "act":
        return _act_text(p, lang)
    return msg(f"pw_{k}", lang)  # free_next, double_effect, attack_again, storm, flood


def power_text(game: BlueMoonGame | None, d: CardDef, lang: str) -> str:
    """A card's special power in words, generated from its data (its ``mutant`` condition
    and element switch, then its ``powers``); "I" is the card's player and "you" the
    opponent (bluemoon.special.reading). Empty for a card without a power."""
    _ = game
    parts: list[str] = []
    m = d.mutant
    if m is not None:
        kw: dict[str, Any] = {"n": m.n}
        if m.when == "attacked_in":
            kw["element"] = msg(f"pw_in_{m.element or 'fire'}", lang)
        if m.when == "you_more_hand":
            kw["cards"] = _cards(m.n, lang)
        parts.append(msg(f"pw_mutant_{m.when}", lang, **kw))
        parts.append(msg(f"pw_switch_{m.switch}", lang))
    parts += [_one_power(p, lang) for p in d.powers]
    return " ".join(parts)


# --- the card set (`cardtable cards bluemoon`) ---------------------------------------------
def _valued(d: CardDef) -> bool:
    return d.type in ("character", "booster", "support")


def card_list(game: BlueMoonGame) -> list[dict[str, Any]]:
    """Every card of the database (leaders too) as plain data, with its power in words in
    both languages (bluemoon.setup.decks)."""
    out = []
    for d in game.db.cards.values():
        out.append(
            {
                "id": d.id,
                "name": {"ru": d.name_ru, "en": d.name_en},
                "box": d.box,
                "people": d.people,
                "type": d.type,
                "fire": d.fire if _valued(d) else None,
                "earth": d.earth if _valued(d) else None,
                "icons": sorted(d.icons),
                "gang": d.gang,
                "moons": d.moons,
                "text": {"ru": power_text(game, d, "ru"), "en": power_text(game, d, "en")},
            }
        )
    return out


def card_table(game: BlueMoonGame, lang: str, explain: bool = False) -> Table:
    """The card set as a table; ``explain`` adds what its icons do, with rule ids."""
    table = Table(title=msg("r_cards_title", lang, title=game.title[lang]))
    for key in (
        "r_col_card",
        "r_col_people",
        "r_col_type",
        "r_col_values",
        "r_col_icons",
        "r_col_moons",
        "r_col_text",
    ):
        table.add_column(msg(key, lang))
    if explain:
        table.add_column(msg("r_col_explained", lang))
    for d in game.db.cards.values():
        extra = [Text("\n".join(icon_lines(d, lang)))] if explain else []
        icons = [msg(f"icon_{x}", lang) for x in sorted(d.icons)]
        if d.gang:
            icons.append(gang_text(d.gang, lang))
        table.add_row(
            Text(d.name(lang), style="bold"),
            msg("r_mutant", lang) if d.people == "mutant" else _people(d.people, lang),
            msg(f"type_{d.type}", lang),
            f"{d.fire}/{d.earth}" if _valued(d) else "",
            ", ".join(icons),
            str(d.moons),
            Text(power_text(game, d, lang)),
            *extra,
        )
    return table


# --- help at the table (`explain`, core.help) -----------------------------------------------
ICON_RULES = {
    "free": "bluemoon.icon.free",
    "pair": "bluemoon.icon.pair",
    "stop": "bluemoon.icon.stop",
    "retrieve": "bluemoon.icon.retrieve",
    "protected": "bluemoon.icon.protected",
    "shield_fire": "bluemoon.icon.shield",
    "shield_earth": "bluemoon.icon.shield",
}
TYPE_RULES = {
    "character": "bluemoon.turn.character",
    "booster": "bluemoon.turn.booster",
    "support": "bluemoon.turn.support",
    "leadership": "bluemoon.turn.leadership",
}


def card_rules(d: CardDef) -> list[str]:
    """The rule ids of a card's type, icons, gang and mutant condition."""
    out = [TYPE_RULES[d.type]] if d.type in TYPE_RULES else []
    for icon in sorted(d.icons):
        rule = ICON_RULES.get(icon)
        if rule is not None and rule not in out:
            out.append(rule)
    if d.gang:
        out.append("bluemoon.icon.gang")
    if d.mutant is not None:
        out.append("bluemoon.cards.mutant")
    return out


def icon_lines(d: CardDef, lang: str) -> list[str]:
    """'the sentence of each icon's rule [its id]' for a card."""
    return [
        f"{msg('rule.' + r, lang)} [{r}]" for r in card_rules(d) if r not in TYPE_RULES.values()
    ]


def glossary(game: BlueMoonGame, lang: str) -> list[Term]:
    """Every card (its power in words) and icon, for ``explain``."""
    other = "en" if lang == "ru" else "ru"
    out: list[Term] = []
    for icon, rule in ICON_RULES.items():
        names = (msg(f"icon_{icon}", other), icon)
        out.append(Term("icon", icon, msg(f"icon_{icon}", lang), "", names, (rule,)))
    out.append(
        Term(
            "icon",
            "gang",
            msg("term_gang", lang),
            "",
            (msg("term_gang", other),),
            ("bluemoon.icon.gang",),
        )
    )
    out.append(
        Term(
            "keyword",
            "mutant",
            msg("r_mutant", lang),
            "",
            (msg("r_mutant", other),),
            ("bluemoon.cards.mutant",),
        )
    )
    for d in game.db.cards.values():
        facts = [msg(f"type_{d.type}", lang)]
        if _valued(d):
            facts.append(f"{msg('fire', lang)} {d.fire} / {msg('earth', lang)} {d.earth}")
        facts += [msg(f"icon_{x}", lang) for x in sorted(d.icons)]
        if d.gang:
            facts.append(gang_text(d.gang, lang))
        text = ", ".join(facts) + "."
        power = power_text(game, d, lang)
        if power:
            text += "\n" + power
        out.append(Term("card", d.id, d.name(lang), text, (d.name(other),), tuple(card_rules(d))))
    return out


def describe_seen(
    game: BlueMoonGame, st: BlueMoonState, action: tuple[Any, ...], seat: int, lang: str
) -> str:
    """An action of ``seat`` as the other player sees it (bluemoon.special.rule10): cards put
    back into a deck or under it stay hidden; everything else is played face up."""
    from cardtable.games.bluemoon.tasks import MODES, T_CODE

    hidden = action[0] == "back" or (
        action[0] == "pick"
        and bool(st.tasks)
        and MODES[st.tasks[0][T_CODE]] in ("bottom_any", "back2")
    )
    if hidden:
        return msg("r_hidden_card", lang)
    return game.describe(action, lang, st)
