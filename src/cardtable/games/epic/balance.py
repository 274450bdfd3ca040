"""Balance and tournament hooks of Epic: played cards, the precon faction pairs, what-if
numbers.

``EpicGame`` delegates the optional hooks of ``core.game.Game`` ("balance and
tournaments") to the functions here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from cardtable.core.errors import SetupError, shown
from cardtable.core.i18n import tr
from cardtable.core.overrides import merge_overrides
from cardtable.games.epic.cards import FACTIONS
from cardtable.games.epic.formats import parse_setup
from cardtable.games.epic.overrides import check_overrides
from cardtable.games.epic.problems import MESSAGES
from cardtable.games.epic.records import EpicDB
from cardtable.games.epic.state import EpicState

PRECON_DECKS = tuple(sorted("+".join(sorted(pair)) for pair in combinations(FACTIONS, 2)))
"""The six precon decks: each a pair of the four factions, named in sorted order
('good+wild'), so that a name is canonical (epic.format.precon)."""


def played_card(st: EpicState, action: tuple[Any, ...]) -> str | None:
    """The card an action plays from the deciding player's hand, else None (before it is
    applied).

    Playing a card is paying for a champion or an event in the player's hand and putting
    it into play or resolving it (epic.play.pay, epic.play.champion, epic.play.event): the
    ``("play", card, mode)`` action of a player holding initiative. Each such action counts
    once, when it is taken. Nothing else plays a card from the hand: the targets, X, order
    and may-choices that complete a play or an ability, passing, attacking and blocking,
    assigning damage, talents (epic.talent), Recall from the discard pile
    (epic.keyword.recall), draft picks and cuts, mulligan choices, discarding, and the
    cards an effect puts into play from a hand (``from_hand``) or tokens it makes.
    """
    if len(action) < 2 or action[0] != "play" or not st.pending or st.pending[0] != "act":
        return None
    card = action[1]
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(st.card_ids):
        return None
    if card not in st.hands[st.pending[1]]:
        return None
    return st.card_ids[card]


def _pair(deck: str) -> tuple[str, str] | None:
    """A deck name's two factions in sorted order ('wild+good' -> good, wild), or None."""
    parts = [p.strip().lower() for p in str(deck).split("+")]
    if len(parts) != 2 or parts[0] == parts[1] or any(p not in FACTIONS for p in parts):
        return None
    a, b = sorted(parts)
    return a, b


def deck_names(setup: Mapping[str, Any] | None) -> list[str]:
    """The six faction pairs of the precon format (epic.format.precon), e.g. 'good+wild';
    also when no format is named (seating decks then chooses precon, see ``with_decks``);
    none for every other format (their decks are random, drafted, built or given)."""
    named = dict(setup or {})
    named.setdefault("format", "precon")
    if named["format"] != "precon":
        return []
    try:
        parse_setup(named)
    except SetupError:  # e.g. three players: precon is a duel format
        return []
    return list(PRECON_DECKS)


def with_decks(setup: Mapping[str, Any] | None, decks: Sequence[str]) -> dict[str, Any]:
    """The precon setup with ``factions = [decks[0], decks[1]]``, checked; a setup that
    names no format gets the precon format (the only one whose decks are named).

    A SetupError names an unknown deck (listing the six), a number of decks other than two,
    or two decks sharing a faction (the four factions are split between the two players:
    epic.format.precon). ``wild+good`` is read as ``good+wild``.
    """
    out = dict(setup or {})
    fmt = out.setdefault("format", "precon")
    if fmt != "precon":
        raise MESSAGES.setup_problem("setup_precon_only", format=shown(fmt))
    pairs: list[tuple[str, str]] = []
    for d in decks:
        pair = _pair(d)
        if pair is None:
            raise MESSAGES.setup_problem(
                "setup_unknown_deck", deck=shown(d), known=", ".join(PRECON_DECKS)
            )
        pairs.append(pair)
    if len(pairs) != 2:
        raise MESSAGES.setup_problem("setup_precon_decks", n=len(pairs))
    shared = sorted(set(pairs[0]) & set(pairs[1]))
    if shared:
        raise MESSAGES.setup_problem(
            "setup_decks_share",
            a="+".join(pairs[0]),
            b="+".join(pairs[1]),
            shared=", ".join(shared),
        )
    out["factions"] = [list(p) for p in pairs]
    parse_setup(out)
    return out


def deck_title(deck: str, lang: str) -> str:
    """A deck's name in ``ru`` or ``en``, e.g. 'Good + Wild' / 'Добро + Природа' (the
    faction names of the card text; the name itself if it is no faction pair)."""
    pair = _pair(deck)
    if pair is None:
        return deck
    return " + ".join(tr("cardtable.games.epic", f"faction_{f}", lang) for f in pair)


def card_title(db: EpicDB, card: str, lang: str) -> str:
    """A card's printed name in ``ru`` or ``en`` (the id if unknown)."""
    found = db.cards.get(card)
    return card if found is None else found.name(lang)


def with_card_overrides(
    db: EpicDB, setup: Mapping[str, Any] | None, overrides: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """The setup with what-if card numbers in its ``overrides`` option (see overrides.py).

    Cards may be named by id or by name; the setup gets ids. Overrides already in the
    setup are kept unless the new ones change the same field. A SetupError names an
    unknown card or field, or a value that is not a whole number the card schema allows.
    """
    out = merge_overrides(setup, overrides, lambda raw: check_overrides(db, raw))
    parse_setup(out)
    return out


__all__ = [
    "PRECON_DECKS",
    "card_title",
    "deck_names",
    "deck_title",
    "played_card",
    "with_card_overrides",
    "with_decks",
]
