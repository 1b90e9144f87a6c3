import contextlib
import sys

from django.core.management.base import BaseCommand, CommandError

from engine.record import dumps
from tables.models import Hand
from tournaments.models import Tournament


class Command(BaseCommand):
    help = (
        "Write every engine-played hand's record (engine format hearts-hand/1, one JSON line "
        "each): export_hand_records SLUG [--round N] [--output FILE.jsonl]. Check them with: "
        "python -m engine validate FILE.jsonl"
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--round", type=int, dest="round_number")
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args, slug, round_number, output, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with slug {slug!r}")
        hands = Hand.objects.filter(
            table__round__tournament=tournament, source=Hand.Source.ENGINE, record__isnull=False
        )
        if round_number is not None:
            if not tournament.rounds.filter(number=round_number).exists():
                raise CommandError(f"{slug} has no round {round_number}")
            hands = hands.filter(table__round__number=round_number)
        records = hands.order_by("table__round__number", "table__number", "number").values_list(
            "record", flat=True
        )
        try:
            with contextlib.ExitStack() as stack:
                out = (
                    stack.enter_context(open(output, "w", encoding="utf-8"))
                    if output
                    else sys.stdout
                )
                count = 0
                for record in records.iterator(chunk_size=500):
                    out.write(dumps(record) + "\n")
                    count += 1
        except OSError as exc:
            raise CommandError(f"{output}: {exc.strerror}") from None
        if output:
            self.stdout.write(f"{count} hand record(s) written to {output}")
        else:
            self.stderr.write(f"{count} hand record(s)")
