"""The Epic effect vocabulary's ops on small positions (card text: epic.card.text)."""

from __future__ import annotations

from typing import Any

from cardtable.core import get_game
from cardtable.games.epic.state import EXPENDED, PREPARED, EpicState
from tests.games.epic.helpers import play, position, texts

GAME = get_game("epic")


def event(ident: str, *steps: dict[str, Any], cost: int = 0) -> dict[str, Any]:
    return {
        "id": ident,
        "edition": "duel2023",
        "name": {"ru": ident, "en": ident},
        "faction": "sage",
        "type": "event",
        "cost": cost,
        "modes": [{"steps": list(steps)}],
    }


def champion(ident: str, offense: int = 3, defense: int = 3, **extra: Any) -> dict[str, Any]:
    return {
        "id": ident,
        "edition": "duel2023",
        "name": {"ru": ident, "en": ident},
        "faction": "wild",
        "type": "champion",
        "cost": 0,
        "offense": offense,
        "defense": defense,
        **extra,
    }


CARDS = [
    event("ex_grow", {"op": "counters", "amount": 2, "to": [{"target": "champion"}]}),
    event("ex_freeze", {"op": "expend", "to": [{"each": "champion", "controller": "opponent"}]}),
    event("ex_wake", {"op": "prepare", "to": [{"each": "champion", "controller": "you"}]}),
    event("ex_wolfify", {"op": "transform", "kind": "wolf", "to": [{"target": "champion"}]}),
    event(
        "ex_pay",
        {"op": "lose_health", "amount": 3, "to": [{"you": True}]},
        {"op": "tokens", "kind": "demon", "amount": 1, "to": [{"you": True}]},
    ),
    event("ex_truce", {"op": "forbid_attacks"}, {"op": "draw", "amount": 1, "to": [{"you": True}]}),
    event("ex_recycle", {"op": "recycle"}),
    event(
        "ex_raise",
        {
            "op": "from_discard",
            "into": "play",
            "to": [{"target": "discard_card", "card_type": "champion"}],
        },
    ),
    event("ex_only_mine", {"op": "draw", "amount": 2, "your_turn": True, "to": [{"you": True}]}),
    champion("ex_beast"),
]


