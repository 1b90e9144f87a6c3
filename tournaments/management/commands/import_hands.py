from django.core.management.base import BaseCommand

from tournaments import services
from tournaments.audit import COMMAND_LINE
from tournaments.errors import TournamentError

from ._base import counted, fail_with_rows, get_tournament, read_text


class Command(BaseCommand):
    help = (
        "Record hands from a CSV file with header "
        "round,table,hand,player,points[,penalty][,total]; all or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")
        parser.add_argument(
            "--close-unfinished",
            action="store_true",
            help=(
                "close every table of the file whose game has not ended, as the arbiter does when "
                "time is up"
            ),
        )

    def handle(self, *args, slug, file, close_unfinished, **options):
        tournament = get_tournament(slug)
        try:
            result = services.import_hands(
                tournament,
                read_text(file),
                actor=COMMAND_LINE,
                close_unfinished=close_unfinished,
            )
        except TournamentError as exc:
            fail_with_rows(self, file, exc.problems)
        self.stdout.write(
            f"recorded {counted(result.hands, 'hand')} in {slug} "
            f"({counted(result.rounds, 'new round')}, {counted(result.tables, 'new table')}"
            + (f", {counted(result.closed, 'table closed')}" if close_unfinished else "")
            + ")"
        )
