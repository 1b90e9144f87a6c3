"""The projector in Chromium (issue 14): at 1280x720 and 1920x1080 (a projector, a television) every
slide fits the screen without scrolling, and at 360 px it does not break; in English and Italian.
The slides move on by themselves (htmx polling) and the round clock counts down to "time is up".

Every slide of a 13-player evening is measured and saved (``--output``), and the fullest pages of a
60-player one: 24 lines of seating, 12 of standings.
"""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories import TournamentFactory
from tests.pages.evening import crowd, running_evening
from tournaments import projector

from .layout import assert_readable

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {
    "phone": {"width": 360, "height": 780},
    "hd": {"width": 1280, "height": 720},
    "fhd": {"width": 1920, "height": 1080},
}
LOCALES = {"en": "en-GB", "it": "it-IT"}


def open_projector(browser, live_server, size, lang, slug="coppa", slide=0):
    context = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(f"{live_server.url}/t/{slug}/projector/?slide={slide}")
    page.wait_for_load_state("load")
    return context, page, errors


def assert_fits_the_screen(page, size):
    """Readable (no overlap, nothing cut off sideways) and, on a 16:9 screen, no scrolling down
    either."""
    assert_readable(page)
    if size != "phone":
        assert page.evaluate("document.documentElement.scrollHeight") <= SIZES[size]["height"], (
            "the slide scrolls"
        )


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "hd", "fhd"])
def test_every_slide_of_an_evening_fits_the_screen(
    live_server, browser, tournament, size, lang, shots
):
    running_evening(tournament)
    slides = projector.show(tournament).slides
    assert [s.kind for s in slides] == ["seating", "clock", "standings"]
    context, page, errors = open_projector(browser, live_server, size, lang)
    for position, slide in enumerate(slides):
        if position:
            page.goto(f"{live_server.url}/t/coppa/projector/?slide={position}")
        expect(page.locator(f"#screen.slide-{slide.kind}")).to_be_visible()
        if slide.kind == "seating":
            expect(page.locator(".seat-lines tbody tr")).to_have_count(
                12
            )  # 13 players, one withdrawn
            first = page.locator(".seat-lines tbody tr").first
            expect(first.locator(".name")).to_have_text("Anna Maria Rossi")
        if slide.kind == "clock":
            expect(page.locator(".big-clock .clock-time")).to_have_text(
                re.compile(r"^3[45]:[0-5]\d$")
            )
        assert_fits_the_screen(page, size)
        shots(page, f"projector-{position}-{slide.kind}-{size}-{lang}")
    assert errors == []
    context.close()


@pytest.fixture
def big(organizer):
    """60 players with long names, round 1 played, round 2 seated: 3 pages of seating, 5 of
    standings."""
    tournament = TournamentFactory(
        slug="grande",
        name="Gran Torneo di Primavera del Circolo",
        owner=organizer,
        rounds_planned=3,
    )
    running_evening(tournament, withdraw=crowd(60)[0][0], players=crowd(60))
    return tournament


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "hd", "fhd"])
def test_full_pages_fit_the_screen(live_server, browser, big, size, lang, shots):
    slides = projector.show(big).slides
    kinds = [s.kind for s in slides]
    assert kinds == ["seating"] * 3 + ["clock"] + ["standings"] * 5, kinds
    context, page, errors = open_projector(browser, live_server, size, lang, slug="grande")
    expect(page.locator(".seat-lines tbody tr")).to_have_count(24)
    expect(page.locator("h1 .page")).to_have_text("1/3")
    assert_fits_the_screen(page, size)
    shots(page, f"projector-seating-full-{size}-{lang}")
    page.goto(f"{live_server.url}/t/grande/projector/?slide=4")
    expect(page.locator(".standing-lines tbody tr")).to_have_count(12)
    assert_fits_the_screen(page, size)
    shots(page, f"projector-standings-full-{size}-{lang}")
    assert errors == []
    context.close()


def test_the_slides_move_on_by_themselves(live_server, browser, tournament, monkeypatch, shots):
    running_evening(tournament)
    monkeypatch.setattr(projector, "SECONDS", dict.fromkeys(projector.SECONDS, 1))
    context, page, errors = open_projector(browser, live_server, "hd", "en")
    screen = page.locator("#screen")
    expect(screen).to_have_attribute("data-slide", "0")
    for position, kind in [(1, "clock"), (2, "standings"), (0, "seating")]:  # and round again
        expect(screen).to_have_attribute("data-slide", str(position), timeout=4000)
        expect(screen).to_have_class(re.compile(rf"slide-{kind}"))
    assert errors == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_clock_counts_down_to_time_is_up(live_server, browser, tournament, lang, shots):
    running_evening(tournament, minutes=1, gone=timedelta(seconds=57))
    context, page, errors = open_projector(browser, live_server, "hd", lang, slide=1)
    time = page.locator(".big-clock .clock-time")
    expect(time).to_have_text(re.compile(r"^00:0[0-3]$|^Time is up$|^Tempo scaduto$"))
    expect(time).to_have_class(re.compile(r"\bover\b"), timeout=5000)
    expect(time).to_have_text("Time is up" if lang == "en" else re.compile(r"^(?!\d)"))
    assert_fits_the_screen(page, "hd")
    shots(page, f"projector-clock-over-{lang}")
    # Restarted (the lead's services will do it; here the fields): the same element counts again.
    round_ = tournament.rounds.get(number=2)
    round_.clock_started_at = timezone.now()
    round_.minutes = 90
    round_.save(update_fields=["clock_started_at", "minutes"])
    page.reload()
    expect(time).to_have_text(re.compile(r"^1:(29:5\d|30:00)$"))
    expect(time).not_to_have_class(re.compile(r"\bover\b"))
    assert_fits_the_screen(page, "hd")  # H:MM:SS is wider than MM:SS
    shots(page, f"projector-clock-hours-{lang}")
    assert errors == []
    context.close()
