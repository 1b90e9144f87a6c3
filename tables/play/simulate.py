"""Whole tournaments played by computer players through the play services (issue 7).

``simulate_tournament`` is the body of the ``simulate_tournament`` command and
of ``bench/simulate.py``: it seats each round with the organizer's service
(``tournaments.organizer.start_round``: the seating service when present),
makes every table engine-played with computers in every seat, plays each
game to its end through ``tables.play.services`` (every pass and play an
event under a row lock, every hand recorded like an arbiter's entry) and
locks the round.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.db import connection, transaction

from tables.models import PlayState, Table
from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.models import Registration, Round, Tournament
from tournaments.services import create_tournament

from . import services
from .levels import COMPUTER_LEVELS
from .replay import EngineClock


@dataclass
class SimulationSummary:
    """What a simulation did: rounds seated and played, tables, hands, seconds (wall clock)."""

    rounds: int = 0
    tables: int = 0
    hands: int = 0
    seconds: float = 0.0
    engine_seconds: float = 0.0


def relax_durability() -> None:
    """Simulated games commit once per move: for this connection, do not wait for each commit
    to reach the disk (a crash may lose the last moves, never corrupt them). Nothing inside a
    transaction (SQLite cannot change it there, and a caller's transaction commits once anyway)."""
    if connection.in_atomic_block:
        return
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET synchronous_commit TO OFF")
        elif connection.vendor == "sqlite":
            cursor.execute("PRAGMA synchronous = OFF")


def ensure_tournament(
    slug: str,
    *,
    players: int,
    rounds: int,
    rules: str = "club",
    names: list[str] | None = None,
) -> Tournament:
    """The tournament ``slug``, created with ``players`` registered computer-played players when
    absent.

    An existing tournament keeps its players (``players`` then only tops up
    the field) and gets ``rounds_planned`` raised to ``rounds`` if lower.
    Raises ``django.core.exceptions.ValidationError`` for a bad slug or rule set.
    """
    with transaction.atomic():
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            tournament = create_tournament(
                slug=slug, name=slug.replace("-", " ").title(), rules=rules, rounds=rounds
            )
        if tournament.rounds_planned < rounds:
            tournament.rounds_planned = rounds
            tournament.save(update_fields=["rounds_planned"])
        have = Registration.objects.filter(tournament=tournament, withdrawn=False).count()
        for i in range(have + 1, players + 1):
            name = names[i - 1] if names and i <= len(names) else f"{slug} player {i:03d}"
            organizer.register_player(tournament, name=name, club="Cuori bot club")
    return tournament


def play_table(table: Table, *, level: str, seed: int, levels: dict[int, str] | None = None) -> int:
    """Play ``table``'s game to its end with computers of ``level`` (or ``levels`` per seat);
    returns the hands recorded."""
    n = table.seats.count()
    before = table.hands.count()
    computers = levels if levels is not None else {p: level for p in range(n)}
    services.start_engine_play(table, computers=computers, seed=seed, run=False)
    services.run_computers(table.id)
    return table.hands.count() - before


def play_round(round_: Round, *, level: str, seed: int, lock: bool = True) -> tuple[int, int]:
    """Play every unfinished table of ``round_``; lock it when ``lock``. Returns (tables, hands)."""
    tables = hands = 0
    finished = set(
        PlayState.objects.filter(table__round=round_, finished=True).values_list(
            "table_id", flat=True
        )
    )
    for table in round_.tables.select_related("round__tournament").order_by("number"):
        if table.id in finished:
            continue
        hands += play_table(
            table, level=level, seed=seed * 1009 + round_.number * 101 + table.number
        )
        tables += 1
    if lock:
        organizer.lock_round(round_, actor=COMMAND_LINE)
    return tables, hands


def simulate_tournament(
    slug: str,
    *,
    players: int = 64,
    rounds: int = 4,
    level: str = "medium",
    seed: int = 1,
    rules: str = "club",
    progress: Callable[[str], None] | None = None,
) -> SimulationSummary:
    """Create (or continue) tournament ``slug`` and play ``rounds`` rounds with computer players.

    Rounds already locked are kept; an unlocked last round is finished first.
    Raises ``services.PlayError`` for an unknown level, ``TournamentError``
    when a round cannot be seated, ``ValidationError`` for a bad slug/rules.
    """
    if level not in COMPUTER_LEVELS:
        raise services.PlayError(
            f"unknown computer level {level!r}; known: {', '.join(COMPUTER_LEVELS)}"
        )
    summary = SimulationSummary()
    relax_durability()
    clock0, t0 = EngineClock.seconds, time.perf_counter()
    tournament = ensure_tournament(slug, players=players, rounds=rounds, rules=rules)
    rng = random.Random(seed)
    while True:
        last = organizer.current_round(tournament)
        if last is not None and last.status != Round.Status.LOCKED:
            round_ = last
        elif (last.number if last else 0) < rounds:
            round_ = organizer.start_round(
                tournament, actor=COMMAND_LINE, seed=rng.randrange(2**31)
            )
            summary.rounds += 1
        else:
            break
        tables, hands = play_round(round_, level=level, seed=seed)
        summary.tables += tables
        summary.hands += hands
        if progress:
            progress(f"round {round_.number}: {tables} table(s), {hands} hand(s) played")
    summary.seconds = time.perf_counter() - t0
    summary.engine_seconds = EngineClock.seconds - clock0
    return summary
