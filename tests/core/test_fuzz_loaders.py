"""Fuzzing every loader: random bytes and random mutations of valid files (a key dropped,
a value of another kind, huge or negative numbers, bytes that are not UTF-8, a file cut
short) end in the project's own error (``CardtableError``), never another exception
(docs/positions.md, "Checks on loading"; README, "Bad input").

Each test is bounded (``max_examples``, no deadline) and derandomized, so the suite
stays fast and gives the same result on every run.
"""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardtable.agents import make_agent
from cardtable.cli.main import app
from cardtable.core.errors import CardtableError
from cardtable.core.match import play_match
from cardtable.core.position import load_position
from cardtable.core.registry import game_ids, get_game
from cardtable.core.replay import Replay, verify
from cardtable.games.bluemoon import cards as bluemoon_cards
from cardtable.games.boss import cards as boss_cards
from cardtable.games.clash import cards as clash_cards
from cardtable.games.clash import mutation as clash_mutation
from cardtable.games.clash import solo as clash_solo
from cardtable.games.epic import cards as epic_cards
from cardtable.sim.store import ResultStore
from cardtable.sim.whatif import read_whatif

FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NUMBERS = [-1, -999, 0, 7, 10**21, -(10**21), 2**63, 1.5, float("inf")]
OTHER_KINDS: list[Any] = ["banana", [1, 2], {"x": 1}, True, None, 3, [], {}]
BAD_BYTES = [b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x00", b"\xe2\x82", b"\x80abc"]


# --- mutations ------------------------------------------------------------------------------
def _spots(doc: Any) -> Iterator[tuple[Any, Any]]:
    """Every (container, key) of a parsed document."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield doc, k
            yield from _spots(v)
    elif isinstance(doc, list):
        for k, v in enumerate(doc):
            yield doc, k
            yield from _spots(v)


@st.composite
def mutated_doc(draw: st.DrawFn, base: Any) -> Any:
    """The document with one to three changes: a key or item dropped, a value of another
    kind, a huge or negative number, an item repeated."""
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        spots = list(_spots(doc))
        if not spots:
            break
        container, key = draw(st.sampled_from(spots))
        op = draw(st.sampled_from(["drop", "kind", "number", "repeat"]))
        if op == "drop":
            del container[key]
        elif op == "kind":
            container[key] = copy.deepcopy(draw(st.sampled_from(OTHER_KINDS)))
        elif op == "number":
            container[key] = draw(st.sampled_from(NUMBERS))
        elif isinstance(container, list):
            container.extend([container[key]] * draw(st.integers(1, 9)))
    return doc


@st.composite
def damaged_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """The bytes cut short, with bytes that are not UTF-8 put in, or both."""
    op = draw(st.sampled_from(["cut", "bad", "both"]))
    if op in ("cut", "both"):
        data = data[: draw(st.integers(0, max(0, len(data) - 1)))]
    if op in ("bad", "both"):
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from(BAD_BYTES)) + data[at:]
    return data


@st.composite
def mutated_toml(draw: st.DrawFn, text: str) -> bytes:
    """A TOML text changed line by line: a line dropped, a value of another kind, a huge
    or negative number; then perhaps damaged bytes."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        k = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["drop", "kind", "number", "repeat"]))
        key, eq, _ = lines[k].partition("=")
        if op == "drop" or not eq:
            del lines[k]
        elif op == "kind":
            value = draw(st.sampled_from(['"banana"', "[1, 2]", "{ x = 1 }", "true", "[]"]))
            lines[k] = f"{key}= {value}"
        elif op == "number":
            value = draw(st.sampled_from(["-1", "-999", "0", "1" + "0" * 21, "nan", "1.5"]))
            lines[k] = f"{key}= {value}"
        else:
            lines.insert(k, lines[k])
        if not lines:
            break
    data = "\n".join(lines).encode("utf-8")
    return draw(damaged_bytes(data)) if draw(st.booleans()) else data


NASTY = [
    b"[" * 1_200,
    b"a: " + b"[" * 1_200,
    b"x = " + b"[" * 1_200,
    b"1" * 5_000,
    b"a: " + b"9" * 5_000,
    b"x = " + b"9" * 5_000,
    b"\xef\xbb\xbf",
    b"",
    b"\x00\x01\x02",
    "a: “кавычки” «ёлки»".encode("utf-16"),
]
"""Inputs no mutation reaches: nesting too deep, numbers too long, a byte-order mark and
nothing else, control bytes, UTF-16."""


def _file_input(text_strategy: st.SearchStrategy[bytes]) -> st.SearchStrategy[bytes]:
    """Mutated files mostly, random bytes and nasty inputs sometimes."""
    return st.one_of(text_strategy, text_strategy, st.binary(max_size=300), st.sampled_from(NASTY))


def _write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


def _only_our_errors(run: Callable[[], Any]) -> None:
    try:
        run()
    except CardtableError as exc:
        assert str(exc) and exc.text("ru") and exc.text("en")


# --- card data, decks, what-if files ----------------------------------------------------------
def _data(game: str, name: str) -> Path:
    with resources.as_file(resources.files(f"cardtable.games.{game}").joinpath("data")) as d:
        return Path(d) / name


CARD_FILES: dict[str, tuple[str, Callable[[Path, Path], Any]]] = {
    "clash cards": (
        "cards.toml",
        lambda p, d: clash_cards.load_db(p, _data("clash", "decks.toml")),
    ),
    "clash decks": (
        "decks.toml",
        lambda p, d: clash_cards.load_db(_data("clash", "cards.toml"), p),
    ),
    "clash solo": ("solo_levels.toml", lambda p, d: clash_solo.parse_levels(_toml(p), str(p))),
    "clash mutation": ("mutation.toml", lambda p, d: clash_mutation.parse_rules(_toml(p), str(p))),
    "epic": ("duel_set.toml", lambda p, d: epic_cards.load_db([p, _data("epic", "tokens.toml")])),
    "bluemoon": ("vulca.toml", lambda p, d: bluemoon_cards.load_db([p])),
    "boss cards": ("forge.toml", lambda p, d: boss_cards.load_db([p], None)),
    "boss decks": (
        "decks.toml",
        lambda p, d: boss_cards.load_db(
            [
                _data("boss", n)
                for n in (
                    "forge.toml",
                    "neutral.toml",
                    "mitsims.toml",
                    "schemers.toml",
                    "swarm.toml",
                )
            ],
            p,
        ),
    ),
}


def _toml(path: Path) -> dict[str, Any]:
    from cardtable.core.carddata import read_toml

    return read_toml(path)


def _game_of(name: str) -> str:
    return name.split()[0]


@pytest.mark.parametrize("name", sorted(CARD_FILES))
def test_card_files(name: str) -> None:
    """Card data and deck lists (TOML) end in a CardtableError naming the file."""
    file, load = CARD_FILES[name]
    text = _data(_game_of(name), file).read_text(encoding="utf-8")

    @FUZZ
    @given(data=_file_input(mutated_toml(text)))
    def check(data: bytes) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = _write(Path(folder), file, data)
            _only_our_errors(lambda: load(path, Path(folder)))

    check()


def test_whatif_files() -> None:
    """What-if files: read, then checked by the game (``with_card_overrides``)."""
    text = "[cards.spark_imp]\ncost = 1\nattack = 2\n[cards.fire_lance]\ndamage = 5\n"
    game = get_game("clash")

    @FUZZ
    @given(data=_file_input(mutated_toml(text)))
    def check(data: bytes) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = _write(Path(folder), "w.toml", data)
            _only_our_errors(lambda: game.with_card_overrides({}, read_whatif(path)))

    check()


# --- positions --------------------------------------------------------------------------------
def _positions(gid: str) -> list[dict[str, Any]]:
    game = get_game(gid)
    docs = [game.export_position(game.new_game({}, seed)) for seed in (1, 2)]
    return [json.loads(json.dumps(d)) for d in docs]


@pytest.mark.parametrize("gid", game_ids())
def test_position_files(gid: str) -> None:
    """Position files of every game, YAML and JSON, loaded for that game."""
    game = get_game(gid)
    docs = _positions(gid)

    @FUZZ
    @given(
        doc=st.sampled_from(docs).flatmap(mutated_doc),
        kind=st.sampled_from(["yaml", "json"]),
        damage=st.booleans(),
        raw=st.one_of(st.binary(max_size=200), st.sampled_from(NASTY)),
        which=st.integers(0, 5),
    )
    def check(doc: Any, kind: str, damage: bool, raw: bytes, which: int) -> None:
        text = json.dumps(doc) if kind == "json" else yaml.safe_dump(doc, allow_unicode=True)
        data = text.encode("utf-8")
        if damage:
            data = (
                data[: len(data) * which // 6] + BAD_BYTES[which] + data[len(data) * which // 6 :]
            )
        if which == 5:
            data = raw
        with tempfile.TemporaryDirectory() as folder:
            path = _write(Path(folder), f"p.{kind}", data)
            _only_our_errors(lambda: load_position(path, game))

    check()


# --- replays, saves, results ------------------------------------------------------------------
def _replay_doc() -> dict[str, Any]:
    game = get_game("clash")
    agents = [make_agent("random", game, 1), make_agent("random", game, 2)]
    result = play_match(game, {}, 5, agents, max_actions=40)
    return result.replay.to_json()


REPLAY = _replay_doc()


def test_replay_files() -> None:
    """Replays: read, then replayed and verified (``cardtable replay``)."""

    @FUZZ
    @given(
        doc=mutated_doc(REPLAY),
        damage=st.integers(0, 3),
        raw=st.one_of(st.binary(max_size=200), st.sampled_from(NASTY)),
    )
    def check(doc: Any, damage: int, raw: bytes) -> None:
        data = json.dumps(doc).encode("utf-8")
        if damage == 1:
            data = data[: len(data) // 2]
        elif damage == 2:
            data = data[:10] + b"\xff" + data[10:]
        elif damage == 3:
            data = raw
        with tempfile.TemporaryDirectory() as folder:
            path = _write(Path(folder), "r.json", data)
            _only_our_errors(lambda: verify(Replay.load(path)))

    check()


def test_saves_for_resume() -> None:
    """``play --resume`` of a mutated save: one error line and exit code 2, or the game
    played on, never a traceback."""
    runner = CliRunner()
    # a few actions only, so that the mutations reach the save's own keys as often
    save = dict(REPLAY, actions=REPLAY["actions"][:4], agents=["random", "random"], lang="en")
    save["final_hash"] = save["outcome"] = None

    @settings(FUZZ, max_examples=20)
    @given(doc=mutated_doc(save), damage=st.integers(0, 2), nasty=st.sampled_from(NASTY))
    def check(doc: Any, damage: int, nasty: bytes) -> None:
        data = json.dumps(doc).encode("utf-8")
        if damage == 1:
            data = data[:20] + b"\xc3\x28" + data[20:]
        elif damage == 2:
            data = nasty
        with tempfile.TemporaryDirectory() as folder:
            path = _write(Path(folder), "s.json", data)
            result = runner.invoke(app, ["play", "clash", "--resume", str(path), "--lang", "en"])
            assert result.exit_code in (0, 2), result.output
            assert "Traceback" not in result.output
            if result.exception is not None:
                assert isinstance(result.exception, SystemExit), repr(result.exception)

    check()


def test_results_files() -> None:
    """``--out`` results files: the header and the records are checked line by line."""
    config = {"game": "clash", "seed": 1}
    record = {
        "key": "0",
        "seed": 1,
        "specs": ["random", "random"],
        "labels": ["random", "random"],
        "winners": [0],
        "reason": "fort",
        "first": 0,
        "turns": 9,
        "actions": 40,
        "decisions": [20, 20],
        "think_s": [0.1, 0.2],
    }
    base = [{"config": config}, record, dict(record, key="1")]

    @FUZZ
    @given(doc=mutated_doc(base), damage=st.integers(0, 3), nasty=st.sampled_from(NASTY))
    def check(doc: Any, damage: int, nasty: bytes) -> None:
        lines = [json.dumps(x) for x in doc] if isinstance(doc, list) else [json.dumps(doc)]
        data = ("\n".join(lines) + "\n").encode("utf-8")
        if damage == 1:
            data = data[: len(data) * 2 // 3]
        elif damage == 2:
            data = data[:5] + b"\xff" + data[5:]
        elif damage == 3:
            data = data + nasty + b"\n" + data
        with tempfile.TemporaryDirectory() as folder:
            path = _write(Path(folder), "run.jsonl", data)
            _only_our_errors(lambda: ResultStore(path, config))

    check()


def test_the_fuzz_inputs_are_valid_to_begin_with(tmp_path: Path) -> None:
    """The unmutated files load: the fuzz tests start from valid input."""
    for name, (file, load) in CARD_FILES.items():
        shutil.copy(_data(_game_of(name), file), tmp_path / file)
        load(tmp_path / file, tmp_path)
    for gid in game_ids():
        for doc in _positions(gid):
            path = tmp_path / f"{gid}.json"
            path.write_text(json.dumps(doc), encoding="utf-8")
            load_position(path, get_game(gid))
    path = tmp_path / "r.json"
    path.write_text(json.dumps(REPLAY), encoding="utf-8")
    verify(Replay.load(path))
