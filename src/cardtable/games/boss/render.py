"""Boss Battle in the terminal: the table as one seat sees it, and the card list.

Everything a player sees is drawn from ``view.observation`` (their own hand in full, the
others' hands as counts with the cards everyone saw enter them, deck sizes, graveyards,
the abyss without the cards their own redeals exiled unseen, the battlefield, the stack,
resources and the boss). A spectator (``seat=None``: agents watched, a position shown)
sees every card. Card texts come from ``cardtext``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.core.help import Term
from cardtable.core.layout import FitTable, fitted
from cardtable.core.overrides import overrides_text
from cardtable.games.boss.cardtext import card_text, part_text, type_line
from cardtable.games.boss.effects import MAX_RESOURCES
from cardtable.games.boss.records import CardDef
from cardtable.games.boss.state import F_CARD, F_CTL, F_IDX, F_SRC, OVER, REDEAL, SOURCES, BossState
from cardtable.games.boss.view import describe_continue, msg, seat_name

if TYPE_CHECKING:
    from cardtable.games.boss.game import BossGame

SEAT_STYLES = ("cyan", "magenta", "green", "yellow", "blue", "red")
GRAVE_SHOWN = 3
BAR = 30


def _style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def _quote(name: str, lang: str) -> str:
    return f"«{name}»" if lang == "ru" else name


def _names(game: BossGame, st: BossState, ids: list[str], lang: str) -> str:
    db = game.dbs(st)
    return ", ".join(_quote(db.cards[c].name(lang) if c in db.cards else c, lang) for c in ids)


def deck_label(game: BossGame, label: str, lang: str) -> str:
    """A player's deck: a precon's name, or 'random' / 'constructed'."""
    deck = game.db.decks.get(label)
    if deck is not None:
        return deck.name(lang)
    if label in ("random", "constructed"):
        return msg(f"r_deck_{label}", lang)
    return label


def stats(d: CardDef) -> str:
    """A unit's printed attack/durability ('' for other cards)."""
    return f"{d.attack}/{d.durability}" if d.is_unit else ""


# --- the header: turn, phase, boss, who decides -----------------------------------------------
def header(game: BossGame, st: BossState, obs: dict[str, Any], lang: str) -> list[RenderableType]:
    """Turn and phase (or the outcome), the boss's health and shield, who decides now and
    who holds priority."""
    title = game.title[lang]
    lines: list[RenderableType] = []
    if st.phase == OVER:
        lines.append(Text(msg("r_header_over", lang, title=title, turn=st.turn), style="bold"))
        reason = msg(f"reason_{st.reason}", lang) if st.reason else ""
        if st.winners:
            who = ", ".join(seat_name(s, lang) for s in st.winners)
            lines.append(Text(msg("r_outcome_win", lang, seat=who, reason=reason), "bold green"))
        else:
            lines.append(Text(msg("r_outcome_draw", lang, reason=reason), "bold"))
    elif st.phase == REDEAL:
        head = msg("r_header_redeal", lang, title=title, seat=seat_name(st.first, lang))
        lines.append(Text(head, style="bold"))
    else:
        phase = msg(f"phase_{obs['phase']}", lang)
        who = seat_name(st.active, lang)
        head = msg("r_header", lang, title=title, turn=st.turn, seat=who, phase=phase)
        lines.append(Text(head, style=f"bold {_style(st.active)}"))
    lines.append(boss_line(obs, lang))
    if st.phase != OVER and st.pending and st.pending[0] == "continue":
        line = Text(msg("r_step_pending", lang))
        line.append(describe_continue(st, lang), style="bold")
        line.stylize(_style(st.active))
        lines.append(line)
    elif st.phase != OVER and st.pending:
        kind, who_decides = str(st.pending[0]), int(st.pending[1])
        what = msg(f"r_pending_{kind}", lang)
        line = Text(msg("r_pending", lang, seat=seat_name(who_decides, lang), what=what))
        line.stylize(f"bold {_style(who_decides)}")
        lines.append(line)
    if st.phase not in (OVER, REDEAL) and st.prio >= 0:
        n = st.nseats()
        prio = msg("r_priority", lang, seat=seat_name(st.prio, lang), passes=st.passes, n=n)
        lines.append(Text(prio, style="dim"))
    return lines


