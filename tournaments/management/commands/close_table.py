from django.core.management.base import BaseCommand, CommandError

from tables import services
from tables.models import Table
from tournaments.audit import COMMAND_LINE
from tournaments.scoring import ScoringError

from ._base import get_tournament


class Command(BaseCommand):
    help = "Close a table's game as the arbiter does when time is up: close_table SLUG ROUND TABLE."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("round", type=int)
        parser.add_argument("table", type=int)

    def handle(self, *args, slug, round, table, **options):
        tournament = get_tournament(slug)
        found = Table.objects.filter(
            round__tournament=tournament, round__number=round, number=table
        ).first()
        if found is None:
            raise CommandError(f"{slug} has no table {table} in round {round}")
        try:
            services.close_game(found, actor=COMMAND_LINE)
        except ScoringError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"closed round {round}, table {table} of {slug}")
