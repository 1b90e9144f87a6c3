from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tables.play import services
from tables.play.levels import COMPUTER_LEVELS
from tables.play.simulate import simulate_tournament
from tournaments.errors import TournamentError
from tournaments.management.commands._base import counted


class Command(BaseCommand):
    help = (
        "Play a whole tournament with computer players through the online play services: "
        "simulate_tournament SLUG --players 64 --rounds 4 [--level medium] [--seed 1]. "
        "Creates the tournament when absent, seats each round, plays and records every hand."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument(
            "--players", type=int, default=64, help="players to register when the field is smaller"
        )
        parser.add_argument("--rounds", type=int, default=4)
        parser.add_argument(
            "--level",
            default="medium",
            choices=COMPUTER_LEVELS,
            help="computer player level, weakest first",
        )
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--rules", default="club", help="engine preset of a new tournament")

    def handle(self, *args, slug, players, rounds, level, seed, rules, **options):
        if players < 3:
            raise CommandError("--players must be at least 3")
        if rounds < 1:
            raise CommandError("--rounds must be at least 1")
        try:
            summary = simulate_tournament(
                slug,
                players=players,
                rounds=rounds,
                level=level,
                seed=seed,
                rules=rules,
                progress=lambda line: self.stdout.write(line),
            )
        except ValidationError as exc:
            raise CommandError(
                "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())
            ) from None
        except (TournamentError, services.PlayError) as exc:
            raise CommandError(str(exc)) from None
        rate = summary.hands / summary.seconds if summary.seconds else 0.0
        self.stdout.write(
            f"{slug}: {counted(summary.rounds, 'round')} seated, "
            f"{counted(summary.tables, 'table')} and {counted(summary.hands, 'hand')} played in "
            f"{summary.seconds:.1f} s ({rate:.1f} hands/s)"
        )
