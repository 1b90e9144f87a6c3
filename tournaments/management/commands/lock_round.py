from django.core.management.base import BaseCommand

from tournaments import organizer, selectors
from tournaments.audit import COMMAND_LINE
from tournaments.errors import TournamentError

from ._base import get_round, get_tournament, refuse


class Command(BaseCommand):
    help = (
        "Lock a round: its results become final. lock_round SLUG N [--close-unfinished] "
        "(end games still being played, as the arbiter does when time is up)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("round", type=int)
        parser.add_argument(
            "--close-unfinished",
            action="store_true",
            help="end the games that have not finished, with the hands recorded so far",
        )

    def handle(self, *args, slug, round, close_unfinished, **options):
        round_ = get_round(get_tournament(slug), round)
        plan = selectors.lock_plan(round_)
        if plan.blocking:
            refuse(self, plan.blocking, f"round {round} of {slug} was not locked")
        try:
            organizer.lock_round(round_, actor=COMMAND_LINE, close_unfinished=close_unfinished)
        except TournamentError as exc:
            refuse(
                self,
                [str(exc)],
                f"round {round} of {slug} was not locked (--close-unfinished ends unfinished "
                "games)",
            )
        for line in plan.consequences:
            self.stdout.write(line)
        self.stdout.write(f"locked round {round} of {slug}")
