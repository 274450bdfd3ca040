"""Epic with three or more players (epic.multi.*): turn order, gold, passing, attacks,
Hunter's range, elimination, teams and Hydra's shared health."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import get_game
from cardtable.core.errors import SetupError
from cardtable.games.epic.state import EpicState
from tests.games.epic.helpers import FILLER, play, texts

GAME = get_game("epic")


def table(*players: dict[str, Any], **top: Any) -> EpicState:
    """P1's main phase on turn 5 with as many players as given (each deck six fillers)."""
    doc = {
        "game": "epic",
        "turn": 5,
        "active": "P1",
        "first": "P1",
        "window": "main",
        "initiative": "P1",
        "mode": "ffa",
        "players": {f"P{k + 1}": {"deck": FILLER, **p} for k, p in enumerate(players)},
    } | top
    st = GAME.load_position(doc)
    st.log = []
    return st


def names(st: EpicState, cards: list[int]) -> list[str]:
    return [st.card_ids[c] for c in cards]


def test_first_player_draws_on_the_first_turn() -> None:
    """epic.multi.first_draw, epic.multi.gold_setup: with three players the first player
    draws on their first turn; every gold starts at 1."""
    st = GAME.new_game({"players": 3, "mode": "ffa", "first": 0}, seed=4)
    while st.pending[0] == "mulligan":
        GAME.apply(st, ("keep",))
    assert st.active == 0 and len(st.hands[0]) == 6
    assert len(st.hands[1]) == 5 and st.gold == [1, 1, 1]


def test_gold_only_in_your_own_turn() -> None:
    """epic.multi.gold: a player's gold turns to 1 at the start and the end of their own
    turn only: P3's spent gold stays spent through P1's and P2's turns."""
    hand = {"hand": ["armament"]}
    st = table({"gold": 0, **hand}, {"gold": 0, **hand}, {"gold": 0, **hand})
    assert st.gold == [0, 0, 0]
    play(st, "pass", "pass", "pass")  # P1's turn ends; P2's begins
    # P1's gold came back at the end of its own turn, P2's at the start of its turn,
    # P3's stays spent.
    assert st.active == 1 and st.gold == [1, 1, 0]


def test_turns_and_initiative_go_clockwise() -> None:
    """epic.multi.clockwise, epic.multi.pass: after the turn player passes, initiative goes
    to each other player in turn; all passing with no card played ends the turn, and the
    next player to the left takes theirs."""
    st = table({}, {"hand": ["armament"]}, {"hand": ["armament"]})
    play(st, "pass")
    assert st.pending == ("act", 1)
    play(st, "pass")
    assert st.pending == ("act", 2)
    play(st, "pass")
    assert st.active == 1 and st.pending[0] in ("act",)


def test_a_card_played_after_the_pass_lets_the_turn_player_return() -> None:
    """epic.multi.pass: once the others have passed in succession after one of them played a
    card, the turn player may resume the main phase or end the turn."""
    st = table({"hand": ["armament"]}, {"hand": ["armament", "howl"]}, {"hand": ["armament"]})
    play(st, "pass", "play armament", "pass", "pass")
    assert st.pending == ("return_or_end", 0)
    play(st, "return")
    assert st.window == "main" and st.pending == ("act", 0)


def test_free_for_all_attacks_any_opponent() -> None:
    """epic.multi.ffa: the turn player chooses which opponent to attack."""
    st = table({"play": ["kong"]}, {}, {})
    assert {"attack p2", "attack p3"} <= set(texts(st))
    play(st, "attack p3")  # the rest is forced: Kong alone, nobody can block or play
    assert st.health == [30, 30, 17]


def test_hunter_attacks_only_the_player_to_the_left() -> None:
    """epic.multi.hunter_first_blood: you may attack only the player to your left."""
    st = table({"play": ["kong"]}, {}, {}, {}, mode="hunter_first_blood")
    attacks = [x for x in texts(st) if x.startswith("attack")]
    assert attacks == ["attack p2"]


