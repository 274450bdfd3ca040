"""Balance and tournament hooks of Clash: played cards, preconstructed decks, what-if numbers.

``ClashGame`` delegates the optional hooks of ``core.game.Game`` ("balance and
tournaments") to the functions here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.errors import CardDataError, SetupError, shown
from cardtable.core.overrides import merge_overrides
from cardtable.games.clash.formats import (
    SEAT_NAMES,
    SEATS,
    draft_sets,
    parse_setup,
    player_seats,
)
from cardtable.games.clash.overrides import check_overrides
from cardtable.games.clash.problems import MESSAGES, PKG
from cardtable.games.clash.records import CardDB
from cardtable.games.clash.state import ClashState


def played_card(st: ClashState, action: tuple[Any, ...]) -> str | None:
    """The card an action plays from the active seat's hand, else None (before it is applied).

    Playing a card is choosing it in the summoning phase: ``("play", card)`` while the
    main decision is pending (clash.summon.available). A creature's row or host and a
    spell's target complete that choice (clash.summon.place, clash.card.spell.target) and
    are not counted again; nor are draft picks or the end of the phase. The champion is
    summoned from beside the table, not from the hand (clash.champion.summon), and
    Reinforcement picks its creature by rule, its player choosing only the row
    (clash.ability.reinforcement): neither counts. The AI of solo and co-op takes no
    decisions at all.
    """
    if len(action) != 2 or action[0] != "play" or st.pending != ("main",):
        return None
    card = action[1]
    if not isinstance(card, int) or not 0 <= card < len(st.card_ids):
        return None
    if card not in st.hands[st.active]:
        return None
    return st.card_ids[card]


def deck_names(db: CardDB, setup: Mapping[str, Any] | None) -> list[str]:
    """The preconstructed decks a setup can seat: the decks of its set (clash.format.precon),
    of both sets in co-op (clash.coop.ai_decks); none in the draft and constructed formats."""
    opts = parse_setup(setup)
    if opts.format != "precon":
        return []
    try:
        sets = draft_sets(db, opts) if opts.mode == "coop" else [opts.card_set]
        return [d for sid in sets for d in db.card_set(sid).decks]
    except CardDataError as exc:
        raise SetupError.msg_in(PKG, "setup_problem", problem=exc) from None


def _known_decks(db: CardDB) -> str:
    """'ember, tide, ... (archipelago); rift_veil, ... (rift)' for error messages."""
    return "; ".join(f"{', '.join(s.decks)} ({s.id})" for s in db.sets.values())


def with_decks(db: CardDB, setup: Mapping[str, Any] | None, decks: Sequence[str]) -> dict[str, Any]:
    """The setup with ``decks[k]`` for the k-th player seat (every seat in a duel, free-for-all
    or 2v2), checked.

    A SetupError names an unknown deck, a format without preconstructed decks, a number of
    decks that does not fit the mode, or a deck given twice: a set has one copy of each
    deck, dealt to one player (clash.format.precon). In solo and co-op only the players
    take a deck; the rulebook's AI plays the set's other decks (clash.solo.precon,
    clash.coop.ai_decks), so decks cannot be seated there one per seat.
    """
    out = dict(setup or {})
    opts = parse_setup(out)
    if opts.format != "precon":
        raise MESSAGES.setup_problem("setup_no_precon", format=opts.format)
    names = [str(d) for d in decks]
    for d in names:
        if d not in db.decks:
            raise MESSAGES.setup_problem(
                "setup_unknown_deck", deck=shown(d), known=_known_decks(db)
            )
    players = player_seats(opts.mode, opts.ai_seat)
    if len(names) != len(players):
        if opts.mode in ("solo", "coop"):
            raise MESSAGES.setup_problem(
                "setup_ai_mode_decks",
                mode=opts.mode,
                n=len(players),
                seats=", ".join(SEAT_NAMES[s] for s in players),
            )
        raise MESSAGES.setup_problem(
            "setup_give_decks", mode=opts.mode, n=SEATS[opts.mode], given=len(names)
        )
    out["decks"] = names
    parse_setup(out)  # the mirror rule (formats.ClashSetup)
    return out


def deck_title(db: CardDB, deck: str, lang: str) -> str:
    """A deck's name from the deck file in ``ru`` or ``en`` (the id if unknown)."""
    found = db.decks.get(deck)
    return deck if found is None else found.name(lang)


def with_card_overrides(
    db: CardDB, setup: Mapping[str, Any] | None, overrides: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """The setup with what-if card numbers in its ``overrides`` option (see overrides.py).

    Cards may be named by id or by name; the setup gets ids. Overrides already in the
    setup are kept unless the new ones change the same field. A SetupError names an
    unknown card or field, or a value that is not a whole number the card schema allows.
    """
    out = merge_overrides(setup, overrides, lambda raw: check_overrides(db, raw))
    parse_setup(out)
    return out


__all__ = ["deck_names", "deck_title", "played_card", "with_card_overrides", "with_decks"]
