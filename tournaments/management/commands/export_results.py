from django.core.management.base import BaseCommand

from tournaments import exports

from ._base import get_tournament, output


class Command(BaseCommand):
    help = (
        "Write every hand as CSV, one row per seat: round,table,hand,player,points,penalty,total "
        "(imports back)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument(
            "--output", dest="path", help="file to write (default: standard output)"
        )
        parser.add_argument("--excel", action="store_true", help="UTF-8 BOM and ';' separators")
        parser.add_argument(
            "--include-hidden",
            action="store_true",
            help="include the results of hidden rounds (default: what the public pages show)",
        )

    def handle(self, *args, slug, path, excel, include_hidden, **options):
        tournament = get_tournament(slug)
        with output(path, self.stdout) as out:
            exports.render(exports.RESULTS, tournament, out, excel=excel, hidden=include_hidden)
