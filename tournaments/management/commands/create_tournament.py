from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments import rulesets, services
from tournaments.models import Tournament

from ._base import counted


class Command(BaseCommand):
    help = (
        "Create a tournament: create_tournament SLUG --name NAME [--rules club] [--scoring "
        "10-6-3-1] [--target 100 | --hands N] [--rounds N]"
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--name", required=True)
        parser.add_argument("--rules", default="club", choices=rulesets.preset_names())
        parser.add_argument(
            "--scoring", default="10-6-3-1", choices=[c for c, _ in Tournament.Scoring.choices]
        )
        end = parser.add_mutually_exclusive_group()
        end.add_argument(
            "--target", type=int, help="the game ends when a player reaches this many points"
        )
        end.add_argument("--hands", type=int, help="the game ends after this many hands")
        parser.add_argument("--rounds", type=int, default=1)
        parser.add_argument("--venue", default="")

    def handle(self, *args, slug, name, rules, scoring, target, hands, rounds, venue, **options):
        try:
            tournament = services.create_tournament(
                slug=slug,
                name=name,
                rules=rules,
                scoring_scheme=scoring,
                target=target,
                hands=hands,
                rounds=rounds,
                venue=venue,
            )
        except ValidationError as exc:
            problems = "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())
            raise CommandError(problems) from None
        end = (
            f"to {tournament.target_points} points"
            if tournament.game_end == "target"
            else f"{tournament.hands_per_game} hands"
        )
        self.stdout.write(
            f"created {tournament.slug}: {tournament.name} ({tournament.rules}, "
            f"{tournament.scoring}, games {end}, {counted(rounds, 'round')})"
        )
