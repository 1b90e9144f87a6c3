"""simulate_tournament and export_hand_records (issue 7)."""

import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command

from tables.models import Hand, PlayEvent
from tournaments.models import Round
from tournaments.selectors import standings
from tournaments.services import create_tournament

pytestmark = pytest.mark.django_db


def test_it_simulates_a_tournament_and_exports_records_that_validate(tmp_path, capsys):
    create_tournament(slug="sim", name="Sim", hands=2, rounds=2)  # short games keep the test fast
    call_command(
        "simulate_tournament",
        "sim",
        "--players",
        "8",
        "--rounds",
        "2",
        "--level",
        "random",
        "--seed",
        "3",
    )
    out = capsys.readouterr().out
    assert "2 rounds seated, 4 tables and 8 hands" in out
    assert list(Round.objects.filter(tournament__slug="sim").values_list("status", flat=True)) == [
        "locked",
        "locked",
    ]
    assert Hand.objects.filter(table__round__tournament__slug="sim", source="engine").count() == 8
    assert PlayEvent.objects.filter(table__round__tournament__slug="sim").count() == 8 * (
        4 + 52
    )  # hands 1-2 pass
    rows = standings(Round.objects.get(tournament__slug="sim", number=1).tournament)
    assert len(rows) == 8 and all(r.games == 2 for r in rows)

    path = tmp_path / "sim.jsonl"
    call_command("export_hand_records", "sim", "--output", str(path))
    assert len(path.read_text().splitlines()) == 8
    one = tmp_path / "round1.jsonl"
    call_command("export_hand_records", "sim", "--round", "1", "--output", str(one))
    assert len(one.read_text().splitlines()) == 4
    result = subprocess.run(
        [sys.executable, "-m", "engine", "validate", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_export_refuses_an_unknown_tournament_or_round():
    with pytest.raises(CommandError, match="no tournament"):
        call_command("export_hand_records", "nope")
    create_tournament(slug="empty", name="Empty")
    with pytest.raises(CommandError, match="no round 3"):
        call_command("export_hand_records", "empty", "--round", "3")


def test_simulate_refuses_bad_numbers():
    with pytest.raises(CommandError, match="--players"):
        call_command("simulate_tournament", "x", "--players", "2")


def test_load_demo_makes_a_finished_round_a_round_in_progress_and_a_live_table(capsys):
    call_command("load_demo", "--players", "8")
    out = capsys.readouterr().out
    from tables.models import PlaySeat, Table

    rounds = list(
        Round.objects.filter(tournament__slug="demo-cup")
        .order_by("number")
        .values_list("status", flat=True)
    )
    assert rounds == ["locked", "playing"]
    live = Table.objects.get(round__tournament__slug="demo-cup", round__number=2, number=1)
    human = PlaySeat.objects.get(seat__table=live, computer="")
    assert f"/play/s/{human.token}/" in out and "/play/demo-cup/2/1/" in out
    assert Hand.objects.filter(
        table__round__tournament__slug="demo-cup", table__round__number=2
    ).exists()
    call_command("load_demo")  # idempotent: prints the links again
    assert Round.objects.filter(tournament__slug="demo-cup").count() == 2


def test_simulate_offers_the_levels_of_online_play(monkeypatch):
    """One definition of the levels: the command's choices are ``tables.play.levels``', even when
    the engine knows more players (a registered experiment is no level of online play)."""
    from engine import players
    from tables.management.commands.simulate_tournament import Command
    from tables.play.levels import COMPUTER_LEVELS

    monkeypatch.setitem(players.PLAYERS, "experiment", players.PLAYERS["random"])
    parser = Command().create_parser("manage.py", "simulate_tournament")
    level = next(a for a in parser._actions if a.dest == "level")
    assert tuple(level.choices) == COMPUTER_LEVELS
    with pytest.raises(CommandError, match="invalid choice: 'experiment'"):
        call_command("simulate_tournament", "x", "--level", "experiment")
