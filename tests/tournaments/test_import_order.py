"""CSV import problems come in row order, the whole file's first, whatever pass found them."""

import pytest

from tests.factories import PlayerFactory, TournamentFactory
from tournaments import services
from tournaments.audit import COMMAND_LINE
from tournaments.csvio import RowError
from tournaments.errors import TournamentError
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    return TournamentFactory()


def problems_of(call):
    with pytest.raises(TournamentError) as caught:
        call()
    assert caught.value.code == "import_failed"
    return [(p.row, p.message) for p in caught.value.problems]


def test_import_failed_sorts_by_row_and_keeps_each_rows_order():
    error = TournamentError.import_failed(
        [RowError(7, "b"), RowError(3, "x"), RowError(0, "file"), RowError(3, "y")]
    )
    assert [(p.row, p.message) for p in error.problems] == [
        (0, "file"),
        (3, "x"),
        (3, "y"),
        (7, "b"),
    ]
    assert str(error) == "4 problems in the file"
    assert str(TournamentError.import_failed([RowError(2, "x")])) == "1 problem in the file"


def test_players_file_problems_in_row_order(tournament):
    # Row 4's cell count is found while the file is read, before rows 2 and 7 are checked one by
    # one.
    text = 'name,club,external_id\n,Roma,\nAnna,Roma,X1\nBruno,Roma\n,,\nCarla,Roma,\n"",Milano,\n'
    problems = problems_of(lambda: services.import_players(tournament, text, actor=COMMAND_LINE))
    assert [row for row, _message in problems] == [2, 4, 7]


def test_hands_file_problems_in_row_order(tournament):
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        Registration.objects.create(tournament=tournament, player=PlayerFactory(name=name))
    lines = ["round,table,hand,player,points"]
    lines += [f"1,1,1,{n},{p}" for n, p in zip(("Anna", "Bruno", "Carla", "Dario"), (13, 13, 0, 0))]
    lines += ["1,1,2,Anna,x", "1,1,2,Bruno,1,9", "1,1,2,Nessuno,0", "1,1,2,Dario,0"]
    # Row 7's extra cell is found while the file is read, before row 6's points are checked.
    text = "\n".join(lines) + "\n"
    problems = problems_of(lambda: services.import_hands(tournament, text, actor=COMMAND_LINE))
    assert [row for row, _message in problems] == [6, 7]
