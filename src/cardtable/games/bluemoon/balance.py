"""Balance and tournament hooks of Blue Moon: played cards, the eight peoples' decks,
what-if numbers.

``BlueMoonGame`` delegates the optional hooks of ``core.game.Game`` ("balance and
tournaments") to the functions here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.errors import shown
from cardtable.core.i18n import tr
from cardtable.core.overrides import merge_overrides
from cardtable.games.bluemoon.cards import PEOPLES
from cardtable.games.bluemoon.formats import parse_setup
from cardtable.games.bluemoon.overrides import check_overrides
from cardtable.games.bluemoon.problems import MESSAGES
from cardtable.games.bluemoon.records import BlueMoonDB
from cardtable.games.bluemoon.state import BlueMoonState

_PLAYS = {"char": "play", "boost": "play", "support": "play", "lead": "lead"}
"""Action kinds that play a card from the hand, and the decision they are taken in."""


def played_card(st: BlueMoonState, action: tuple[Any, ...]) -> str | None:
    """The card an action plays from the deciding player's hand, else None (before it is
    applied).

    Playing a card is putting a character, booster or support into play in the main
    decision (bluemoon.turn.character, bluemoon.turn.booster_support) or a leadership
    card on the leader in the leadership phase (bluemoon.turn.leadership): each such
    action counts once, when it is taken. Nothing else plays a card: retreating or
    declining, the cards discarded while declining (bluemoon.fight.decline) or toward an
    opponent's demand (bluemoon.special.rule5), taking RETRIEVE cards back, the choices of
    a power's action (tasks), putting cards back at the start (the optional reshuffle),
    ending or undoing a turn. A card taken back into the hand by an undo
    (bluemoon.special.rule11) and played again later counts again, as any card played a
    second time does.
    """
    if len(action) < 2 or not st.pending:
        return None
    decision = _PLAYS.get(action[0])
    if decision is None or st.pending[0] != decision:
        return None
    card = action[1]
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(st.card_ids):
        return None
    if card not in st.hands[st.pending[1]]:
        return None
    return st.card_ids[card]


def deck_names(setup: Mapping[str, Any] | None) -> list[str]:
    """The eight peoples' boxed decks (bluemoon.deck.ready); none when the setup brings decks
    built by the advanced rules (``lists``: bluemoon.deck.build), whose cards are not a
    people's box."""
    opts = parse_setup(setup)
    if opts.lists is not None:
        return []
    return list(PEOPLES)


def with_decks(setup: Mapping[str, Any] | None, decks: Sequence[str]) -> dict[str, Any]:
    """The setup with ``peoples = [decks[0], decks[1]]``, checked.

    A SetupError names an unknown people (listing the eight), a number of decks other
    than two, the same people twice (there is one box of each: bluemoon.match.choose_decks)
    or a setup with ``lists``, whose built decks the boxed ones would not replace.
    """
    out = dict(setup or {})
    if out.get("lists") is not None:
        raise MESSAGES.setup_problem("setup_lists_boxed")
    names = [str(d) for d in decks]
    for d in names:
        if d not in PEOPLES:
            raise MESSAGES.setup_problem(
                "setup_unknown_deck", deck=shown(d), known=", ".join(PEOPLES)
            )
    if len(names) != 2:
        raise MESSAGES.setup_problem("setup_two_decks", given=len(names))
    if names[0] == names[1]:
        raise MESSAGES.setup_problem("setup_same_people", people=names[0])
    out["peoples"] = names
    parse_setup(out)
    return out


def deck_title(deck: str, lang: str) -> str:
    """A people's name in ``ru`` or ``en``, e.g. 'Vulca' / 'Вулка' (the id if unknown). The
    leader cards carry the names of persons (Inferno leads the Vulca), not of peoples, so
    the names are messages of their own (``people_<id>``)."""
    if deck not in PEOPLES:
        return deck
    return tr("cardtable.games.bluemoon", f"people_{deck}", lang)


def card_title(db: BlueMoonDB, card: str, lang: str) -> str:
    """A card's printed name in ``ru`` or ``en`` (the id if unknown)."""
    found = db.cards.get(card)
    return card if found is None else found.name(lang)


def with_card_overrides(
    db: BlueMoonDB, setup: Mapping[str, Any] | None, overrides: Mapping[str, Mapping[str, Any]]
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
    "card_title",
    "deck_names",
    "deck_title",
    "played_card",
    "with_card_overrides",
    "with_decks",
]
