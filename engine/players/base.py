"""The computer-player interface and the random, easy and medium players.

A player answers two questions, each given only a ``PlayerView`` (what its
seat may know, nothing hidden) and a random source — ``rng`` if given, else
the player's own ``random.Random(seed)``:

``choose_pass(view, rng=None) -> tuple[Card, ...]``
    the ``rules.pass_size`` cards to pass (in ``pass_targets`` order for a
    scatter pass, 001); ``()`` when the hand holds.
``choose_play(view, rng=None) -> Card``
    one of ``view.legal``; ``ValueError`` if the view has no legal card.

Players keep no memory between calls: everything they remember (cards
played, passed, voids shown) is in the view, so one instance may serve many
seats.  Decisions depend on the view and the random source only, so a seeded
player is deterministic.  Levels follow source 003 (``../shared/rules``).
"""

from __future__ import annotations

import random

from ..cards import Card, cards_of
from ..hand import Phase
from ..rules import PassDirection
from ..view import PlayerView
from .knowledge import memory_from_view, rules_info
from .policies import easy_pass, easy_play, medium_pass, medium_play


class Player:
    """Base class: ``name``, a seeded random source and the two decisions.

    seed: seeds the player's own ``random.Random`` (used when a decision is
    not given an ``rng``).
    """

    name = "player"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_pass(self, view: PlayerView, rng: random.Random | None = None) -> tuple[Card, ...]:
        raise NotImplementedError

    def choose_play(self, view: PlayerView, rng: random.Random | None = None) -> Card:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _check_play(view: PlayerView) -> None:
    if not view.legal:
        raise ValueError(
            f"seat {view.seat} has no card to play (phase {str(view.phase)!r}, turn {view.turn})"
        )


def _pass_size(view: PlayerView) -> int:
    if view.pass_direction == PassDirection.HOLD or view.phase != Phase.PASS:
        return 0
    return view.rules.pass_size


class RandomPlayer(Player):
    """Uniformly random legal choices: the baseline."""

    name = "random"

    def choose_pass(self, view: PlayerView, rng: random.Random | None = None) -> tuple[Card, ...]:
        return tuple((rng or self.rng).sample(cards_of(view.held), _pass_size(view)))

    def choose_play(self, view: PlayerView, rng: random.Random | None = None) -> Card:
        _check_play(view)
        return (rng or self.rng).choice(cards_of(view.legal))


class EasyPlayer(Player):
    """003 easy: rules and basic tactics only, no memory of played cards
    (``policies.easy_pass`` / ``policies.easy_play``)."""

    name = "easy"

    def choose_pass(self, view: PlayerView, rng: random.Random | None = None) -> tuple[Card, ...]:
        return easy_pass(rules_info(view.rules), view.held, _pass_size(view))

    def choose_play(self, view: PlayerView, rng: random.Random | None = None) -> Card:
        _check_play(view)
        # Only the trick in progress is read: easy keeps no memory of earlier tricks.
        t = memory_from_view(_current_trick_only(view), remember_passes=False)
        return easy_play(t, view.seat, view.held, view.legal)


def _current_trick_only(view: PlayerView) -> PlayerView:
    from dataclasses import replace

    cur = view.current_trick
    return replace(view, tricks=(cur,) if cur else (), played=0)


class MediumPlayer(Player):
    """003 medium: smokes out the queen of spades, creates voids, remembers its
    pass and the voids shown (``policies.medium_pass`` / ``policies.medium_play``)."""

    name = "medium"

    def choose_pass(self, view: PlayerView, rng: random.Random | None = None) -> tuple[Card, ...]:
        return medium_pass(rules_info(view.rules), view.held, _pass_size(view))

    def choose_play(self, view: PlayerView, rng: random.Random | None = None) -> Card:
        _check_play(view)
        return medium_play(memory_from_view(view), view.seat, view.held, view.legal)
