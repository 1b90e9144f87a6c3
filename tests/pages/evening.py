"""A realistic evening for the public pages' tests: 13 players with clubs, 3 rounds, seated by the
tournament's own seating (tables of 4 and 5), games ended by the arbiter after a few hands.

``evening(tournament, played=2)`` plays rounds 1..``played`` to the end (locked) and seats the next
one (playing, no hand yet) when ``played`` is below the rounds planned; ``finish=True`` plays every
planned round and finishes the tournament.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from tables.models import Table
from tables.services import close_game, record_hand
from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.models import Registration, Tournament

#: (name, club): long Italian names with accents, apostrophes and spaces.
PLAYERS = [
    ("Anna Maria Rossi", "Circolo del Cuore Roma"),
    ("Niccolò Dell'Acqua", "Cuori Milano"),
    ("Pierfrancesco Santangelo", "Circolo del Cuore Roma"),
    ("Massimiliano Bartolomei", "Torino Carte"),
    ("Maria Grazia D'Angelo", "Cuori Milano"),
    ("Giovanni Battista Esposito", ""),
    ("Zoe Li", "Torino Carte"),
    ("Ludovica Fontanarosa", "Circolo del Cuore Roma"),
    ("Bruno Bianchi", "Cuori Milano"),
    ("Carla Verdi", "Torino Carte"),
    ("Émile Durand-Lefèvre", "Club de Cœur Nice"),
    ("Dario Neri", ""),
    ("Elena Gallo", "Circolo del Cuore Roma"),
]

#: One hand's points per table size, rotated by hand number and table so results differ.
HANDS = {
    3: [13, 9, 4],
    4: [13, 7, 4, 2],
    5: [13, 6, 4, 3, 0],
}


def register(tournament: Tournament, players=PLAYERS):
    return [organizer.register_player(tournament, name=name, club=club) for name, club in players]


def play_round(round_, *, hands: int = 3) -> None:
    """Record ``hands`` hands at every table of ``round_`` and end each game (the arbiter closes
    it)."""
    for table in Table.objects.filter(round=round_).order_by("number"):
        n = table.seats.count()
        base = HANDS[n]
        for h in range(hands):
            shift = (h + table.number + round_.number) % n
            record_hand(table, base[shift:] + base[:shift], actor=COMMAND_LINE)
        close_game(table, actor=COMMAND_LINE)


def evening(
    tournament: Tournament,
    *,
    played: int = 1,
    finish: bool = False,
    seat_next: bool = True,
    players=PLAYERS,
):
    """Register ``players`` (the 13) and play ``played`` rounds (locked); then seat the next round,
    or finish."""
    register(tournament, players)
    for _ in range(tournament.rounds_planned if finish else played):
        round_ = organizer.start_round(tournament, actor=COMMAND_LINE, seed=7)
        play_round(round_)
        organizer.lock_round(round_, actor=COMMAND_LINE)
    if finish:
        organizer.finish_tournament(tournament, actor=COMMAND_LINE)
    elif seat_next and played < tournament.rounds_planned:
        return organizer.start_round(tournament, actor=COMMAND_LINE)
    return tournament.rounds.order_by("-number").first()


def running_evening(
    tournament: Tournament,
    *,
    withdraw: str = "Ludovica Fontanarosa",
    minutes: int = 45,
    gone: timedelta = timedelta(minutes=10),
    players=PLAYERS,
):
    """Round 1 played and locked; ``withdraw`` (the 13's leader after it) withdrawn; round 2 seated
    with its clock of ``minutes`` started ``gone`` ago. Returns round 2."""
    evening(tournament, played=1, seat_next=False, players=players)
    organizer.set_withdrawn(
        Registration.objects.get(tournament=tournament, player__name=withdraw), True
    )
    round_ = organizer.start_round(tournament, actor=COMMAND_LINE)
    round_.minutes = minutes
    round_.clock_started_at = timezone.now() - gone
    round_.save(update_fields=["minutes", "clock_started_at"])
    return round_


FIRST = [
    "Anna Maria",
    "Niccolò",
    "Pierfrancesco",
    "Maria Grazia",
    "Giovanni Battista",
    "Zoe",
    "Ludovica",
    "Massimiliano",
    "Émile",
    "Bruno",
    "Carla",
    "Dario",
]
LAST = [
    "Rossi",
    "Dell'Acqua",
    "Santangelo",
    "D'Angelo",
    "Esposito",
    "Li",
    "Fontanarosa",
    "Bartolomei",
    "Durand-Lefèvre",
    "Bianchi",
    "Verdi",
    "Neri",
]
CLUBS = ["Circolo del Cuore Roma", "Cuori Milano", "Torino Carte", "", "Club de Cœur Nice"]


def crowd(count: int) -> list[tuple[str, str]]:
    """``count`` different (name, club) pairs made of long Italian names (up to 144)."""
    names = [f"{first} {last}" for last in LAST for first in FIRST]
    return [(names[(i * 7) % len(names)], CLUBS[i % len(CLUBS)]) for i in range(count)]
