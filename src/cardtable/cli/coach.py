"""Hints and the coach at the terminal table (docs/table.md, "Hints and the coach").

``hint`` (``подсказка``) prints the AI's top options for the person deciding now, each
with its estimated chance to win, the simulations behind it and a reason
(``agents.hints``). With ``cardtable play --coach``, a move the AI rates
``COACH_MARGIN`` (15 points of win chance) or more below its best is not played at once:
the coach says so and asks to confirm it.

A position's ratings are searched once, with a seed derived from the game's seed and
the number of actions played, so ``hint`` and the coach agree, and asking again gives
the same answer. Everything comes from the person's own seat (``SeatView``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text

from cardtable.agents.hints import (
    COACH_MARGIN,
    DEFAULT_ITERS,
    Rating,
    coach_check,
    explain,
    rate,
    reasons_for,
)
from cardtable.cli.human import QuitGame
from cardtable.cli.render import t
from cardtable.core.agent import SeatView
from cardtable.core.game import Action, state_hash

if TYPE_CHECKING:
    from cardtable.cli.play import PlaySession

HINT_TOP = 3
HINT_SEED_STEP = 104729
"""Per action played: the hint seed of a position is the game's seed plus this times the
number of actions played before it."""
YES = ("yes", "y", "да", "д")
NO = ("no", "n", "нет", "н")


def percent(win: float) -> int:
    """A chance in [0, 1] as a whole percentage."""
    return round(100 * win)


class Advisor:
    """A table's hints and coach: the ratings of the position searched once, the answers."""

    def __init__(
        self, session: PlaySession, coach: bool = False, iters: int = DEFAULT_ITERS
    ) -> None:
        self.session = session
        self.coach = coach
        self.iters = iters
        self._rated: tuple[tuple[int, int, str], list[Rating]] | None = None

    def seed(self) -> int:
        """The search seed of the current position."""
        s = self.session
        return s.replay.seed + HINT_SEED_STEP * len(s.replay.actions)

    def ratings(self, seat: int) -> list[Rating]:
        """Every option of ``seat`` now, best first (searched once per position)."""
        s = self.session
        key = (len(s.replay.actions), seat, state_hash(s.state))
        if self._rated is None or self._rated[0] != key:
            found = rate(s.game, s.state, seat, iters=self.iters, seed=self.seed())
            self._rated = (key, found)
        return self._rated[1]

    def hint_view(self, view: SeatView) -> RenderableType:
        """The answer to ``hint``: the top options, their chances, simulations and reasons."""
        s = self.session
        lang = s.lang
        top = self.ratings(view.seat)[:HINT_TOP]
        if not top:
            return Text(t("hint_none", lang), style="yellow")
        lines: list[RenderableType] = [Text(t("hint_head", lang), style="bold")]
        for rank, hint in enumerate(
            explain(s.game, s.state, view.seat, top, seed=self.seed(), lang=lang), 1
        ):
            if hint.visits:
                head = t(
                    "hint_option",
                    lang,
                    rank=rank,
                    action=hint.text,
                    win=percent(hint.win),
                    n=hint.visits,
                )
            else:
                head = t("hint_only", lang, rank=rank, action=hint.text, win=percent(hint.win))
            line = Text(head)
            line.append(f"   [{hint.code}]", style="dim")
            lines.append(line)
            if hint.reason:
                lines.append(
                    Text("     " + t("hint_reason", lang, reason=hint.reason), style="italic")
                )
        return Group(*lines)

    def approves(self, view: SeatView, action: Action) -> bool:
        """True when ``action`` may be played now: no coach, nothing much better, or the
        person confirms it after the coach's warning."""
        if not self.coach:
            return True
        s = self.session
        lang = s.lang
        code = s.game.action_text(s.state, action)
        found = coach_check(self.ratings(view.seat), code, COACH_MARGIN)
        if found is None:
            return True
        best, chosen = found
        s.console.print(
            Text(
                t(
                    "coach_warn",
                    lang,
                    action=s.game.describe(chosen.action, lang, s.state),
                    win=percent(chosen.win),
                    best=s.game.describe(best.action, lang, s.state),
                    best_win=percent(best.win),
                ),
                style="yellow",
            )
        )
        (why,) = reasons_for(s.game, s.state, view.seat, [best.code], seed=self.seed())
        if why is not None:
            s.console.print(
                Text("  " + t("hint_reason", lang, reason=why.text(s.game, lang)), style="italic")
            )
        while True:
            try:
                answer = s.console.input(t("coach_confirm", lang)).strip().lower()
            except EOFError:
                raise QuitGame(eof=True) from None
            except KeyboardInterrupt:
                raise QuitGame(eof=False) from None
            if answer in YES:
                return True
            if answer in NO:
                s.console.print(Text(t("coach_again", lang), style="green"))
                return False
            s.console.print(Text(t("coach_yes_no", lang), style="yellow"))
