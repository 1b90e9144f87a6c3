from django.core.management.base import BaseCommand

from tournaments import exports

from ._base import get_tournament, output


class Command(BaseCommand):
    help = (
        "Write the standings as CSV: rank,player,club,match_points,result_points,games,table_wins."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument(
            "--round", type=int, dest="round_number", help="standings after this round"
        )
        parser.add_argument(
            "--output", dest="path", help="file to write (default: standard output)"
        )
        parser.add_argument(
            "--excel", action="store_true", help="UTF-8 BOM, ';' separators and decimal commas"
        )
        parser.add_argument(
            "--include-hidden",
            action="store_true",
            help="include the results of hidden rounds (default: what the public pages show)",
        )

    def handle(self, *args, slug, round_number, path, excel, include_hidden, **options):
        tournament = get_tournament(slug)
        with output(path, self.stdout) as out:
            exports.render(
                exports.STANDINGS,
                tournament,
                out,
                round_number=round_number,
                excel=excel,
                hidden=include_hidden,
            )
