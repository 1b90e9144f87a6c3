from django.core.management.base import BaseCommand, CommandError

from tables import services
from tournaments.audit import COMMAND_LINE
from tournaments.scoring import ScoringError

from ._base import get_table, get_tournament


class Command(BaseCommand):
    help = (
        "Reopen a confirmed table result so that its hands can be corrected: reopen_table SLUG "
        'ROUND TABLE --reason "...".'
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("round", type=int)
        parser.add_argument("table", type=int)
        parser.add_argument(
            "--reason", required=True, help="why it is reopened (kept in the history)"
        )

    def handle(self, *args, slug, round, table, reason, **options):
        found = get_table(get_tournament(slug), round, table)
        try:
            services.reopen_result(found, actor=COMMAND_LINE, reason=reason)
        except ScoringError as exc:
            raise CommandError(str(exc), returncode=1) from None
        self.stdout.write(f"reopened the result of round {round}, table {table} of {slug}")