def boss_line(obs: dict[str, Any], lang: str) -> Text:
    """'Boss: 43 of 75 health ██████░░░ shield: 3'."""
    hp, top = max(0, obs["boss"]), obs["boss_max"]
    line = Text(msg("r_boss", lang, hp=obs["boss"], max=top) + "  ", style="bold red")
    full = round(BAR * hp / top) if top else 0
    line.append("█" * full, style="red")
    line.append("░" * (BAR - full), style="dim")
    if obs["shield"]:
        line.append("  " + msg("r_shield", lang, n=obs["shield"]), style="bold blue")
    return line


# --- the players ------------------------------------------------------------------------------
def players_table(
    game: BossGame, st: BossState, obs: dict[str, Any], seat: int | None, lang: str
) -> FitTable:
    """One row per player: deck, hand, deck size, graveyard, abyss, resources, marks."""
    table = Table(title=msg("r_players", lang), title_justify="left")
    for key in (
        "r_col_player",
        "r_col_deck_name",
        "r_col_hand",
        "r_col_deck",
        "r_col_grave",
        "r_col_abyss",
        "r_col_resources",
        "r_col_status",
    ):
        table.add_column(msg(key, lang))
    for s, p in enumerate(obs["players"]):
        name = Text(seat_name(s, lang), style=f"bold {_style(s)}")
        if s == seat:
            name.append(f" ({msg('r_you', lang)})")
        hand = Text(str(p["hand_size"]))
        if p["hand_known"]:
            hand.append(" " + msg("r_known", lang, cards=_names(game, st, p["hand_known"], lang)))
        resources = Text(f"{p['filled']}/{p['slots']}")
        if p["extra"]:
            resources.append(" " + msg("r_extra", lang, n=p["extra"]), style="green")
        if p["max_resources"] != MAX_RESOURCES:
            resources.append(" " + msg("r_max", lang, n=p["max_resources"]), style="dim")
        marks = []
        if s == st.active and st.phase not in (OVER, REDEAL):
            marks.append(msg("r_active", lang))
        if s == st.prio and st.phase not in (OVER, REDEAL):
            marks.append(msg("r_holds_priority", lang))
        if p["waiting"]:
            marks.append(msg("r_waiting", lang))
        if p["redeals"]:
            marks.append(msg("r_redeals", lang, n=p["redeals"]))
        table.add_row(
            name,
            deck_label(game, p["deck_name"], lang),
            hand,
            str(p["deck_size"]),
            grave_cell(game, st, p["grave"], lang),
            abyss_cell(game, st, p["abyss"], lang),
            resources,
            ", ".join(marks),
        )
    return fitted(table, lead=1)


def grave_cell(game: BossGame, st: BossState, grave: list[str], lang: str) -> Text:
    """'7: «A», «B», «C» and 4 more' (the top cards first)."""
    if not grave:
        return Text("0", style="dim")
    top = list(reversed(grave[-GRAVE_SHOWN:]))
    text = f"{len(grave)}: {_names(game, st, top, lang)}"
    if len(grave) > GRAVE_SHOWN:
        text += " " + msg("r_more", lang, n=len(grave) - GRAVE_SHOWN)
    return Text(text)


def abyss_cell(game: BossGame, st: BossState, abyss: list[str | None], lang: str) -> Text:
    """The abyss as the viewer may see it: named cards, and a count of those hidden."""
    if not abyss:
        return Text("0", style="dim")
    known = [c for c in abyss if c is not None]
    parts = [_names(game, st, known, lang)] if known else []
    hidden = len(abyss) - len(known)
    if hidden:
        parts.append(msg("r_hidden", lang, n=hidden))
    return Text(f"{len(abyss)}: " + "; ".join(parts))


