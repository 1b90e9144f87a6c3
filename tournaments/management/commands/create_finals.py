from django.core.management.base import BaseCommand

from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.errors import TournamentError

from ._base import get_tournament, refuse


class Command(BaseCommand):
    help = (
        "Create the placement finals after the Swiss rounds: create_finals SLUG [--tables N]. "
        "Final table 1 seats the players ranked 1-4 in the standings, table 2 5-8, and so on "
        "(tables of the tournament's size); the players beyond the last full table play no final."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument(
            "--tables",
            type=int,
            help="how many final tables (default: as many as the players fill)",
        )

    def handle(self, *args, slug, tables, **options):
        tournament = get_tournament(slug)
        try:
            round_ = organizer.create_finals(tournament, actor=COMMAND_LINE, tables=tables)
        except TournamentError as exc:
            refuse(self, [str(exc)], f"no finals were created for {slug}")
        for table in round_.tables.order_by("number").prefetch_related(
            "seats__registration__player"
        ):
            players = ", ".join(
                seat.registration.player.name for seat in table.seats.order_by("position")
            )
            self.stdout.write(f"final table {table.number}: {players}")
        self.stdout.write(f"created the finals of {slug} as round {round_.number}")
