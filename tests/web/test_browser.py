"""The pages in a real browser: Debian's Chromium headless shell (the build of Chromium
made for headless use, which Playwright itself runs headless), driven by Playwright (no
browser downloaded). Games are played by clicking the legal moves the page shows."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.server import free_port, start

CHROMIUM = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"
FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server on a SQLite file; its address."""
    home = tmp_path_factory.mktemp("server")
    port = free_port()
    proc = start(f"sqlite:///{home / 'web.db'}", port, home, workers=1)
    yield f"http://127.0.0.1:{port}"
    proc.kill()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(
            "Chromium not installed (Debian package chromium-headless-shell; make test installs it)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        found = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield found
        found.close()


SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def watched(page: Any) -> list[str]:
    """The page's script errors, from now on (a drawing that fails is a failure)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    return errors


def frames_of(page: Any) -> list[dict[str, Any]]:
    """Every state message the page's WebSocket receives, from now on."""
    seen: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda data: seen.append(json.loads(data)))

    page.on("websocket", on_socket)
    return seen


def create(page: Any, base: str, game: str, second: str, seed: int = 1) -> None:
    """In the lobby: a seeded table of ``game`` with the player at seat 1 and ``second``
    at 2."""
    page.goto(f"{base}/?lang=en")
    page.select_option("#game", game)
    page.select_option("select[data-seat='1']", second)
    page.click("#setup-label")
    page.fill("#seed", str(seed))
    page.click("#create")


def play_by_clicking(page: Any, stop_after: int | None = None) -> str:
    """Click the first legal move whenever this seat has one, until the game is over (or
    ``stop_after`` clicks); the page's status."""
    for clicks in range(5000):
        page.wait_for_function(
            "document.body.dataset.status === 'over' || document.body.dataset.mine === '1'",
            timeout=60_000,
        )
        if page.evaluate("document.body.dataset.status") == "over":
            return "over"
        if stop_after is not None and clicks >= stop_after:
            return "stopped"
        n = page.evaluate("document.body.dataset.n")
        page.locator("#actions button").first.click()
        page.wait_for_function(f"document.body.dataset.n !== '{n}'", timeout=60_000)
    raise AssertionError("the game did not end")


def test_clash_against_an_agent_by_clicking_with_a_reload(base: str, browser: Any) -> None:
    """A Clash table made in the lobby, played by clicking against greedy; reloading the
    page mid-game continues where it was; the finished game offers its replay."""
    page = browser.new_page()
    errors = watched(page)
    create(page, base, "clash", "greedy")
    page.wait_for_url("**/t/*")
    assert play_by_clicking(page, stop_after=6) == "stopped"
    n = page.evaluate("document.body.dataset.n")
    page.reload()
    page.wait_for_function(f"document.body.dataset.n === '{n}'")
    assert play_by_clicking(page) == "over"
    assert page.locator("#status").inner_text().endswith("won.")
    assert page.locator("#replay a").count() == 2  # the viewer, the file
    total = int(page.evaluate("document.body.dataset.n"))
    page.locator("#replay a").first.click()
    page.wait_for_url("**/r/*")
    page.wait_for_function(f"document.body.dataset.n === '{total}'")
    first_log = page.locator("#log div").count()
    page.click("#first")
    page.wait_for_function("document.body.dataset.n === '0'")
    assert page.locator("#log div").count() < first_log
    page.click("#next")
    page.wait_for_function("document.body.dataset.n === '1'")
    page.click("#prev")
    page.wait_for_function("document.body.dataset.n === '0'")
    assert page.locator("#board section.seat").count() == 2
    assert errors == []
    page.close()


@pytest.mark.parametrize("game", ["clash", "epic", "bluemoon", "boss"])
def test_the_card_browser_filters_by_words(base: str, browser: Any, game: str) -> None:
    """Every card of the game is listed with its text; typing filters by name or text."""
    page = browser.new_page()
    errors = watched(page)
    page.goto(f"{base}/cards/{game}?lang=en")
    page.wait_for_function("document.querySelectorAll('#cards tr').length > 5")
    every = page.locator("#cards tr").count()
    name = page.locator("#cards tr strong").first.inner_text()
    page.fill("#filter", name)
    page.wait_for_function(f"document.querySelectorAll('#cards tr').length < {every}")
    assert name in page.locator("#cards tr").first.inner_text()
    assert errors == []
    page.close()