# --- the battlefield ------------------------------------------------------------------------
def field_table(
    game: BossGame, st: BossState, obs: dict[str, Any], s: int, lang: str, compact: bool = False
) -> RenderableType:
    """One player's permanents: attack/durability now (printed), tapped, exhausted, energy,
    the Голод bonus, attacking, and the card's text."""
    row = obs["players"][s]["field"]
    who = seat_name(s, lang)
    if not row:
        return Text(msg("r_field_empty", lang, seat=who), style=f"dim {_style(s)}")
    table = Table(
        title=msg("r_field", lang, seat=who),
        title_justify="left",
        title_style=f"bold {_style(s)}",
    )
    for key in ("r_col_num", "r_col_card", "r_col_type", "r_col_stats", "r_col_status"):
        table.add_column(msg(key, lang))
    if not compact:
        table.add_column(msg("r_col_text", lang), ratio=1)
    db = game.dbs(st)
    attackers = set(obs["attackers"])
    for k, perm in enumerate(row, 1):
        d = db.cards[perm["card"]]
        name = Text(d.name(lang), style="bold")
        if perm["owner"] != s:
            name.append(f" ({msg('r_owner', lang, seat=seat_name(perm['owner'], lang))})", "dim")
        numbers = Text()
        if d.is_unit:
            numbers.append(f"{perm['attack']}/{perm['durability']}", style="bold")
            if (perm["attack"], perm["durability"]) != (d.attack, d.durability):
                numbers.append(f" ({stats(d)})", style="dim")
        marks = Text()
        for flag, key, style in (
            (perm["inst"] in attackers, "r_attacking", "bold red"),
            (perm["tapped"], "r_tapped", "yellow"),
            (perm["exhausted"], "r_exhausted", "yellow"),
            (perm.get("fed", False), "r_fed", "magenta"),
        ):
            if flag:
                marks.append(("; " if marks else "") + msg(key, lang), style=style)
        if perm["energy"] or d.construct is not None:
            energy = (
                msg("r_energy_of", lang, n=perm["energy"], x=d.construct.x)
                if d.construct is not None
                else msg("r_energy", lang, n=perm["energy"])
            )
            marks.append(("; " if marks else "") + energy, style="cyan")
        text = [] if compact else [Text(card_text(d, lang), style="dim")]
        table.add_row(str(k), name, type_line(d, lang), numbers, marks, *text)
    return fitted(table)


# --- the stack, combat and lasting effects ---------------------------------------------------
def _frame_line(
    game: BossGame, st: BossState, f: dict[str, Any], key: str, lang: str, k: int = 0
) -> Text:
    db = game.dbs(st)
    src = f["source"]
    who = seat_name(f["controller"], lang)
    if f["card"] is None:  # Голод has no card
        name = msg("r_hunger", lang)
        text = ""
    else:
        d = db.cards[f["card"]]
        name = d.name(lang)
        text = part_text(d, src, f["index"], lang)
    line = Text(msg(key, lang, k=k, seat=who, card=name, src=msg(f"src_{src}", lang)))
    line.stylize(f"bold {_style(f['controller'])}")
    if text:
        line.append(" — " + text, style="dim")
    return line


def stack_lines(game: BossGame, st: BossState, obs: dict[str, Any], lang: str) -> list[Text]:
    """The stack from the bottom, what is resolving, triggers waiting, attackers and the
    forbids in force."""
    out: list[Text] = []
    if st.phase in (OVER, REDEAL):
        return out
    if obs["stack"]:
        out.append(Text(msg("r_stack", lang), style="bold"))
        for k, f in enumerate(obs["stack"], 1):
            out.append(Text("  ") + _frame_line(game, st, f, "r_stack_item", lang, k))
    else:
        out.append(Text(msg("r_stack_empty", lang), style="dim"))
    for f in obs["resolving"]:
        out.append(_frame_line(game, st, f, "r_resolving", lang))
    for f in queued(st):
        out.append(_frame_line(game, st, f, "r_queued", lang))
    if obs["attackers"]:
        db = game.dbs(st)
        names = [d.name(lang) for d in (db.cards[st.card_ids[u]] for u in obs["attackers"])]
        cards = ", ".join(_quote(x, lang) for x in names)
        out.append(Text(msg("r_attackers", lang, cards=cards), style="bold red"))
    for what, who, until, by in obs["effects"]:
        out.append(effect_line(str(what), int(who), str(until), int(by), lang))
    return out


def queued(st: BossState) -> list[dict[str, Any]]:
    """Triggered abilities waiting to resolve (public: they fired in view of everyone)."""
    return [
        {
            "card": st.card_ids[f[F_CARD]] if f[F_CARD] >= 0 else None,
            "controller": f[F_CTL],
            "source": SOURCES[f[F_SRC]],
            "index": f[F_IDX],
        }
        for f in st.queue
    ]


