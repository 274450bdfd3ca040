"""`cardtable mutation`: a guided four-player Mutation campaign (cardtable.games.clash.mutation).

People choose from numbered lists (draft picks, the 8 deck cards, grafts); agent seats
decide by ``mutation.auto_step``; the scheduled duels are played through ``PlaySession``
when a person sits in them, by ``play_match`` otherwise. The campaign document is saved
after every decision and every game action (an unfinished duel is kept under ``current``)
and continues with ``--resume``. The end of the input stops cleanly with the save path.
"""

from __future__ import annotations

import json
import secrets
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardtable.agents import make_agent
from cardtable.cli.human import QuitGame
from cardtable.cli.play import HUMAN, PlaySession
from cardtable.cli.render import console, fail
from cardtable.core.datafile import read_data
from cardtable.core.errors import CardtableError, IllegalAction, ReplayError
from cardtable.core.files import atomic_write_text
from cardtable.core.i18n import LANGS, tr
from cardtable.core.registry import get_game
from cardtable.core.replay import Replay
from cardtable.games.clash import mutation as mu
from cardtable.games.clash.abilities import names_of
from cardtable.games.clash.cards import default_db
from cardtable.games.clash.records import CREATURE, CardDef

QUIT_WORDS = ("quit", "exit", "q", "выход")
DONE_WORDS = ("done", "0", "готово", "d")


def m(key: str, lang: str, **kw: Any) -> str:
    """A message of the mutation command (the ``mutation`` catalog of the CLI)."""
    return tr("cardtable.cli:mutation", key, lang, **kw)


class MLang(StrEnum):
    """Languages of the interface."""

    ru = "ru"
    en = "en"


class Stop(Exception):
    """The person ended the campaign for now (EOF or quit)."""

    def __init__(self, eof: bool) -> None:
        super().__init__("eof" if eof else "quit")
        self.eof = eof


# --- showing cards ---------------------------------------------------------------------------
def abilities_text(card: CardDef, lang: str) -> str:
    """Ability names, the aura with its payload."""
    aura = names_of(1, lang)[0]
    out = []
    for name in names_of(card.abilities, lang):
        if name == aura and card.aura:
            name += ": " + names_of(card.aura, lang)[0]
        out.append(name)
    return ", ".join(out) or "—"


def card_row(card: CardDef, lang: str) -> list[str]:
    """Name, kind, cost, attack or damage, health, abilities."""
    creature = card.kind == CREATURE
    return [
        card.name(lang),
        m("creature" if creature else "spell", lang),
        str(card.cost),
        str(card.attack),
        str(card.health) if creature else "—",
        abilities_text(card, lang),
    ]


def card_table(
    title: str, rows: list[tuple[CardDef, list[str]]], extra: str | None, lang: str
) -> Table:
    """A numbered Rich table of cards (with one extra column if named)."""
    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right")
    for key in ("col_name", "col_kind", "col_cost", "col_attack", "col_health", "col_abilities"):
        table.add_column(m(key, lang))
    if extra:
        table.add_column(m(extra, lang))
    for i, (card, more) in enumerate(rows, 1):
        table.add_row(str(i), *card_row(card, lang), *more)
    return table


def part_name(part: str, lang: str) -> str:
    """attack / атака …"""
    return m(f"part_{part}", lang)


def parse_part(word: str) -> str | None:
    """A part from its number (1-4), or a unique prefix of its name in either language."""
    word = word.strip().lower()
    if word.isdigit():
        k = int(word)
        return mu.PARTS[k - 1] if 1 <= k <= len(mu.PARTS) else None
    found = {
        part
        for part in mu.PARTS
        for lang in LANGS
        if word and m(f"part_{part}", lang).startswith(word)
    }
    return found.pop() if len(found) == 1 else None


def in_range(word: str, items: list[str]) -> bool:
    """Whether a typed number picks one of the items."""
    return word.isdigit() and 1 <= int(word) <= len(items)


def seat_name(seat: int, lang: str) -> str:
    """'Игрок В' / 'Player C'."""
    return m("seat", lang, name=m("seat_names", lang)[seat])


def points_text(points: float) -> str:
    """2.5, 1, 0."""
    return f"{points:g}"


