"""export_season, export_ratings and recompute_ratings (issue 16): the rows, the dialects, and one
readable line with a non-zero exit on bad input."""

from __future__ import annotations

import datetime
import io
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from seasons import services
from seasons.models import RatedTable, Rating, Season
from tournaments.models import Tournament

from .helpers import finished_tournament, player

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def fails(*args) -> str:
    """The command's error: exit status 1 and one line."""
    with pytest.raises(CommandError) as caught:
        call_command(*args, stdout=io.StringIO(), stderr=io.StringIO())
    assert caught.value.returncode == 1
    message = str(caught.value)
    assert message and "\n" not in message
    return message


@pytest.fixture
def season(django_capture_on_commit_callbacks):
    """Two finished evenings of one club; Anna is registered the second time as a new record "ANNA"
    of "circolo cuori" (matched by name and club), Bruno is the same record both times.

    January: Anna 0, Bruno 5, Carla 8, Dario 13 → places 1 2 3 4.
    February: Bruno 0, ANNA 0, Carla 5, Dario 21 → Bruno and ANNA share 1st ((25 + 20) / 2 = 45/2 by
    place, (10 + 6) / 2 = 8 match points).
    """
    anna, bruno = player("Anna", "Circolo Cuori", "CC-1"), player("Bruno", "Circolo Cuori")
    carla, dario = player("Carla", "Circolo Cuori"), player("Dario", "Circolo Cuori")
    anna_again = player("ANNA", "circolo cuori")
    with django_capture_on_commit_callbacks(execute=True):
        january = finished_tournament(
            "gennaio", datetime.date(2026, 1, 10), [([anna, bruno, carla, dario], [0, 5, 8, 13])]
        )
    with django_capture_on_commit_callbacks(execute=True):
        february = finished_tournament(
            "febbraio",
            datetime.date(2026, 2, 14),
            [([bruno, anna_again, carla, dario], [0, 0, 5, 21])],
        )
    found = Season.objects.create(
        name="Stagione 2026", slug="stagione-2026", club="Circolo Cuori", best_results=2
    )
    found.tournaments.set([february, january])
    return found


def test_export_season_by_place_with_shared_places_as_exact_halves(season):
    lines = run("export_season", "stagione-2026").splitlines()
    assert lines == [
        "rank,player,club,external_id,points,counted,played,gennaio,febbraio",
        "1,ANNA,circolo cuori,CC-1,47.50,2,2,25.00,22.50",
        "2,Bruno,Circolo Cuori,,42.50,2,2,20.00,22.50",
        "3,Carla,Circolo Cuori,,32.00,2,2,16.00,16.00",
        "4,Dario,Circolo Cuori,,26.00,2,2,13.00,13.00",
    ]


def test_export_season_best_one_by_match_points_to_a_file_for_excel(season, tmp_path):
    season.best_results, season.scoring = 1, Season.Scoring.MATCH_POINTS
    season.save()
    target = tmp_path / "season.csv"
    assert run("export_season", "stagione-2026", "--output", str(target), "--excel") == ""
    text = target.read_text(encoding="utf-8")
    assert text.startswith("\ufeff")
    rows = [line.split(";") for line in text.lstrip("\ufeff").splitlines()]
    # Best 1: Anna 10 (January's win), Bruno 8 (February's shared win); both results listed, one
    # counted.
    assert rows[1][:7] == ["1", "ANNA", "circolo cuori", "CC-1", "10,00", "1", "2"]
    assert rows[2][:7] == ["2", "Bruno", "Circolo Cuori", "", "8,00", "1", "2"]


def test_export_season_refuses_bad_input_in_one_line(season, tmp_path):
    assert fails("export_season", "nessuna") == "no season with slug 'nessuna'"
    assert fails(
        "export_season", "stagione-2026", "--output", str(tmp_path / "missing" / "x.csv")
    ).endswith("No such file or directory")
    Season.objects.filter(pk=season.pk).update(
        place_points=[10, 20]
    )  # written past the form and the service
    assert "a worse place cannot score more" in fails("export_season", "stagione-2026")


def test_export_season_leaves_running_tournaments_out(season):
    Tournament.objects.filter(slug="febbraio").update(status=Tournament.Status.RUNNING)  # reopened
    lines = run("export_season", "stagione-2026").splitlines()
    assert lines[0] == "rank,player,club,external_id,points,counted,played,gennaio"
    assert lines[1] == "1,Anna,Circolo Cuori,CC-1,25.00,1,1,25.00"


def test_export_ratings_header_and_order(season):
    lines = run("export_ratings").splitlines()
    assert lines[0] == "rank,player,club,rating,games"
    rows = [line.split(",") for line in lines[1:]]
    by_name = {r[1]: r for r in rows}
    # Anna's two records are two player records: ratings follow records (the season matches people,
    # not ratings).
    assert set(by_name) == {"Anna", "ANNA", "Bruno", "Carla", "Dario"}
    assert by_name["Bruno"][4] == "2" and by_name["Anna"][4] == "1"
    assert [int(r[3]) for r in rows] == sorted((int(r[3]) for r in rows), reverse=True)
    stored = {r.player.name: r.value for r in Rating.objects.select_related("player")}
    assert {name: int(r[3]) for name, r in by_name.items()} == stored
    # Ranks: 1 + the players rated higher.
    values = [int(r[3]) for r in rows]
    assert [int(r[0]) for r in rows] == [1 + sum(v > mine for v in values) for mine in values]


def test_export_ratings_to_a_file_and_bad_output(season, tmp_path):
    target = tmp_path / "ratings.csv"
    run("export_ratings", "--output", str(target))
    assert target.read_text(encoding="utf-8").splitlines()[0] == "rank,player,club,rating,games"
    assert fails("export_ratings", "--output", str(tmp_path)).startswith(str(tmp_path))


def test_export_ratings_with_nobody_rated_is_the_header_alone():
    assert run("export_ratings").splitlines() == ["rank,player,club,rating,games"]


def test_recompute_ratings_rebuilds_a_lost_log(season):
    before = sorted(Rating.objects.values_list("player_id", "mu", "sigma", "games"))
    RatedTable.objects.all().delete()
    Rating.objects.all().delete()
    assert "2 tables rated" in run("recompute_ratings")
    assert sorted(Rating.objects.values_list("player_id", "mu", "sigma", "games")) == before
    assert (
        services.update_ratings(tournaments=[t.pk for t in season.tournaments.all()]).start is None
    )


def test_the_season_totals_are_exact_fractions(season):
    from seasons import selectors

    rows = selectors.season_board(season).rows
    assert [r.total for r in rows] == [Fraction(95, 2), Fraction(85, 2), 32, 26]
