"""plan_seating: plan every round for N anonymous players, no database (issue 6)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments import csvio, seating

from ._base import counted


def seating_rows(rounds, *, first_round: int = 1):
    """CSV rows ``round,table,seat,player`` (table and seat numbered from 1;
    seat 1 deals first); players on a bye get empty table and seat cells."""
    for number, plan in enumerate(rounds, first_round):
        for table_number, table in enumerate(plan.tables, 1):
            for seat, player in enumerate(table, 1):
                yield [number, table_number, seat, player]
        for player in plan.byes:
            yield [number, "", "", player]


class Command(BaseCommand):
    help = (
        "Plan R rounds of seating for N players numbered 1..N, without a database, and write "
        "CSV round,table,seat,player: plan_seating --players N --rounds R "
        "[--method balanced|random] [--seed S] [--table-size 4] "
        "[--odd tables-of-5|tables-of-3|byes] [--output FILE]"
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--players", type=int, required=True, help="number of players, numbered 1..N"
        )
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument(
            "--method", default=seating.BALANCED, help="balanced (default) or random"
        )
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--table-size", type=int, default=4)
        parser.add_argument(
            "--odd", default=seating.TABLES_OF_5, help="tables-of-5 (default), tables-of-3 or byes"
        )
        parser.add_argument(
            "--output", dest="path", help="file to write (default: standard output)"
        )
        parser.add_argument("--excel", action="store_true", help="UTF-8 BOM and ';' separators")

    def handle(self, *args, players, rounds, method, seed, table_size, odd, path, excel, **options):
        if method not in (seating.BALANCED, seating.RANDOM, seating.SWISS):
            raise CommandError(
                _("Unknown seating method %(method)s: use balanced or random.") % {"method": method}
            )
        start = time.perf_counter()
        try:
            plan = seating.plan_rounds(
                range(1, players + 1),
                rounds,
                method=method,
                seed=seed,
                table_size=table_size,
                odd=odd,
            )
        except seating.SeatingError as exc:
            raise CommandError(str(exc)) from None
        seconds = time.perf_counter() - start
        rows = seating_rows(plan)
        summary = self.summary(
            plan, players=players, rounds=rounds, table_size=table_size, odd=odd, seconds=seconds
        )
        if path in (None, "-"):
            csvio.write_csv(
                getattr(self.stdout, "_out", self.stdout), csvio.SEATING_HEADER, rows, excel=excel
            )
            self.stderr.write(summary)  # standard output is the CSV
            return
        try:
            with open(path, "w", encoding="utf-8", newline="") as handle:
                csvio.write_csv(handle, csvio.SEATING_HEADER, rows, excel=excel)
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from None
        self.stdout.write(summary)

    @staticmethod
    def summary(plan, *, players, rounds, table_size, odd, seconds) -> str:
        """One line: the plan's repeated pairs beside the lower bound (no
        fair schedule has fewer) and the best known figure with its source;
        the tables a round, and the players on a bye when there are some
        ("5 tables and 1 player on a bye per round").

        Three readings of the bound: the plan reaches it (no schedule does
        better), it is above 0 ("no schedule has fewer than 12"), or it is
        0 while the plan has some (the counting arguments of
        ``seating_bounds`` do not rule out a schedule with none; the best
        known figure after it says where the literature has one)."""
        quality = seating.plan_quality(players, rounds, table_size=table_size, odd=odd)
        repeats = seating.count_repeated_pairs(plan)
        if repeats <= quality.bound:
            template = _(
                "%(rounds)s for %(players)s, %(tables)s per round: %(repeats)s, the fewest "
                "possible; %(seconds).2f s"
            )
        elif quality.bound == 0:
            template = _(
                "%(rounds)s for %(players)s, %(tables)s per round: %(repeats)s; a schedule "
                "with none is not ruled out; %(seconds).2f s"
            )
        else:
            template = _(
                "%(rounds)s for %(players)s, %(tables)s per round: %(repeats)s; no schedule "
                "has fewer than %(bound)s; %(seconds).2f s"
            )
        tables = counted(len(plan[0].tables), "table")
        if plan[0].byes:
            tables = _("%(tables)s and %(byes)s") % {
                "tables": tables,
                "byes": counted(len(plan[0].byes), "player on a bye"),
            }
        line = template % {
            "rounds": counted(rounds, "round"),
            "players": counted(players, "player"),
            "tables": tables,
            "repeats": counted(repeats, "repeated pair"),
            "bound": quality.bound,
            "seconds": seconds,
        }
        if quality.best_known is not None:
            # Translators: source is a bibliographic citation, kept in English (a design's name,
            # its authors and where it is built), e.g. "affine plane AG(2, 4), a resolvable
            # 2-(16, 4, 1) design (built)": say that it is in English.
            line += " " + _("(best known: %(best)s, %(source)s)") % {
                "best": quality.best_known,
                "source": quality.source,
            }
        return line
