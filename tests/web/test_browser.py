"""The pages in a real browser: Debian's Chromium, headless, driven by Playwright (no
browser downloaded). Games are played by clicking the legal moves the page shows."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.server import free_port, start

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
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
        pytest.skip("Chromium not installed (Debian package chromium; make test installs it)")
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
