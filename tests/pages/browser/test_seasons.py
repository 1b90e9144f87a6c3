"""The season and rating pages in Chromium at 360 and 1280 px, in English and Italian (issue 16).

A season of three finished evenings with long names and clubs, the best 2 results counting (so some
are struck through), and the ratings they produce; the organizer's season form. Every page: no two
lines of text overlap, nothing is cut off at the window's edges, the page does not scroll sideways
(``layout``).
"""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from playwright.sync_api import expect

from seasons.models import Season
from tests.seasons.helpers import finished_tournament, player

from .layout import assert_inside, assert_readable

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 360, "height": 780}, "desk": {"width": 1280, "height": 900}}
LOCALES = {"en": "en-GB", "it": "it-IT"}
NAMES = [
    "Maria Antonietta Buonarroti-Castelfranco",
    "Bruno Esposito",
    "Carla Dell’Acqua",
    "Dario Fo",
    "Elena Santangelo Visconti",
    "Fabio Re",
    "Gina Lollo",
    "Ivo Bianchi",
]
CLUB = "Circolo del Cuore di Santa Maria Capua Vetere"


@pytest.fixture
def organizer():
    user = get_user_model().objects.create_user("olga", password="pw-olga-123")
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label="tournaments", codename="add_tournament")
    )
    return user


@pytest.fixture
def season(organizer):
    people = [player(name, CLUB) for name in NAMES]
    hands = ([0, 5, 8, 13], [13, 0, 5, 8], [8, 13, 0, 5])
    evenings = []
    for month, points in zip((1, 2, 3), hands):
        shifted = people[month - 1 :] + people[: month - 1]
        evenings.append(
            finished_tournament(
                f"serata-{month}",
                datetime.date(2026, month, 10),
                [(shifted[:4], points), (shifted[4:], points)],
                owner=organizer,
            )
        )
    found = Season.objects.create(
        name="Campionato sociale di Cuori 2026",
        slug="campionato-2026",
        club=CLUB,
        owner=organizer,
        best_results=2,
    )
    found.tournaments.set(evenings)
    return found


def open_page(browser, live_server, size, lang, path, user=None):
    context = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang])
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": live_server.url}]
        )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.url}{path}")
    page.wait_for_load_state("load")
    return context, page, errors


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_the_leaderboard_keeps_each_player_in_one_line(
    live_server, browser, season, size, lang, shots
):
    context, page, errors = open_page(browser, live_server, size, lang, "/seasons/campionato-2026/")
    lines = page.locator(".season-board > li:not(.head)")
    expect(lines).to_have_count(len(NAMES))
    expect(page.locator(".season-board .results li.dropped")).to_have_count(
        len(NAMES)
    )  # 3 played, 2 count
    for i in range(
        lines.count()
    ):  # rank, name, points and results inside their own line, lines one under another
        line = lines.nth(i)
        box = line.bounding_box()
        for part in (".rank", ".who", ".total", ".results"):
            assert_inside(box, line.locator(part).bounding_box(), part)
        if i:
            above = lines.nth(i - 1).bounding_box()
            assert box["y"] >= above["y"] + above["height"] - 0.5
    assert_readable(page)
    shots(page, f"season-{size}-{lang}")
    assert errors == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_the_ratings_page_fits(live_server, browser, season, size, lang, shots):
    context, page, errors = open_page(browser, live_server, size, lang, "/ratings/")
    expect(page.locator("table.ratings tbody tr")).to_have_count(len(NAMES))
    # The club column gives way on a phone (the club is under the name); on a desk it is a column.
    expect(page.locator("table.ratings th.club")).to_be_visible(visible=size == "desk")
    assert_readable(page)
    shots(page, f"ratings-{size}-{lang}")
    assert errors == []
    context.close()


@pytest.mark.parametrize("size", ["phone", "desk"])
def test_the_season_form_fits_and_saves(live_server, browser, season, organizer, size, shots):
    context, page, errors = open_page(
        browser, live_server, size, "en", "/seasons/campionato-2026/edit/", user=organizer
    )
    assert_readable(page)
    shots(page, f"season-form-{size}")
    page.get_by_label("Results counted").fill("3")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"{live_server.url}/seasons/campionato-2026/")
    expect(page.locator(".season-board .results li.dropped")).to_have_count(0)
    assert Season.objects.get().best_results == 3
    assert errors == []
    context.close()
