"""The organizer's command line: create, import players and hands, export standings and results."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tables.models import Hand, HandScore, Seat, Table
from tournaments.models import Bye, Player, Registration, Round, Tournament

pytestmark = pytest.mark.django_db

PLAYERS = (
    "name,club,external_id\nAnna,Roma,IT-1\nBruno,Roma,\nCarla,Milano,\nDario,,\nElena,Torino,\n"
    "Fabio,Torino,\nGina,,\nIvo,,\n"
)


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def fails(*args) -> list[str]:
    err = io.StringIO()
    with pytest.raises(CommandError) as exc:
        call_command(*args, stdout=io.StringIO(), stderr=err)
    assert exc.value.returncode == 1
    return err.getvalue().splitlines() + [str(exc.value)]


def hands_csv(
    tables: dict[tuple[int, int], tuple[list[str], list[list[int]]]], penalty=None
) -> str:
    lines = ["round,table,hand,player,points" + (",penalty" if penalty else "")]
    for (rnd, tbl), (names, hands) in tables.items():
        for number, points in enumerate(hands, 1):
            for name, p in zip(names, points):
                mark = ""
                if penalty:
                    mark = ",1" if penalty == (rnd, tbl, number, name) else ","
                lines.append(f"{rnd},{tbl},{number},{name},{p}{mark}")
    return "\n".join(lines) + "\n"


GAME_A = [
    [13, 13, 0, 0],
    [0, 26, 26, 26],
    [5, 5, 13, 3],
    [13, 0, 5, 8],
    [0, 26, 26, 26],
    [10, 16, 0, 0],
]
# Totals: 41, 86, 70, 63 → no one at 100 yet; one more hand ends it:
GAME_A.append([0, 14, 12, 0])  # 41, 100, 82, 63
GAME_B = [[13, 13, 0, 0]] * 4 + [[0, 0, 13, 13]] * 4  # 52, 52, 52, 52: not over yet
GAME_B = GAME_B + [[13, 13, 0, 0]] * 4  # 104, 104, 52, 52: two tied last


@pytest.fixture
def tournament(tmp_path):
    run("create_tournament", "cuori-2026", "--name", "Cuori 2026", "--rounds", "2")
    path = tmp_path / "players.csv"
    path.write_text(PLAYERS)
    run("import_players", "cuori-2026", str(path))
    return Tournament.objects.get(slug="cuori-2026")


def write(tmp_path, text, name="hands.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_create_tournament_takes_the_preset_defaults():
    assert "created peppa" in run(
        "create_tournament",
        "peppa",
        "--name",
        "Peppa",
        "--rules",
        "peppa",
        "--hands",
        "8",
        "--scoring",
        "14-6-0-0",
    )
    t = Tournament.objects.get(slug="peppa")
    assert (t.hand_total, t.game_end, t.hands_per_game, t.scoring) == (36, "hands", 8, "14-6-0-0")
    with pytest.raises(CommandError, match="slug"):
        call_command("create_tournament", "peppa", "--name", "Again", stdout=io.StringIO())


def test_import_players_registers_and_reuses_people(tournament, tmp_path):
    assert Registration.objects.filter(tournament=tournament).count() == 8
    run("create_tournament", "other", "--name", "Other")
    out = run(
        "import_players",
        "other",
        write(tmp_path, "name,club,external_id\nAnna,Roma,IT-1\nZeno,,\n", "p2.csv"),
    )
    assert "1 new, 1 already known" in out
    assert Player.objects.count() == 9


@pytest.mark.parametrize(
    "text, message",
    [
        ("nome,club\nAnna,Roma\n", "1: wrong header: missing column name; unknown column nome"),
        ("name,club\nAnna,Roma\nAnna,Roma\n", "3: Anna is already on row 2"),
        ("name,club\n,Roma\n", "2: the name is empty"),
        ("name,club\nZoe,Roma,extra\n", "2: 3 cells, the header has 2"),
        ("", "the file is empty"),
    ],
)
def test_import_players_refuses_bad_files_and_writes_nothing(tournament, tmp_path, text, message):
    lines = fails("import_players", "cuori-2026", write(tmp_path, text, "bad.csv"))
    assert any(message in line for line in lines), lines
    assert Registration.objects.filter(tournament=tournament).count() == 8


def test_import_players_refuses_a_player_already_registered(tournament, tmp_path):
    lines = fails(
        "import_players",
        "cuori-2026",
        write(tmp_path, "name,club\nZeno,\nBruno,Roma\n", "again.csv"),
    )
    assert any(":3: Bruno is already registered" in line for line in lines)
    assert not Player.objects.filter(name="Zeno").exists()


def test_import_hands_creates_rounds_tables_and_seats_in_first_row_order(tournament, tmp_path):
    text = hands_csv({(1, 1): (["Dario", "Anna", "Carla", "Bruno"], GAME_A)})
    assert "recorded 7 hands" in run("import_hands", "cuori-2026", write(tmp_path, text))
    table = Table.objects.get(round__number=1, number=1)
    assert list(
        table.seats.order_by("position").values_list("registration__player__name", flat=True)
    ) == ["Dario", "Anna", "Carla", "Bruno"]
    assert Hand.objects.filter(table=table).count() == 7


def test_the_standings_export_with_ties_and_exact_shares(tournament, tmp_path):
    text = hands_csv(
        {
            (1, 1): (["Anna", "Bruno", "Carla", "Dario"], GAME_A),  # 41, 100, 82, 63 → 10, 1, 3, 6
            (1, 2): (["Elena", "Fabio", "Gina", "Ivo"], GAME_B),  # 104, 104, 52, 52 → 2, 2, 8, 8
        }
    )
    run("import_hands", "cuori-2026", write(tmp_path, text))
    csv = run("export_standings", "cuori-2026")
    assert csv.splitlines() == [
        "rank,player,club,match_points,result_points,games,table_wins,status",
        "1,Anna,Roma,10.00,41,1,1,active",
        "2,Gina,,8.00,52,1,1,active",
        "2,Ivo,,8.00,52,1,1,active",
        "4,Dario,,6.00,63,1,0,active",
        "5,Carla,Milano,3.00,82,1,0,active",
        "6,Elena,Torino,2.00,104,1,0,active",
        "6,Fabio,Torino,2.00,104,1,0,active",
        "8,Bruno,Roma,1.00,100,1,0,active",
    ]


def test_three_tied_for_first_print_19_3_with_two_decimals(tournament, tmp_path):
    game = [[13, 13, 0, 0], [0, 0, 13, 13], [13, 0, 13, 0], [0, 13, 0, 13]] * 3 + [[1, 1, 1, 23]]
    run(
        "import_hands",
        "cuori-2026",
        write(tmp_path, hands_csv({(1, 1): (["Anna", "Bruno", "Carla", "Dario"], game)})),
    )
    lines = run("export_standings", "cuori-2026").splitlines()
    assert lines[1:4] == [
        "1,Anna,Roma,6.33,79,1,1,active",
        "1,Bruno,Roma,6.33,79,1,1,active",
        "1,Carla,Milano,6.33,79,1,1,active",
    ]
    assert lines[4] == "4,Dario,,1.00,101,1,0,active"


def test_excel_dialect_has_a_bom_semicolons_and_decimal_commas(tournament, tmp_path):
    run(
        "import_hands",
        "cuori-2026",
        write(tmp_path, hands_csv({(1, 1): (["Anna", "Bruno", "Carla", "Dario"], GAME_A)})),
    )
    target = tmp_path / "standings.csv"
    run("export_standings", "cuori-2026", "--excel", "--output", str(target))
    raw = target.read_bytes()
    assert raw.startswith(
        b"\xef\xbb\xbfrank;player;club;match_points;result_points;games;table_wins;status\r\n"
    )
    assert "1;Anna;Roma;10,00;41;1;1" in raw.decode("utf-8-sig")


def test_a_penalty_row_scores_the_hand_as_a_penalty(tournament, tmp_path):
    text = hands_csv(
        {(1, 1): (["Anna", "Bruno", "Carla", "Dario"], [[13, 13, 0, 0], [9, 9, 4, 4]])},
        penalty=(1, 1, 2, "Carla"),
    )
    run("import_hands", "cuori-2026", write(tmp_path, text))
    scores = (
        HandScore.objects.filter(hand__number=2)
        .order_by("seat__position")
        .values_list("points", flat=True)
    )
    assert list(scores) == [0, 0, 26, 0]
    assert Hand.objects.get(number=2).penalty.offender.registration.player.name == "Carla"


@pytest.mark.parametrize(
    "text, message",
    [
        ("round,table,hand,player,points\n1,1,1,Nobody,26\n", ":2: unknown player 'Nobody'"),
        (
            "round,table,hand,player,points\n1,1,1,Anna,10\n1,1,1,Bruno,10\n1,1,1,Carla,0\n1,1,1,Dario,0\n",
            ":2: round 1, table 1, hand 1: the points add up to 20; a hand must add up to 26 or 78",
        ),
        (
            "round,table,hand,player,points\n1,1,1,Anna,13\n1,1,1,Anna,13\n",
            ":3: round 1, table 1, hand 1, Anna already on row 2",
        ),
        (
            "round,table,hand,player,points\n1,1,1,Anna,1x\n",
            ":2: points '1x' is not a whole number",
        ),
        ("round,table,hand,player\n1,1,1,Anna\n", ":1: wrong header: missing column points"),
        (
            "round,table,hand,player,points\n1,1,2,Anna,13\n1,1,2,Bruno,13\n1,1,2,Carla,0\n1,1,2,Dario,0\n",
            ":2: round 1, table 1: the next hand is hand 1, found hand 2",
        ),
        ("round,table,hand,player,points\n1,1,1,Anna,13\n1,1,1,Bruno,13\n", "table has 3, 4 or 5"),
    ],
)
def test_import_hands_refuses_bad_input_with_row_numbers_and_writes_nothing(
    tournament, tmp_path, text, message
):
    lines = fails("import_hands", "cuori-2026", write(tmp_path, text))
    assert any(message in line for line in lines), lines
    assert not Round.objects.exists() and not Hand.objects.exists() and not Seat.objects.exists()


def test_a_hand_after_the_game_ended_is_refused_and_nothing_is_written(tournament, tmp_path):
    text = hands_csv({(1, 1): (["Anna", "Bruno", "Carla", "Dario"], GAME_A + [[13, 13, 0, 0]])})
    lines = fails("import_hands", "cuori-2026", write(tmp_path, text))
    assert any(
        ":30: round 1, table 1, hand 8: the game at" in line and "has ended after hand 7" in line
        for line in lines
    ), lines
    assert not Hand.objects.exists()


def test_every_problem_of_a_file_is_reported_at_once(tournament, tmp_path):
    text = "round,table,hand,player,points\n1,1,1,Anna,x\n1,1,1,Bruno,13\n0,1,1,Carla,1\n"
    lines = fails("import_hands", "cuori-2026", write(tmp_path, text))
    assert [line.split(": ", 1)[0].rsplit(":", 1)[1] for line in lines[:-1]] == ["2", "4"]
    assert lines[-1].endswith(
        "2 problems in " + str(tmp_path / "hands.csv") + "; nothing was written"
    )


def test_a_player_seated_at_two_tables_of_a_round_is_refused(tournament, tmp_path):
    text = hands_csv(
        {
            (1, 1): (["Anna", "Bruno", "Carla", "Dario"], [[13, 13, 0, 0]]),
            (1, 2): (["Anna", "Fabio", "Gina", "Ivo"], [[13, 13, 0, 0]]),
        }
    )
    lines = fails("import_hands", "cuori-2026", write(tmp_path, text))
    assert any("Anna already sits at table 1 in round 1" in line for line in lines), lines


def test_a_second_import_continues_a_table_and_checks_its_seats(tournament, tmp_path):
    first = hands_csv({(1, 1): (["Anna", "Bruno", "Carla", "Dario"], GAME_A[:3])})
    run("import_hands", "cuori-2026", write(tmp_path, first))
    rest = "round,table,hand,player,points\n" + "".join(
        f"1,1,{4 + i},{n},{p}\n"
        for i, h in enumerate(GAME_A[3:])
        for n, p in zip(["Anna", "Bruno", "Carla", "Dario"], h)
    )
    run("import_hands", "cuori-2026", write(tmp_path, rest, "rest.csv"))
    assert Hand.objects.count() == 7
    lines = fails(
        "import_hands",
        "cuori-2026",
        write(tmp_path, "round,table,hand,player,points\n1,1,8,Elena,26\n", "x.csv"),
    )
    assert any("Elena does not sit at round 1, table 1" in line for line in lines)


def test_export_results_imports_back_into_an_empty_tournament_with_equal_standings(
    tournament, tmp_path
):
    text = hands_csv(
        {
            (1, 1): (["Anna", "Bruno", "Carla", "Dario"], GAME_A),
            (1, 2): (["Elena", "Fabio", "Gina", "Ivo"], GAME_B),
            (2, 1): (
                ["Anna", "Elena", "Gina", "Bruno"],
                [[13, 13, 0, 0], [0, 26, 26, 26], [9, 9, 4, 4]],
            ),
            (2, 2): (["Carla", "Dario", "Fabio", "Ivo"], [[0, 26, 26, 26]] * 4),
        },
        penalty=(2, 1, 3, "Gina"),
    )
    run("import_hands", "cuori-2026", write(tmp_path, text))
    call_command("close_table", "cuori-2026", "2", "1", stdout=io.StringIO())
    exported = tmp_path / "results.csv"
    run("export_results", "cuori-2026", "--output", str(exported))
    header = exported.read_text().splitlines()[0]
    assert header == "round,table,hand,player,points,penalty,total"
    run("create_tournament", "copy", "--name", "Copy", "--rounds", "2")
    run("import_players", "copy", write(tmp_path, PLAYERS, "players.csv"))
    run("import_hands", "copy", str(exported), "--close-unfinished")
    original = run("export_standings", "cuori-2026")
    assert original.count("\n") == 9
    assert run("export_standings", "copy") == original
    assert run("export_standings", "copy", "--round", "1") == run(
        "export_standings", "cuori-2026", "--round", "1"
    )


def test_a_wrong_running_total_in_a_results_file_is_refused(tournament, tmp_path):
    text = (
        "round,table,hand,player,points,penalty,total\n1,1,1,Anna,13,,13\n1,1,1,Bruno,13,,13\n"
        "1,1,1,Carla,0,,0\n1,1,1,Dario,0,,1\n"
    )
    lines = fails("import_hands", "cuori-2026", write(tmp_path, text))
    assert any(
        ":5: round 1, table 1, hand 1: total 1 for Dario, but the hands add up to 0" in line
        for line in lines
    )


def test_byes_score_the_configured_match_points_and_the_round_average(tournament, tmp_path):
    run(
        "import_hands",
        "cuori-2026",
        write(tmp_path, hands_csv({(1, 1): (["Anna", "Bruno", "Carla", "Dario"], GAME_A)})),
    )
    elena = Registration.objects.get(player__name="Elena")
    Bye.objects.create(round=Round.objects.get(number=1), registration=elena)
    lines = run("export_standings", "cuori-2026").splitlines()
    # Round average of 41, 100, 82, 63 = 71.5 → 72 (half up); bye match points default 5.
    assert "3,Elena,Torino,5.00,72,0,0,active" in lines


def test_unknown_tournament_is_one_readable_error():
    with pytest.raises(CommandError, match="no tournament with slug 'nope'"):
        call_command("export_standings", "nope", stdout=io.StringIO())
