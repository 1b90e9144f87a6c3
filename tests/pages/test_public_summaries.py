"""The standings in short (issue 14): the tournament page's top ten (no withdrawn players, nothing
before a game ends), the podium of a finished tournament (ties share a place, exact match points),
the seating and round pages' clubs, the player's page as cards."""

from fractions import Fraction

import pytest

from tables.services import close_game, record_hand
from tests.factories import seated_table
from tests.pages.evening import evening, register, running_evening
from tournaments import organizer, pages
from tournaments.audit import COMMAND_LINE
from tournaments.pages import PodiumStep
from tournaments.standings import StandingRow

pytestmark = pytest.mark.django_db


def line(rank, name, mp, tied=False, withdrawn=False):
    return StandingRow(
        rank=rank,
        tied=tied,
        registration_id=rank,
        player_id=rank,
        name=name,
        club="",
        withdrawn=withdrawn,
        match_points=Fraction(mp),
        result_points=10,
        games=1,
        table_wins=0,
        tiebreaks={},
    )


@pytest.mark.parametrize(
    "ranks, places",
    [
        ([1, 2, 3, 4], [(1, 1), (2, 1), (3, 1)]),
        ([1, 1, 3, 4], [(1, 2), (3, 1)]),  # two firsts, no second
        ([1, 2, 2, 2, 5], [(1, 1), (2, 3)]),  # three seconds, no third
        ([1, 1, 1, 1], [(1, 4)]),
        ([1, 2], [(1, 1), (2, 1)]),
        ([], []),
    ],
)
def test_the_podium_shares_places_between_ties(ranks, places):
    lines = [line(r, f"P{i}", 10 - r, tied=ranks.count(r) > 1) for i, r in enumerate(ranks)]
    podium = pages.podium(lines)
    assert [(step.place, len(step.lines)) for step in podium] == places
    assert all(isinstance(step, PodiumStep) for step in podium)


def test_standing_lines_are_empty_until_a_game_ends(tournament):
    table = seated_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    assert pages.standing_lines(tournament) == []
    record_hand(table, [13, 7, 4, 2], actor=COMMAND_LINE)
    assert pages.standing_lines(tournament) == []  # a game in progress ranks nobody
    close_game(table, actor=COMMAND_LINE)
    lines = pages.standing_lines(tournament)
    assert [(x.rank, x.name, x.match_points) for x in lines] == [
        (1, "Dario", 10),
        (2, "Carla", 6),
        (3, "Bruno", 3),
        (4, "Anna", 1),
    ]


def test_the_top_ten_leave_withdrawn_players_out(anonymous, tournament):
    running_evening(tournament, withdraw="Ludovica Fontanarosa")
    html = anonymous.get("/t/coppa/").content.decode()
    top = html[html.index('<ol class="mini-standings">') :]
    top = top[: top.index("</ol>")]
    assert top.count("<li>") == 10
    assert "Ludovica Fontanarosa" not in top
    assert (
        "Elena Gallo" in top and "2=" in top
    )  # the standings' own ranks: the withdrawn leader was 1
    assert (
        "Ludovica Fontanarosa" in anonymous.get("/t/coppa/standings/").content.decode()
    )  # marked there


def test_before_any_game_ends_the_top_ten_say_so(anonymous, tournament):
    evening(tournament, played=0)
    html = anonymous.get("/t/coppa/").content.decode()
    assert "mini-standings" not in html and "No game has ended yet." in html
    assert "where do I sit?" in html


def test_a_finished_tournament_shows_the_podium_and_final_standings(anonymous, tournament):
    # Two tables whose games end in ties: places share the match points exactly (19/3 = 6.33).
    a = seated_table(tournament, number=1, names=["Anna", "Bruno", "Carla", "Dario"])
    b = seated_table(tournament, number=2, names=["Elena", "Fabio", "Gina", "Ugo"])
    record_hand(a, [0, 4, 4, 18], actor=COMMAND_LINE)
    record_hand(
        a, [4, 0, 0, 22], actor=COMMAND_LINE
    )  # Anna, Bruno, Carla 4 each: 1st shared, (10+6+3)/3 each
    record_hand(b, [1, 2, 3, 20], actor=COMMAND_LINE)
    for t in (a, b):
        close_game(t, actor=COMMAND_LINE)
    round_ = a.round
    organizer.lock_round(round_, actor=COMMAND_LINE)
    organizer.finish_tournament(tournament, actor=COMMAND_LINE)
    html = anonymous.get("/t/coppa/").content.decode()
    assert "Podium" in html and "Final standings" in html
    assert "where do I sit?" not in html and 'id="q"' not in html
    podium = html[html.index('<ol class="podium">') : html.index("Final standings")]
    # Anna, Bruno and Carla tie on match points and result points (4): one place for three. Elena
    # (10 MP, 1 RP) is 1st on match points; the three share 2nd; nobody is 3rd.
    assert podium.count('class="step place-') == 2
    assert "place-1" in podium and "place-2" in podium and "place-3" not in podium
    assert podium.count(">tied<") == 1
    assert 'title="19/3">6.33<' in podium
    for name in ("Elena", "Anna", "Bruno", "Carla"):
        assert f">{name}</a>" in podium
    assert "Ugo" not in podium
    assert "Scan for the final standings" in html
    finished = pages.podium(pages.standing_lines(tournament))
    assert [(s.place, [x.name for x in s.lines]) for s in finished] == [
        (1, ["Elena"]),
        (2, ["Anna", "Bruno", "Carla"]),
    ]
    assert finished[1].lines[0].match_points == Fraction(19, 3)


def test_the_finished_pages_standings_are_the_standings_pages_table(anonymous, tournament):
    evening(tournament, finish=True)
    page = anonymous.get("/t/coppa/").content.decode()
    standings = anonymous.get("/t/coppa/standings/").content.decode()
    table = standings[standings.index('<div id="standings"') : standings.index("</table>")]
    assert table in page and "hx-trigger" not in table  # final: no live polling


def test_the_round_and_seating_pages_show_clubs(anonymous, as_organizer, tournament):
    register(tournament)
    organizer.start_round(tournament, actor=COMMAND_LINE)
    round_page = anonymous.get("/t/coppa/rounds/1/").content.decode()
    assert '<small class="club">Cuori Milano</small>' in round_page
    seating = as_organizer.get("/t/coppa/manage/rounds/1/seating/").content.decode()
    assert '<small class="club">Circolo del Cuore Roma</small>' in seating
    page = pages.seating_page(tournament.rounds.get())
    clubs = {seat.name: seat.club for _number, seats in page.tables for seat in seats}
    assert clubs["Niccolò Dell'Acqua"] == "Cuori Milano" and clubs["Dario Neri"] == ""


def test_the_players_games_label_every_cell(anonymous, tournament):
    evening(tournament, played=1)
    registration = tournament.registrations.select_related("player").get(player__name="Zoe Li")
    html = anonymous.get(f"/t/coppa/players/{registration.player_id}/").content.decode()
    for label in ("Round", "Table", "Opponents", "Points", "Place", "MP"):
        assert f'data-label="{label}"' in html
