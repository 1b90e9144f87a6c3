from django.core.management.base import BaseCommand

from tournaments import organizer, selectors
from tournaments.audit import COMMAND_LINE
from tournaments.errors import TournamentError

from ._base import get_tournament, refuse


class Command(BaseCommand):
    help = (
        "Finish a tournament (every round locked): its standings become final. finish_tournament "
        "SLUG."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        tournament = get_tournament(slug)
        plan = selectors.finish_plan(tournament)
        if plan.blocking and tournament.status != tournament.Status.FINISHED:
            refuse(self, plan.blocking, f"{slug} was not finished")
        try:
            organizer.finish_tournament(tournament, actor=COMMAND_LINE)
        except TournamentError as exc:
            refuse(self, [str(exc)], f"{slug} was not finished")
        for line in plan.consequences:
            self.stdout.write(line)
        self.stdout.write(f"finished {slug}")