def effect_line(what: str, who: int, until: str, by: int, lang: str) -> Text:
    """A lasting forbid of a strategy or tactic."""
    when = msg("r_until_next_turn" if until == "next_turn" else "ct_until_eot", lang)
    seat, author = seat_name(who, lang), seat_name(by, lang)
    if what == "prevent":
        return Text(msg("r_effect_prevent", lang, seat=seat, until=when, by=author), "yellow")
    text = msg(
        "r_effect", lang, seat=seat, what=msg(f"ct_what_{what}", lang), until=when, by=author
    )
    return Text(text, style="yellow")


# --- hands ----------------------------------------------------------------------------------
def hand_table(
    game: BossGame,
    st: BossState,
    s: int,
    cards: list[int],
    own: bool,
    lang: str,
    compact: bool = False,
) -> RenderableType:
    """A hand in full (the viewer's own, or any hand for a spectator), with the cards the
    player may cast now marked."""
    who = seat_name(s, lang)
    if not cards:
        return Text(msg("r_hand_empty", lang, seat=who), style="dim")
    title = msg("r_hand" if own else "r_hand_of", lang, seat=who)
    table = Table(title=title, title_justify="left", title_style=f"bold {_style(s)}")
    for key in ("r_col_num", "r_col_card", "r_col_type", "r_col_cost", "r_col_stats"):
        table.add_column(msg(key, lang))
    if not compact:
        table.add_column(msg("r_col_text", lang), ratio=1)
    table.add_column(msg("r_col_now", lang))
    deciding = game.to_move(st) == s
    legal = game.legal_actions(st) if deciding else []
    playable = {st.card_ids[a[1]] for a in legal if a[0] == "play"}
    db = game.dbs(st)
    for k, c in enumerate(cards, 1):
        ident = st.card_ids[c]
        d = db.cards[ident]
        text = [] if compact else [Text(card_text(d, lang))]
        now = Text(msg("r_playable", lang), style="bold green") if ident in playable else ""
        table.add_row(
            str(k),
            Text(d.name(lang), style="bold"),
            type_line(d, lang),
            str(d.cost),
            stats(d),
            *text,
            now,
        )
    return fitted(table)


# --- the screen ------------------------------------------------------------------------------
def render(
    game: BossGame, st: BossState, seat: int | None, lang: str, compact: bool = False
) -> RenderableType:
    """The whole table as ``seat`` sees it (None: a spectator who sees every card);
    ``compact``: card texts left out (``explain`` gives them)."""
    viewer = 0 if seat is None else seat
    obs = game.observe(st, viewer)
    if seat is None:  # a spectator: every card in view
        for s, p in enumerate(obs["players"]):
            p["abyss"] = [st.card_ids[c] for c in st.abyss[s]]
            p["hand_known"] = None
    parts: list[RenderableType] = header(game, st, obs, lang)
    if st.overrides:
        parts.append(Text(msg("r_overrides", lang, changes=overrides_text(st.overrides)), "dim"))
    parts.append(players_table(game, st, obs, seat, lang))
    n = st.nseats()
    order = list(range(n)) if seat is None else [(seat + 1 + k) % n for k in range(n)]
    parts += [field_table(game, st, obs, s, lang, compact) for s in order]
    parts += stack_lines(game, st, obs, lang)
    if seat is None:
        parts += [hand_table(game, st, s, st.hands[s], False, lang, compact) for s in range(n)]
    else:
        parts.append(hand_table(game, st, seat, st.hands[seat], True, lang, compact))
    return Group(*parts)


# --- the card set (`cardtable cards boss`) ---------------------------------------------------
def _copies(game: BossGame) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for deck in game.db.decks.values():
        for c in deck.cards:
            out.setdefault(c, {}).setdefault(deck.id, 0)
            out[c][deck.id] += 1
    return out


def card_list(game: BossGame) -> list[dict[str, Any]]:
    """Every card as plain data, its text in both languages and the precon decks that hold
    it (deck id -> copies)."""
    copies = _copies(game)
    out = []
    for d in game.db.cards.values():
        out.append(
            {
                "id": d.id,
                "name": {"ru": d.name_ru, "en": d.name_en},
                "type": d.type,
                "classes": list(d.classes),
                "cost": d.cost,
                "attack": d.attack if d.is_unit else None,
                "durability": d.durability if d.is_unit else None,
                "keywords": list(d.keywords),
                "text": {"ru": card_text(d, "ru"), "en": card_text(d, "en")},
                "decks": copies.get(d.id, {}),
            }
        )
    return out