# --- the session ------------------------------------------------------------------------------
class CampaignSession:
    """One campaign being played in the terminal."""

    def __init__(self, c: dict[str, Any], save_path: str, lang: str, out: Console) -> None:
        self.c = c
        self.save_path = save_path
        self.lang = lang
        self.out = out
        self.db = default_db()

    def who(self, seat: int) -> str:
        """'Игрок B (greedy)' / 'Player A (you)'."""
        spec = self.c["specs"][seat]
        label = m("you", self.lang) if spec == HUMAN else spec
        return f"{seat_name(seat, self.lang)} ({label})"

    def names(self, cards: list[str]) -> str:
        return ", ".join(self.db.card(x).name(self.lang) for x in cards) or "—"

    # saving ------------------------------------------------------------------------------
    def save(self, path: str | None = None, final: bool = True) -> None:
        """Write the campaign document atomically (saves during a duel, not ``final``,
        leave the folder's fsync out: files.atomic_write_bytes)."""
        target = Path(path or self.save_path)
        text = json.dumps(self.c, ensure_ascii=False, indent=1) + "\n"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(target, text, sync_dir=final)
        except OSError as exc:
            raise ReplayError(
                m("save_failed", self.lang, path=str(target), reason=exc.strerror)
            ) from None

    def stopped(self, eof: bool) -> None:
        self.save()
        self.out.print()
        self.out.print(Text(m("eof" if eof else "quit", self.lang), style="yellow"))
        self.out.print(m("saved", self.lang, path=self.save_path), markup=False)
        self.out.print(m("resume_with", self.lang, path=self.save_path), markup=False)

    # the loop ----------------------------------------------------------------------------
    def run(self) -> None:
        """Decisions and games until the end or until the person stops."""
        try:
            while self.advance():
                pass
        except Stop as stop:
            self.stopped(stop.eof)
            return
        self.out.print(Text(m("over", self.lang), style="bold green"))
        self.show_standings(final=True)
        self.save()
        self.out.print(m("saved", self.lang, path=self.save_path), markup=False)

    def advance(self) -> bool:
        """One decision or one game; False once the campaign is over."""
        c = self.c
        if c["phase"] == mu.OVER:
            return False
        seat = mu.to_move(c)
        if seat is None:
            self.play_game()
        else:
            before = c["phase"]
            self.decide(seat)
            self.announce_phase_change(before)
        self.save(final=False)
        return True

    def announce_phase_change(self, before: str) -> None:
        now = self.c["phase"]
        if before == mu.DRAFT and now == mu.DECK:
            self.out.print(Text(m("draft_done", self.lang), style="bold"))
        elif before == mu.DECK and now != mu.DECK:
            self.out.print(Text(m("decks_done", self.lang), style="bold"))

    def decide(self, seat: int) -> None:
        """A person's or an agent's step."""
        c = self.c
        if c["specs"][seat] == HUMAN:
            step = self.ask(seat)
        else:
            step = mu.auto_step(c, seat, mu.step_rng(c))
        points = float(c["points"][seat])
        mu.apply_step(c, step)
        if step[0] == "graft":
            self.out.print(self.graft_line(seat, step, points - mu.rules().cost(step[2])))
        elif step[0] == "done" and c["specs"][seat] != HUMAN:
            self.out.print(m("phase_done", self.lang, seat=self.who(seat)), markup=False)

    def graft_line(self, seat: int, step: tuple[Any, ...], points: float) -> Text:
        _, card, part, source = step
        return Text(
            m(
                "grafted",
                self.lang,
                seat=self.who(seat),
                part=part_name(part, self.lang),
                source=self.db.card(source).name(self.lang),
                card=self.db.card(card).name(self.lang),
                points=points_text(points),
            )
        )

    # asking a person ------------------------------------------------------------------------
    def read(self) -> str:
        """One line of input; Stop on EOF or a quit word."""
        while True:
            try:
                line = self.out.input(m("prompt", self.lang)).strip()
            except EOFError:
                raise Stop(eof=True) from None
            except KeyboardInterrupt:
                raise Stop(eof=False) from None
            if line.lower() in QUIT_WORDS:
                raise Stop(eof=False)
            if line.lower() in ("help", "?", "помощь"):
                self.out.print(m("help", self.lang), markup=False)
                continue
            if line:
                return line

    def ask(self, seat: int) -> tuple[Any, ...]:
        """The person's step for the current phase."""
        options = mu.legal_steps(self.c)
        if len(options) == 1 and options[0][0] != "done":
            what = self.db.card(options[0][1]).name(self.lang)
            self.out.print(
                m("only_choice", self.lang, seat=self.who(seat), what=what), markup=False
            )
            return options[0]
        if self.c["phase"] == mu.MUTATION:
            return self.ask_graft(seat)
        return self.ask_card(seat, options)

    def ask_card(self, seat: int, options: list[tuple[Any, ...]]) -> tuple[Any, ...]:
        """A numbered choice of a card (a draft pick or a deck card)."""
        c, lang = self.c, self.lang
        self.out.print()
        if c["phase"] == mu.DRAFT:
            n = len(c["picked"][seat]) + 1
            self.out.print(Text(m("draft_head", lang, n=n, seat=self.who(seat)), style="bold"))
            self.out.print(
                m("picked_so_far", lang, cards=self.names(c["picked"][seat])), markup=False
            )
        else:
            n = len(c["deck"][seat]) + 1
            self.out.print(Text(m("deck_head", lang, n=n, seat=self.who(seat)), style="bold"))
            self.out.print(m("deck_so_far", lang, cards=self.names(c["deck"][seat])), markup=False)
        rows: list[tuple[CardDef, list[str]]] = [(self.db.card(o[1]), []) for o in options]
        self.out.print(card_table(m("pack_table", lang), rows, None, lang))
        while True:
            text = self.read()
            if text.isdigit() and 1 <= int(text) <= len(options):
                return options[int(text) - 1]
            self.out.print(Text(m("bad_number", lang, n=len(options)), style="yellow"))

    def show_mutation(self, seat: int) -> None:
        """The deck with its grafts, the laboratory with its cut fragments, the points."""
        c, lang = self.c, self.lang
        table = mu.rules()
        self.out.print()
        head = m(
            "phase_head",
            lang,
            round=c["round"] + 1,
            seat=self.who(seat),
            points=points_text(float(c["points"][seat])),
        )
        self.out.print(Text(head, style="bold"))
        costs = {p: points_text(table.cost(p)) for p in mu.PARTS}
        self.out.print(m("costs", lang, **costs), markup=False)
        deck_rows = []
        for card in c["deck"][seat]:
            parts = [g["part"] for g in c["grafts"] if g["seat"] == seat and g["card"] == card]
            grafts = ", ".join(part_name(p, lang) for p in parts) or "—"
            deck_rows.append((mu.card_now(c, seat, card), [grafts]))
        self.out.print(card_table(m("deck_table", lang), deck_rows, "col_grafts", lang))
        lab_rows = []
        for card in c["lab"][seat]:
            cut = [g["part"] for g in c["grafts"] if g["seat"] == seat and g["source"] == card]
            lab_rows.append(
                (self.db.card(card), [", ".join(part_name(p, lang) for p in cut) or "—"])
            )
        self.out.print(card_table(m("lab_table", lang), lab_rows, "col_cut", lang))
        self.out.print(m("graft_help", lang), markup=False)

    def ask_graft(self, seat: int) -> tuple[Any, ...]:
        """A graft typed as 'deck part lab', or done."""
        c, lang = self.c, self.lang
        self.show_mutation(seat)
        deck, lab = c["deck"][seat], c["lab"][seat]
        while True:
            text = self.read()
            if text.lower() in DONE_WORDS:
                return ("done",)
            words = text.split()
            part = parse_part(words[1]) if len(words) == 3 else None
            ok = part is not None and words[0].isdigit() and words[2].isdigit()
            if (
                part is None
                or not ok
                or not in_range(words[0], deck)
                or not in_range(words[2], lab)
            ):
                self.out.print(Text(m("bad_graft", lang, text=text), style="yellow"))
                continue
            card, source = deck[int(words[0]) - 1], lab[int(words[2]) - 1]
            step = ("graft", card, part, source)
            problem = mu.graft_problem(c, seat, card, part, source)
            if problem is None:
                return step
            reason = m(f"problem_{problem}", lang)
            self.out.print(Text(m("not_allowed", lang, reason=reason), style="yellow"))

    # games ------------------------------------------------------------------------------------
    def play_game(self) -> None:
        """The next scheduled duel: through PlaySession when a person sits in it."""
        c = self.c
        nxt = mu.next_game(c)
        a, b = nxt["seats"]
        specs = [c["specs"][a], c["specs"][b]]
        if HUMAN in specs:
            self.out.print()
            head = m("game_head", self.lang, round=nxt["round"] + 1, a=self.who(a), b=self.who(b))
            self.out.print(Text(head, style="bold"))
            self.play_human(nxt, specs)
        else:
            mu.play_next_auto(c)
        self.report(c["results"][-1])
        if c["phase"] != mu.OVER and len(c["results"]) % 2 == 0:
            self.show_standings(final=False)

    def play_human(self, nxt: dict[str, Any], specs: list[str]) -> None:
        """A person's duel, resumed from ``current`` if it was interrupted."""
        game = get_game("clash")
        current = self.c.get("current")
        if isinstance(current, dict) and current.get("seed") == nxt["seed"]:
            replay = Replay.from_json(current)
        else:
            replay = Replay(game=game.id, setup=nxt["setup"], seed=nxt["seed"])
        session = DuelSession(self, game, replay, specs, self.lang, self.out, self.save_path)
        if not session.play():
            raise Stop(eof=session.eof)
        outcome = game.outcome(session.state)
        assert outcome is not None
        doc = session.document()
        self.c.pop("current", None)
        mu.record_game(self.c, outcome, doc)

    def report(self, result: dict[str, Any]) -> None:
        a, b = result["seats"]
        if result["winners"]:
            text = m("winner", self.lang, seat=self.who(result["winners"][0]))
        else:
            text = m("draw", self.lang)
        line = m(
            "game_result",
            self.lang,
            round=result["round"] + 1,
            a=self.who(a),
            b=self.who(b),
            result=text,
        )
        self.out.print(Text(line))

    def show_standings(self, final: bool) -> None:
        lang = self.lang
        table = Table(
            title=m("standings" if final else "standings_now", lang), title_justify="left"
        )
        for key in (
            "col_place",
            "col_player",
            "col_agent",
            "col_wins",
            "col_losses",
            "col_draws",
            "col_tiebreak",
        ):
            table.add_column(m(key, lang))
        for row in mu.standings(self.c):
            table.add_row(
                str(row["place"]),
                seat_name(row["seat"], lang),
                row["spec"],
                str(row["wins"]),
                str(row["losses"]),
                str(row["draws"]),
                str(row["tiebreak"]),
            )
        self.out.print(table)


