"""seat_round: seat the next round of a tournament (issue 6)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments import seating, seating_service, selectors
from tournaments.errors import TournamentError

from ._base import counted, get_tournament


class Command(BaseCommand):
    help = (
        "Seat the next round: seat_round SLUG [--method balanced|swiss|random] [--seed N] "
        "[--table-size 4] [--odd tables-of-5|tables-of-3|byes]"
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--method", help="balanced (default), swiss or random")
        parser.add_argument("--seed", type=int, help="the round's seed (default: random, recorded)")
        parser.add_argument("--table-size", type=int, help="players per table (default 4)")
        parser.add_argument("--odd", help="tables-of-5 (default), tables-of-3 or byes")

    def handle(self, *args, slug, method, seed, table_size, odd, **options):
        tournament = get_tournament(slug)
        try:
            done = seating_service.seat_next_round(
                tournament, method=method, seed=seed, table_size=table_size, odd=odd
            )
        except TournamentError as exc:
            raise CommandError(str(exc), returncode=1) from None
        sizes = sorted({len(t) for t in done.seating.tables})
        self.stdout.write(
            _(
                "round %(round)s of %(slug)s seated (%(method)s, seed %(seed)s): %(tables)s of "
                "%(sizes)s, %(byes)s, %(repeats)s"
            )
            % {
                "round": done.round.number,
                "slug": tournament.slug,
                "method": done.round.seating_method,
                "seed": done.round.seed,
                "tables": counted(len(done.seating.tables), "table"),
                "sizes": "/".join(map(str, sizes)),
                "byes": counted(len(done.seating.byes), "bye"),
                "repeats": counted(len(done.repeats), "repeated pair"),
            }
        )
        history = selectors.seating_history(tournament, before=done.round.number)
        unavoidable = seating.unavoidable_repeats(
            done.seating, [history[n] for n in sorted(history)]
        )
        if unavoidable:
            self.stdout.write(
                _("no seating of these players has fewer than %(bound)s, given the earlier rounds")
                % {"bound": counted(unavoidable, "repeated pair")}
            )
        if done.round.schedule_kept:
            self.stdout.write(done.round.schedule_kept_note())
