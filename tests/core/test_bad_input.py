"""Bad input files end in one clear error: the project's own, naming the file, the place
and the problem, in the user's language (docs/positions.md, "Checks on loading";
README, "Bad input"). One test per problem found by feeding the tool hostile files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.core.carddata import read_toml
from cardtable.core.errors import CardDataError, CardtableError, PositionError, ReplayError
from cardtable.core.position import load_position
from cardtable.core.replay import Replay
from cardtable.sim.store import ResultStore

# "Имп" in Windows-1251: a file saved in the wrong encoding (0xC8 is no UTF-8 start byte).
CP1251 = "Имп".encode("cp1251")
runner = CliRunner()


def _error_line(*args: str) -> str:
    """The one error line of a command that fails (exit 2, no traceback)."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [x for x in result.output.splitlines() if x.startswith(("Ошибка", "Error"))]
    assert len(lines) == 1, result.output
    return lines[0]


def _names_offset(error: BaseException, path: Path, offset: int) -> None:
    text = str(error)
    assert str(path) in text and "UTF-8" in text
    assert f"offset {offset}" in text, text


def test_card_file_that_is_not_utf8(tmp_path: Path) -> None:
    """A card file in another encoding is a CardDataError naming the file and the byte
    offset (docs/positions.md, "Checks on loading": every file is read as UTF-8)."""
    path = tmp_path / "cards.toml"
    head = b'[[card]]\nid = "imp"\nname = { ru = "'
    path.write_bytes(head + CP1251 + b'", en = "Imp" }\n')
    with pytest.raises(CardDataError) as info:
        read_toml(path)
    _names_offset(info.value, path, len(head))


def test_position_file_that_is_not_utf8(tmp_path: Path) -> None:
    """A position file in another encoding is a PositionError naming the file and the
    byte offset (docs/positions.md, "Checks on loading")."""
    path = tmp_path / "pos.yaml"
    head = b"game: clash\n# "
    path.write_bytes(head + CP1251 + b"\nturn: 1\n")
    with pytest.raises(PositionError) as info:
        load_position(path)
    _names_offset(info.value, path, len(head))


def test_replay_file_that_is_not_utf8(tmp_path: Path) -> None:
    """A replay in another encoding is a ReplayError naming the file (docs/positions.md,
    "Checks on loading")."""
    path = tmp_path / "game.json"
    path.write_bytes(b'{"game": "clash", "seed": 1, "note": "' + CP1251 + b'"}')
    with pytest.raises(ReplayError) as info:
        Replay.load(path)
    assert str(path) in str(info.value)


def test_results_file_that_is_not_utf8(tmp_path: Path) -> None:
    """An ``--out`` results file in another encoding is refused naming the file and the
    byte offset, never a traceback (docs/positions.md, "Checks on loading")."""
    path = tmp_path / "run.jsonl"
    head = b'{"config": {"kind": "'
    path.write_bytes(head + CP1251 + b'"}}\n{"key": "0"}\n')
    with pytest.raises(CardtableError) as info:
        ResultStore(path, {"kind": "x"})
    _names_offset(info.value, path, len(head))


def test_resume_save_that_is_not_utf8(tmp_path: Path) -> None:
    """``play --resume`` of a save in another encoding is one error line with exit code 2
    (README, "Bad input")."""
    path = tmp_path / "save.json"
    path.write_bytes(b'{"game": "clash", "seed": 1, "actions": [], "agents": ["' + CP1251 + b'"]}')
    line = _error_line("play", "clash", "--resume", str(path), "--lang", "en")
    assert str(path) in line


def test_replay_missing_a_key_names_it() -> None:
    """A replay without its seed names the missing field, not a bare KeyError text
    (docs/positions.md, "Checks on loading": the schema names the field)."""
    with pytest.raises(ReplayError) as info:
        Replay.from_json({"game": "clash"})
    assert re.search(r"field .seed.: required, but missing", str(info.value)), str(info.value)


def test_replay_that_is_not_a_document(tmp_path: Path) -> None:
    """A replay file holding ``null`` is refused with a message about the document, not a
    Python text such as "'NoneType' object is not subscriptable" (docs/positions.md,
    "Checks on loading")."""
    path = tmp_path / "null.json"
    path.write_text("null\n", encoding="utf-8")
    with pytest.raises(ReplayError) as info:
        Replay.load(path)
    assert "NoneType" not in str(info.value)
    with pytest.raises(ReplayError) as info:
        Replay.from_json({"game": "clash", "seed": 1, "actions": None})
    assert "NoneType" not in str(info.value) and "actions" in str(info.value)


def test_errors_are_said_in_the_chosen_language(tmp_path: Path) -> None:
    """With ``--lang ru`` an error reads «Ошибка:» and Russian, with ``--lang en`` "Error:"
    and English, quotes of the language included (README, "Bad input")."""
    path = tmp_path / "pos.yaml"
    path.write_text("game: clash\nturn: banana\n", encoding="utf-8")
    ru = _error_line("position", "clash", str(path), "--lang", "ru")
    en = _error_line("position", "clash", str(path), "--lang", "en")
    assert ru.startswith("Ошибка:") and en.startswith("Error:")
    assert "«banana»" in ru and "нужно целое число" in ru and "expected" not in ru
    assert "“banana”" in en and "expected a whole number" in en
    assert str(path) in ru and str(path) in en


def test_the_shared_reader_names_line_and_column(tmp_path: Path) -> None:
    """Syntax errors of YAML, JSON and TOML name the line and column; a UTF-8 byte-order
    mark is accepted; a document that is not a mapping is named (docs/positions.md,
    "Checks on loading": reading)."""
    from cardtable.core.datafile import read_data, read_mapping

    cases = {
        "a.yaml": ("a: 1\nb: [2\n", "line 3, column 1"),
        "a.json": ('{"a": 1,\n "b": }', "line 2, column 7"),
        "a.toml": ("a = 1\nb = = 2\n", "line 2, column 5"),
    }
    for name, (text, where) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        with pytest.raises(CardtableError) as info:
            read_data(path)
        assert where in str(info.value) and str(path) in str(info.value), str(info.value)
        assert "строка" in info.value.text("ru")
    bom = tmp_path / "bom.yaml"
    bom.write_bytes(b"\xef\xbb\xbfgame: clash\n")
    assert read_mapping(bom) == {"game": "clash"}
    listed = tmp_path / "list.yaml"
    listed.write_text("- 1\n", encoding="utf-8")
    with pytest.raises(CardtableError, match="top level must be a mapping"):
        read_mapping(listed)


def test_errors_keep_their_language_across_processes() -> None:
    """A catalog error pickled (as parallel simulations send it) still speaks both
    languages, and its places stay in front (README, "Bad input")."""
    import pickle

    error = PositionError.msg("position_unknown_card", where="players.P1.hand #2", card="x")
    again = pickle.loads(pickle.dumps(error.at("pos.yaml")))
    assert isinstance(again, PositionError)
    assert again.text("en") == "pos.yaml: players.P1.hand #2: unknown card “x”"
    assert again.text("ru") == "pos.yaml: players.P1.hand #2: неизвестная карта «x»"
