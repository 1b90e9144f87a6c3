"""Season and rating pages (issue 16): who sees what (200/302/403/404), the organizer's form without
/admin/, the public leaderboard and ratings, the rating line of a player's page, Italian and
English."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client

from seasons.models import Rating, Season
from tests.factories import TournamentFactory

from .helpers import finished_tournament, player

pytestmark = pytest.mark.django_db


def client(user=None) -> Client:
    found = Client()
    if user is not None:
        found.force_login(user)
    return found


@pytest.fixture(autouse=True)
def _empty_cache():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def organizer():
    user = get_user_model().objects.create_user("olga", password="pw-olga-123")
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label="tournaments", codename="add_tournament")
    )
    return user


@pytest.fixture
def rival():
    """Another organizer, of another club."""
    user = get_user_model().objects.create_user("rita", password="pw-rita-123")
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label="tournaments", codename="add_tournament")
    )
    return user


@pytest.fixture
def outsider():
    return get_user_model().objects.create_user("otto", password="pw-otto-123")


@pytest.fixture
def people():
    return [player(name, "Circolo Cuori") for name in ("Anna", "Bruno", "Carla", "Dario")]


@pytest.fixture
def evenings(organizer, people, django_capture_on_commit_callbacks):
    """Two finished evenings of the organizer (January: Anna, Bruno, Carla, Dario; February: Dario,
    Carla, Anna, Bruno), with the ratings updated."""
    a, b, c, d = people
    with django_capture_on_commit_callbacks(execute=True):
        january = finished_tournament(
            "gennaio", datetime.date(2026, 1, 10), [([a, b, c, d], [0, 5, 8, 13])], owner=organizer
        )
    with django_capture_on_commit_callbacks(execute=True):
        february = finished_tournament(
            "febbraio", datetime.date(2026, 2, 14), [([a, b, c, d], [8, 13, 5, 0])], owner=organizer
        )
    return january, february


@pytest.fixture
def season(organizer, evenings):
    found = Season.objects.create(
        name="Stagione 2026",
        slug="stagione-2026",
        club="Circolo Cuori",
        owner=organizer,
        best_results=1,
    )
    found.tournaments.set(evenings)
    return found


def form_data(**changes):
    data = {
        "name": "Coppa d'inverno",
        "slug": "",
        "club": "Circolo Cuori",
        "best_results": "2",
        "scoring": "place",
        "place_points": "25, 20, 16, 13",
        "tournaments": [],
    }
    data.update(changes)
    return data


# --- who sees what --------------------------------------------------------------------------------


def test_the_public_pages_answer_everyone(season, outsider):
    for user in (None, outsider):
        browser = client(user)
        assert browser.get("/seasons/").status_code == 200
        assert browser.get("/seasons/stagione-2026/").status_code == 200
        assert browser.get("/ratings/").status_code == 200
        assert browser.get("/seasons/stagione-2026/export.csv").status_code == 200
        assert browser.get("/ratings/export.csv").status_code == 200


def test_unknown_seasons_are_404(organizer):
    for url in ("/seasons/nessuna/", "/seasons/nessuna/edit/", "/seasons/nessuna/export.csv"):
        assert client(organizer).get(url).status_code == 404


def test_a_season_of_drafts_only_is_seen_by_its_organizer_alone(organizer, outsider):
    draft = TournamentFactory(slug="bozza", owner=organizer, status="draft")
    found = Season.objects.create(name="Prove", slug="prove", club="Circolo", owner=organizer)
    found.tournaments.set([draft])
    assert client().get("/seasons/prove/").status_code == 404
    assert client(outsider).get("/seasons/prove/").status_code == 404
    assert "Prove" not in client().get("/seasons/").content.decode()
    page = client(organizer).get("/seasons/prove/")
    assert page.status_code == 200 and "not published" in page.content.decode()


def test_creating_needs_a_login_and_the_organizer_right(organizer, outsider):
    anonymous = client().get("/seasons/new/")
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]
    assert client(outsider).get("/seasons/new/").status_code == 403
    assert client(outsider).post("/seasons/new/", form_data()).status_code == 403
    assert not Season.objects.exists()
    assert client(organizer).get("/seasons/new/").status_code == 200


def test_only_the_seasons_organizer_edits_it(season, rival, outsider, organizer):
    assert client().get("/seasons/stagione-2026/edit/").status_code == 302
    for user in (rival, outsider):
        assert client(user).get("/seasons/stagione-2026/edit/").status_code == 403
        assert client(user).post("/seasons/stagione-2026/edit/", form_data()).status_code == 403
    assert Season.objects.get().name == "Stagione 2026"
    page = client(organizer).get("/seasons/stagione-2026/").content.decode()
    assert "/seasons/stagione-2026/edit/" in page
    assert (
        "/seasons/stagione-2026/edit/"
        not in client(rival).get("/seasons/stagione-2026/").content.decode()
    )


# --- the organizer's form -------------------------------------------------------------------------


def test_the_organizer_creates_a_season_and_attaches_tournaments(organizer, evenings):
    january, february = evenings
    response = client(organizer).post(
        "/seasons/new/", form_data(tournaments=[january.pk, february.pk])
    )
    found = Season.objects.get()
    assert response.status_code == 302 and response["Location"] == "/seasons/coppa-dinverno/"
    assert (found.slug, found.owner, found.best_results, found.place_points) == (
        "coppa-dinverno",
        organizer,
        2,
        [25, 20, 16, 13],
    )
    assert set(found.tournaments.all()) == {january, february}
    page = client().get("/seasons/coppa-dinverno/").content.decode()
    # Anna: 1st (25) and 3rd (16): 41.
    assert "Anna" in page and "41" in page and "T1" in page and "T2" in page


def test_the_form_lists_only_the_organizers_own_tournaments(organizer, rival, evenings):
    TournamentFactory(slug="altrui", name="Torneo altrui", owner=rival)
    page = client(organizer).get("/seasons/new/").content.decode()
    assert "Gennaio" in page and "Torneo altrui" not in page


def test_a_tournament_of_another_organizer_is_refused_next_to_the_field(organizer, rival):
    foreign = TournamentFactory(slug="altrui", name="Torneo altrui", owner=rival)
    response = client(organizer).post("/seasons/new/", form_data(tournaments=[foreign.pk]))
    assert response.status_code == 422 and not Season.objects.exists()
    assert 'id="id_tournaments-error"' in response.content.decode()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("place_points", "25, 30", "Place 2 scores more than place 1"),
        ("place_points", "25, venti", "venti is not a number of points"),
        ("best_results", "0", "greater than or equal to 1"),
        ("club", "   ", "This field is required"),
        ("slug", "new", "taken by the site"),
        ("slug", "con spazi", "letters, digits and hyphens"),
    ],
)
def test_bad_input_is_shown_next_to_its_field_and_nothing_is_written(
    organizer, field, value, message
):
    response = client(organizer).post("/seasons/new/", form_data(**{field: value}))
    html = response.content.decode()
    assert response.status_code == 422 and not Season.objects.exists()
    assert f'id="id_{field}-error"' in html and message in html


def test_an_address_taken_by_another_season_is_refused(season, organizer):
    response = client(organizer).post("/seasons/new/", form_data(slug="stagione-2026"))
    assert (
        response.status_code == 422
        and "Another season has this address" in response.content.decode()
    )
    assert Season.objects.count() == 1


def test_editing_changes_the_scoring_and_the_leaderboard(season, organizer, evenings):
    page = client().get("/seasons/stagione-2026/").content.decode()
    assert "the best result counts" in page
    data = form_data(
        name="Stagione 2026",
        slug="stagione-2026",
        best_results="2",
        scoring="match_points",
        tournaments=[t.pk for t in evenings],
    )
    response = client(organizer).post("/seasons/stagione-2026/edit/", data)
    assert response.status_code == 302
    found = Season.objects.get()
    assert (found.scoring, found.best_results) == ("match_points", 2)
    csv = client().get("/seasons/stagione-2026/export.csv").content.decode().splitlines()
    # Match points: Anna 10 + 3, Dario 1 + 10, Bruno 6 + 1, Carla 3 + 6.
    assert [line.split(",")[1:5] for line in csv[1:]] == [
        ["Anna", "Circolo Cuori", "", "13.00"],
        ["Dario", "Circolo Cuori", "", "11.00"],
        ["Carla", "Circolo Cuori", "", "9.00"],
        ["Bruno", "Circolo Cuori", "", "7.00"],
    ]


def test_a_tournament_can_be_detached(season, organizer, evenings):
    january, _february = evenings
    data = form_data(name="Stagione 2026", slug="stagione-2026", tournaments=[january.pk])
    assert client(organizer).post("/seasons/stagione-2026/edit/", data).status_code == 302
    assert list(Season.objects.get().tournaments.all()) == [january]


# --- the public pages -----------------------------------------------------------------------------


def test_the_leaderboard_marks_dropped_results_and_lists_running_tournaments(season, organizer):
    running = TournamentFactory(
        slug="marzo",
        name="Marzo",
        owner=organizer,
        status="running",
        start_date=datetime.date(2026, 3, 14),
    )
    season.tournaments.add(running)
    html = client().get("/seasons/stagione-2026/").content.decode()
    # Best 1: Anna's January win counts (25), her February 3rd (16) is dropped.
    assert html.count('class="counted"') == 4 and html.count('class="dropped"') == 4
    assert "not counted yet: running" in html and "Marzo" in html


def test_the_season_download_for_excel(season):
    response = client().get("/seasons/stagione-2026/export.csv?excel=1")
    assert response["Content-Disposition"] == 'attachment; filename="stagione-2026-excel.csv"'
    assert response.content.decode("utf-8").startswith("\ufeffrank;player;club")


def test_the_ratings_page_lists_every_rated_player_with_links_to_their_page(evenings):
    html = client().get("/ratings/").content.decode()
    for rating in Rating.objects.select_related("player"):
        assert rating.player.name in html and f"<strong>{rating.value}</strong>" in html
        assert f"/t/febbraio/players/{rating.player_id}/" in html  # their latest tournament


def test_the_ratings_page_without_ratings_and_a_bad_page_number():
    assert "No table result is final yet." in client().get("/ratings/?page=zz").content.decode()


def test_the_ratings_page_is_paged():
    people = [player(f"P{i:03d}") for i in range(60)]
    Rating.objects.bulk_create(
        Rating(player=p, mu=25, sigma=8, value=1000 + i, games=1) for i, p in enumerate(people)
    )
    first = client().get("/ratings/").content.decode()
    assert (
        "P059" in first and "P009" not in first and "Page 1 of 2" in first and 'rel="next"' in first
    )
    second = client().get("/ratings/?page=2").content.decode()
    assert "P009" in second and "P059" not in second


def test_the_player_page_shows_the_rating_and_rank(evenings, people):
    anna = people[0]
    rating = Rating.objects.get(player=anna)
    better = Rating.objects.filter(value__gt=rating.value).count()
    html = client().get(f"/t/gennaio/players/{anna.pk}/").content.decode()
    assert f"<strong>{rating.value}</strong> (rank {better + 1} of 4, 2 games rated)" in html
    assert 'href="/ratings/"' in html


def test_a_player_without_rating_shows_no_rating_line(organizer):
    tournament = TournamentFactory(slug="nuovo", owner=organizer)
    from tournaments.models import Registration

    anna = player("Anna")
    Registration.objects.create(tournament=tournament, player=anna)
    html = client().get(f"/t/nuovo/players/{anna.pk}/").content.decode()
    assert "rating-line" not in html


# --- Italian and English --------------------------------------------------------------------------


def test_the_pages_in_italian(season, organizer, people):
    italian = {"headers": {"Accept-Language": "it"}}
    listing = client().get("/seasons/", **italian).content.decode()
    assert '<html lang="it">' in listing and "Stagioni" in listing
    board = client().get("/seasons/stagione-2026/", **italian).content.decode()
    assert "conta il risultato migliore" in board and "punti per posizione finale" in board
    ratings = client().get("/ratings/", **italian).content.decode()
    assert (
        ">Giocatore</th>" in ratings
        and ">Partite</th>" in ratings
        and "Un nuovo giocatore parte da 1000" in ratings
    )
    form = client(organizer).get("/seasons/stagione-2026/edit/", **italian).content.decode()
    assert "Risultati che contano" in form
    rating = Rating.objects.get(player=people[0])
    player_page = client().get(f"/t/gennaio/players/{people[0].pk}/", **italian).content.decode()
    assert (
        f"<strong>{rating.value}</strong> (" in player_page and "partite valutate)" in player_page
    )


def test_the_pages_in_english(season):
    board = client().get("/seasons/stagione-2026/").content.decode()
    assert (
        '<html lang="en">' in board
        and "the best result counts" in board
        and "points by final place" in board
    )
