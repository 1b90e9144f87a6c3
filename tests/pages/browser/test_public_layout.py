"""The public pages of an evening in Chromium at 360 and 1280 px, in English and Italian (issue 14).

13 players with long names and clubs, round 1 played, round 2 seated with its clock running, one
player withdrawn; then the same tournament finished. Every page: no two lines of text overlap,
nothing is cut off at the window's edges, the page does not scroll sideways (``layout``).
Screenshots go to ``--output``.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.pages.evening import evening, play_round, running_evening
from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.models import Registration

from .layout import assert_inside, assert_readable, overlapping, text_boxes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 360, "height": 780}, "desk": {"width": 1280, "height": 900}}
LOCALES = {"en": "en-GB", "it": "it-IT"}
WITHDRAWN = "Ludovica Fontanarosa"


@pytest.fixture
def running(tournament):
    """Round 1 played and locked; its leader withdrawn; round 2 seated, its clock of 45 minutes 10
    minutes gone."""
    running_evening(tournament, withdraw=WITHDRAWN)
    return tournament


def open_page(browser, live_server, size, lang, path):
    context = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.url}{path}")
    page.wait_for_load_state("load")
    return context, page, errors


def boxes(locator):
    return [locator.nth(i).bounding_box() for i in range(locator.count())]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_the_tournament_page_lists_the_top_ten_one_per_line(
    live_server, browser, running, size, lang, shots
):
    context, page, errors = open_page(browser, live_server, size, lang, "/t/coppa/")
    entries = page.locator(".mini-standings li")
    expect(entries).to_have_count(10)
    expect(page.locator(".mini-standings")).not_to_contain_text(WITHDRAWN)
    found = boxes(entries)
    for above, below in zip(found, found[1:]):  # one under the other, not side by side
        assert below["y"] >= above["y"] + above["height"] - 0.5, (above, below)
    for i in range(entries.count()):  # the rank, the name and the points inside their own line
        line = entries.nth(i)
        for part in (".rank", ".who", ".mp"):
            assert_inside(found[i], line.locator(part).bounding_box(), part)
    assert_readable(page)
    shots(page, f"tournament-{size}-{lang}")
    assert errors == []
    context.close()


def test_before_a_game_ends_the_top_ten_says_so(live_server, browser, tournament, shots):
    evening(tournament, played=0)
    context, page, errors = open_page(browser, live_server, "phone", "en", "/t/coppa/")
    expect(page.locator(".mini-standings")).to_have_count(0)
    expect(page.get_by_text("No game has ended yet.")).to_be_visible()
    assert_readable(page)
    shots(page, "tournament-no-game-ended")
    context.close()


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_the_round_pages_tables_stay_in_their_cards(
    live_server, browser, running, size, lang, shots
):
    for number in (
        1,
        2,
    ):  # round 1: games ended (place, match points); round 2: seated, with its clock
        context, page, errors = open_page(
            browser, live_server, size, lang, f"/t/coppa/rounds/{number}/"
        )
        cards = page.locator(".tables .card")
        assert cards.count() >= 3
        for i in range(cards.count()):
            card = cards.nth(i)
            assert_inside(
                card.bounding_box(), card.locator("table").bounding_box(), f"table {i + 1}"
            )
            expect(card.locator("small.club").first).to_be_visible()
        if number == 2:
            clock = page.locator(".clock-time")
            expect(clock).to_have_text(re.compile(r"^3[45]:[0-5]\d$"))
            first = clock.inner_text()
            expect(clock).not_to_have_text(first, timeout=2500)  # counting down
        assert_readable(page)
        shots(page, f"round-{number}-{size}-{lang}")
        assert errors == []
        context.close()


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_the_players_games_show_every_column(live_server, browser, running, size, lang, shots):
    player = Registration.objects.get(tournament=running, player__name="Niccolò Dell'Acqua").player
    context, page, errors = open_page(
        browser, live_server, size, lang, f"/t/coppa/players/{player.pk}/"
    )
    rows = page.locator("table.games tbody tr")
    expect(rows).to_have_count(2)
    width = SIZES[size]["width"]
    for i in range(2):
        for cell in boxes(rows.nth(i).locator("td")):  # match points included: no column hidden
            assert cell["x"] >= 0 and cell["x"] + cell["width"] <= width + 0.5, cell
    expect(rows.first.locator("td").last).to_be_in_viewport()
    assert_readable(page)
    shots(page, f"player-{size}-{lang}")
    assert errors == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_the_seating_page_shows_clubs(live_server, browser, running, size, lang, shots):
    context, page, errors = open_page(
        browser, live_server, size, lang, "/accounts/login/?next=/t/coppa/manage/rounds/2/seating/"
    )
    page.locator("input[name=username]").fill("olga")
    page.locator("input[name=password]").fill("pw-olga-123")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/seating/$"))
    expect(page.locator(".card small.club").first).to_be_visible()
    assert page.locator(".card small.club").count() >= 8
    assert_readable(page, "main")
    shots(page, f"seating-{size}-{lang}")
    context.close()


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_a_finished_tournament_shows_its_podium_and_final_standings(
    live_server, browser, running, size, lang, shots
):
    play_round(running.rounds.get(number=2))
    organizer.lock_round(running.rounds.get(number=2), actor=COMMAND_LINE)
    organizer.finish_tournament(running, actor=COMMAND_LINE)
    context, page, errors = open_page(browser, live_server, size, lang, "/t/coppa/")
    expect(page.locator(".podium .step")).not_to_have_count(0)
    expect(page.locator("#q")).to_have_count(0)  # no "where do I sit?"
    expect(page.locator("table.standings tbody tr")).to_have_count(13)
    steps = boxes(page.locator(".podium .step"))
    assert not overlapping(
        [
            {
                "left": b["x"],
                "right": b["x"] + b["width"],
                "top": b["y"],
                "bottom": b["y"] + b["height"],
            }
            for b in steps
        ]
    )
    assert_readable(page)
    shots(page, f"finished-{size}-{lang}")
    assert errors == []
    context.close()


def test_text_boxes_see_letters_printed_over_letters(live_server, browser, running):
    """The check itself: the old mini-standings (a flex row) had ranks over the previous points."""
    context, page, errors = open_page(browser, live_server, "desk", "en", "/t/coppa/")
    page.evaluate(
        "document.querySelector('.mini-standings').style.cssText = 'display:flex;flex-wrap:wrap'"
    )
    page.evaluate("""document.querySelectorAll('.mini-standings li').forEach(
        li => li.style.cssText = 'display:inline;margin-left:-1.2rem;padding:0;border:0')""")
    assert overlapping(text_boxes(page, ".mini-standings"))
    context.close()
