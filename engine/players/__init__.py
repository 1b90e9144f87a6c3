"""Computer players: a registry of named levels (003: easy, medium, hard).

A player is any object with
  ``choose_pass(view: PlayerView, rng=None) -> tuple[Card, ...]``
  (``rules.pass_size`` cards from ``view.held``; ``()`` on a hold hand) and
  ``choose_play(view: PlayerView, rng=None) -> Card`` (a card of ``view.legal``).
Each decision sees only the ``PlayerView`` and a random source: ``rng`` when
given, else the player's own ``random.Random(seed)``.

``get_player(name, seed=None, **settings)`` builds one by name (settings go
to the level, e.g. ``get_player("hard", seed=1, budget=4000)``);
``register(name, factory)`` adds a level (factory called as
``factory(seed=seed, **settings)``).

Levels: ``random`` (uniform legal choices, the baseline), ``easy``,
``medium`` (``base``, ``policies``), ``hard`` (``hard``: perfect-information
Monte Carlo with medium rollouts).  ``play_hand`` (``engine.game``) plays one
hand with given players; ``duel`` measures strength by duplicate play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..cards import Card
from ..game import play_hand  # re-exported: one driver for every caller
from ..view import PlayerView
from .base import EasyPlayer, MediumPlayer, RandomPlayer
from .hard import HardPlayer


class Player(Protocol):
    def choose_pass(self, view: PlayerView) -> tuple[Card, ...]: ...

    def choose_play(self, view: PlayerView) -> Card: ...


PLAYERS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "medium": MediumPlayer,
    "hard": HardPlayer,
}
LEVELS = ("random", "easy", "medium", "hard")
"""The built-in levels, weakest first."""


def register(name: str, factory: Callable[..., Player]) -> None:
    """Make a player level available to ``get_player`` (and the CLI's ``--players``)."""
    PLAYERS[name] = factory


def get_player(name: str, seed: int | None = None, **settings: Any) -> Player:
    """A new player of the named level; ``ValueError`` naming the known levels if unknown."""
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}; known: {', '.join(sorted(PLAYERS))}") from None
    return factory(seed=seed, **settings)


__all__ = [
    "LEVELS",
    "PLAYERS",
    "EasyPlayer",
    "HardPlayer",
    "MediumPlayer",
    "Player",
    "RandomPlayer",
    "get_player",
    "play_hand",
    "register",
]