@pytest.mark.parametrize("game", ["epic", "bluemoon"])
def test_a_whole_game_against_an_agent_by_clicking(base: str, browser: Any, game: str) -> None:
    page = browser.new_page()
    errors = watched(page)
    create(page, base, game, "greedy")
    page.wait_for_url("**/t/*")
    assert play_by_clicking(page) == "over"
    assert page.locator("#log div").count() > 0
    assert errors == []
    page.close()


@pytest.mark.parametrize(
    ("game", "moves"), [("clash", 9), ("epic", 14), ("bluemoon", 8), ("boss", 12)]
)
def test_each_table_is_drawn_by_its_game(base: str, browser: Any, game: str, moves: int) -> None:
    """Each game's own drawing (not the generic one) shows its table; the screenshot the
    README shows is taken here (docs/screens/GAME.png), from a seeded game."""
    page = browser.new_page(viewport={"width": 1200, "height": 820})
    errors = watched(page)
    page.goto(f"{base}/?lang=ru")
    made = page.request.post(
        f"{base}/api/tables", data={"game": game, "seats": ["human", "greedy"], "seed": 5}
    ).json()
    page.goto(f"{base}/t/{made['id']}?seat=0&lang=ru")
    assert play_by_clicking(page, stop_after=moves) in ("stopped", "over")
    board = page.locator("#board")
    assert board.locator("section.seat").count() == 2  # a panel per player
    assert board.locator("dl.kv").count() >= 1
    assert errors == []
    SCREENS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{game}.png"))
    page.close()


def test_friends_through_an_invite_and_a_spectator_who_sees_no_hand(
    base: str, browser: Any
) -> None:
    """Two browsers play Clash through an invite link; a third watches. Every card the
    spectator is shown in a hand is one the other player is shown there too."""
    host_ctx, friend_ctx, viewer_ctx = (browser.new_context() for _ in range(3))
    host = host_ctx.new_page()
    create(host, base, "clash", "human")
    link = host.locator("#invites input").input_value()
    host.locator("#invites a").click()
    host.wait_for_url("**/t/*")
    table = link.split("/t/")[1].split("?")[0]
    friend = friend_ctx.new_page()
    friend_frames = frames_of(friend)
    friend.goto(link)
    viewer = viewer_ctx.new_page()
    viewer_frames = frames_of(viewer)
    viewer.goto(f"{base}/t/{table}?lang=en")
    host_frames = frames_of(host)
    host.reload()
    for _ in range(400):
        if host.evaluate("document.body.dataset.status") == "over":
            break
        for page in (host, friend):
            if page.evaluate("document.body.dataset.mine") == "1":
                n = page.evaluate("document.body.dataset.n")
                page.locator("#actions button").first.click()
                page.wait_for_function(f"document.body.dataset.n !== '{n}'", timeout=60_000)
    viewer.wait_for_function("document.body.dataset.status === 'over'", timeout=60_000)
    assert "won" in viewer.locator("#status").inner_text()
    by_n = {
        seat: {m["n"]: m for m in frames if m.get("type") == "state"}
        for seat, frames in ((0, host_frames), (1, friend_frames))
    }
    checked = 0
    for m in viewer_frames:
        if m.get("type") != "state":
            continue
        assert m["seat"] is None and m["legal"] == []
        for seat, other in ((0, 1), (1, 0)):
            seen_by_other = by_n[other].get(m["n"])
            if seen_by_other is None:
                continue
            shown = [c for c in m["view"]["hands"][seat] if c is not None]
            assert all(c in seen_by_other["view"]["hands"][seat] for c in shown)
            hidden = m["view"]["hands"][seat].count(None)
            assert hidden == seen_by_other["view"]["hands"][seat].count(None)
            checked += 1
    assert checked > 10
    for ctx in (host_ctx, friend_ctx, viewer_ctx):
        ctx.close()


