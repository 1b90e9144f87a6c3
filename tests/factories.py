"""factory-boy factories for the tournament models, and helpers to build seated tables."""

import factory

from tables.models import Seat, Table
from tournaments import rulesets
from tournaments.models import Player, Registration, Round, Tournament


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player {n:03d}")
    club = factory.Iterator(["Circolo Roma", "Cuori Milano", "Torino Carte", ""])


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Torneo {n}")
    slug = factory.Sequence(lambda n: f"torneo-{n}")
    status = Tournament.Status.RUNNING

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        preset = kwargs.get("rules", "club")
        values = {**rulesets.tournament_defaults(preset), **kwargs}
        return super()._create(model_class, *args, **values)


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    tournament = factory.SubFactory(TournamentFactory)
    number = factory.Sequence(lambda n: n + 1)
    status = Round.Status.PLAYING


def seated_table(tournament=None, *, players=4, round_number=1, number=1, names=None) -> Table:
    """A table of ``players`` new registrations in round ``round_number`` (created when absent)."""
    tournament = tournament or TournamentFactory()
    round_, _ = Round.objects.get_or_create(
        tournament=tournament, number=round_number, defaults={"status": Round.Status.PLAYING}
    )
    table = Table.objects.create(round=round_, number=number)
    for position in range(players):
        player = PlayerFactory(name=names[position]) if names else PlayerFactory()
        registration = Registration.objects.get_or_create(tournament=tournament, player=player)[0]
        Seat.objects.create(table=table, round=round_, position=position, registration=registration)
    return table
