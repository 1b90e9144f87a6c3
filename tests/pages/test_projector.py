"""The projector (issue 14): its slides, their paging and order, who is left out, what a draft
answers, and a number of queries that does not grow with the number of players."""

from datetime import timedelta
from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tables.models import Seat
from tests.factories import TournamentFactory
from tests.pages.evening import crowd, evening, register, running_evening
from tournaments import organizer, projector
from tournaments.audit import COMMAND_LINE
from tournaments.models import Bye, Registration

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def test_an_evening_shows_the_seating_the_clock_and_the_standings(tournament):
    running_evening(tournament)
    show = projector.show(tournament)
    assert [s.kind for s in show.slides] == ["seating", "clock", "standings"]
    seating, clock, standings = show.slides
    lines = [line for column in seating.columns for line in column]
    # 12 players seated (the 13th withdrawn), alphabetically with accents ignored: Émile after
    # Elena.
    names = [line.name for line in lines]
    assert len(lines) == 12 and "Ludovica Fontanarosa" not in names
    assert names.index("Elena Gallo") + 1 == names.index("Émile Durand-Lefèvre")
    assert names == sorted(names, key=projector.sort_key)
    assert all(line.table and 1 <= line.seat <= 5 for line in lines)
    assert show.clock.minutes == 45 and show.clock.running
    # The standings leave the withdrawn player out (she led after round 1).
    assert [line.name for line in standings.columns[0]][:1] != ["Ludovica Fontanarosa"]
    assert all(not line.withdrawn for line in standings.columns[0])
    assert len(standings.columns[0]) == 12


def test_seating_and_standings_are_paged(organizer):
    tournament = TournamentFactory(slug="grande", owner=organizer, rounds_planned=3)
    running_evening(tournament, withdraw=crowd(60)[0][0], players=crowd(60))
    slides = projector.show(tournament).slides
    seating = [s for s in slides if s.kind == "seating"]
    standings = [s for s in slides if s.kind == "standings"]
    # 59 players: 24 + 24 + 11 in the seating (two columns of 12, then one column), 12 a page in the
    # standings.
    assert [(s.page, s.pages, [len(c) for c in s.columns]) for s in seating] == [
        (1, 3, [12, 12]),
        (2, 3, [12, 12]),
        (3, 3, [11]),
    ]
    assert [sum(len(c) for c in s.columns) for s in standings] == [12, 12, 12, 12, 11]
    seated = [line.name for s in seating for c in s.columns for line in c]
    assert seated == sorted(seated, key=projector.sort_key) and len(set(seated)) == 59
    ranks = [line.rank for s in standings for line in s.columns[0]]
    assert ranks == sorted(ranks)


def test_a_bye_is_shown_as_such(tournament):
    register(tournament)
    round_ = organizer.start_round(tournament, actor=COMMAND_LINE)
    seat = Seat.objects.filter(round=round_).select_related("registration__player").first()
    Bye.objects.create(round=round_, registration=seat.registration)
    seat.delete()
    lines = projector.seat_lines(tournament, round_)
    bye = [line for line in lines if line.table is None]
    assert [(b.name, b.club, b.seat) for b in bye] == [
        (seat.registration.player.name, seat.registration.player.club, None)
    ]


def test_nothing_to_show_yet_is_one_welcome_slide(anonymous, tournament):
    assert [s.kind for s in projector.show(tournament).slides] == ["welcome"]
    html = anonymous.get("/t/coppa/projector/").content.decode()
    assert "The seating appears here when the first round starts." in html
    register(tournament)
    organizer.start_round(tournament, actor=COMMAND_LINE)
    # Seated, no game ended and no clock: the seating only (no standings of players all on 0).
    assert [s.kind for s in projector.show(tournament).slides] == ["seating"]


def test_a_locked_round_shows_no_seating_and_no_clock(tournament):
    round_ = evening(tournament, played=1, seat_next=False)
    round_.minutes = 30
    round_.save(update_fields=["minutes"])
    show = projector.show(tournament)
    assert [s.kind for s in show.slides] == ["standings", "standings"] and show.clock is None


def test_a_finished_tournament_shows_its_podium_then_the_final_standings(anonymous, tournament):
    evening(tournament, finish=True)
    tournament.refresh_from_db()
    show = projector.show(tournament)
    assert [s.kind for s in show.slides] == ["podium", "standings", "standings"]
    assert show.podium[0].place == 1
    html = anonymous.get("/t/coppa/projector/").content.decode()
    assert "Podium" in html and 'class="podium"' in html
    html = anonymous.get("/t/coppa/projector/?slide=1").content.decode()
    assert "Final standings" in html and "1/2" in html