def test_a_mode_from_the_lobby_examples_seats_three(base: str, browser: Any) -> None:
    """The lobby offers the game's modes and formats: Epic's three-player free-for-all
    sets three seats, played by clicking with two agents."""
    page = browser.new_page()
    errors = watched(page)
    page.goto(f"{base}/?lang=en")
    page.select_option("#game", "epic")
    ffa = page.locator("#examples option", has_text="free-for-all").first
    assert ffa.inner_text().startswith("3 seats")
    page.select_option("#examples", value=ffa.get_attribute("value"))
    assert page.locator("#seats select[data-seat]").count() == 3
    page.select_option("select[data-seat='2']", "random")
    page.click("#setup-label")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_url("**/t/*")
    assert play_by_clicking(page, stop_after=4) in ("stopped", "over")
    assert page.locator("#board section.seat").count() == 3
    assert errors == []
    page.close()


def test_decks_are_chosen_in_the_lobby(base: str, browser: Any) -> None:
    """Pasted lists are read as they are typed (the cards named, or the lines that cannot
    be read) and dealt at the table (clash.format.constructed); a people's boxed deck is
    chosen per seat (bluemoon.deck.ready)."""
    from cardtable.core import get_game

    clash_game, bluemoon_game = get_game("clash"), get_game("bluemoon")
    mine = ["spark_imp", "ash_berserker", "river_otter", "mist_wraith", "storm_hawk",
            "wind_adept", "jailer", "lightning_bolt"]  # fmt: skip
    theirs = ["cursed_knight", "hired_brute", "coral_warden", "sea_serpent", "whirlblade",
              "storm_herald", "fire_lance", "ice_shard"]  # fmt: skip
    page = browser.new_page()
    errors = watched(page)
    page.goto(f"{base}/?lang=en")
    page.select_option("#game", "clash")
    page.select_option("select[data-seat='1']", "greedy")
    page.select_option("#deck-kind", "lists")
    page.wait_for_selector("textarea[data-list='1']")
    status = page.locator("[data-list-status='0']")
    page.fill("textarea[data-list='0']", "Spark Imp\nNo Such Card")
    page.wait_for_function(
        "document.querySelector('[data-list-status=\"0\"]').className === 'error'"
    )
    assert "line 2" in status.inner_text()
    errors.clear()  # the browser logs the refused read (a 400) as an error
    page.fill("textarea[data-list='0']", "\n".join(clash_game.card_title(c, "en") for c in mine))
    page.wait_for_function(
        "document.querySelector('[data-list-status=\"0\"]').textContent.startsWith('Cards: 8')"
    )
    page.fill("textarea[data-list='1']", "\n".join(f"1x {c}" for c in theirs))
    page.wait_for_function(
        "document.querySelector('[data-list-status=\"1\"]').textContent.startsWith('Cards: 8')"
    )
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_function("document.querySelectorAll('#board section.seat').length === 2")
    mine_drawn = page.locator("#board section.seat[data-seat='0']").inner_text()
    assert all(clash_game.card_title(c, "en") in mine_drawn for c in mine)

    page.goto(f"{base}/?lang=en")
    page.select_option("#game", "bluemoon")
    page.select_option("select[data-seat='1']", "greedy")
    page.select_option("#deck-kind", "precon")
    page.wait_for_selector("select[data-deck='1']")
    page.select_option("select[data-deck='0']", "aqua")
    page.select_option("select[data-deck='1']", "khind")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_function("document.querySelectorAll('#board section.seat').length === 2")
    board = page.locator("#board").inner_text()
    assert (
        bluemoon_game.deck_title("aqua", "en") in board
        and bluemoon_game.deck_title("khind", "en") in board
    )
    assert errors == []
    page.close()


@pytest.mark.parametrize(("game", "fmt"), [("clash", "draft"), ("epic", "draft_blind")])
def test_a_draft_at_the_table_by_clicking(base: str, browser: Any, game: str, fmt: str) -> None:
    """A draft format chosen in the lobby is drafted at the table by clicking the picks
    (clash.format.draft, epic.format.draft_blind)."""
    page = browser.new_page()
    errors = watched(page)
    page.goto(f"{base}/?lang=en")
    page.select_option("#game", game)
    wanted = json.dumps({"format": fmt}, separators=(",", ":"))  # as the page writes it
    example = page.locator(f"#examples option[data-setup='{wanted}']")
    page.select_option("#examples", value=example.get_attribute("value"))
    page.select_option("select[data-seat='1']", "greedy")
    page.click("#setup-label")
    page.fill("#seed", "5")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_function("document.body.dataset.mine === '1'")
    picks = page.locator("#actions button").all_inner_texts()
    assert len(picks) > 1 and all(p.startswith(("Take", "Pick", "Keep")) for p in picks), picks
    # Clash is played to its end; Epic's longer draft only for some picks (its drafts are
    # played out by the engine's own tests)
    assert play_by_clicking(page, stop_after=None if game == "clash" else 8) in ("over", "stopped")
    assert errors == []
    page.close()


