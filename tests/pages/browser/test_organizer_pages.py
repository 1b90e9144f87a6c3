"""The organizer's evening in Chromium at 360 and 1280 px, in English and Italian (issue 14).

13 players with long names and clubs, round 1 played, one player withdrawn, round 2 seated with its
clock running. The pages an organizer and an arbiter use without /admin/ — manage, players,
correcting a player, check-in, the seating of a round, the arbiter's round page with the clock, a
new arbiter's account and its set-password page — each: no two lines of text overlap, nothing is cut
off at the window's edges, no sideways scrolling (``layout``). Screenshots go to ``--output``.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.pages.evening import crowd, play_round, register, running_evening
from tournaments import checkin, organizer
from tournaments.audit import COMMAND_LINE
from tournaments.models import Attendance, Registration, Round

from .layout import assert_readable

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 360, "height": 780}, "desk": {"width": 1280, "height": 900}}
LOCALES = {"en": "en-GB", "it": "it-IT"}
WITHDRAWN = "Ludovica Fontanarosa"


@pytest.fixture
def running(tournament):
    running_evening(tournament, withdraw=WITHDRAWN)
    return tournament


def log_in(browser, live_server, size, lang, username, password):
    context = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.url}/accounts/login/?next=/t/coppa/manage/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"^https?://[^/]+/t/coppa/manage/$"), wait_until="load")
    return context, page, errors


def visit(page, live_server, path):
    page.goto(f"{live_server.url}{path}")
    page.wait_for_load_state("load")


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_the_organizers_pages_fit(live_server, browser, running, size, lang, shots):
    context, page, errors = log_in(browser, live_server, size, lang, "olga", "pw-olga-123")
    anna = Registration.objects.get(tournament=running, player__name="Anna Maria Rossi")
    pages = {
        "manage": "/t/coppa/manage/",
        "players": "/t/coppa/manage/players/",
        "player-edit": f"/t/coppa/manage/players/{anna.pk}/edit/",
        "check-in": "/t/coppa/manage/check-in/",
        "seating": "/t/coppa/manage/rounds/2/seating/",
        "arbiter-round": "/t/coppa/rounds/2/arbiter/",
    }
    for name, path in pages.items():
        visit(page, live_server, path)
        shots(page, f"organizer-{name}-{size}-{lang}")
        assert_readable(page)
    # The players' list marks the withdrawn player; the check-in lists everyone else, one choice
    # each.
    visit(page, live_server, "/t/coppa/manage/players/")
    expect(page.locator("tr.withdrawn")).to_contain_text(WITHDRAWN)
    visit(page, live_server, "/t/coppa/manage/check-in/")
    expect(page.locator("body")).not_to_contain_text(WITHDRAWN)
    # 12 players after 13 at 3 tables: the seating page says 3 repeated pairs could not be avoided.
    visit(page, live_server, "/t/coppa/manage/rounds/2/seating/")
    expect(page.locator("p.unavoidable")).to_contain_text("3")
    # The round clock runs on the arbiter's round page: a time left, not the round's whole duration.
    visit(page, live_server, "/t/coppa/rounds/2/arbiter/")
    clock = page.locator(".clock-time")
    expect(clock).to_have_text(re.compile(r"^(3[45]|[0-3]\d):\d\d$"))
    assert errors == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_a_round_that_keeps_the_schedule_says_why_it_repeats_pairs(
    live_server, browser, tournament, size, lang, shots
):
    """28 players over 9 rounds (the unital), one of them checked in absent for round 4: the
    tournament's plan less that player, re-formed at tables of 5, repeats pairs the seating page
    lists; the line under them says they keep the schedule, with the repeated pairs either way
    over the rounds still to play, and it fits beside the warnings."""
    Round.objects.filter(tournament=tournament).delete()
    type(tournament).objects.filter(pk=tournament.pk).update(rounds_planned=9)
    tournament.refresh_from_db()
    regs = register(tournament, crowd(28))
    for number in range(1, 4):
        round_ = organizer.start_round(tournament, actor=COMMAND_LINE, seed=number)
        play_round(round_, hands=1)
        organizer.lock_round(round_, actor=COMMAND_LINE)
    checkin.set_attendance(tournament, 4, {regs[0].pk: Attendance.State.ABSENT}, actor=COMMAND_LINE)
    round4 = organizer.start_round(tournament, actor=COMMAND_LINE, seed=4)
    assert round4.schedule_kept
    context, page, errors = log_in(browser, live_server, size, lang, "olga", "pw-olga-123")
    visit(page, live_server, "/t/coppa/manage/rounds/4/seating/")
    expect(page.locator("ul.repeats li").first).to_be_visible()
    expect(page.locator("p.schedule-kept")).to_be_visible()
    kept, planned = round4.kept_repeats, round4.planned_repeats
    assert kept == 12 and planned > kept
    expect(page.locator("p.schedule-kept")).to_contain_text(
        re.compile(rf"\b{kept} (pairs|coppie), (against|contro) {planned}\b")
    )
    shots(page, f"organizer-seating-kept-{size}-{lang}")
    assert_readable(page)
    assert errors == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_a_namesake_is_shown_next_to_the_name(live_server, browser, running, size, lang, shots):
    context, page, errors = log_in(browser, live_server, size, lang, "olga", "pw-olga-123")
    visit(page, live_server, "/t/coppa/manage/players/")
    form = page.locator("form[action$='/manage/players/']")
    form.locator("input[name=name]").fill("Niccolo dell'acqua")
    form.locator("input[name=club]").fill("Cuori Milano")
    form.locator("button[type=submit]").click()
    page.wait_for_load_state("load")
    warning = page.locator(
        "form[action$='/manage/players/'] .field-error, form[action$='/manage/players/'] .error"
    )
    expect(warning.first).to_contain_text("Niccolò Dell'Acqua")
    expect(page.locator("input[name=namesake_confirmed]")).to_be_visible()
    assert_readable(page)
    shots(page, f"organizer-namesake-{size}-{lang}")
    assert errors == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desk"])
def test_a_new_arbiter_gets_a_link_and_sets_a_password(
    live_server, browser, running, size, lang, shots
):
    context, page, errors = log_in(browser, live_server, size, lang, "olga", "pw-olga-123")
    page.locator("input[name='new-username']").fill(f"beatrice-{size}")
    page.locator("input[name='new-username']").press("Enter")
    page.wait_for_load_state("load")
    link = page.locator("input.copy").input_value()
    assert re.match(rf"{re.escape(live_server.url)}/accounts/password/[^/]+/[^/]+/$", link), link
    qr = page.locator("figure.qr svg, figure.qr img").first.bounding_box()
    assert qr is not None and qr["x"] >= 0 and qr["x"] + qr["width"] <= SIZES[size]["width"]
    assert_readable(page)
    shots(page, f"arbiter-created-{size}-{lang}")
    # The new arbiter opens the link on their own phone: no session, the organizer's language.
    theirs = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang])
    phone = theirs.new_page()
    phone.goto(link)
    phone.wait_for_load_state("load")
    assert_readable(phone)
    shots(phone, f"set-password-{size}-{lang}")
    phone.locator("input[name=new_password1]").fill("cuori-arbitra-2026")
    phone.locator("input[name=new_password2]").fill("cuori-arbitra-2026")
    phone.locator("button.primary").click()
    phone.wait_for_load_state("load")
    assert_readable(phone)
    shots(phone, f"set-password-done-{size}-{lang}")
    assert "/accounts/password/done/" in phone.url
    assert errors == []
    theirs.close()
    context.close()
