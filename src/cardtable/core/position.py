"""Position files: a hand-written situation in YAML or JSON, loaded into a state or exported."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from cardtable.core.datafile import as_mapping, read_data, type_name
from cardtable.core.errors import CardtableError, Message, PositionError, shown
from cardtable.core.game import Game
from cardtable.core.registry import get_game

COUNTER_MAX = 999_999
"""Counters the rules leave open (turns played, health gained, …) stay below a million."""


def read_document(path: str | Path) -> dict[str, Any]:
    """A YAML or JSON document as a dict, with a clear error for unreadable input (the
    shared reader: bytes, UTF-8, then YAML, or JSON for a ``.json`` file)."""
    return as_mapping(read_data(path, error=PositionError), str(path), PositionError)


def load_position(
    path: str | Path, game: Game | None = None, extra: Mapping[str, Any] | None = None
) -> tuple[Game, Any]:
    """The game and state described by a position file (its ``game:`` key names the game,
    and must name ``game`` when one is given); ``extra`` keys replace the file's (e.g.
    ``{"step": True}`` for ``--step``). Besides the game's own checks, a file is held to
    the copies a deck allows (``Game.check_decks``). Every problem is a PositionError led
    by the file."""
    data = read_document(path)
    if extra:
        data.update(extra)
    try:
        if game is None:
            if "game" not in data:
                raise PositionError.msg("position_no_game")
            named = data["game"]
            if not isinstance(named, str):
                raise PositionError.msg(
                    "position_type", where="game", expected=_KIND["str"], got=shown(named)
                )
            game = get_game(named)
        check_game(data, game.id)
        state = game.load_position(data)
        game.check_decks(state)
        return game, state
    except CardtableError as exc:
        raise PositionError.wrap(exc, str(path)) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        # A shape the game's own checks did not foresee: still one clear error, never a trace.
        raise PositionError.msg("position_malformed", problem=type(exc).__name__).at(
            str(path)
        ) from None


# --- checks shared by the games' loaders -------------------------------------------------
_KIND = {
    "int": Message("expect_int"),
    "bool": Message("expect_bool"),
    "str": Message("expect_str"),
    "list": Message("expect_list"),
    "map": Message("expect_map"),
    "ints": Message("expect_ints"),
    "strs": Message("expect_strs"),
    "card": Message("expect_card"),
    "null": Message("expect_null"),
}


@dataclass(frozen=True, slots=True)
class Field:
    """What one key of a position document may hold.

    ``path`` is dotted (``players.*.mana``; ``*`` stands for every key of a mapping or item
    of a list, a number for one item of a list, from 0); ``kind`` is ``int``, ``bool``,
    ``str``, ``list``, ``map``, ``ints`` (a list of whole numbers), ``strs`` (a list of
    texts) or ``card`` (an id, or a mapping with ``card``), several joined by ``|``
    (``str|map``); ``min`` and ``max`` bound a number (each number of ``ints``) or the
    length of a list, mapping or text; ``null`` allows ``null`` (the key's default);
    ``rule`` is the rules-index id a game limit comes from; ``one_of`` lists the texts a
    ``str`` may be, or the keys a ``map`` may have.
    """

    path: str
    kind: str
    min: int | None = None
    max: int | None = None
    null: bool = False
    rule: str = ""
    one_of: tuple[str, ...] = ()


def check_game(data: Mapping[str, Any], game_id: str) -> None:
    """A ``game:`` key, when written, names the game loading the document."""
    named = data.get("game", game_id)
    if named != game_id:
        raise PositionError.msg("position_wrong_game", named=shown(named), game=game_id)


def check_document(
    data: Mapping[str, Any],
    game_id: str,
    fields: Sequence[Field],
    cards: Mapping[str, Any] | None = None,
    keys: Iterable[str] | None = None,
) -> None:
    """The checks every game's position loader starts with: the ``game:`` key names this
    game, the top level has only ``keys`` (when given), every key of ``fields`` holds what
    it may (``check_fields``), and no inline card (``cards:``) reuses the id of a card of
    the game's sets (``cards``)."""
    if not isinstance(data, Mapping):
        raise PositionError.msg("position_not_mapping", got=type_name(data))
    check_game(data, game_id)
    if keys is not None:
        check_keys(data, keys)
    check_fields(data, fields)
    if cards is not None:
        check_inline_ids(data.get("cards"), cards)


def check_fields(data: Mapping[str, Any], fields: Iterable[Field]) -> None:
    """Check each ``Field`` against the document; the first problem is a PositionError
    naming the key path (``players.P1.mana``, ``plays #1``), what it should hold and what
    it holds."""
    for spec in fields:
        for path, value in _walk(data, spec.path.split("."), None):
            try:
                check_value(value, "", spec)
            except PositionError:  # the same problem again, named by its key path
                check_value(value, _where(path), spec)
                raise


def check_value(value: Any, where: str, spec: Field) -> Any:
    """One value against a ``Field`` (its path unused); the value itself when it fits."""
    if value is None:
        if spec.null:
            return value
        raise PositionError.msg(
            "position_type", where=where, expected=_expected(spec.kind), got=shown(value)
        )
    kinds = _KINDS.get(spec.kind)
    if kinds is None:
        kinds = _KINDS[spec.kind] = tuple(spec.kind.split("|"))
    for kind in kinds:
        if _is(value, kind):
            if kind == "int":
                check_range(value, where, spec.min, spec.max, spec.rule)
            elif kind == "ints" and _outside(value, spec.min, spec.max):
                for k, x in enumerate(value):
                    check_range(x, f"{where} #{k + 1}", spec.min, spec.max, spec.rule)
            elif kind in ("list", "map", "str", "strs"):
                _check_length(value, where, spec)
            if kind == "str" and spec.one_of and value not in spec.one_of:
                raise PositionError.msg(
                    "position_choice", where=where, got=shown(value), known=", ".join(spec.one_of)
                )
            if kind == "map" and spec.one_of:
                check_keys(value, spec.one_of, where)
            return value
    if "ints" in kinds and isinstance(value, list):
        bad = next(k for k, x in enumerate(value) if not _is(x, "int"))
        raise PositionError.msg(
            "position_type",
            where=f"{where} #{bad + 1}",
            expected=_KIND["int"],
            got=shown(value[bad]),
        )
    raise PositionError.msg(
        "position_type", where=where, expected=_expected(spec.kind), got=shown(value)
    )


def check_keys(value: Mapping[Any, Any], known: Iterable[str], where: str = "") -> None:
    """Every key of a mapping is one of ``known``, else a PositionError naming the unknown
    ones and the known ones (``where`` empty: the top level)."""
    names = sorted(known)
    unknown = sorted((k for k in value if k not in names), key=str)
    if unknown:
        shown_keys = ", ".join(shown(k) for k in unknown)
        key = "position_unknown_keys_at" if where else "position_unknown_keys"
        raise PositionError.msg(key, where=where, keys=shown_keys, known=", ".join(names))


def check_range(
    value: int, where: str, low: int | None = None, high: int | None = None, rule: str = ""
) -> int:
    """``value`` when it lies in ``low..high`` (either may be open), else a PositionError
    naming the key path, the value, the bounds and the rule they come from."""
    if (low is None or value >= low) and (high is None or value <= high):
        return value
    key = "position_range_rule" if rule else "position_range"
    bounds = _bounds(low, high)
    raise PositionError.msg(key, where=where, value=shown(value), bounds=bounds, rule=rule)


def _outside(values: list[int], low: int | None, high: int | None) -> bool:
    """Whether some number of ``values`` lies outside ``low..high`` (either may be open)."""
    return bool(values) and (
        (low is not None and min(values) < low) or (high is not None and max(values) > high)
    )


def _bounds(low: int | None, high: int | None) -> Message:
    """'1 to 9', 'at least 1' or 'at most 9'."""
    if low is not None and high is not None:
        return Message("bounds_between", {"low": low, "high": high})
    if low is not None:
        return Message("bounds_at_least", {"low": low})
    return Message("bounds_at_most", {"high": high})


def whole(
    value: Any, where: str, low: int | None = 0, high: int | None = COUNTER_MAX, rule: str = ""
) -> int:
    """A whole number in ``low..high`` read from a document (``true``/``false`` are not
    numbers), else a PositionError naming ``where``."""
    if type(value) is int:  # (check_value's own test for it, without building a Field)
        return check_range(value, where, low, high, rule)
    return int(check_value(value, where, Field(where, "int", low, high, rule=rule)))


def flag(value: Any, where: str) -> bool:
    """``true`` or ``false`` read from a document, else a PositionError naming ``where``."""
    return bool(check_value(value, where, Field(where, "bool")))


def check_inline_ids(
    raw: Any, known: Mapping[str, Any], allowed: Callable[[int, str], bool] | None = None
) -> None:
    """Inline cards (``cards:``) bring ids of their own: one that names a card of the
    game's sets would silently replace it, so it is refused, unless ``allowed(index, id)``
    (a game whose positions write a set card with what-if numbers inline)."""
    if not isinstance(raw, list):
        return
    for k, entry in enumerate(raw):
        ident = entry.get("id") if isinstance(entry, Mapping) else None
        if isinstance(ident, str) and ident in known and not (allowed and allowed(k, ident)):
            raise PositionError.msg("position_inline_shadows", where=f"cards #{k + 1}", card=ident)


def check_copies(
    card_ids: Sequence[str],
    limit: int,
    rule: str,
    groups: Sequence[Any] | None = None,
    skip: Iterable[str] = (),
    names: Mapping[Any, str] | None = None,
) -> None:
    """No card more often than ``limit`` times: in the whole position, or per group (the
    player owning each card: ``groups[i]`` for ``card_ids[i]``, shown by ``names``) when
    groups are given. ``skip`` lists ids without a limit (tokens)."""
    free = set(skip)
    keys = groups if groups is not None else [None] * len(card_ids)
    counts = Counter((g, c) for g, c in zip(keys, card_ids, strict=True) if c not in free)
    for (group, card), n in sorted(counts.items(), key=lambda kv: (-kv[1], str(kv[0]))):
        if n <= limit:
            return
        if group is None:
            raise PositionError.msg("position_copies", card=card, n=n, limit=limit, rule=rule)
        who = (names or {}).get(group, str(group))
        raise PositionError.msg(
            "position_copies_player", card=card, n=n, limit=limit, rule=rule, player=who
        )


_KINDS: dict[str, tuple[str, ...]] = {}
"""A Field's ``kind`` split at ``|`` (memo: positions check the same few kinds thousands
of times)."""
_INT = frozenset((int,))
_STR = frozenset((str,))


def _is(value: Any, kind: str) -> bool:
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "list":
        return isinstance(value, list)
    if kind == "map":
        return type(value) is dict or isinstance(value, Mapping)
    if kind == "ints":  # (a list of plain ints is told at C speed)
        return isinstance(value, list) and (
            _INT.issuperset(map(type, value)) or all(_is(x, "int") for x in value)
        )
    if kind == "strs":
        return isinstance(value, list) and (
            _STR.issuperset(map(type, value)) or all(isinstance(x, str) for x in value)
        )
    if kind == "card":
        return isinstance(value, str) or (
            isinstance(value, Mapping) and isinstance(value.get("card"), str)
        )
    if kind == "null":
        return value is None
    raise ValueError(f"unknown field kind {kind!r}")


def _expected(kind: str) -> Message:
    """'a whole number', or 'text or a mapping' for ``str|map``."""
    parts = [_KIND[k] for k in kind.split("|")]
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = Message("expect_either", {"a": part, "b": out})
    return out


def _check_length(value: Any, where: str, spec: Field) -> None:
    n = len(value)
    if (spec.min is None or n >= spec.min) and (spec.max is None or n <= spec.max):
        return
    key = "position_length_rule" if spec.rule else "position_length"
    bounds = _bounds(spec.min, spec.max)
    raise PositionError.msg(key, where=where, n=n, bounds=bounds, rule=spec.rule)


# A key path while walking: None at the top, else (the parent's path, a key of a mapping
# or the index of a list item); written out (``_where``) only for an error message.
KeyPath = tuple[Any, Any] | None


def _walk(value: Any, parts: list[str], path: KeyPath) -> list[tuple[KeyPath, Any]]:
    """(key path, value) for every value a dotted path with ``*`` reaches, in document
    order (missing keys and parents of another kind are skipped: their own fields check
    them). One level of the path at a time: no recursion, no generators."""
    level: list[tuple[KeyPath, Any]] = [(path, value)]
    for head in parts:
        found: list[tuple[KeyPath, Any]] = []
        if head == "*":
            for at, v in level:
                if type(v) is dict or isinstance(v, Mapping):
                    found.extend([((at, str(k)), x) for k, x in v.items()])
                elif isinstance(v, list):
                    found.extend([((at, k), x) for k, x in enumerate(v)])
        else:
            index = int(head) if head.isdigit() else -1
            for at, v in level:
                if type(v) is dict or isinstance(v, Mapping):
                    if head in v:
                        found.append(((at, head), v[head]))
                elif index >= 0 and isinstance(v, list) and index < len(v):
                    found.append(((at, index), v[index]))
        if not found:
            return found
        level = found
    return level


def _where(path: KeyPath) -> str:
    """A key path as the messages write it: ``players.P1.mana``, ``plays #1``."""
    keys: list[Any] = []
    while path is not None:
        path, key = path
        keys.append(key)
    where = ""
    for key in reversed(keys):
        if isinstance(key, int):
            where = f"{where} #{key + 1}"
        else:
            where = f"{where}.{key}" if where else key
    return where


def dump_position(game: Game, state: Any) -> str:
    """The position document of a state as YAML text."""
    doc: Mapping[str, Any] = game.export_position(state)
    return yaml.safe_dump(dict(doc), allow_unicode=True, sort_keys=False, width=100)


def stop_boundary(value: Mapping[str, Any], boundaries: Iterable[str], step: bool) -> str:
    """The boundary of a step-mode stop written ``pending: {continue: BOUNDARY}``: only the
    boundary is written, it is one of the game's ``boundaries``, and the position is in step
    mode (engine.step); a PositionError otherwise."""
    if set(value) != {"continue"}:
        raise PositionError.msg("position_continue_form", got=shown(dict(value)))
    boundary = value["continue"]
    names = tuple(boundaries)
    if boundary not in names:
        raise PositionError.msg(
            "position_continue_boundary", known=", ".join(names), got=shown(boundary)
        )
    if not step:
        raise PositionError.msg("position_continue_step")
    return str(boundary)


def check_derived(written: Any, actual: Mapping[str, Any], known: Iterable[str]) -> None:
    """Compare the ``derived:`` values a position writes with those its state gives
    (``actual``; ``known`` names every key a game derives): one PositionError names every
    value that disagrees."""
    keys = tuple(known)
    names = ", ".join(keys)
    if not isinstance(written, Mapping):
        raise PositionError.msg("position_derived_form", known=", ".join(names))
    problems: list[str] = []
    for key, want in written.items():
        if key not in keys:
            problems.append(f"derived.{key}: unknown (one of {names})")
        elif key not in actual:
            problems.append(f"derived.{key}: not defined in this position")
        else:
            _compare(f"derived.{key}", want, actual[key], problems)
    if problems:
        raise PositionError.msg("position_derived_disagree", problems="; ".join(problems))


def _compare(where: str, want: Any, have: Any, problems: list[str]) -> None:
    if isinstance(want, Mapping) and isinstance(have, Mapping):
        for k, v in want.items():
            if k not in have:
                shown = ", ".join(map(str, have)) or "none"
                problems.append(f"{where}.{k}: not defined (have {shown})")
            else:
                _compare(f"{where}.{k}", v, have[k], problems)
    elif want != have:
        problems.append(f"{where}: written {want!r}, is {have!r}")