def card_table(game: BossGame, lang: str, explain: bool = False) -> RenderableType:
    """The pool as a table (name and id, type, cost, attack/durability, text, the decks
    holding it), then the precon decks (name, size, plan)."""
    copies = _copies(game)
    title = msg("r_cards_title", lang, title=game.title[lang], n=len(game.db.cards))
    cards = Table(title=title, expand=True)
    for key in ("r_col_card", "r_col_type", "r_col_cost", "r_col_stats"):
        cards.add_column(msg(key, lang))
    cards.add_column(msg("r_col_text", lang), ratio=1)
    cards.add_column(msg("r_col_decks", lang))
    if explain:
        cards.add_column(msg("r_col_explained", lang), ratio=1)
    for d in game.db.cards.values():
        held = "\n".join(
            f"{game.db.decks[k].name(lang)} ×{n}" for k, n in copies.get(d.id, {}).items()
        )
        name = Text(d.name(lang), style="bold")
        name.append(f"\n{d.id}", style="dim")
        extra = [Text("\n".join(mechanic_lines(d, lang)))] if explain else []
        cards.add_row(
            name, type_line(d, lang), str(d.cost), stats(d), Text(card_text(d, lang)), held, *extra
        )
    decks = Table(title=msg("r_decks_title", lang, title=game.title[lang]), expand=True)
    for key in ("r_col_id", "r_col_deck_name", "r_col_size"):
        decks.add_column(msg(key, lang))
    decks.add_column(msg("r_col_plan", lang), ratio=1)
    for deck in game.db.decks.values():
        decks.add_row(
            Text(deck.id, style="dim"),
            Text(deck.name(lang), style="bold"),
            str(len(deck.cards)),
            deck.plan(lang),
        )
    return Group(cards, decks)


# --- help at the table (`explain`, core.help) -----------------------------------------------
TYPE_RULES = {
    "unit": "boss.type.unit",
    "strategy": "boss.type.strategy",
    "tactic": "boss.type.tactic",
    "event": "boss.type.permanent",
    "object": "boss.type.permanent",
}
# Keywords and mechanics a card's text names: term id -> rule id.
TERM_RULES = {
    "haste": "boss.keyword.haste",
    "ward": "boss.keyword.ward",
    "hunger": "boss.mech.hunger",
    "substitution": "boss.mech.substitution",
    "construct": "boss.mech.construct",
    "synergy": "boss.mech.synergy",
    "scrap": "boss.mech.scrap",
    "reckoning": "boss.turn.reckoning",
    "exhaustion": "boss.type.exhaustion",
    "wound": "boss.resource.wound",
    "priority": "boss.stack.priority",
}


def card_rules(d: CardDef) -> list[str]:
    """The rule ids of a card's type, keywords and mechanics."""
    out = [TYPE_RULES[d.type]] if d.type in TYPE_RULES else []
    out += [TERM_RULES[k] for k in d.keywords if k in TERM_RULES]
    for flag, key in (
        (d.construct is not None, "construct"),
        (bool(d.synergy), "synergy"),
        (bool(d.scrap), "scrap"),
        (d.reckoning is not None, "reckoning"),
    ):
        if flag:
            out.append(TERM_RULES[key])
    return out


def mechanic_lines(d: CardDef, lang: str) -> list[str]:
    """'the sentence of each keyword's and mechanic's rule [its id]' for a card."""
    return [
        f"{msg('rule.' + r, lang)} [{r}]" for r in card_rules(d) if r not in TYPE_RULES.values()
    ]


def glossary(game: BossGame, lang: str) -> list[Term]:
    """Every card (its text generated from its data), keyword and mechanic, for ``explain``."""
    other = "en" if lang == "ru" else "ru"
    out: list[Term] = []
    for key, rule in TERM_RULES.items():
        names = tuple(n.strip() for x in ("ru", "en") for n in msg(f"term_{key}", x).split(","))
        kind = "keyword" if key in ("haste", "ward") else "mechanic"
        out.append(Term(kind, key, msg(f"term_{key}", lang).split(",")[0], "", names, (rule,)))
    for d in game.db.cards.values():
        head = type_line(d, lang) + ", " + msg("x_cost", lang, cost=d.cost)
        if d.is_unit:
            head += f", {stats(d)}"
        text = head + ".\n" + card_text(d, lang)
        out.append(Term("card", d.id, d.name(lang), text, (d.name(other),), tuple(card_rules(d))))
    return out