def agents_game(
    page: Any, base: str, game: str, setup: dict[str, Any], seed: int
) -> tuple[str, list[Any]]:
    """A game between two greedy agents, watched to its end; its id and the states after
    each action (replayed here from the table's replay file)."""
    from cardtable.core import get_game
    from cardtable.core.replay import Replay

    made = page.request.post(f"{base}/api/tables", data={
        "game": game, "setup": setup, "seats": ["greedy", "greedy"], "host_seat": None, "seed": seed,
    }).json()  # fmt: skip
    page.goto(f"{base}/t/{made['id']}?lang=en")
    page.wait_for_function("document.body.dataset.status === 'over'", timeout=120_000)
    replay = Replay.from_json(page.request.get(f"{base}/api/tables/{made['id']}/replay").json())
    engine = get_game(game)
    state = engine.new_game(replay.setup, replay.seed)
    states = [state.clone()]
    for action in replay.actions:
        engine.apply(state, action)
        states.append(state.clone())
    return made["id"], states


def show_step(page: Any, base: str, table: str, k: int) -> Any:
    """The replay viewer at step ``k`` (a spectator's view); its board."""
    page.goto(f"{base}/r/{table}?at={k}&lang=en")
    page.wait_for_function(f"document.body.dataset.n === '{k}'")
    return page.locator("#board")


def test_the_drawings_mark_what_the_rules_name(base: str, browser: Any) -> None:
    """Epic's attackers and blockers marked and expended champions turned
    (epic.combat.blocks); Clash's champions beside the table (clash.champion.setup); Blue
    Moon's cards with their printed fire and earth (bluemoon.cards.values), those covered
    or no longer counting struck through (bluemoon.turn.character.active)."""
    from cardtable.core import get_game

    page = browser.new_page()
    errors = watched(page)
    epic_game = get_game("epic")
    table, states = agents_game(page, base, "epic", {}, 11)
    k = next(i for i, s in enumerate(states) if s.attackers and s.blockers)
    view = epic_game.spectate(states[k])
    board = show_step(page, base, table, k)
    assert board.locator(".card.attacking").count() == len(view["attackers"])
    assert board.locator(".card.blocking").count() == len(view["blockers"])
    expended = sum(c["position"] == "expended" for row in view["play"] for c in row)
    assert board.locator(".card.expended").count() == expended

    clash_game = get_game("clash")
    setup = {"decks": ["ember", "tide"], "champions": ["jailer", "void_cocoon"]}
    table, _ = agents_game(page, base, "clash", setup, 3)
    board = show_step(page, base, table, 0)
    drawn = board.locator("[data-champion]").evaluate_all("els => els.map(e => e.dataset.champion)")
    assert sorted(drawn) == ["jailer", "void_cocoon"]
    assert clash_game.card_title("jailer", "en") in board.inner_text()

    bluemoon_game = get_game("bluemoon")
    table, states = agents_game(page, base, "bluemoon", {"peoples": ["vulca", "hoax"]}, 2)
    views = [bluemoon_game.spectate(s) for s in states]
    k = next(
        i for i, v in enumerate(views) if any(not c["active"] for side in v["combat"] for c in side)
    )
    board = show_step(page, base, table, k)
    played = [c for side in views[k]["combat"] + views[k]["support"] for c in side]
    assert board.locator(".card.inactive").count() == sum(not c["active"] for c in played)
    valued = next(
        c["card"] for c in played if bluemoon_game.db.cards[c["card"]].type == "character"
    )
    printed = bluemoon_game.db.cards[valued]
    chip = board.locator(f"section.seat .card[data-card='{valued}']").first
    assert chip.locator(".badge.fire").inner_text() == str(printed.fire)
    assert chip.locator(".badge.earth").inner_text() == str(printed.earth)
    assert errors == []
    page.close()
