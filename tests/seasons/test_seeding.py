"""Swiss round 1 seeded by rating (issue 16): a tournament whose seating method is Swiss seats its
first round by the players' ratings, best first, tables of similar strength; the unrated follow;
nobody rated is seated as balanced."""

from __future__ import annotations

import pytest

from seasons.models import Rating
from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tournaments import seating, seating_service, selectors

pytestmark = pytest.mark.django_db


def field(ratings: list[int | None], *, method: str = seating.SWISS):
    """A tournament of len(ratings) players, P01.., rated as given (None: no rating), seated by
    ``method``; returns (tournament, player name → registration id)."""
    tournament = TournamentFactory(seating_method=method, rounds_planned=3)
    registrations = {}
    for i, value in enumerate(ratings, 1):
        person = PlayerFactory(name=f"P{i:02d}", club="")
        registrations[person.name] = RegistrationFactory(tournament=tournament, player=person).pk
        if value is not None:
            Rating.objects.create(player=person, mu=25, sigma=5, value=value, games=3)
    return tournament, registrations


def tables_by_name(round_, registrations):
    name_of = {r: n for n, r in registrations.items()}
    return [sorted(name_of[r] for r in table) for table in selectors.round_seating(round_).tables]


def test_swiss_round_1_puts_the_best_rated_together_table_by_table():
    # P12 is the best, P01 the worst: the seating must follow the ratings, not the registration
    # order.
    tournament, registrations = field([1000 + 10 * i for i in range(12)])
    done = seating_service.seat_next_round(tournament, seed=7)
    assert done.round.seating_method == seating.SWISS
    assert tables_by_name(done.round, registrations) == [
        ["P09", "P10", "P11", "P12"],
        ["P05", "P06", "P07", "P08"],
        ["P01", "P02", "P03", "P04"],
    ]


def test_the_unrated_are_seated_after_the_rated():
    tournament, registrations = field([None, 1200, None, 1100, None, 1300, None, 1250])
    done = seating_service.seat_next_round(tournament, seed=3)
    assert tables_by_name(done.round, registrations) == [
        ["P02", "P04", "P06", "P08"],
        ["P01", "P03", "P05", "P07"],
    ]


def test_with_nobody_rated_swiss_round_1_is_seated_as_balanced():
    rated_nobody, registrations = field([None] * 8)
    balanced, others = field([None] * 8, method=seating.BALANCED)
    first = seating_service.seat_next_round(rated_nobody, seed=11)
    second = seating_service.seat_next_round(balanced, seed=11)
    # The same tournament seed (11) gives the same balanced plan: the same names at the same tables.
    assert (first.round.seating_method, second.round.seating_method) == (
        seating.SWISS,
        seating.BALANCED,
    )
    assert tables_by_name(first.round, registrations) == tables_by_name(second.round, others)


def test_ratings_do_not_change_a_balanced_round_1():
    tournament, registrations = field([1000 + 10 * i for i in range(12)], method=seating.BALANCED)
    done = seating_service.seat_next_round(tournament, seed=7)
    assert done.round.seating_method == seating.BALANCED
    # A balanced design does not sort by strength: the three best rated are not all at one table.
    assert ["P09", "P10", "P11", "P12"] not in tables_by_name(done.round, registrations)
