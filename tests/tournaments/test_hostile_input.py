"""Hostile and careless input: every field within bounds, every problem one row-numbered line, no
slow parse."""

import time

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from tables.models import Table
from tests.factories import TournamentFactory
from tournaments import csvio, numbers, scoring, services
from tournaments.audit import COMMAND_LINE
from tournaments.models import Player, Registration, Round, Tournament

from .test_commands import GAME_A, fails, hands_csv, run, write

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    run("create_tournament", "cuori-2026", "--name", "Cuori 2026", "--rounds", "2")
    return Tournament.objects.get(slug="cuori-2026")


@pytest.mark.parametrize(
    "text, message",
    [
        ("name,club\nAn\x00na,Roma\n", ":2: name contains a control character"),
        ("name,club\nAnna,Ro\x1bma\n", ":2: club contains a control character"),
        ("name,club\n" + "A" * 121 + ",Roma\n", ":2: name is 121 characters long; at most 120"),
        ("name,club\nAnna," + "R" * 121 + "\n", ":2: club is 121 characters long; at most 120"),
        (
            "name,external_id\nAnna," + "9" * 65 + "\n",
            ":2: external_id is 65 characters long; at most 64",
        ),
    ],
)
def test_players_files_with_bad_text_get_a_row_numbered_line(tournament, tmp_path, text, message):
    lines = fails("import_players", "cuori-2026", write(tmp_path, text, "p.csv"))
    assert any(line.endswith(message) or message in line for line in lines), lines
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    "cell, column, message",
    [
        ("round", "32768", "round must be from 1 to 200, got 32768"),
        ("table", "99999", "table must be from 1 to 9999, got 99999"),
        ("hand", "501", "hand must be from 1 to 500, got 501"),
        ("points", "１０", "points '１０' is not a whole number"),
        ("points", "1_0", "points '1_0' is not a whole number"),
        ("points", "1e3", "points '1e3' is not a whole number"),
        ("player", "An\x00na", "player contains a control character"),
    ],
)
def test_hands_files_with_bad_cells_get_a_row_numbered_line(
    tournament, tmp_path, cell, column, message
):
    values = {"round": "1", "table": "1", "hand": "1", "player": "Anna", "points": "13"}
    values[cell] = column
    text = (
        "round,table,hand,player,points\n"
        + ",".join(values[c] for c in ("round", "table", "hand", "player", "points"))
        + "\n"
    )
    lines = fails("import_hands", "cuori-2026", write(tmp_path, text))
    assert any(":2: " + message in line for line in lines), lines
    assert not Table.objects.exists()


def test_formula_like_names_import_back_from_every_export(tournament, tmp_path):
    """The CSV guard (an apostrophe before = + - @ and ') is taken off on import: exports import
    back equal."""
    names = ["=Anna", "+Bruno", "-Carla", "@Dario", "'Elena", "Fabio", "Gina", "Ivo"]
    players = "name,club\n" + "".join(f"{n},Roma\n" for n in names)
    run("import_players", "cuori-2026", write(tmp_path, players, "players.csv"))
    assert set(Player.objects.values_list("name", flat=True)) == set(names)
    text = hands_csv({(1, 1): (names[:4], GAME_A), (1, 2): (names[4:], GAME_A)})
    run("import_hands", "cuori-2026", write(tmp_path, text))
    exported = tmp_path / "results.csv"
    run("export_results", "cuori-2026", "--output", str(exported))
    assert "'=Anna" in exported.read_text() and "'@Dario" in exported.read_text()
    run("create_tournament", "copy", "--name", "Copy", "--rounds", "2")
    run("import_players", "copy", write(tmp_path, players, "players.csv"))
    run("import_hands", "copy", str(exported))
    assert run("export_standings", "copy") == run("export_standings", "cuori-2026")
    assert run("export_results", "copy") == run("export_results", "cuori-2026")


def test_the_guard_and_its_undoing_are_inverse():
    """defusedcsv guards formula-like cells on export; the readers take the guard off again."""
    import io

    names = [
        "=SUM(A1)",
        "+39 06",
        "-3",
        "@home",
        "|pipe|",
        "%p",
        "'quoted",
        "''twice",
        "plain",
        "D'Amico",
        "-",
    ]
    out = io.StringIO()
    csvio.write_csv(out, ("name",), [[n] for n in names])
    assert "'=SUM(A1)" in out.getvalue() and "'\\|pipe\\|" in out.getvalue()
    rows, errors = csvio.read_players(out.getvalue())
    assert errors == [] and [r.name for r in rows] == names


def test_a_large_players_file_is_imported_with_a_constant_number_of_queries(tournament):
    def rows(n, start=0):
        return "name,club\n" + "".join(
            f"Player {i},Club {i % 7}\n" for i in range(start, start + n)
        )

    with CaptureQueriesContext(connection):
        services.import_players(tournament, rows(50), actor=COMMAND_LINE)
    with CaptureQueriesContext(connection) as large:
        services.import_players(tournament, rows(3000, start=50), actor=COMMAND_LINE)
    assert Registration.objects.filter(tournament=tournament).count() == 3050
    # Lookups are constant; writes go in batches (SQLite takes at most 999 values a statement).
    assert len(large.captured_queries) < 3000 / 20, len(large.captured_queries)


def test_exponent_match_points_are_refused_at_once():
    t = Tournament(name="X", slug="x", bye_match_points="1e9999999")
    started = time.perf_counter()
    with pytest.raises(ValidationError) as err:
        t.full_clean()
    assert "bye_match_points" in err.value.message_dict
    with pytest.raises(scoring.ScoringError, match="not numbers of match points"):
        scoring.match_point_table("10-6-3-1", {"4": ["1e999999", "6", "3", "1"]})
    with pytest.raises(scoring.ScoringError, match="need 4 match point values"):
        scoring.match_point_table("10-6-3-1", {"4": "10631"})
    assert time.perf_counter() - started < 1  # a parse of a ten-million-digit number took seconds


def test_the_database_refuses_numbers_out_of_bounds():
    for field, value in (
        ("bye_match_points", "1e9999999"),
        ("target_points", 20000),
        ("rounds_planned", 500),
        ("hands_per_game", 1000),
        ("bye_result_points", 20000),
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            TournamentFactory(**{field: value})
    t = TournamentFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(tournament=t, number=numbers.MAX_ROUNDS + 1)


@pytest.mark.parametrize(
    "value, expected", [("5", 5), ("5.5", 11 / 2), ("5,5", 11 / 2), ("19/3", 19 / 3), ("0", 0)]
)
def test_match_points_accept_plain_forms(value, expected):
    assert numbers.match_points(value) == pytest.approx(expected)


@pytest.mark.parametrize(
    "value", ["1e3", "-1", "101", "1/0", "12345", "5.", "NaN", "inf", "１０", " 5 5"]
)
def test_match_points_refuse_everything_else(value):
    with pytest.raises(ValueError):
        numbers.match_points(value)


def test_printable_refuses_exactly_the_control_characters():
    """``numbers.printable`` matches Unicode category Cc exactly, over every code point."""
    import unicodedata

    from tournaments.numbers import printable

    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        assert printable(f"a{chr(code)}b") == (unicodedata.category(chr(code)) != "Cc"), hex(code)
