from django.core.management.base import BaseCommand, CommandError

from seasons import exports
from seasons.leaderboard import LeaderboardError
from seasons.models import Season
from tournaments.management.commands._base import output


class Command(BaseCommand):
    help = (
        "Write a season's leaderboard as CSV: rank,player,club,external_id,points,counted,played, "
        "then the points of each counted tournament."
    )

    def add_arguments(self, parser):
        parser.add_argument("season", help="the season's address (slug)")
        parser.add_argument(
            "--output", dest="path", help="file to write (default: standard output)"
        )
        parser.add_argument(
            "--excel", action="store_true", help="UTF-8 BOM, ';' separators and decimal commas"
        )

    def handle(self, *args, season, path, excel, **options):
        found = Season.objects.filter(slug=season).first()
        if found is None:
            raise CommandError(f"no season with slug {season!r}")
        try:
            with output(path, self.stdout) as out:
                exports.write_season(found, out, excel=excel)
        except LeaderboardError as exc:
            raise CommandError(f"{season}: {exc}") from None
