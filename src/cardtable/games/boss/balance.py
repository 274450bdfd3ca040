"""Balance and tournament hooks of Boss Battle: played cards, the precon decks, what-if
numbers (``BossGame`` delegates the optional hooks of ``core.game.Game`` here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.errors import shown
from cardtable.core.overrides import merge_overrides
from cardtable.games.boss.formats import MAX_PLAYERS, MIN_PLAYERS, parse_setup
from cardtable.games.boss.overrides import check_overrides
from cardtable.games.boss.problems import MESSAGES
from cardtable.games.boss.records import BossDB
from cardtable.games.boss.state import BossState


def played_card(st: BossState, action: tuple[Any, ...]) -> str | None:
    """The card a ``("play", card)`` action casts from the deciding player's hand, else
    None (called before the action is applied). Activating abilities, attacking and the
    choices inside an effect play no card."""
    if len(action) < 2 or action[0] != "play" or not st.pending or st.pending[0] != "priority":
        return None
    card = action[1]
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(st.card_ids):
        return None
    if card not in st.hands[st.pending[1]]:
        return None
    return st.card_ids[card]


def deck_names(db: BossDB, setup: Mapping[str, Any] | None) -> list[str]:
    """The preconstructed decks; none when the setup's format brings its own decks."""
    if parse_setup(setup).kind() != "precon":
        return []
    return list(db.decks)


def with_decks(db: BossDB, setup: Mapping[str, Any] | None, decks: Sequence[str]) -> dict[str, Any]:
    """The setup with ``decks[s]`` at seat ``s`` (the same deck may sit at several seats:
    each player has a copy). A SetupError names an unknown deck or a player count the game
    does not allow."""
    out = dict(setup or {})
    if parse_setup(out).kind() != "precon":
        raise MESSAGES.setup_problem("setup_precon_only")
    names = [str(d) for d in decks]
    for d in names:
        if d not in db.decks:
            raise MESSAGES.setup_problem(
                "setup_unknown_deck", deck=shown(d), known=", ".join(db.decks)
            )
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise MESSAGES.setup_problem(
            "setup_decks_players", n=len(names), low=MIN_PLAYERS, high=MAX_PLAYERS
        )
    out["decks"] = names
    out["players"] = len(names)
    parse_setup(out)
    return out


def deck_title(db: BossDB, deck: str, lang: str) -> str:
    """A deck's name in ``ru`` or ``en`` (the id if unknown)."""
    found = db.decks.get(deck)
    return deck if found is None else found.name(lang)


def card_title(db: BossDB, card: str, lang: str) -> str:
    """A card's printed name in ``ru`` or ``en`` (the id if unknown)."""
    found = db.cards.get(card)
    return card if found is None else found.name(lang)


def with_card_overrides(
    db: BossDB, setup: Mapping[str, Any] | None, overrides: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """The setup with what-if card numbers in its ``overrides`` option (overrides.py)."""
    out = merge_overrides(setup, overrides, lambda raw: check_overrides(db, raw))
    parse_setup(out)
    return out
