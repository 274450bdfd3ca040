"""Blue Moon in the terminal: the table as one seat sees it.

Everything shown comes from ``view.observation`` (the viewer's own hand, the other hand
as a count, both areas with the active cards marked, the announced totals, the dragons,
the top of each leadership pile).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.games.bluemoon.state import DRAGONS, OVER, BlueMoonState
from cardtable.games.bluemoon.view import ELEMENTS, card_facts, msg, seat_name

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
        out.append(name, style=style)
    if not entries:
        out.append(msg("r_empty", lang), style="dim")
    return out


def render(game: BlueMoonGame, st: BlueMoonState, seat: int | None, lang: str) -> RenderableType:
    """The whole screen as ``seat`` sees it (None: a spectator, shown as seat 1)."""
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
    table = Table(title=msg("r_hand", lang), title_justify="left")
    for key in ("r_col_num", "r_col_card", "r_col_facts"):
        table.add_column(msg(key, lang))
    for k, e in enumerate(obs["hand"], 1):
        dd = game.db.cards[e["card"]]
        table.add_row(
            str(k), Text(dd.name(lang), style="bold"), card_facts(game, e["inst"], st, lang)
        )
    parts.append(table)
    _ = ELEMENTS
    return Group(*parts)
