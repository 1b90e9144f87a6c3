"""Load a demo tournament played by the engine: a finished round, one in progress, a live table.

Idempotent: when the demo tournament exists its links are printed again and
nothing is changed. ``make run`` calls it so a newcomer sees real standings,
score sheets and a live table at once.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.urls import reverse

from tables.models import PlaySeat, PlayState, Table
from tables.play import services
from tables.play.simulate import ensure_tournament, play_round, relax_durability
from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.models import Round, Tournament

SLUG = "demo-cup"
NAMES = [
    "Alessandra Rossi",
    "Bruno Ferrari",
    "Chiara Esposito",
    "Davide Bianchi",
    "Elena Romano",
    "Fabio Colombo",
    "Giulia Ricci",
    "Luca Marino",
    "Marta Greco",
    "Nicola Bruno",
    "Paola Gallo",
    "Roberto Conti",
    "Sara De Luca",
    "Tommaso Mancini",
    "Valentina Costa",
    "Zeno Giordano",
    "Irene Rizzo",
    "Oscar Lombardi",
    "Ugo Moretti",
    "Wanda Barbieri",
]


def _play_until_hand(table_id: int, number: int) -> None:
    """Let the computers play until hand ``number`` is dealt (or the game ends)."""
    while True:
        state = PlayState.objects.get(table_id=table_id)
        if state.finished or state.hand_number >= number:
            return
        if not services.run_computers(table_id, limit=8):
            return


class Command(BaseCommand):
    help = (
        "Create the demo tournament (slug 'demo-cup'): round 1 played and locked, round 2 in "
        "progress with a live table."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=12)
        parser.add_argument("--seed", type=int, default=7)

    def handle(self, *args, players, seed, **options):
        tournament = Tournament.objects.filter(slug=SLUG).first()
        if tournament is None:
            tournament = self._create(players, seed)
        self._print_links(tournament)

    def _create(self, players: int, seed: int) -> Tournament:
        self.stdout.write(
            "Loading the demo tournament (played by computer players; a few seconds)..."
        )
        relax_durability()
        tournament = ensure_tournament(SLUG, players=players, rounds=3, names=NAMES)
        with transaction.atomic():
            tournament.name = "Demo Cup"
            tournament.venue = "Circolo Cuori"
            # The administrator (``ensure_admin``) organizes it, so the organizer's pages show it
            # too.
            tournament.owner = (
                get_user_model().objects.filter(is_superuser=True).order_by("id").first()
            )
            tournament.save(update_fields=["name", "venue", "owner"])
        first = organizer.start_round(tournament, actor=COMMAND_LINE, seed=seed)
        play_round(first, level="easy", seed=seed)
        second = organizer.start_round(tournament, actor=COMMAND_LINE, seed=seed + 1)
        tables = list(second.tables.order_by("number"))
        for table in tables:
            n = table.seats.count()
            services.start_engine_play(
                table,
                computers={p: "medium" for p in range(n)},
                seed=seed + table.number,
                run=False,
            )
            _play_until_hand(table.id, 2 if table.number == 1 else 3)
        # Table 1 is the live table: seat 1 is yours (a human), the computers answer you.
        live = tables[0]
        services.start_engine_play(live, computers={0: ""})
        # The other tables go on by themselves: with a worker through its tasks,
        # without one as the pages poll them.
        for table in tables[1:]:
            state = PlayState.objects.get(table=table)
            services.schedule(table.id, state.version)
        return tournament

    def _print_links(self, tournament: Tournament) -> None:
        round_ = tournament.rounds.exclude(status=Round.Status.LOCKED).order_by("-number").first()
        self.stdout.write(
            f"Demo tournament: {reverse('tournament', args=[tournament.slug])}  "
            f"(standings: {reverse('standings', args=[tournament.slug])})"
        )
        if round_ is None:
            return
        live = (
            Table.objects.filter(round=round_, mode=Table.Mode.ENGINE, seats__play__computer="")
            .distinct()
            .first()
        )
        if live is None:
            return
        spectator = reverse("play:spectator", args=[tournament.slug, round_.number, live.number])
        self.stdout.write(f"Live table (spectators): {spectator}")
        for ps in PlaySeat.objects.filter(seat__table=live, computer="").select_related(
            "seat__registration__player"
        ):
            link = reverse("play:seat", args=[ps.token])
            self.stdout.write(
                f"Play seat {ps.seat.position + 1} ({ps.seat.registration.player.name}): {link}"
            )
