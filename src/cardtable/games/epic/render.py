"""Epic in the terminal: the table as one seat sees it, card texts, the card list.

Everything a person sees is drawn from ``view.observation`` (their own hand in full, the
other hand as a count plus revealed cards, no deck order); the public parts of the state
(combat, who decides, what is resolving) come from the state itself. Card texts are
generated from the effect data in ``cards.py``, in the project's own words.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.games.epic.cards import KEYWORDS, CardDef, Selector, Step
from cardtable.games.epic.state import F_CARD, MULLIGAN, OVER, EpicState
from cardtable.games.epic.view import msg, seat_name

if TYPE_CHECKING:
    from cardtable.games.epic.game import EpicGame

SEAT_STYLES = ("cyan", "magenta")
FACTION_STYLES = {"good": "yellow", "wild": "green", "evil": "red", "sage": "blue"}
POS_KEYS = ("r_pos_prepared", "r_pos_expended", "r_pos_flipped")
DISCARD_SHOWN = 3


# --- card texts ----------------------------------------------------------------------------
def faction_name(faction: str, lang: str) -> str:
    """'Добро' / 'Good'."""
    return msg(f"faction_{faction}", lang)


def keyword_names(mask: int, lang: str) -> list[str]:
    """The keywords of a bit mask, by name."""
    return [msg(f"kw_{k}", lang) for b, k in enumerate(KEYWORDS) if mask & (1 << b)]


def _qualified(sel: Selector, base: str, lang: str) -> str:
    """A champion group or target with its filters (other, faction, numbers)."""
    adjectives = []
    if sel.faction:
        adjectives.append(msg("sel_faction", lang, faction=faction_name(sel.faction, lang)))
    if sel.not_faction:
        adjectives.append(msg("sel_not_faction", lang, faction=faction_name(sel.not_faction, lang)))
    words = base
    if adjectives and lang == "en":  # English puts them before the noun (the last word)
        head, _, noun = base.rpartition(" ")
        words = " ".join(x for x in (head, *adjectives, noun) if x)
    elif adjectives:
        words = " ".join((base, *adjectives))
    if sel.max_offense is not None:
        words += " " + msg("sel_max_offense", lang, n=sel.max_offense)
    if sel.max_defense is not None:
        words += " " + msg("sel_max_defense", lang, n=sel.max_defense)
    return words


def selector_text(sel: Selector, case: str, lang: str) -> str:
    """Who or what a selector names, in a case: nom, dat, acc, or pl (a group)."""
    if sel.you:
        return msg(f"sel_you_{'nom' if case == 'pl' else case}", lang)
    if sel.self:
        return msg(f"sel_self_{'nom' if case == 'pl' else case}", lang)
    if sel.turn_player:
        return msg(f"sel_turn_player_{'nom' if case == 'pl' else case}", lang)
    c = "nom" if case == "pl" else case
    if sel.target == "player":
        return msg(f"sel_target_player_{c}", lang)
    if sel.target == "any":
        return msg(f"sel_target_any_{c}", lang)
    if sel.target == "champion":
        owner = {"opponent": "opp_", "you": "own_"}.get(sel.controller, "")
        return _qualified(sel, msg(f"sel_target_{owner}champion_{c}", lang), lang)
    if sel.each == "player":
        owner = "opp_" if sel.controller == "opponent" else ""
        return msg(f"sel_each_{owner}player_{c}", lang)
    # each champion
    owner = {"opponent": "opp_", "you": "own_", "target_player": "tp_"}.get(sel.controller, "")
    c = "pl" if case == "nom" else case
    base = msg(f"sel_each_{owner}champion_{c}", lang)
    if sel.other:
        base = _with_other(base, lang)
    return _qualified(sel, base, lang)


def _with_other(base: str, lang: str) -> str:
    """'ваши существа' → 'ваши другие существа'; 'your champions' → 'your other champions'."""
    other = msg("sel_other", lang)
    words = base.split(" ")
    if len(words) > 1 and words[0].lower() in ("ваши", "your", "все", "all"):
        return " ".join([words[0], other, *words[1:]])
    return f"{other} {base}"


def _targets(step: Step, case: str, lang: str) -> str:
    return msg("sel_and", lang).join(selector_text(s, case, lang) for s in step.to)


def _change(offense: int, defense: int, kws: tuple[str, ...], lang: str) -> str:
    parts = []
    if offense and defense:
        parts.append(f"{offense:+d}/{defense:+d}")
    elif offense:
        parts.append(msg("change_offense", lang, n=offense))
    elif defense:
        parts.append(msg("change_defense", lang, n=defense))
    if kws:
        names = ", ".join(msg(f"kw_{k}", lang) for k in kws)
        parts.append(msg("change_keywords", lang, names=names))
    return msg("sel_and", lang).join(parts) or "+0"


def _only_you(step: Step) -> bool:
    return not step.to or all(s.you for s in step.to)


def step_text(game: EpicGame, step: Step, lang: str) -> str:
    """One sentence of a card."""
    n = step.amount
    op = step.op
    if op == "damage":
        text = msg("op_damage", lang, n=n, to=_targets(step, "dat", lang))
    elif op in ("draw", "gain_health", "discard"):
        if _only_you(step):
            text = msg(f"op_{op}_you", lang, n=n)
        else:
            text = msg(f"op_{op}", lang, n=n, to=_targets(step, "nom", lang))
    elif op == "tokens":
        kind = step.kind or ""
        token = game.db.cards.get(f"{kind}_token")
        text = msg("op_tokens", lang, n=n, token=token.name(lang) if token else kind)
    elif op in ("banish", "break", "return_to_hand"):
        text = msg(f"op_{op}", lang, to=_targets(step, "acc", lang))
    elif op == "modify":
        many = any(s.each for s in step.to)
        text = msg(
            "op_modify_many" if many else "op_modify_one",
            lang,
            to=_targets(step, "nom", lang),
            change=_change(step.offense, step.defense, step.keywords, lang),
        )
    else:
        text = op
    if step.may:
        text = msg("op_may", lang, text=text)
    return text


def _sentences(game: EpicGame, steps: Any, lang: str) -> str:
    return "; ".join(step_text(game, s, lang) for s in steps)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_text(game: EpicGame, d: CardDef, lang: str) -> str:
    """What a card does, in words, generated from its data."""
    parts: list[str] = []
    kws = keyword_names(d.keywords, lang)
    if kws:
        parts.append(", ".join(kws))
    for st in d.statics:
        parts.append(
            _capital(
                msg(
                    "static",
                    lang,
                    to=selector_text(st.to, "pl", lang),
                    change=_change(st.offense, st.defense, (), lang),
                )
            )
        )
    for ab in d.abilities:
        if ab.when == "ally" and ab.faction:
            when = msg("when_ally_faction", lang, faction=faction_name(ab.faction, lang))
        else:
            when = msg(f"when_{ab.when}", lang)
        parts.append(f"{when}: {_sentences(game, ab.steps, lang)}")
    if d.modes:
        modes = []
        for mode in d.modes:
            text = _sentences(game, mode.steps, lang)
            if mode.your_turn:
                text = msg("mode_your_turn", lang, text=text)
            if mode.gold:
                text = msg("mode_gold", lang, n=mode.gold, text=text)
            modes.append(text)
        parts.append(_capital(msg("modes_or", lang).join(modes)))
    return ". ".join(parts) if parts else msg("no_text", lang)


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


def card_table(game: EpicGame, lang: str) -> Table:
    """The card set as a table."""
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
    for d in _sorted_cards(game):
        table.add_row(
            Text(d.name(lang), style="bold"),
            Text(faction_name(d.faction, lang), style=FACTION_STYLES.get(d.faction, "")),
            msg(f"type_{d.type}", lang),
            str(d.cost),
            f"{d.offense}/{d.defense}" if d.is_champion else "",
            ", ".join(d.classes),
            Text(card_text(game, d, lang)),
            msg(f"edition_{d.edition}", lang),
        )
    return table


# --- what others see of a move ----------------------------------------------------------------
def describe_seen(
    game: EpicGame, st: EpicState, action: tuple[Any, ...], seat: int, lang: str
) -> str:
    """An action of ``seat`` as the other players see it: which card goes back in a
    mulligan is hidden; everything else is public."""
    if action[0] == "mull":
        return msg("r_act_mull_hidden", lang)
    return game.describe(action, lang, st)


# --- the screen ----------------------------------------------------------------------------
def _seat(seat: int, lang: str, viewer: int | None = None) -> Text:
    name = seat_name(seat, lang)
    if viewer is not None and seat == viewer:
        name += f" ({msg('r_you', lang)})"
    return Text(name, style=f"bold {SEAT_STYLES[seat % len(SEAT_STYLES)]}")


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
        try:
            window = msg(f"r_window_{st.window}", lang)
        except KeyError:
            window = st.window
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
    if st.pending:
        kind, who = st.pending[0], int(st.pending[1])
        key = f"r_pending_{kind}"
        if kind == "act" and not (st.window == "main" and who == st.active):
            key = "r_pending_act_window"
        try:
            what = msg(key, lang)
        except KeyError:
            what = str(kind)
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
    game: EpicGame, st: EpicState, obs: dict[str, Any], s: int, viewer: int | None, lang: str
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
    for key in (
        "r_col_num",
        "r_col_card",
        "r_col_stats",
        "r_col_position",
        "r_col_keywords",
        "r_col_combat",
        "r_col_text",
    ):
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
        text = card_text(game, d, lang)
        table.add_row(str(k), name, stats, position, Text(kws), combat, Text(text, style="dim"))
    return table


def own_hand(
    game: EpicGame, st: EpicState, obs: dict[str, Any], s: int, spectator: bool, lang: str
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
    for key in (
        "r_col_num",
        "r_col_card",
        "r_col_cost",
        "r_col_faction",
        "r_col_type",
        "r_col_stats",
        "r_col_text",
        "r_col_status",
    ):
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
        table.add_row(
            str(k),
            Text(d.name(lang), style=f"bold {FACTION_STYLES.get(d.faction, '')}"),
            str(d.cost),
            faction_name(d.faction, lang),
            msg(f"type_{d.type}", lang),
            f"{d.offense}/{d.defense}" if d.is_champion else "",
            Text(card_text(game, d, lang)),
            status,
        )
    return table


def hidden_hand(game: EpicGame, st: EpicState, obs: dict[str, Any], s: int, lang: str) -> Text:
    """Another player's hand: a count and the revealed cards only."""
    line = Text(
        msg("r_hidden_hand", lang, seat=seat_name(s, lang), n=obs["hand_sizes"][s]),
        style=SEAT_STYLES[s % len(SEAT_STYLES)],
    )
    revealed = obs["hands"][s]
    if revealed:
        names = ", ".join(f"«{_name_of(game, st, c, lang)}»" for c in revealed)
        line.append("; " + msg("r_revealed", lang, cards=names))
    return line


