"""export_seating: a tournament's seating as CSV round,table,seat,player (issue 6)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments import exports

from ._base import get_tournament, output


class Command(BaseCommand):
    help = (
        "Write the seating as CSV round,table,seat,player (seat 1 deals first; byes have no "
        "table): export_seating SLUG [--round N] [--output FILE]"
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--round", type=int, dest="round_number", help="only this round")
        parser.add_argument(
            "--output", dest="path", help="file to write (default: standard output)"
        )
        parser.add_argument("--excel", action="store_true", help="UTF-8 BOM and ';' separators")

    def handle(self, *args, slug, round_number, path, excel, **options):
        tournament = get_tournament(slug)
        if round_number is not None and not tournament.rounds.filter(number=round_number).exists():
            raise CommandError(
                _("%(slug)s has no round %(n)s.") % {"slug": slug, "n": round_number}, returncode=1
            )
        with output(path, self.stdout) as out:
            exports.render(exports.SEATING, tournament, out, round_number=round_number, excel=excel)
