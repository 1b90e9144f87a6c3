from django.core.management.base import BaseCommand

from seasons import exports
from tournaments.management.commands._base import output


class Command(BaseCommand):
    help = "Write every player's rating as CSV: rank,player,club,rating,games (best first)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--output", dest="path", help="file to write (default: standard output)"
        )
        parser.add_argument("--excel", action="store_true", help="UTF-8 BOM and ';' separators")

    def handle(self, *args, path, excel, **options):
        with output(path, self.stdout) as out:
            exports.write_ratings(out, excel=excel)