def test_hunter_effects_reach_only_the_neighbours() -> None:
    """epic.multi.hunter.range: a mass effect of yours reaches you and your left and right
    neighbours, not the player across the table; targets likewise."""
    st = table(
        {"hand": ["flash_fire"]},
        {"play": ["muse"]},
        {"play": ["muse"]},
        {"play": ["muse"]},
        mode="hunter_first_blood",
    )
    play(st, "play flash_fire")  # 2 damage to each champion and player in range
    assert st.health == [28, 28, 30, 28]
    assert [names(st, row) for row in st.play] == [[], [], ["muse"], []]
    st = table({"hand": ["flame_strike"]}, {}, {}, {}, mode="hunter_first_blood")
    play(st, "play flame_strike")
    assert {x for x in texts(st) if x.startswith("target")} == {
        "target p1",
        "target p2",
        "target p4",
    }


def test_first_blood_the_player_to_the_right_wins() -> None:
    """epic.multi.hunter_first_blood: when a player is eliminated the player to their right
    wins, whoever caused it."""
    st = table({"hand": ["flame_strike"]}, {}, {"health": 5}, {}, mode="hunter_first_blood")
    play(st, "play flame_strike")  # P1 reaches only P4, P2 and itself ...
    assert "target p3" not in texts(st)
    st = table({"hand": ["flame_strike"]}, {"health": 5}, {}, {}, mode="hunter_first_blood")
    play(st, "play flame_strike", "target p2")
    assert GAME.outcome(st) is not None and st.winners == [0] and st.reason == "first_blood"


def test_last_survivor_the_player_to_the_right_gains() -> None:
    """epic.multi.hunter_last_survivor: the player to the right of an eliminated player
    gains 5 health and draws a card instead of winning; the game goes on."""
    st = table({"hand": ["flame_strike"]}, {"health": 5}, {}, {}, mode="hunter_last_survivor")
    play(st, "play flame_strike", "target p2")
    assert GAME.outcome(st) is None and st.out == [1]
    assert st.health[0] == 35 and len(st.hands[0]) == 1


def test_elimination_removes_the_players_cards() -> None:
    """epic.multi.elimination, epic.multi.elimination.control: every card the eliminated
    player owns leaves the game (their champions under others' control too); champions of
    others they controlled go back to their owners."""
    st = table(
        {"hand": ["flame_strike"]},
        {"play": [{"card": "muse", "owner": "P3"}], "health": 4, "discard": ["howl"]},
        {"play": [{"card": "kong", "owner": "P2"}]},
    )
    play(st, "play flame_strike", "target p2")
    assert st.out == [1]
    assert names(st, st.play[2]) == ["muse"]  # P3's muse came back; P2's Kong left
    assert sorted(names(st, st.removed)) == sorted(["howl", "kong", *FILLER])
    assert st.hands[1] == [] and st.decks[1] == [] and st.discards[1] == []
    assert GAME.outcome(st) is None


def test_eliminated_players_initiative_and_turns_are_skipped() -> None:
    """epic.multi.elimination.initiative: initiative and turns skip a player who is out."""
    hand = {"hand": ["armament"]}
    st = table(hand, {"health": 4}, hand, out=["P2"])
    play(st, "pass")
    assert st.pending == ("act", 2)
    play(st, "pass")
    assert st.active == 2 and st.turns_taken[1] == 0


def test_eliminated_turn_player_ends_the_turn() -> None:
    """epic.multi.elimination.turn: a turn player eliminated during their own turn ends it
    at once; the next player to the left begins."""
    st = table({"hand": ["infernal_gatekeeper"], "health": 1}, {}, {})
    play(st, "play infernal_gatekeeper", "yes")  # pays 1 health for a demon: out
    assert st.out == [0] and st.active == 1 and st.pending == ("act", 1)
    assert GAME.outcome(st) is None