def discards_lines(game: EpicGame, st: EpicState, obs: dict[str, Any], lang: str) -> list[Text]:
    """The top few cards of each discard pile."""
    out = []
    for s, pile in enumerate(obs["discards"]):
        if not pile:
            continue
        top = [f"«{_name_of(game, st, c, lang)}»" for c in reversed(pile[-DISCARD_SHOWN:])]
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
            parts.append(f"«{d.name(lang)}»")
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
    else:
        defender = (st.active + 1) % len(st.health)
        out.append(
            Text(
                "  " + msg("r_combat_unblocked", lang, seat=seat_name(defender, lang)),
                style="yellow",
            )
        )
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
    text = ", ".join(f"«{_name_of(game, st, c, lang)}»" for c in cards)
    return [Text(msg("r_limbo", lang, cards=text), style="bold")]


def render(game: EpicGame, st: EpicState, seat: int | None, lang: str) -> RenderableType:
    """The whole screen as ``seat`` sees it (None: a spectator who sees every hand)."""
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
        parts.append(play_area(game, st, obs, s, seat, lang))
    parts += discards_lines(game, st, obs, lang)
    for s in order:
        if seat is None:
            parts.append(own_hand(game, st, obs, s, True, lang))
        elif s != seat:
            parts.append(hidden_hand(game, st, obs, s, lang))
    if seat is not None:
        parts.append(own_hand(game, st, obs, seat, False, lang))
    return Group(*parts)