def test_the_page_asks_for_the_next_slide_and_wraps_around(anonymous, tournament):
    running_evening(tournament)
    page = anonymous.get("/t/coppa/projector/")
    html = page.content.decode()
    assert page.status_code == 200 and page["Cache-Control"] == "no-cache"
    assert '<div id="screen" class="screen slide-seating"' in html
    assert 'hx-get="/t/coppa/projector/?slide=1"' in html and 'hx-trigger="every 15s"' in html
    assert 'http-equiv="refresh" content="15;url=?slide=1"' in html  # without scripts
    poll = anonymous.get("/t/coppa/projector/?slide=1", headers=HX).content.decode()
    assert (
        poll.lstrip().startswith('<div id="screen" class="screen slide-clock"')
        and "<html" not in poll
    )
    assert 'hx-get="/t/coppa/projector/?slide=2"' in poll and 'hx-trigger="every 8s"' in poll
    assert 'data-ends-at="' in poll and 'data-over-text="Time is up"' in poll
    last = anonymous.get("/t/coppa/projector/?slide=2", headers=HX).content.decode()
    assert "slide-standings" in last and 'hx-get="/t/coppa/projector/?slide=0"' in last
    for wanted, kind in [
        ("3", "seating"),
        ("-1", "standings"),
        ("x", "seating"),
        ("9" * 5000, "seating"),
    ]:
        html = anonymous.get(f"/t/coppa/projector/?slide={wanted}", headers=HX).content.decode()
        assert f"slide-{kind}" in html, wanted


def test_a_draft_answers_like_the_other_public_pages(anonymous, as_organizer, organizer):
    TournamentFactory(slug="bozza", name="Bozza", status="draft", owner=organizer)
    page = anonymous.get("/t/bozza/projector/")
    assert page.status_code == 200 and "not published yet" in page.content.decode()
    assert 'id="screen"' in as_organizer.get("/t/bozza/projector/").content.decode()
    assert anonymous.get("/t/nowhere/projector/").status_code == 404


def queries_of(client, url, **headers) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, headers=headers).status_code == 200
    return len(queries)


@pytest.mark.parametrize("slide", [0, 1, 2])
def test_queries_do_not_grow_with_the_players(
    anonymous, organizer, slide, django_assert_max_num_queries
):
    small = TournamentFactory(slug="piccolo", owner=organizer, rounds_planned=3)
    running_evening(small)
    large = TournamentFactory(slug="grande", owner=organizer, rounds_planned=3)
    running_evening(large, withdraw=crowd(60)[0][0], players=crowd(60))
    counts = {}
    for slug, size in (("piccolo", 13), ("grande", 60)):
        url = f"/t/{slug}/projector/?slide={slide}"
        cold = queries_of(anonymous, url)  # the standings computed and cached
        warm = queries_of(anonymous, url, **HX)  # cached: the fingerprint says nothing changed
        counts[size] = (cold, warm)
    print(f"projector slide {slide}: queries (cold, cached) {counts}")
    assert counts[13] == counts[60], counts
    cold, warm = counts[60]
    assert warm < cold
    with django_assert_max_num_queries(11):
        anonymous.get(f"/t/grande/projector/?slide={slide}", headers=HX)


def test_the_clock_before_the_start_shows_the_duration(anonymous, tournament):
    round_ = running_evening(tournament)
    round_.clock_started_at = None
    round_.save(update_fields=["clock_started_at"])
    html = anonymous.get("/t/coppa/projector/?slide=1").content.decode()
    assert "45:00" in html and "not started yet" in html and "data-ends-at" not in html


def test_the_clock_once_time_is_up(anonymous, tournament):
    running_evening(tournament, minutes=30, gone=timedelta(minutes=31))
    html = anonymous.get("/t/coppa/projector/?slide=1").content.decode()
    assert 'class="clock-time over"' in html and ">Time is up<" in html and "is-over" in html


def test_the_clock_is_read_at_the_time_given(tournament):
    round_ = running_evening(tournament)
    later = round_.clock_started_at + timedelta(minutes=44, seconds=59)
    assert projector.show(tournament, now=later).clock.display == "00:01"
    assert projector.show(tournament, now=timezone.now()).clock.remaining > 0


def test_chunks_and_columns():
    assert projector.chunks([], 3) == [[]]
    assert projector.chunks(list(range(7)), 3) == [[0, 1, 2], [3, 4, 5], [6]]
    assert projector.columns(list(range(13)), 2) == (tuple(range(7)), tuple(range(7, 13)))
    assert projector.columns([1], 2) == ((1,),)
    assert projector.columns([], 2) == ()


def test_sort_key_ignores_accents_and_case():
    names = ["elena", "Émile", "Elena", "Franco", "Dario", "émile"]
    assert sorted(names, key=projector.sort_key) == [
        "Dario",
        "Elena",
        "elena",
        "Émile",
        "émile",
        "Franco",
    ]


def test_the_manage_and_round_pages_link_to_the_projector(as_organizer, anonymous, tournament):
    running_evening(tournament)
    assert 'href="/t/coppa/projector/"' in as_organizer.get("/t/coppa/manage/").content.decode()
    html = anonymous.get("/t/coppa/rounds/2/").content.decode()
    assert 'href="/t/coppa/projector/"' in html
    assert (
        'class="clock-time"' in html and "data-ends-at" in html
    )  # the round page shows the clock too
    assert "data-ends-at" not in anonymous.get("/t/coppa/rounds/1/").content.decode()  # locked


def test_match_points_are_exact_on_the_slides(anonymous, tournament):
    running_evening(tournament)
    line = projector.show(tournament).slides[-1].columns[0][0]
    assert isinstance(line.match_points, Fraction)
    assert Registration.objects.filter(tournament=tournament, withdrawn=True).count() == 1