class DuelSession(PlaySession):
    """A campaign duel: each save writes the whole campaign with this game as ``current``."""

    def __init__(self, campaign: CampaignSession, *args: Any) -> None:
        self.campaign = campaign
        self.eof = False
        super().__init__(*args)

    def save(self, path: str, final: bool = True) -> None:
        self.campaign.c["current"] = self.document()
        self.campaign.save(path, final)

    def play(self) -> bool:
        """Play to the end (True), or stop when the person quits or the input ends (False)."""
        try:
            while self.step():
                pass
        except QuitGame as stop:
            self.eof = stop.eof
            return False
        self.show_end()
        return True


# --- the command -------------------------------------------------------------------------------
def load_campaign(path: str, lang: str) -> dict[str, Any]:
    """A saved campaign, or a clear error (the shared reader: a missing file, bytes that
    are not UTF-8 and JSON syntax errors name the file and the place)."""
    return mu.check_campaign(read_data(path, "json", ReplayError))


def start(
    seed: int | None, specs: list[str | None], save: str | None, resume: str | None, lang: str
) -> CampaignSession:
    """A new or resumed campaign session."""
    out = console()
    if resume is not None:
        c = load_campaign(resume, lang)
        c["specs"] = [g if g is not None else s for g, s in zip(specs, c["specs"], strict=True)]
        path = save or resume
    else:
        real = [
            s if s is not None else (HUMAN if k == 0 else "greedy") for k, s in enumerate(specs)
        ]
        c = mu.new_campaign(seed if seed is not None else secrets.randbelow(2**31), real)
        path = save or f"saves/mutation-{c['seed']}.json"
    for spec in c["specs"]:
        if spec != HUMAN:
            make_agent(spec, get_game("clash"), 0)  # a clear error for an unknown agent now
    out.print(Text(m("title", lang, seed=c["seed"]), style="bold"))
    players = ", ".join(f"{seat_name(s, lang)}: {spec}" for s, spec in enumerate(c["specs"]))
    out.print(m("players", lang, players=players), markup=False)
    if resume is not None:
        out.print(m("resumed", lang, path=resume), markup=False)
    return CampaignSession(c, path, lang, out)


