"""Computer players: a registry of named levels.

A player is any object with
  ``choose_pass(view: PlayerView) -> tuple[Card, ...]`` (``rules.pass_size``
  cards from ``view.held``) and
  ``choose_play(view: PlayerView) -> Card`` (a card of ``view.legal``).
``get_player(name, seed=None)`` builds one by name; ``register(name,
factory)`` adds a level (factory called as ``factory(seed=seed)``).  This
module ships only ``random``; the levels easy/medium/hard (003) register
themselves here.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..cards import Card, cards_of
from ..view import PlayerView


class Player(Protocol):
    def choose_pass(self, view: PlayerView) -> tuple[Card, ...]: ...

    def choose_play(self, view: PlayerView) -> Card: ...


class RandomPlayer:
    """Passes and plays uniformly random legal cards (seeded)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_pass(self, view: PlayerView) -> tuple[Card, ...]:
        return tuple(self.rng.sample(cards_of(view.held), view.rules.pass_size))

    def choose_play(self, view: PlayerView) -> Card:
        return self.rng.choice(cards_of(view.legal))

    def __repr__(self) -> str:
        return "RandomPlayer()"


PLAYERS: dict[str, Callable[..., Player]] = {"random": RandomPlayer}


def register(name: str, factory: Callable[..., Player]) -> None:
    """Make a player level available to ``get_player`` (and the CLI's ``--players``)."""
    PLAYERS[name] = factory


def get_player(name: str, seed: int | None = None) -> Player:
    """A new player of the named level; ``ValueError`` naming the known levels if unknown."""
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}; known: {', '.join(sorted(PLAYERS))}") from None
    return factory(seed=seed)
