"""Seeded random games through the player's own choices: every "may" (how many cards to
draw, whether to act) and every "one of my …" card's character (or Caterpillar) chosen at
random, with the game's invariants checked after every action (bluemoon.special.rule2_choice,
bluemoon.cards.special_text, bluemoon.special.rule11).

The decks are built by the advanced rules (bluemoon.deck.build) so that choices come up
often: Khind gangs and Mimix pairs (several active characters at once) with the Pillar
potions, the Gauntlets and the Duplicator of Strength, against the boxed Pillar and Hoax
decks (Crysalus Frendus with the Caterpillars; Muster Reinforcements, Sarogakanas).
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.core import get_game
from cardtable.games.bluemoon.formats import deck_problem
from cardtable.games.bluemoon.state import BlueMoonState
from cardtable.games.bluemoon.tasks import MODES, T_CODE

GAME = get_game("bluemoon")
DB = GAME.db  # type: ignore[attr-defined]
POTIONS = [
    "potion_of_cosmic_power",
    "potion_of_conjoining",
    "potion_of_mutation",
    "potion_of_sparkling_fire",
    "potion_of_trembling_earth",
]
CHANGES = [
    "duplicator_of_strength",
    "volcanic_gauntlets",
    "titanic_gauntlets",
    "potion_of_prodigious_passion",
]


def _deck(people: str, guests: list[str]) -> list[str]:
    """A deck of ``people`` with ``guests``: the people's cards in file order, the last ones
    left out to make 30."""
    own = [c for c in DB.boxes[people] if DB.cards[c].people == people]
    own = [c for c in own if DB.cards[c].type != "leader"]
    cards = own[: 30 - len(guests)] + guests
    assert deck_problem(DB, people, cards) is None
    return cards


SETUPS: list[dict[str, Any]] = [
    {"peoples": ["khind", "pillar"], "lists": [_deck("khind", POTIONS), DB.deck("pillar")]},
    {"peoples": ["mimix", "hoax"], "lists": [_deck("mimix", CHANGES), DB.deck("hoax")]},
    {"peoples": ["khind", "mimix"], "lists": [_deck("khind", POTIONS), _deck("mimix", CHANGES)]},
    {"peoples": ["flit", "khind"]},
    {"peoples": ["aqua", "terrah"]},
]
GAMES = 40  # per setup


def _top_mode(st: BlueMoonState) -> str:
    if st.pending and st.pending[0] == "task" and st.tasks:
        return MODES[st.tasks[0][T_CODE]]
    return ""


def test_random_choices_keep_the_invariants() -> None:
    seen = {"aim": 0, "draw": 0, "use": 0, "undo": 0, "shed_toward": 0}
    for k, setup in enumerate(SETUPS):
        for g in range(GAMES):
            seed = 1000 * k + g
            st = GAME.new_game(setup, seed)
            pick = random.Random(seed)
            steps = 0
            while GAME.to_move(st) is not None:
                legal = GAME.legal_actions(st)
                assert legal, f"setup {k} seed {seed}: no options"
                action = legal[pick.randrange(len(legal))]
                mode = _top_mode(st)
                if mode == "aim" and len(legal) > 1:
                    seen["aim"] += 1
                if action[0] == "draw" and any(a[0] == "stop" for a in legal):
                    seen["draw"] += 1
                if action[0] in ("use", "undo"):
                    seen[action[0]] += 1
                if action[0] == "shed" and len(action) > 2:
                    seen["shed_toward"] += 1
                GAME.apply(st, action)
                problems = GAME.check_invariants(st)
                assert not problems, f"setup {k} seed {seed} after {action}: {problems}"
                steps += 1
                assert steps < 5000, f"setup {k} seed {seed}: no end"
            assert GAME.outcome(st) is not None
    assert seen["aim"] > 0 and seen["draw"] > 0 and seen["use"] > 0 and seen["undo"] > 0, seen