def test_last_player_standing_wins() -> None:
    """epic.multi.ffa: the last player left wins."""
    st = table({"hand": ["flash_fire"]}, {"health": 2}, {"health": 1})
    play(st, "play flash_fire")
    assert st.winners == [0] and st.reason == "last_standing"


def test_team_opponents_and_victory() -> None:
    """epic.multi.team: teammates are not opponents ("each opponent" spares them); the team
    with the last survivor wins, all of its players together."""
    teams = [["P1", "P3"], ["P2", "P4"]]
    st = table(
        {"hand": ["demon_of_torment"]},
        {"play": ["muse"]},
        {"play": ["muse"]},
        {"play": ["muse"]},
        mode="team",
        teams=teams,
    )
    play(st, "play demon_of_torment")  # 3 damage to each opponent's champion
    assert [names(st, row) for row in st.play] == [["demon_of_torment"], [], ["muse"], []]
    st = table(
        {"hand": ["flash_fire"]},
        {"health": 2},
        {"health": 10},
        {"health": 1},
        mode="team",
        teams=teams,
    )
    play(st, "play flash_fire")
    assert st.winners == [0, 2]


def test_hydra_shares_health_and_blocks_together() -> None:
    """epic.multi.hydra, epic.multi.hydra.combat: a Hydra team shares one health total (30
    per member); an unblocked attack hits it; a teammate's champion may block an attack
    aimed at its ally."""
    st = GAME.new_game({"players": 4, "mode": "hydra", "teams": [[1, 2], [3, 4]]}, seed=1)
    assert st.health == [60, 60, 60, 60]
    teams = [["P1", "P2"], ["P3", "P4"]]
    hp = {"health": 60}
    st = table(
        {"play": ["kong"], **hp}, hp, {**hp}, {"play": ["muse"], **hp}, mode="hydra", teams=teams
    )
    play(st, "attack p3")  # Kong attacks alone; nobody holds a card to play
    assert st.pending == ("blockers", 2) and texts(st) == ["add muse", "done"]
    play(st, "done")
    assert st.health == [60, 60, 47, 47]


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ({"players": 3}, "three or more play"),
        ({"players": 2, "mode": "ffa"}, "two players play the duel"),
        ({"players": 4, "mode": "team"}, "needs “teams”"),
        ({"players": 4, "mode": "hydra", "teams": [[1, 2, 3], [4]]}, "equal teams"),
        ({"players": 4, "mode": "team", "teams": [[1, 2], [2, 4]]}, "exactly once"),
        ({"players": 3, "mode": "ffa", "format": "precon"}, "precon format is for two"),
    ],
)
def test_bad_multiplayer_setups_refused(setup: dict[str, Any], reason: str) -> None:
    """epic.multi: a setup that does not fit the multi-player rules is refused, naming why."""
    with pytest.raises(SetupError, match=reason):
        GAME.new_game(setup, 1)


def test_stand_alone_every_player_keeps_one_of_their_own() -> None:
    """epic.card.text, epic.multi.ffa, R37, R66: "starting with you, each player chooses a
    champion they control": with three players each of them chooses (the caster first,
    then clockwise), each only among their own champions; all the others break."""
    st = table(
        {"hand": ["stand_alone"], "play": ["white_knight", "palace_guard"]},
        {"hand": ["armament"], "play": ["muse", "time_walker"]},
        {"hand": ["armament"], "play": ["crystal_golem", "keeper_of_secrets"]},
    )
    play(st, "play stand_alone 2")
    assert st.pending == ("target", 0)
    assert texts(st) == ["target white_knight", "target palace_guard"]
    play(st, "target palace_guard")
    assert st.pending == ("target", 1)
    assert texts(st) == ["target muse", "target time_walker"]
    play(st, "target muse")
    assert st.pending == ("target", 2)
    assert texts(st) == ["target crystal_golem", "target keeper_of_secrets"]
    play(st, "target keeper_of_secrets")
    assert [names(st, row) for row in st.play] == [
        ["palace_guard"],
        ["muse"],
        ["keeper_of_secrets"],
    ]


