from django.core.management.base import BaseCommand, CommandError

from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.errors import TournamentError

from ._base import get_round, get_tournament


class Command(BaseCommand):
    help = (
        "Reopen a locked round so that its results can be corrected: reopen_round SLUG N --reason "
        '"...".'
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("round", type=int)
        parser.add_argument(
            "--reason", required=True, help="why it is reopened (kept in the history)"
        )

    def handle(self, *args, slug, round, reason, **options):
        round_ = get_round(get_tournament(slug), round)
        try:
            organizer.reopen_round(round_, actor=COMMAND_LINE, reason=reason)
        except TournamentError as exc:
            raise CommandError(str(exc), returncode=1) from None
        self.stdout.write(f"reopened round {round} of {slug}")
