"""Building tournaments whose tables count for the ratings and the seasons: one-hand games, so each
table's places are given by one hand's points."""

from __future__ import annotations

import datetime

from tables.models import Seat, Table
from tables.services import confirm_result, record_hand
from tests.factories import PlayerFactory, TournamentFactory
from tournaments.audit import COMMAND_LINE
from tournaments.models import Player, Registration, Round


def one_hand_tournament(slug: str, *, day: datetime.date | None = None, **fields):
    """A running tournament whose games end after one hand (hands_per_game 1)."""
    return TournamentFactory(
        slug=slug,
        name=slug.replace("-", " ").title(),
        start_date=day,
        game_end="hands",
        hands_per_game=1,
        **fields,
    )


def player(name: str, club: str = "", external_id: str = "") -> Player:
    return PlayerFactory(name=name, club=club, external_id=external_id)


def play_table(
    tournament, round_number: int, number: int, players, points, *, confirm: bool = True
) -> Table:
    """A table of ``players`` (Player objects, seat order) in round ``round_number`` with one hand
    of ``points`` recorded, confirmed unless ``confirm`` is False. Registers the players when
    needed."""
    round_, _ = Round.objects.get_or_create(
        tournament=tournament, number=round_number, defaults={"status": Round.Status.PLAYING}
    )
    table = Table.objects.create(round=round_, number=number)
    for position, person in enumerate(players):
        registration = Registration.objects.get_or_create(tournament=tournament, player=person)[0]
        Seat.objects.create(table=table, round=round_, position=position, registration=registration)
    record_hand(table, points, actor=COMMAND_LINE)
    if confirm:
        confirm_result(table, actor=COMMAND_LINE)
    return table


def finished_tournament(slug: str, day: datetime.date, tables, *, owner=None):
    """A finished one-hand tournament of one round: ``tables`` is a list of (players, points), seat
    order; each table confirmed, the round locked and the tournament finished (run the on-commit
    callbacks around it for ratings)."""
    from tournaments import organizer

    tournament = one_hand_tournament(slug, day=day, owner=owner)
    for number, (players, points) in enumerate(tables, 1):
        play_table(tournament, 1, number, players, points)
    organizer.lock_round(Round.objects.get(tournament=tournament, number=1), actor=COMMAND_LINE)
    organizer.finish_tournament(tournament, actor=COMMAND_LINE)
    tournament.refresh_from_db()
    return tournament
