"""The Clash terminal screen (Rich): both kingdoms, the bridge, hands, mana and fortresses.

``render(game, state, seat, lang)`` draws what ``seat`` may know: its own hand in full,
the other hand as card backs (public cards shown). ``seat=None`` is a spectator who
sees everything (watching agents, position files). Hidden hand cards are read only
through ``observe`` so that nothing hidden can leak into the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.core.help import Term
from cardtable.core.layout import FitTable, fitted
from cardtable.games.clash.abilities import ABILITIES, names_of
from cardtable.games.clash.effects import available, cost_now
from cardtable.games.clash.records import SPELL, CardDef
from cardtable.games.clash.state import DRAFT, OVER, ClashState
from cardtable.games.clash.view import (
    card_name,
    creature_view,
    describe_continue,
    msg,
    seat_of,
)

if TYPE_CHECKING:
    from cardtable.games.clash.game import ClashGame

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow")
COLUMN_STYLES = ("cyan", "magenta", "green", "yellow")


def abbrev(name: str) -> str:
    """A short form of an ability name: 'Берсерк' -> 'Берс.'."""
    return name if len(name) <= 5 else name[:4] + "."


def abilities_text(
    game: ClashGame, st: ClashState, inst: int, mask: int, lang: str, short: bool
) -> str:
    """Ability names of a mask (the aura with its payload), abbreviated or not."""
    d = game.card_def(st, inst)
    aura_name = names_of(1, lang)[0]
    out = []
    for name in names_of(mask, lang):
        shown = abbrev(name) if short else name
        if name == aura_name and d is not None and d.aura:
            payload = names_of(d.aura, lang)[0]
            shown += "→" + (abbrev(payload) if short else payload)
        out.append(shown)
    return ", ".join(out)


def stats_text(game: ClashGame, st: ClashState, inst: int) -> str:
    """'3/4' for a creature, '⚡2' for a spell, '' for a fortress."""
    d = game.card_def(st, inst)
    if d is None:
        return ""
    return f"{d.attack}/{d.health}" if d.kind == 0 else f"⚡{d.attack}"


def creature_cell(game: ClashGame, st: ClashState, c: int, lang: str, short: bool = False) -> Text:
    """Several lines describing a creature in play (``short``: abilities abbreviated)."""
    cv = creature_view(game, st, c)
    owner = st.owner_in_play(c)
    t = Text(card_name(game, st, c, lang), style=SEAT_STYLES[owner % len(SEAT_STYLES)])
    t.append(f"\n⚔{cv['attack']} ♥{cv['health'] - cv['damage']}/{cv['health']}")
    if cv["damage"]:
        t.append(f" (−{cv['damage']})", style="red")
    abil = abilities_text(game, st, c, st.eff[c], lang, short=short)
    if abil:
        t.append("\n" + abil, style="yellow")
    marks = []
    if cv["new"]:
        marks.append("★" + msg("r_new", lang))
    if c in st.symb:
        marks.append("+" + card_name(game, st, st.symb[c], lang))
    for k in (c, st.symb.get(c, -1)):
        if k in st.shackled:
            marks.append("⛓" + card_name(game, st, st.shackled[k][0], lang))
    if marks:
        t.append("\n" + " ".join(marks), style="dim")
    return t


def _side_grid(cells: list[Text], width: int, columns: int, near_right: bool) -> Table:
    """One side of a row: its creatures in equal columns, the one nearest the bridge
    beside it (the left side's rightmost)."""
    grid = Table.grid(padding=(0, 1))
    for _ in range(columns):
        grid.add_column(width=width, justify="center")
    row: list[RenderableType] = list(cells)
    if near_right:
        row = [Text("")] * (columns - len(row)) + row[::-1]
    else:
        row = row + [Text("")] * (columns - len(row))
    grid.add_row(*row)
    return grid


def _widths(cells: list[Text]) -> tuple[int, int]:
    """The longest line and the longest word of some cells (at least 6)."""
    lines = [line for cell in cells for line in cell.plain.split("\n")]
    words = [w for line in lines for w in line.split()]
    return max([6] + [len(x) for x in lines]), max([6] + [len(x) for x in words])


def _lane_grids(game: ClashGame, st: ClashState, lang: str, short: bool, label: bool) -> FitTable:
    """The board as a table at a natural width, at a narrow width (cells wrapped at
    spaces), then as one paragraph per side of each row, for ``Fit`` to choose from."""
    cells = [
        [[creature_cell(game, st, c, lang, short) for c in side] for side in lane]
        for lane in st.board
    ]
    left = [c for lane in cells for c in lane[0]]
    right = [c for lane in cells for c in lane[1]]
    wa = max([1] + [len(lane[0]) for lane in st.board])
    wb = max([1] + [len(lane[1]) for lane in st.board])
    tables: list[Table] = []
    for pick in (0, 1):
        width_a, width_b = _widths(left)[pick], _widths(right)[pick]
        table = Table(show_lines=True, expand=False, pad_edge=False)
        if label:
            table.add_column(msg("r_col_row", lang), justify="left")
            table.add_column(msg("r_side_left", lang), justify="right")
            table.add_column(msg("r_bridge", lang), justify="center", style="bold")
            table.add_column(msg("r_side_right", lang), justify="left")
        else:
            a, b = st.lane_seats[0]
            table.add_column(Text(seat_of(st, a, lang), style=SEAT_STYLES[a % 4]), justify="right")
            table.add_column(msg("r_bridge", lang), justify="center", style="bold")
            table.add_column(Text(seat_of(st, b, lang), style=SEAT_STYLES[b % 4]), justify="left")
        for li, lane in enumerate(cells):
            row: list[RenderableType] = []
            if label:
                row.append(_row_label(st, li, lang))
            row.append(_side_grid(lane[0], width_a, wa, True))
            bridge = (
                "◀║▶" if label else "║\n" + msg("r_top" if li == 0 else "r_bottom", lang) + "\n║"
            )
            row.append(Text(bridge))
            row.append(_side_grid(lane[1], width_b, wb, False))
            table.add_row(*row)
        tables.append(table)
    lanes = _lanes_text(game, st, lang, short)
    return FitTable(tables[0], FitTable(tables[1], lanes))


def _row_label(st: ClashState, li: int, lang: str) -> Text:
    """'Row 1' and whose rows meet there (four seats)."""
    left_seat, right_seat = st.lane_seats[li]
    label = Text(msg("r_row_n", lang, n=li + 1) + "\n")
    for k, (seat, side) in enumerate(((left_seat, 0), (right_seat, 1))):
        rank = list(st.seat_rows[seat]).index((li, side))
        label.append(
            msg("r_row_of", lang, seat=seat_of(st, seat, lang), row=msg(ROW_KEYS[rank], lang)),
            style=SEAT_STYLES[seat % len(SEAT_STYLES)],
        )
        if k == 0:
            label.append("\n")
    return label


def _lanes_text(game: ClashGame, st: ClashState, lang: str, short: bool) -> RenderableType:
    """Each side of each row as a paragraph that wraps: its creatures from the bridge
    outward (a board too wide for a table)."""
    lines: list[RenderableType] = [Text(msg("r_board_title", lang), style="bold")]
    for li, lane in enumerate(st.board):
        for side, cards in enumerate(lane):
            seat = st.lane_seats[li][side]
            rank = list(st.seat_rows[seat]).index((li, side))
            line = Text(
                msg(
                    "r_lane_side",
                    lang,
                    row=li + 1,
                    seat=seat_of(st, seat, lang),
                    which=msg(ROW_KEYS[rank], lang),
                ),
                style=SEAT_STYLES[seat % len(SEAT_STYLES)],
            )
            line.append(" ")
            if not cards:
                line.append(msg("r_none", lang), style="dim")
            for k, c in enumerate(cards):
                if k:
                    line.append(" | ", style="dim")
                cell = creature_cell(game, st, c, lang, short)
                line.append_text(Text(" ").join(cell.split("\n")))
            lines.append(line)
    return Group(*lines)


def board_table(game: ClashGame, st: ClashState, lang: str, short: bool = False) -> FitTable:
    """Two rows; A's creatures left of the bridge (nearest it closest), B's to the right;
    each player's name over all of its columns."""
    return _lane_grids(game, st, lang, short, label=False)


def four_board(game: ClashGame, st: ClashState, lang: str, short: bool = False) -> FitTable:
    """Four rows around the table: row i between seat i (its top row, left of the bridge)
    and the next seat clockwise (its bottom row, right of it); creatures listed from the
    bridge outward."""
    return _lane_grids(game, st, lang, short, label=True)


ROW_KEYS = ("row_top", "row_bottom")


def team_mark(st: ClashState, seat: int, lang: str) -> str:
    """'команда 1' in team modes (2v2, co-op), else ''."""
    if st.mode not in ("2v2", "coop"):
        return ""
    return msg("r_team", lang, n=st.team[seat] + 1)


def ai_line(game: ClashGame, st: ClashState, seat: int, obs: dict[str, Any], lang: str) -> Text:
    """An AI seat's public state: deck size (its health), fortress side, discard pile."""
    fort = obs["fortress"][seat]
    pile = obs["discards"][seat]
    top = (
        msg(
            "r_discard_top",
            lang,
            card=card_name(game, st, st.discards[seat][-1], lang),
            n=len(pile),
        )
        if pile
        else msg("r_discard_empty", lang)
    )
    side = msg(fort["side"], lang) if fort else msg("fortress", lang)
    return Text(
        msg(
            "r_ai_line",
            lang,
            seat=seat_of(st, seat, lang),
            deck=len(obs["decks"][seat]),
            n=len(obs["decks"][seat]),
            side=side,
            discard=top,
        ),
        style=SEAT_STYLES[seat % len(SEAT_STYLES)],
    )


def seats_table(game: ClashGame, st: ClashState, obs: dict[str, Any], lang: str) -> FitTable:
    """One line per seat: team, fortress side and health, hand or deck, discard pile, rows."""
    table = Table(title=msg("r_seats", lang), title_justify="left")
    for key in ("r_col_seat", "r_col_fortress", "r_col_cards", "r_col_rows"):
        table.add_column(msg(key, lang))
    for s in range(len(st.hands)):
        name = Text(seat_of(st, s, lang), style=SEAT_STYLES[s % len(SEAT_STYLES)])
        mark = team_mark(st, s, lang)
        if mark:
            name.append(f" ({mark})")
        if st.phase != OVER and st.active == s:
            name.append(" ◀ " + msg("r_to_move", lang), style="bold")
        fort = obs["fortress"][s]
        fort_text = (
            msg("r_kingdom_short", lang, side=msg(fort["side"], lang), health=fort["health"])
            if fort
            else "—"
        )
        if st.ai[s]:
            pile = obs["discards"][s]
            cards = msg("r_ai_deck", lang, n=len(obs["decks"][s]))
            cards += "; " + (
                msg(
                    "r_discard_top",
                    lang,
                    card=card_name(game, st, st.discards[s][-1], lang),
                    n=len(pile),
                )
                if pile
                else msg("r_discard_empty", lang)
            )
        else:
            cards = msg("r_hand_size", lang, n=len(obs["hands"][s]))
        rows = []
        for rank, (lane, side) in enumerate(st.seat_rows[s]):
            other = st.lane_seats[lane][1 - side]
            rows.append(
                msg(
                    "r_row_with",
                    lang,
                    row=msg(ROW_KEYS[rank], lang),
                    n=lane + 1,
                    seat=seat_of(st, other, lang),
                )
            )
        table.add_row(name, fort_text, Text(cards), Text("; ".join(rows)))
    return fitted(table, lead=1)


def kingdoms_line(game: ClashGame, st: ClashState, obs: dict[str, Any], lang: str) -> Text:
    """Fortress side and health of every seat."""
    t = Text()
    for s, f in enumerate(obs["fortress"]):
        if s:
            t.append("   |   ")
        if f is None:
            t.append(seat_of(st, s, lang), style=SEAT_STYLES[s % len(SEAT_STYLES)])
            continue
        side = msg(f["side"], lang)
        t.append(
            msg("r_kingdom", lang, seat=seat_of(st, s, lang), side=side, health=f["health"]),
            style=SEAT_STYLES[s % len(SEAT_STYLES)],
        )
    return t


def own_hand(
    game: ClashGame,
    st: ClashState,
    seat: int,
    obs: dict[str, Any],
    lang: str,
    short: bool = False,
) -> FitTable:
    """A hand shown in full, left to right, with the fortress and what can be played now
    (``short``: abilities abbreviated, short headers)."""
    table = Table(title=msg("r_hand", lang, seat=seat_of(st, seat, lang)), title_justify="left")
    for key in (
        "r_col_pos",
        "r_col_card",
        "r_col_cost",
        "r_col_stats_short" if short else "r_col_stats",
        "r_col_abilities",
        "r_col_status",
    ):
        table.add_column(msg(key, lang))
    deciding = st.phase != OVER and st.active == seat and st.pending[:1] == ("main",)
    legal = set(game.legal_actions(st)) if deciding else set()
    avail = set(available(st, seat)) if st.phase not in (DRAFT, OVER) else set()
    fort = obs["fortress"][seat]
    for pos, entry in enumerate(obs["hands"][seat], 1):
        if entry is None:  # not reached for one's own hand; kept for safety
            table.add_row(str(pos), "▮", "", "", "", "")
            continue
        c = entry["inst"]
        if entry["card"] == "fortress":
            side = msg(fort["side"], lang) if fort else msg("fortress", lang)
            label = msg(
                "r_fortress_row", lang, side=side.upper(), health=fort["health"] if fort else 0
            )
            table.add_row(str(pos), Text("🏰 " + label, style="bold red"), "", "", "", "")
            continue
        d = game.card_def(st, c)
        status = Text()
        if ("play", c) in legal:
            status = Text("✓ " + msg("r_playable", lang), style="bold green")
        elif c in avail:
            key = "r_available"
            if deciding:
                no_target = (
                    d is not None and d.kind == SPELL and not any(x >= 0 for x in st.lane_of)
                )
                key = "r_no_target" if no_target else "r_too_costly"
            status = Text(msg(key, lang), style="yellow")
        cost = str(cost_now(st, seat, c))
        if d is not None and d.cost != int(cost):
            cost += f" ({d.cost})"
        table.add_row(
            str(pos),
            Text(card_name(game, st, c, lang)),
            cost,
            stats_text(game, st, c),
            Text(abilities_text(game, st, c, d.abilities if d else 0, lang, short=short)),
            status,
        )
    return fitted(table)


def backs_line(game: ClashGame, st: ClashState, seat: int, obs: dict[str, Any], lang: str) -> Text:
    """Another seat's hand as card backs, the fortress in its place, public cards by name."""
    parts = []
    fort = obs["fortress"][seat]
    for entry in obs["hands"][seat]:
        if entry is None:
            parts.append("▮")
        elif entry["card"] == "fortress":
            side = msg(fort["side"], lang) if fort else msg("fortress", lang)
            parts.append(f"[🏰 {side.upper()}]")
        else:
            parts.append(msg("r_card_public", lang, card=card_name(game, st, entry["inst"], lang)))
    text = " ".join(parts) if parts else msg("r_none", lang)
    return Text(
        msg("r_hand_backs", lang, seat=seat_of(st, seat, lang), cards=text),
        style=SEAT_STYLES[seat % len(SEAT_STYLES)],
    )


def draft_panel(game: ClashGame, st: ClashState, obs: dict[str, Any], lang: str) -> RenderableType:
    """The revealed cards and what each player has taken."""
    draft = obs["draft"]
    table = Table(title=msg("r_draft_revealed", lang), title_justify="left")
    for key in ("r_col_card", "r_col_cost", "r_col_stats", "r_col_abilities"):
        table.add_column(msg(key, lang))
    for entry in draft["revealed"]:
        c = entry["inst"]
        d = game.card_def(st, c)
        table.add_row(
            card_name(game, st, c, lang),
            str(d.cost if d else ""),
            stats_text(game, st, c),
            abilities_text(game, st, c, d.abilities if d else 0, lang, short=False),
        )
    lines: list[RenderableType] = [fitted(table, lead=1)]
    for s, taken in enumerate(draft["drafted"]):
        names = [game.db.cards[c].name(lang) if c in game.db.cards else c for c in taken]
        lines.append(
            Text(
                msg(
                    "r_draft_taken",
                    lang,
                    seat=seat_of(st, s, lang),
                    cards=", ".join(names) or msg("r_none", lang),
                ),
                style=SEAT_STYLES[s % len(SEAT_STYLES)],
            )
        )
    lines.append(Text(msg("r_draft_pool", lang, n=draft["pool_size"]), style="dim"))
    return Group(*lines)


def header(game: ClashGame, st: ClashState, lang: str) -> Text:
    """The first line: mode, turn, who moves, mana."""
    title = game.title[lang]
    if st.mode != "duel":
        title += " · " + msg(f"r_mode_{st.mode}", lang)
    if st.phase == OVER:
        return Text(msg("r_header_over", lang, title=title, turn=max(st.turns_taken)), style="bold")
    if st.phase == DRAFT:
        return Text(
            msg("r_header_draft", lang, title=title, seat=seat_of(st, st.active, lang)),
            style="bold",
        )
    return Text(
        msg(
            "r_header",
            lang,
            title=title,
            turn=st.turns_taken[st.active],
            seat=seat_of(st, st.active, lang),
            mana=st.mana,
        ),
        style="bold",
    )


def render(
    game: ClashGame, st: ClashState, seat: int | None, lang: str, compact: bool = False
) -> RenderableType:
    """The whole screen as seen by ``seat`` (None: a spectator who sees every card);
    ``compact``: abilities abbreviated (``explain`` names them in full)."""
    viewer = 0 if seat is None else seat
    obs = game.observe(st, viewer)
    if seat is None:  # a spectator: every hand in full
        obs["hands"] = [
            [{"inst": c, "card": "fortress" if c == st.fortress[s] else st.card_ids[c]} for c in h]
            for s, h in enumerate(st.hands)
        ]
    parts: list[RenderableType] = [header(game, st, lang)]
    if st.phase == DRAFT:
        parts.append(draft_panel(game, st, obs, lang))
    four = len(st.hands) == 4
    if four:
        parts.append(seats_table(game, st, obs, lang))
        parts.append(four_board(game, st, lang, compact))
    else:
        parts.append(kingdoms_line(game, st, obs, lang))
        for s in range(len(st.hands)):
            if st.ai[s]:
                parts.append(ai_line(game, st, s, obs, lang))
        parts.append(board_table(game, st, lang, compact))
    if st.pending[:1] == ("reinforce",):
        _, card, who = st.pending
        parts.append(
            Text(
                msg(
                    "r_reinforce_pending",
                    lang,
                    seat=seat_of(st, who, lang),
                    card=card_name(game, st, card, lang),
                ),
                style="bold " + COLUMN_STYLES[who % len(COLUMN_STYLES)],
            )
        )
    if st.pending[:1] == ("continue",):
        parts.append(
            Text(msg("r_step_pending", lang, next=describe_continue(st, lang)), style="bold")
        )
    seats = [s for s in range(len(st.hands)) if not st.ai[s]]
    for s in seats:
        if seat is None or s == seat:
            continue
        parts.append(backs_line(game, st, s, obs, lang))
    for s in seats:
        if seat is None or s == seat:
            parts.append(own_hand(game, st, s, obs, lang, compact))
    if st.removed:
        names = ", ".join(card_name(game, st, c, lang) for c in st.removed)
        parts.append(Text(msg("r_removed", lang, cards=names), style="dim"))
    return Group(*parts)


# --- the card set (`cardtable cards clash`) -------------------------------------------
def _decks_of(game: ClashGame) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for deck in game.db.decks.values():
        for cid in deck.cards:
            out.setdefault(cid, []).append(deck.id)
    return out


def card_list(game: ClashGame) -> list[dict[str, Any]]:
    """Every card as plain data: id, number, names, kind, cost, numbers, abilities, aura, deck."""
    decks = _decks_of(game)
    out = []
    for d in sorted(game.db.cards.values(), key=lambda c: (c.number, c.id)):
        model = d.to_model_dict()
        creature = d.kind == 0
        out.append(
            {
                "id": d.id,
                "number": d.number,
                "name": {"ru": d.name_ru, "en": d.name_en},
                "kind": model["kind"],
                "cost": d.cost,
                "attack": d.attack if creature else None,
                "health": d.health if creature else None,
                "damage": None if creature else d.attack,
                "abilities": model["abilities"],
                "aura": model.get("aura"),
                "deck": decks[d.id][0] if decks.get(d.id) else None,
                "decks": decks.get(d.id, []),
            }
        )
    return out


def card_table(game: ClashGame, lang: str, explain: bool = False) -> Table:
    """The card set as a table; ``explain`` adds what each ability does, with its rule id."""
    decks = _decks_of(game)
    table = Table(title=game.title[lang])
    for key in (
        "r_col_number",
        "r_col_card",
        "r_col_kind",
        "r_col_cost",
        "r_col_numbers",
        "r_col_abilities",
        "r_col_deck",
    ):
        table.add_column(msg(key, lang))
    if explain:
        table.add_column(msg("r_col_explained", lang))
    for d in sorted(game.db.cards.values(), key=lambda c: (c.number, c.id)):
        numbers = f"{d.attack}/{d.health}" if d.kind == 0 else f"⚡{d.attack}"
        abil = []
        aura_name = names_of(1, lang)[0]
        for name in names_of(d.abilities, lang):
            if name == aura_name and d.aura:
                name += ": " + names_of(d.aura, lang)[0]
            abil.append(name)
        deck_names = ", ".join(game.db.decks[x].name(lang) for x in decks.get(d.id, []))
        row: list[RenderableType] = [
            str(d.number),
            Text(d.name(lang)),
            msg("creature" if d.kind == 0 else "spell", lang),
            str(d.cost),
            numbers,
            Text(", ".join(abil)),
            Text(deck_names or msg("r_none", lang)),
        ]
        if explain:
            row.append(Text("\n".join(ability_lines(d, lang))))
        table.add_row(*row)
    return table


# --- help at the table (`explain`, core.help) -------------------------------------------
def ability_lines(d: CardDef, lang: str) -> list[str]:
    """'Берсерк — уничтожив врага атакой, атакует снова [clash.ability.berserk]' for each
    ability of a card (an aura's with the ability it gives)."""
    out = []
    for a in ABILITIES.values():
        if d.abilities & a.bit:
            line = f"{a.name(lang)} — {a.summary(lang)} [{a.rule}]"
            if a.id == "aura" and d.aura:
                given = next(x for x in ABILITIES.values() if x.bit == d.aura)
                line += "; " + msg("r_aura_gives", lang, name=given.name(lang))
            out.append(line)
    return out


def card_explained(d: CardDef, lang: str) -> str:
    """A card in words: kind, cost and numbers, then what each of its abilities does."""
    if d.kind == 0:
        head = msg("x_creature", lang, cost=d.cost, attack=d.attack, health=d.health)
    else:
        head = msg("x_spell", lang, cost=d.cost, damage=d.attack)
    lines = ability_lines(d, lang)
    return "\n".join([head, *lines]) if lines else head + " " + msg("x_no_abilities", lang)


def glossary(game: ClashGame, lang: str) -> list[Term]:
    """Every ability and card of the sets, and the rules a new player asks about (the
    fortress and health, mana, the available cards), for ``explain``."""
    other = "en" if lang == "ru" else "ru"
    out: list[Term] = []
    for a in ABILITIES.values():
        summary = a.summary(lang)
        text = summary[:1].upper() + summary[1:] + "."
        out.append(Term("ability", a.id, a.name(lang), text, (a.name(other),), (a.rule,)))
    for d in sorted(game.db.cards.values(), key=lambda c: (c.number, c.id)):
        rules = ["clash.card.creature" if d.kind == 0 else "clash.card.spell"]
        rules += [a.rule for a in ABILITIES.values() if d.abilities & a.bit]
        out.append(
            Term(
                "card", d.id, d.name(lang), card_explained(d, lang), (d.name(other),), tuple(rules)
            )
        )
    for key, topic_rules in TOPICS:
        groups = [msg(f"t_{key}_names", x) for x in ("ru", "en")]
        names = tuple(n.strip() for group in groups for n in group.split(","))
        title, text = msg(f"t_{key}", lang), msg(f"t_{key}_text", lang)
        out.append(Term("rule", key, title, text, names, topic_rules))
    return out


TOPICS = (
    ("fortress", ("clash.fortress.health", "clash.fortress.last_card", "clash.card.fortress")),
    ("mana", ("clash.mana.regen", "clash.mana.first_turn", "clash.summon.mana_limit")),
    ("available", ("clash.summon.available", "clash.summon.new_available")),
)


# --- the AI's levels (`cardtable levels clash`) ---------------------------------------
def level_list() -> dict[str, Any]:
    """The ten presets, the custom AI's starting numbers and the point costs as plain
    data (solo.levels())."""
    from cardtable.games.clash.solo import (
        QUICK_FIXED_MANA,
        QUICK_VARIABLE_MANA,
        levels,
        spend_settings,
    )

    table = levels()

    def preset(level: int, coop: bool) -> dict[str, Any]:
        p = table.preset(level, coop)
        settings = spend_settings(p)
        named = table.presets[level].name
        return {
            "level": level,
            "name": {"ru": named.ru, "en": named.en},
            "fixed_mana": settings.fixed_mana,
            "variable_mana": settings.variable_mana,
            "first": p.first,
            "resilience": p.resilience,
            "abilities": list(p.abilities),
            "points": table.cost(p),
        }

    costs = table.costs
    return {
        "quick": {"fixed_mana": QUICK_FIXED_MANA, "variable_mana": QUICK_VARIABLE_MANA},
        "base": {"fixed_mana": table.base.fixed_mana, "variable_mana": table.base.variable_mana},
        "presets": [preset(level, False) for level in sorted(table.presets)],
        "coop_presets": [preset(level, True) for level in sorted(table.coop)],
        "costs": {
            "variable_mana": {str(k): v for k, v in sorted(costs.variable_mana.items())},
            "ai_first": costs.ai_first,
            "resilience": costs.resilience,
            "fixed_mana": {str(k): v for k, v in sorted(costs.fixed_mana.items())},
            "abilities": dict(costs.abilities),
        },
    }


def level_spends(level: int) -> list[tuple[str, dict[str, Any]]]:
    """Every way to spend a level's points, as (stable label, the setup's ``ai`` option),
    for surveys (solo.spends)."""
    from cardtable.games.clash.solo import spend_option, spends

    out = []
    for spend in spends(level):
        option = spend_option(spend)
        parts = [f"mana={spend.fixed_mana}"] if spend.fixed_mana else []
        parts += [f"var={spend.variable_mana}"] if spend.variable_mana is not None else []
        parts += ["first"] if spend.first else []
        parts += ["resilience"] if spend.resilience else []
        parts += ["+".join(spend.abilities)] if spend.abilities else []
        out.append((" ".join(parts) or "-", option))
    return out


def preset_option(level: int, coop: bool = False) -> dict[str, Any]:
    """The ``ai`` option a level's named preset (solo's or co-op's) amounts to."""
    from cardtable.games.clash.solo import levels, spend_option

    return spend_option(levels().preset(level, coop))


def spend_text(option: dict[str, Any], lang: str) -> str:
    """A spend in words: 'AI mana 10 + 1 per creature facing it; the AI plays first; …'."""
    from cardtable.games.clash.solo import AiSpend, spend_settings

    settings = spend_settings(AiSpend.model_validate(option))
    fixed, var = settings.fixed_mana, settings.variable_mana
    parts = [msg("lv_mana", lang, fixed=fixed, var=var)]
    if option.get("first"):
        parts.append(msg("lv_first", lang))
    if option.get("resilience"):
        parts.append(msg("lv_resilience", lang))
    if option.get("abilities"):
        names = ", ".join(_ability_name(a, lang) for a in option["abilities"])
        parts.append(msg("lv_abilities", lang, names=names))
    return "; ".join(parts)


def _ability_name(ident: str, lang: str) -> str:
    from cardtable.games.clash.abilities import mask_of

    names = names_of(mask_of([ident]), lang)
    return names[0] if names else ident


def level_tables(lang: str) -> list[RenderableType]:
    """The presets and the costs as two tables, with a line on the quick variant."""
    data = level_list()
    tables = [
        _preset_table(data["presets"], msg("lv_title", lang), lang),
        _preset_table(data["coop_presets"], msg("lv_coop_title", lang), lang),
    ]
    costs = Table(title=msg("lv_costs_title", lang), title_justify="left")
    costs.add_column(msg("lv_col_setting", lang))
    costs.add_column(msg("lv_col_points", lang), justify="right")
    c = data["costs"]
    base = data["base"]
    for var, pts in c["variable_mana"].items():
        costs.add_row(
            msg("lv_cost_variable", lang, var=var, base=base["variable_mana"]), f"{pts:g}"
        )
    for mana, pts in c["fixed_mana"].items():
        costs.add_row(msg("lv_cost_fixed", lang, mana=mana, base=base["fixed_mana"]), f"{pts:g}")
    costs.add_row(msg("lv_first", lang), f"{c['ai_first']:g}")
    costs.add_row(msg("lv_resilience", lang), f"{c['resilience']:g}")
    for ident, pts in c["abilities"].items():
        costs.add_row(msg("lv_cost_ability", lang, name=_ability_name(ident, lang)), f"{pts:g}")
    quick = Text(
        msg(
            "lv_quick",
            lang,
            fixed=data["quick"]["fixed_mana"],
            var=data["quick"]["variable_mana"],
            base_fixed=base["fixed_mana"],
            base_var=base["variable_mana"],
        ),
        style="dim",
    )
    return [*tables, costs, quick]


def _preset_table(presets: list[dict[str, Any]], title: str, lang: str) -> Table:
    """One list of presets: level, name, mana and the rest of the spend."""
    table = Table(title=title, title_justify="left")
    for key in ("lv_col_level", "lv_col_name", "lv_col_mana", "lv_col_other"):
        table.add_column(msg(key, lang))
    for p in presets:
        other = []
        if p["first"]:
            other.append(msg("lv_first", lang))
        if p["resilience"]:
            other.append(msg("lv_resilience", lang))
        if p["abilities"]:
            names = ", ".join(_ability_name(a, lang) for a in p["abilities"])
            other.append(msg("lv_abilities", lang, names=names))
        table.add_row(
            str(p["level"]),
            Text(p["name"][lang]),
            msg("lv_mana", lang, fixed=p["fixed_mana"], var=p["variable_mana"]),
            Text("; ".join(other) or msg("r_none", lang)),
        )
    return table
