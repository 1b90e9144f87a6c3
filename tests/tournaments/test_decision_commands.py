"""Publishing, locking, finishing and reopening from the command line (exit 1, one line per
problem)."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tables.models import Hand, Table
from tournaments.models import Round, Tournament

from .test_commands import GAME_A, PLAYERS, fails, hands_csv, run, write

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


@pytest.fixture
def draft(tmp_path):
    run("create_tournament", "cuori-2026", "--name", "Cuori 2026", "--rounds", "3")
    path = tmp_path / "players.csv"
    path.write_text(PLAYERS)
    run("import_players", "cuori-2026", str(path))
    return Tournament.objects.get(slug="cuori-2026")


def status(slug="cuori-2026"):
    return Tournament.objects.get(slug=slug).status


def test_a_tournament_made_on_the_command_line_is_published_by_a_command(draft, client):
    assert status() == "draft"
    assert "not published yet" in client.get("/t/cuori-2026/standings/").content.decode()
    assert "is running" in run("publish_tournament", "cuori-2026")
    assert status() == "running"
    assert client.get("/t/cuori-2026/standings/").status_code == 200
    assert "not published yet" not in client.get("/t/cuori-2026/standings/").content.decode()


def test_importing_hands_into_a_draft_publishes_it(draft, tmp_path):
    run("import_hands", "cuori-2026", write(tmp_path, hands_csv({(1, 1): (NAMES, GAME_A[:2])})))
    assert status() == "running"


def test_lock_finish_and_reopen_round_trip(draft, tmp_path):
    run("import_hands", "cuori-2026", write(tmp_path, hands_csv({(1, 1): (NAMES, GAME_A)})))
    out = run("lock_round", "cuori-2026", "1")
    assert "locked round 1 of cuori-2026" in out
    assert "Table 1 has not been confirmed by an arbiter" in out
    assert Round.objects.get(number=1).status == "locked"
    out = run("finish_tournament", "cuori-2026")
    assert "Rounds 2 and 3 of 3 are not played." in out and status() == "finished"
    lines = fails("reopen_round", "cuori-2026", "1", "--reason", "typo")
    assert lines[0] == "The tournament is finished: reopen the tournament first."
    run("reopen_tournament", "cuori-2026", "--reason", "a typo at table 1")
    run("reopen_round", "cuori-2026", "1", "--reason", "a typo at table 1")
    assert status() == "running" and Round.objects.get(number=1).status == "playing"
    history = Round.objects.get(number=1).history.order_by("-history_date").first()
    assert (
        history.history_change_reason == "a typo at table 1" and history.history_actor == "command"
    )


def test_lock_round_refuses_unfinished_games_unless_closing_them(draft, tmp_path):
    run("import_hands", "cuori-2026", write(tmp_path, hands_csv({(1, 1): (NAMES, GAME_A[:3])})))
    lines = fails("lock_round", "cuori-2026", "1")
    assert lines[0] == "Table 1 has not finished its game."
    assert Round.objects.get(number=1).status == "playing"
    run("lock_round", "cuori-2026", "1", "--close-unfinished")
    assert Round.objects.get(number=1).status == "locked" and Table.objects.get().closed_by_arbiter


def test_finish_refuses_an_open_round_with_one_line_per_problem(draft, tmp_path):
    run("import_hands", "cuori-2026", write(tmp_path, hands_csv({(1, 1): (NAMES, GAME_A[:3])})))
    assert fails("finish_tournament", "cuori-2026")[:1] == ["Round 1 is not locked: lock it first."]
    assert status() == "running"


def test_reopen_table_needs_a_reason_and_a_confirmed_result(draft, tmp_path):
    from tables import services
    from tournaments.audit import COMMAND_LINE

    run("import_hands", "cuori-2026", write(tmp_path, hands_csv({(1, 1): (NAMES, GAME_A)})))
    assert fails("reopen_table", "cuori-2026", "1", "1", "--reason", "typo")[0].endswith(
        "nothing to reopen."
    )
    services.confirm_result(Table.objects.get(), actor=COMMAND_LINE)
    assert (
        fails("reopen_table", "cuori-2026", "1", "1", "--reason", " ")[0]
        == "Reopening needs a reason."
    )
    run("reopen_table", "cuori-2026", "1", "1", "--reason", "hand 3 typed in the wrong columns")
    table = Table.objects.get()
    assert table.result_confirmed_at is None
    assert (
        table.history.order_by("-history_date").first().history_change_reason
        == "hand 3 typed in the wrong columns"
    )


def test_import_refuses_hands_for_a_locked_round_or_a_confirmed_table(draft, tmp_path):
    from tables import services
    from tournaments.audit import COMMAND_LINE

    run("import_hands", "cuori-2026", write(tmp_path, hands_csv({(1, 1): (NAMES, GAME_A[:6])})))
    table = Table.objects.get()
    services.close_game(table, actor=COMMAND_LINE)
    services.confirm_result(table, actor=COMMAND_LINE)
    more = "round,table,hand,player,points\n" + "".join(
        f"1,1,7,{name},{p}\n" for name, p in zip(NAMES, GAME_A[6])
    )
    lines = fails("import_hands", "cuori-2026", write(tmp_path, more, "more.csv"))
    assert "The result of this table is confirmed" in lines[0] and lines[0].startswith(
        str(tmp_path)
    )
    run("lock_round", "cuori-2026", "1")
    lines = fails("import_hands", "cuori-2026", write(tmp_path, more, "more.csv"))
    assert "Round 1 is locked" in lines[0]
    assert Hand.objects.count() == 6


def test_the_hand_check_names_the_queen_of_spades_in_an_import(draft, tmp_path):
    lines = fails(
        "import_hands",
        "cuori-2026",
        write(tmp_path, hands_csv({(1, 1): (NAMES, [[12, 12, 2, 0]])})),
    )
    assert lines[0].endswith(
        ":2: round 1, table 1, hand 1: No seat has 13 or more points, "
        "so nobody took the queen of spades: check the numbers"
    )


def test_unknown_things_give_one_readable_line_and_exit_1(draft):
    for args in (
        ["publish_tournament", "nope"],
        ["lock_round", "nope", "1"],
        ["lock_round", "cuori-2026", "9"],
        ["reopen_table", "cuori-2026", "1", "4", "--reason", "x"],
        ["reopen_tournament", "nope", "--reason", "x"],
    ):
        with pytest.raises(CommandError) as err:
            call_command(*args, stdout=io.StringIO(), stderr=io.StringIO())
        assert err.value.returncode == 1 and "\n" not in str(err.value)
        assert "nope" in str(err.value) or "has no" in str(err.value)