def test_stand_alone_teammates_choose_too() -> None:
    """epic.card.text, epic.multi.team, R66: in a team game "each player" includes the
    caster's teammate: all four choose in turn order, a player without champions is
    skipped."""
    st = table(
        {"hand": ["stand_alone"], "play": ["white_knight", "palace_guard"]},
        {"hand": ["armament"], "play": ["muse", "time_walker"]},
        {"hand": ["armament"]},
        {"hand": ["armament"], "play": ["crystal_golem", "keeper_of_secrets"]},
        mode="team",
        teams=[["P1", "P3"], ["P2", "P4"]],
    )
    play(st, "play stand_alone 2", "target white_knight")
    assert st.pending == ("target", 1)
    play(st, "target time_walker")
    assert st.pending == ("target", 3)  # P3 has nothing to choose
    play(st, "target crystal_golem")
    assert [names(st, row) for row in st.play] == [
        ["white_knight"],
        ["time_walker"],
        [],
        ["crystal_golem"],
    ]


def test_stand_alone_in_hunter_range_only() -> None:
    """epic.multi.hunter.range, R66: in a Hunter game only the caster and their two
    neighbours choose; the player across the table neither chooses nor loses champions."""
    st = table(
        {"hand": ["stand_alone"], "play": ["white_knight", "palace_guard"]},
        {"hand": ["armament"], "play": ["muse", "time_walker"]},
        {"hand": ["armament"], "play": ["crystal_golem", "keeper_of_secrets"]},
        {"hand": ["armament"], "play": ["human_token", "wolf_token"]},
        mode="hunter_last_survivor",
    )
    play(st, "play stand_alone 2", "target white_knight")
    assert st.pending == ("target", 1)
    play(st, "target muse")
    assert st.pending == ("target", 3)
    play(st, "target wolf_token")
    assert [names(st, row) for row in st.play] == [
        ["white_knight"],
        ["muse"],
        ["crystal_golem", "keeper_of_secrets"],
        ["wolf_token"],
    ]


def test_stand_alone_halfway_survives_a_position() -> None:
    """R66: while the players choose in turn, the state exports as a position (the players
    still to choose included) that loads back to the same options."""
    import json

    st = table(
        {"hand": ["stand_alone"], "play": ["white_knight", "palace_guard"]},
        {"hand": ["armament"], "play": ["muse", "time_walker"]},
        {"hand": ["armament"], "play": ["crystal_golem", "keeper_of_secrets"]},
    )
    play(st, "play stand_alone 2", "target palace_guard")
    doc = GAME.export_position(st)
    assert doc["stack"]["frames"][0][7]["choosers"] == ["P2", "P3"]
    again = GAME.load_position(json.loads(json.dumps(doc)))
    assert GAME.export_position(again) == doc and texts(again) == texts(st)
    play(again, "target time_walker", "target crystal_golem")
    assert [names(again, row) for row in again.play] == [
        ["palace_guard"],
        ["time_walker"],
        ["crystal_golem"],
    ]


def test_thought_plucker_only_the_damaged_player_discards() -> None:
    """epic.card.text, epic.multi.ffa, R53, R66: "when this card damages a player → that
    player discards a card": with three players only the player it attacked and damaged
    discards (choosing the card); the third player keeps their hand."""
    st = table(
        {"play": ["thought_plucker"]},
        {"hand": ["howl", "armament"]},
        {"hand": ["howl", "armament"]},
    )
    play(st, "attack p3")
    while st.pending[0] == "act":  # nobody plays, nobody can block
        play(st, "pass")
    assert st.health == [30, 30, 29]
    assert st.pending == ("discard", 2)
    play(st, "discard howl")
    assert names(st, st.hands[1]) == ["howl", "armament"]
    assert names(st, st.discards[2]) == ["howl"] and len(st.hands[0]) == 1
    assert st.pending == ("act", 0)
