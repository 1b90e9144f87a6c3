from django.core.management.base import BaseCommand

from tournaments import services
from tournaments.audit import COMMAND_LINE
from tournaments.errors import TournamentError

from ._base import counted, fail_with_rows, get_tournament, read_text


class Command(BaseCommand):
    help = "Register players from a CSV file with header name[,club][,external_id]."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")

    def handle(self, *args, slug, file, **options):
        tournament = get_tournament(slug)
        try:
            result = services.import_players(tournament, read_text(file), actor=COMMAND_LINE)
        except TournamentError as exc:
            fail_with_rows(self, file, exc.problems)
        self.stdout.write(
            f"registered {counted(result.created + result.reused, 'player')} in {slug} "
            f"({result.created} "
            f"new, {result.reused} already known)"
        )
