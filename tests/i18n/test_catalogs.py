"""The gettext catalogs themselves (docs/i18n.md): both languages hold the same
messages, counted messages have every plural form of their language, nothing is empty
(gettext reads an empty text as "not translated" and would show the key) or fuzzy, each
language keeps its own quotes, and every message key the code names literally exists.
A language may leave out a placeholder the other uses (a Russian phrase built from other
parts than the English one); the scan test formats every text the games show.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.i18n.checks import CYRILLIC

SRC = Path(__file__).resolve().parents[2] / "src" / "cardtable"
FORMS = {"ru": 3, "en": 2}
#: Catalogs whose message ids are the English texts themselves (gettext's usual way):
#: only their Russian is a file.
ENGLISH_IDS = {"cardtable.cli:help"}


def catalogs() -> dict[str, dict[str, Path]]:
    """Catalog name (``package`` or ``package:domain``) -> language -> .po file."""
    out: dict[str, dict[str, Path]] = {}
    for po in sorted(SRC.rglob("locale/*/LC_MESSAGES/*.po")):
        lang = po.parents[1].name
        package = ".".join(po.parents[3].relative_to(SRC.parent).parts)
        name = package if po.stem == "messages" else f"{package}:{po.stem}"
        out.setdefault(name, {})[lang] = po
    return out


CATALOGS = catalogs()


def read(path: Path, lang: str) -> dict[str, tuple[str, ...]]:
    """Key -> its forms (one for a singular message)."""
    with path.open("rb") as fp:
        po = read_po(fp, locale=lang)
    out: dict[str, tuple[str, ...]] = {}
    for m in po:
        if not m.id:
            continue
        assert not m.fuzzy, f"{path}: {m.id!r} is marked fuzzy"
        key = m.id[0] if isinstance(m.id, tuple | list) else m.id
        forms = tuple(m.string) if isinstance(m.string, tuple | list) else (m.string,)
        if isinstance(m.id, tuple | list):
            assert len(forms) == FORMS[lang], f"{path}: {key!r} has {len(forms)} plural forms"
        assert all(forms), f"{path}: {key!r} has an empty text"
        out[key] = forms
    return out


def test_every_package_that_speaks_has_catalogs() -> None:
    """The kernel, the command line and every game have ru and en catalogs."""
    games = {p.name for p in (SRC / "games").iterdir() if (p / "game.py").exists()}
    expected = {"cardtable.core", "cardtable.cli", "cardtable.web"}
    expected |= {f"cardtable.games.{g}" for g in games}
    assert expected <= set(CATALOGS)


@pytest.mark.parametrize("name", sorted(set(CATALOGS) - ENGLISH_IDS))
def test_both_languages_hold_the_same_messages(name: str) -> None:
    """A message missing in one language or a counted message singular in the other
    fails."""
    ru = read(CATALOGS[name]["ru"], "ru")
    en = read(CATALOGS[name]["en"], "en")
    assert sorted(set(ru) - set(en)) == [], "only in Russian"
    assert sorted(set(en) - set(ru)) == [], "only in English"
    for key in ru:
        assert (len(ru[key]) > 1) == (len(en[key]) > 1), f"{key}: plural in one language only"


@pytest.mark.parametrize("name", sorted(CATALOGS))
def test_each_language_keeps_its_own_letters_and_quotes(name: str) -> None:
    """English texts have no Cyrillic and no «»; Russian texts quote with «», not “”;
    no text quotes a value with Python's ``!r`` (straight quotes in either language)."""
    for lang, path in CATALOGS[name].items():
        for key, forms in read(path, lang).items():
            for text in forms:
                assert "!r}" not in text, f"{key}: a value quoted by repr"
                if lang == "en":
                    assert not CYRILLIC.search(text), f"{key}: Cyrillic in English"
                    assert "«" not in text and "»" not in text, f"{key}: «» in English"
                else:
                    assert "“" not in text and "”" not in text, f"{key}: “” in Russian"


#: (files, call pattern, catalog): the literal keys the code asks each catalog for.
USES = [
    ("games/{g}/*.py", r'(?<![.\w])msg\(\s*"([a-z_.0-9]+)"', "cardtable.games.{g}"),
    ("games/{g}/*.py", r'msg_in\(\s*PKG,\s*"([a-z_.0-9]+)"', "cardtable.games.{g}"),
    ("games/{g}/*.py", r'(?<!view)\.msg\(\s*"([a-z_.0-9]+)"', "cardtable.core"),
    ("games/{g}/*.py", r'view\.msg\(\s*"([a-z_.0-9]+)"', "cardtable.games.{g}"),
    ("core/*.py", r'\.msg\(\s*"([a-z_.0-9]+)"', "cardtable.core"),
    ("sim/*.py", r'\.msg\(\s*"([a-z_.0-9]+)"', "cardtable.core"),
    ("cli/*.py", r'(?<![.\w])t\(\s*"([a-z_.0-9]+)"', "cardtable.cli"),
    ("cli/mutation.py", r'(?<![.\w])m\(\s*"([a-z_.0-9]+)"', "cardtable.cli:mutation"),
    ("web/*.py", r'(?<![.\w])refuse\(\s*"([a-z_.0-9]+)"', "cardtable.web"),
    ("web/*.py", r'tr\(\s*PKG,\s*"([a-z_.0-9]+)"', "cardtable.web"),
    ("web/static/*.js", r'(?<![.\w])t\(\s*"([a-z_.0-9]+)"', "cardtable.web"),
]


def test_every_key_the_code_names_exists() -> None:
    """A literal message key in the code with no catalog entry fails here, before a
    player meets it."""
    games = sorted(p.name for p in (SRC / "games").iterdir() if (p / "game.py").exists())
    missing: list[str] = []
    for files, pattern, name in USES:
        for g in games if "{g}" in files else [""]:
            catalog = name.format(g=g)
            keys = set(read(CATALOGS[catalog]["en"], "en"))
            for path in sorted(SRC.glob(files.format(g=g))):
                for key in re.findall(pattern, path.read_text(encoding="utf-8")):
                    if key not in keys:
                        missing.append(f"{path.relative_to(SRC)}: {key} ({catalog})")
    assert not missing, "\n".join(missing)