def _pos(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> EpicState:
    return position(CARDS, p1, p2, **top)


def test_counters_stay_after_the_turn() -> None:
    """Counters add +1/+1 each and outlast the end of the turn."""
    st = _pos({"hand": ["ex_grow", "armament"], "play": ["ex_beast"]}, {"hand": ["armament"]})
    play(st, "play ex_grow")
    beast = st.play[0][0]
    assert st.counters[beast] == 2
    obs = GAME.observe(st, 0)["play"][0][0]
    assert (obs["offense"], obs["defense"]) == (5, 5)


def test_expend_and_prepare() -> None:
    """epic.position.expended: expend every opposing champion; prepare your own."""
    st = _pos(
        {"hand": ["ex_freeze", "ex_wake"], "play": [{"card": "ex_beast", "position": "expended"}]},
        {"hand": ["armament"], "play": ["human_token"]},
    )
    play(st, "play ex_freeze")
    assert st.pos[st.play[1][0]] == EXPENDED
    play(st, "play ex_wake")
    assert st.pos[st.play[0][0]] == PREPARED


def test_transform_replaces_the_champion_with_a_token() -> None:
    """epic.keyword.transform: the card goes under its owner's deck and its controller gets
    a wolf token, a new card (arriving)."""
    st = _pos({"hand": ["ex_wolfify", "armament"]}, {"hand": ["armament"], "play": ["ex_beast"]})
    play(st, "play ex_wolfify")  # the only champion: a forced target
    assert [st.card_ids[i] for i in st.play[1]] == ["wolf_token"]
    assert st.card_ids[st.decks[1][0]] == "ex_beast" and st.arriving[st.play[1][0]] == 1


def test_lose_health_then_token() -> None:
    """Paying health is a plain loss of health; then the token comes."""
    st = _pos({"hand": ["ex_pay", "armament"], "health": 10}, {"hand": ["armament"]})
    play(st, "play ex_pay")
    assert st.health[0] == 7 and [st.card_ids[i] for i in st.play[0]] == ["demon_token"]


def test_forbid_attacks_for_the_turn() -> None:
    """ "Champions cannot attack this turn": attack is no longer offered, until the turn ends."""
    st = _pos({"hand": ["ex_truce", "armament"], "play": ["ex_beast"]}, {"hand": ["armament"]})
    assert any(a[0] == "attack" for a in GAME.legal_actions(st))
    play(st, "play ex_truce")
    assert not any(a[0] == "attack" for a in GAME.legal_actions(st))


def test_recycle_two_cards_under_the_deck_then_draw() -> None:
    """epic.keyword.recycle: the player picks two discard-pile cards, the first chosen goes
    lowest under the deck, then a card is drawn."""
    st = _pos(
        {"hand": ["ex_recycle", "armament"], "discard": ["howl", "purification", "armament"]},
        {"hand": ["armament"]},
    )
    play(st, "play ex_recycle")
    assert st.pending == ("recycle", 0)
    assert texts(st) == ["decline", "bury howl", "bury purification", "bury armament"]
    play(st, "bury purification")
    assert "decline" not in texts(st) and "bury purification" not in texts(st)
    play(st, "bury howl")
    assert [st.card_ids[c] for c in st.decks[0][:2]] == ["purification", "howl"]
    assert len(st.hands[0]) == 2  # armament + the drawn card
    assert [st.card_ids[c] for c in st.discards[0]] == ["armament", "ex_recycle"]


def test_recycle_is_optional() -> None:
    """epic.keyword.recycle.optional: declining moves nothing and draws nothing."""
    st = _pos(
        {"hand": ["ex_recycle", "armament"], "discard": ["howl", "purification"]},
        {"hand": ["armament"]},
    )
    deck = list(st.decks[0])
    play(st, "play ex_recycle", "decline")
    assert st.decks[0] == deck and len(st.hands[0]) == 1
    assert [st.card_ids[c] for c in st.discards[0]] == ["howl", "purification", "ex_recycle"]


def test_recycle_needs_two_cards() -> None:
    """epic.keyword.recycle: with fewer than two cards in the pile nothing happens (R21)."""
    st = _pos({"hand": ["ex_recycle", "armament"], "discard": ["howl"]}, {"hand": ["armament"]})
    play(st, "play ex_recycle")
    assert len(st.hands[0]) == 1 and [st.card_ids[c] for c in st.discards[0]] == [
        "howl",
        "ex_recycle",
    ]


def test_return_a_champion_from_the_discard_pile_to_play() -> None:
    """A chosen champion card of your discard pile comes back into play (events are not offered)."""
    st = _pos(
        {"hand": ["ex_raise", "armament"], "discard": ["ex_beast", "howl"]}, {"hand": ["armament"]}
    )
    play(st, "play ex_raise")  # the only champion card there: forced
    assert [st.card_ids[i] for i in st.play[0]] == ["ex_beast"]
    assert [st.card_ids[c] for c in st.discards[0]] == ["howl", "ex_raise"]


def test_your_turn_steps_do_nothing_on_the_opponents_turn() -> None:
    """A sentence "if it is your turn" is skipped when played in the opponent's turn."""
    st = _pos(
        {"hand": ["armament"]},
        {"hand": ["ex_only_mine", "armament"]},
        window="pass",
        initiative="P2",
    )
    play(st, "play ex_only_mine")
    assert len(st.hands[1]) == 1


MORE = [
    {
        "id": "ex_lord",
        "edition": "duel2023",
        "name": {"ru": "ex_lord", "en": "ex_lord"},
        "faction": "good",
        "type": "champion",
        "cost": 0,
        "offense": 5,
        "defense": 5,
        "statics": [
            {
                "to": {"each": "champion", "controller": "you", "class": "dragon", "other": True},
                "offense": 5,
                "defense": 5,
            },
            {
                "to": {"each": "champion", "controller": "you", "faction": "good"},
                "keywords": ["righteous"],
            },
        ],
    },
    {
        "id": "ex_dragon",
        "edition": "duel2023",
        "name": {"ru": "ex_dragon", "en": "ex_dragon"},
        "faction": "wild",
        "type": "champion",
        "cost": 0,
        "offense": 2,
        "defense": 2,
        "classes": ["dragon"],
    },
    {
        "id": "ex_guard",
        "edition": "duel2023",
        "name": {"ru": "ex_guard", "en": "ex_guard"},
        "faction": "good",
        "type": "champion",
        "cost": 0,
        "offense": 1,
        "defense": 1,
        "abilities": [
            {
                "when": "tribute",
                "steps": [
                    {
                        "op": "banish",
                        "may": True,
                        "to": [{"target": "champion", "controller": "opponent"}],
                    }
                ],
            }
        ],
    },
]


def position2(p1: dict[str, Any], p2: dict[str, Any]) -> EpicState:
    return position(CARDS + MORE, p1, p2)


def test_class_filter_and_granted_keywords() -> None:
    """epic.ability.static, epic.card.class: a lord gives +5/+5 to your other dragons only,
    and Righteous to your good champions (itself included)."""
    st = position2(
        {"hand": ["armament"], "play": ["ex_lord", "ex_dragon", "ex_beast"]}, {"hand": ["armament"]}
    )
    view = {c["card"]: c for c in GAME.observe(st, 0)["play"][0]}
    assert (view["ex_dragon"]["offense"], view["ex_dragon"]["defense"]) == (7, 7)
    assert (view["ex_beast"]["offense"], view["ex_beast"]["defense"]) == (3, 3)
    assert "righteous" in view["ex_lord"]["keywords"]
    assert "righteous" not in view["ex_dragon"]["keywords"]


def test_optional_sentence_asks_first() -> None:
    """epic.ability.may: "you may banish target champion": the controller answers before
    choosing; no leaves the champion, yes banishes it."""
    for answer, left in (("no", 1), ("yes", 0)):
        st = position2(
            {"hand": ["ex_guard", "armament"]}, {"hand": ["armament"], "play": ["ex_beast"]}
        )
        play(st, "play ex_guard")
        assert [GAME.action_text(st, a) for a in GAME.legal_actions(st)] == ["yes", "no"]
        play(st, answer)  # yes: the only target is then forced
        assert len(st.play[1]) == left
