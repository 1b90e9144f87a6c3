"""An evening of 8 players for the finals and hidden rounds tests: one Swiss round played and
locked.

Round 1, table 1 (Anna, Bruno, Carla, Dario) ends [100, 19, 10, 1]; table 2 (Elena, Fabio, Gina,
Hugo) ends [114, 30, 12, 0]. Swiss standings: Hugo (10 MP, 0 RP), Dario (10, 1), Carla (6, 10), Gina
(6, 12), Bruno (3, 19), Fabio (3, 30), Anna (1, 100), Elena (1, 114).
"""

from tables.services import record_hand
from tests.factories import seated_table
from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.models import Round

TABLE_1 = ["Anna", "Bruno", "Carla", "Dario"]
TABLE_2 = ["Elena", "Fabio", "Gina", "Hugo"]
SWISS_ORDER = ["Hugo", "Dario", "Carla", "Gina", "Bruno", "Fabio", "Anna", "Elena"]


def play(table, hands):
    """Record ``hands`` (per-seat penalty points, seat order) at ``table``."""
    for points in hands:
        record_hand(table, points, actor=COMMAND_LINE)
    return table


def swiss_round(tournament, number=1, *, lock=True):
    """Round ``number`` of the 8 players as in the module's docstring (a new round 1 creates the
    players)."""
    first = seated_table(tournament, round_number=number, number=1, names=TABLE_1)
    second = seated_table(tournament, round_number=number, number=2, names=TABLE_2)
    play(first, [[20, 4, 2, 0]] * 4 + [[20, 3, 2, 1]])
    play(second, [[19, 5, 2, 0]] * 6)
    round_ = Round.objects.get(tournament=tournament, number=number)
    if lock:
        organizer.lock_round(round_, actor=COMMAND_LINE)
    return round_


def names_of(rows):
    return [row.name for row in rows]
