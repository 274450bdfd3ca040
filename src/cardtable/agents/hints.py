"""Hints that explain: the AI's top options for a seat, each with its estimated chance to
win, the simulations behind it and a one-line reason (docs/table.md, "Hints and the
coach"; docs/ai.md, "Hints: the search explained").

Everything comes from the seat's own window on the game (``SeatView``): the options are
its legal actions, the chances come from the project's ISMCTS searching on
determinizations of what the seat knows, and the reasons from the game's evaluation
terms (``Game.evaluation_terms``) on such determinizations, never on the true hidden
state.

- **Chance to win.** An ISMCTS search (``iters`` iterations, the game's
  ``search_settings``) from the seat's decision; each root option's mean reward, in
  [-1, 1], is mapped to [0, 1]. Each value is that option's own chance, so the values
  of several options need not add up to 1. The options are ordered as the search ranks
  them: most simulations first (the option the ``ismcts`` agent would play), then the
  higher chance. An only option is not searched: its chance is the evaluation after it.
- **Reason.** On ``REASON_SAMPLES`` determinizations, the option is played (a choice it
  opens for the same seat, such as a row for a chosen creature, is completed with the
  best-evaluated option) and each evaluation term is compared with the term before it.
  The reason names the term the option improves most (the game's order breaks ties), in
  its ``hint.<key>.up`` sentence; when it improves none, the first term it keeps that
  weighs anything, in its ``hint.<key>`` sentence ("keeps your fortress 3 cards from the
  right"), else the one it loses least. An option that ends the game in at least half of
  the determinizations says how (``ENDINGS``: the most frequent ending).
- **Coach.** ``coach_check`` compares a chosen option with the best: ``COACH_MARGIN``
  or more of win chance below it earns a warning.

The same game, state, seat, ``iters`` and ``seed`` give the same hints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.agents.ismcts import IsmctsAgent
from cardtable.core.agent import SeatView
from cardtable.core.evaluation import EvalTerm, reason_key
from cardtable.core.game import Action, Game, game_package
from cardtable.core.i18n import tr
from cardtable.core.rng import Rng

DEFAULT_ITERS = 1000
"""Search iterations of a hint: well under a second per decision in every game (docs/ai.md)."""
COACH_MARGIN = 0.15
"""The coach warns when a chosen option's chance to win is this much (15 percentage
points) or more below the best option's."""
REASON_SAMPLES = 8
"""Determinizations a reason is computed on."""
COMPLETION_STEPS = 4
"""At most this many follow-up choices of the same seat are completed for a reason."""
REASON_SALT = 0x4E1A7
"""Keeps the reasons' generator apart from the search's for one seed."""
EPS = 1e-9
IMPROVE_MIN = 0.005
"""A term's change smaller than this (in evaluation units, before the squash) counts as
none: below the smallest real change of any game's terms (a point of Blue Moon's total,
1/80), above rounding and the drift of Boss Battle's shares."""
ENDINGS = ("won", "draw", "lost")
"""Reasons of an option that ends the game: the seat wins, draws or loses at once."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One option as the search rates it."""

    action: Action
    code: str
    """Its canonical text (``Game.action_text``)."""
    win: float
    """Its estimated chance to win, in [0, 1]."""
    visits: int
    """The simulations (root visits) behind the estimate."""


@dataclass(frozen=True, slots=True)
class Because:
    """A reason: the evaluation term an option improves most, or keeps when none improves."""

    key: str
    n: int
    improves: bool

    def text(self, game: Game, lang: str) -> str:
        """The reason's sentence in ``lang``: the game's catalog names its terms, the
        core's an end of the game."""
        if self.key in ENDINGS:
            return tr("cardtable.core", f"hint.{self.key}", lang)
        return tr(game_package(game), reason_key(self.key, self.improves), lang, n=self.n)


@dataclass(frozen=True, slots=True)
class Hint:
    """One hinted option: the action, its text, its chance to win, simulations, reason."""

    action: Action
    code: str
    """Its canonical text (what a person may type)."""
    text: str
    """``game.describe`` of it in the language asked."""
    win: float
    """Its estimated chance to win, in [0, 1]."""
    visits: int
    """The simulations behind the estimate."""
    reason: str | None
    """A short sentence in the language asked, from the game's evaluation terms (None
    when the game names no terms)."""
    term: str | None = None
    """The key of the evaluation term the reason names (or the ending, ``ENDINGS``)."""


def hints(
    game: Game,
    state: Any,
    seat: int,
    *,
    iters: int = DEFAULT_ITERS,
    seed: int = 0,
    top: int = 3,
    lang: str = "en",
) -> list[Hint]:
    """The ``top`` best options of ``seat`` (every option when ``top`` < 1), best first,
    each with its chance to win, simulations and reason in ``lang``; empty when ``seat``
    does not decide now."""
    ratings = rate(game, state, seat, iters=iters, seed=seed)
    if top > 0:
        ratings = ratings[:top]
    return explain(game, state, seat, ratings, seed=seed, lang=lang)


def rate(
    game: Game, state: Any, seat: int, *, iters: int = DEFAULT_ITERS, seed: int = 0
) -> list[Rating]:
    """Every option of ``seat`` as the search rates it, best first (empty when ``seat``
    does not decide now)."""
    if game.to_move(state) != seat:
        return []
    view = SeatView(game, state, seat)
    options: dict[str, Action] = {}
    for action in view.legal:  # actions with one text are one choice
        options.setdefault(view.text(action), action)
    if not options:
        return []
    if len(options) == 1:
        ((code, action),) = options.items()
        return [Rating(action, code, _only_option(game, view, code, seed), 0)]
    settings = game.search_settings
    agent = IsmctsAgent(
        game,
        seed,
        iters=iters,
        depth=int(settings.get("depth", 40)),
        c=float(settings.get("c", 0.7)),
        reuse=False,
    )
    stats = agent.root_stats(view, options)
    rated = [
        Rating(options[code], code, _chance(reward / visits), visits)
        for code, (visits, reward) in stats.items()
        if visits > 0
    ]
    rated.sort(key=lambda r: (-r.visits, -r.win, r.code))
    return rated