def mutation_command(
    seed: Annotated[
        int | None, typer.Option("--seed", help="Campaign seed (random if unset).")
    ] = None,
    p1: Annotated[
        str | None, typer.Option("--p1", help="Player A: human or an agent spec.")
    ] = None,
    p2: Annotated[str | None, typer.Option("--p2", help="Player B (default greedy).")] = None,
    p3: Annotated[str | None, typer.Option("--p3", help="Player C (default greedy).")] = None,
    p4: Annotated[str | None, typer.Option("--p4", help="Player D (default greedy).")] = None,
    save: Annotated[
        str | None,
        typer.Option("--save", help="Campaign file (default saves/mutation-<seed>.json)."),
    ] = None,
    resume: Annotated[
        str | None, typer.Option("--resume", help="Continue a saved campaign.")
    ] = None,
    lang: Annotated[
        MLang, typer.Option("--lang", envvar="CARDTABLE_LANG", help="Language: ru or en.")
    ] = MLang.ru,
) -> None:
    """A four-player Mutation campaign: draft, decks, mutation phases and six duels."""
    code = lang.value if isinstance(lang, MLang) else str(lang)
    try:
        session = start(seed, [p1, p2, p3, p4], save, resume, code)
        session.run()
    except (CardtableError, IllegalAction) as exc:
        raise fail(exc.text(code), code) from None
