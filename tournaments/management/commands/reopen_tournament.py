from django.core.management.base import BaseCommand, CommandError

from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.errors import TournamentError

from ._base import get_tournament


class Command(BaseCommand):
    help = (
        'Reopen a finished tournament: reopen_tournament SLUG --reason "...". Its rounds stay '
        "locked until reopened."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument(
            "--reason", required=True, help="why it is reopened (kept in the history)"
        )

    def handle(self, *args, slug, reason, **options):
        try:
            organizer.reopen_tournament(get_tournament(slug), actor=COMMAND_LINE, reason=reason)
        except TournamentError as exc:
            raise CommandError(str(exc), returncode=1) from None
        self.stdout.write(f"reopened {slug}")