def explain(
    game: Game, state: Any, seat: int, ratings: Sequence[Rating], *, seed: int = 0, lang: str = "en"
) -> list[Hint]:
    """Hints for rated options: their texts in ``lang`` and their reasons."""
    reasons = reasons_for(game, state, seat, [r.code for r in ratings], seed=seed)
    return [
        Hint(
            r.action,
            r.code,
            game.describe(r.action, lang, state),
            r.win,
            r.visits,
            None if why is None else why.text(game, lang),
            None if why is None else why.key,
        )
        for r, why in zip(ratings, reasons, strict=True)
    ]


def reasons_for(
    game: Game, state: Any, seat: int, codes: Sequence[str], *, seed: int = 0
) -> list[Because | None]:
    """For each option (by its canonical text), the evaluation term it improves most on
    determinizations of what ``seat`` knows (averaged over them); when it improves none,
    the first term (in the game's order) it keeps that weighs anything, else the one it
    loses least. None when the game names no terms."""
    view = SeatView(game, state, seat)
    rng = Rng(seed ^ REASON_SALT)
    samples = [view.sample_state(rng) for _ in range(REASON_SAMPLES)]
    before = [_terms(game, s, seat) for s in samples]
    offered = [{game.action_text(s, a): a for a in game.legal_actions(s)} for s in samples]
    out: list[Because | None] = []
    for code in codes:
        gain: dict[str, float] = {}  # summed over the samples: the term's change
        weight: dict[str, float] = {}  # its size after the option
        shown: dict[str, float] = {}  # the number its sentence names after the option
        count = 0
        endings = dict.fromkeys(ENDINGS, 0)
        for sample, was, legal in zip(samples, before, offered, strict=True):
            action = legal.get(code)
            if action is None:  # not open in this sample (the seat's own choices always are)
                continue
            child = _played(game, sample, seat, action)
            outcome = game.outcome(child)
            if outcome is not None:
                won = seat in outcome.winners
                endings["won" if won else "lost" if outcome.winners else "draw"] += 1
                continue
            now = _terms(game, child, seat)
            count += 1
            for key in [*now, *(k for k in was if k not in now)]:  # the game's order
                after, prior = now.get(key), was.get(key)
                value = after.value if after else 0.0
                gain[key] = gain.get(key, 0.0) + value - (prior.value if prior else 0.0)
                weight[key] = weight.get(key, 0.0) + abs(value)
                number = after.n if after else prior.n if prior else 0
                shown[key] = shown.get(key, 0.0) + number
        ended = max(ENDINGS, key=lambda k: endings[k])
        if endings[ended] and endings[ended] >= count:  # the game mostly ends at once
            out.append(Because(ended, 0, ended == "won"))
            continue
        if not count or not gain:
            out.append(None)
            continue
        order = list(gain)
        best = max(order, key=lambda k: (gain[k], -order.index(k)))
        improves = gain[best] / count > IMPROVE_MIN
        kept = [k for k in order if abs(gain[k]) / count <= IMPROVE_MIN]
        if not improves:  # the first term the option keeps that weighs anything
            best = next((k for k in kept if weight[k] > EPS), best)
        out.append(Because(best, round(shown[best] / count), improves))
    return out


def coach_check(
    ratings: Sequence[Rating], code: str, margin: float = COACH_MARGIN
) -> tuple[Rating, Rating] | None:
    """(the best option, the chosen one) when the option with canonical text ``code`` is
    rated ``margin`` or more below the best; None when it is not (or was not rated)."""
    if not ratings:
        return None
    best = ratings[0]
    chosen = next((r for r in ratings if r.code == code), None)
    if chosen is None or best.win - chosen.win < margin - EPS:
        return None
    return best, chosen


def _chance(mean_reward: float) -> float:
    """A mean reward in [-1, 1] as a chance to win in [0, 1]."""
    return max(0.0, min(1.0, (mean_reward + 1.0) / 2.0))


def _terms(game: Game, state: Any, seat: int) -> dict[str, EvalTerm]:
    return {t.key: t for t in game.evaluation_terms(state, seat)}


def _played(game: Game, sample: Any, seat: int, action: Action) -> Any:
    """``sample`` after ``action``, with the choices it opens for the same seat completed
    by the best-evaluated option."""
    child = sample.clone()
    game.apply_unchecked(child, action)
    for _ in range(COMPLETION_STEPS):
        if game.to_move(child) != seat or not game.is_subdecision(child):
            break
        best: Any = None
        best_value = -2.0
        for option in game.legal_actions(child):
            trial = child.clone()
            game.apply_unchecked(trial, option)
            value = game.evaluate(trial, seat)
            if value > best_value + EPS:
                best, best_value = trial, value
        if best is None:
            break
        child = best
    return child


def _only_option(game: Game, view: SeatView, code: str, seed: int) -> float:
    """The chance to win after an only option: its evaluation, averaged over
    determinizations of what the seat knows (no search: there is nothing to compare)."""
    rng = Rng(seed ^ REASON_SALT)
    total = 0.0
    for _ in range(REASON_SAMPLES):
        sample = view.sample_state(rng)
        legal = {game.action_text(sample, a): a for a in game.legal_actions(sample)}
        total += game.evaluate(_played(game, sample, view.seat, legal[code]), view.seat)
    return _chance(total / REASON_SAMPLES)
