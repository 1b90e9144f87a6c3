"""The organizer's decisions in Chromium: lock and finish state their consequences first; reopening
needs a reason; a draft's public address says "not published yet". At 360 and 1280 px, English and
Italian."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tables import services
from tests.factories import TournamentFactory, seated_table
from tournaments.audit import COMMAND_LINE
from tournaments.models import Round, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 900}}
LOCALES = {"en": "en-GB", "it": "it-IT"}


@pytest.fixture
def evening(db):
    organizer = get_user_model().objects.create_user("olga", password="pw-olga-123")
    tournament = TournamentFactory(
        slug="coppa", name="Coppa Cuori", owner=organizer, rounds_planned=4
    )
    finished = seated_table(tournament, number=1)
    for _ in range(4):
        services.record_hand(finished, [25, 1, 0, 0], actor=COMMAND_LINE)
    playing = seated_table(tournament, number=2)
    services.record_hand(playing, [13, 3, 5, 5], actor=COMMAND_LINE)
    return tournament


def log_in(browser, live_server, size, lang):
    context = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang])
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/t/coppa/manage/")
    page.locator("input[name=username]").fill("olga")
    page.locator("input[name=password]").fill("pw-olga-123")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/t/coppa/manage/$"))
    return context, page


def fits(page, width):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_lock_finish_and_reopen_state_their_consequences(
    live_server, browser, evening, size, lang, shots
):
    width = SIZES[size]["width"]
    context, page = log_in(browser, live_server, size, lang)
    # Locking asks first, saying what will happen to the table still playing and the one not
    # confirmed.
    page.locator("a[href='/t/coppa/manage/rounds/1/lock/']").click()
    consequences = page.locator(".consequences li")
    expect(consequences).to_have_count(3)
    expect(consequences.nth(0)).to_contain_text("2")
    fits(page, width)
    shots(page, f"lock-{size}-{lang}")
    assert Round.objects.get(number=1).status == "playing"  # nothing happened yet
    page.locator(".decision button.primary").click()
    page.wait_for_url(re.compile(r".*/t/coppa/manage/$"))
    assert Round.objects.get(number=1).status == "locked"

    # Finishing states the rounds not played.
    page.locator("a[href='/t/coppa/manage/finish/']").click()
    expect(page.locator(".consequences li").first).to_contain_text("2, 3")
    fits(page, width)
    shots(page, f"finish-{size}-{lang}")
    page.locator(".decision button.primary").click()
    page.wait_for_url(re.compile(r".*/t/coppa/manage/$"))
    assert Tournament.objects.get().status == "finished"

    # Reopening needs a reason: the browser will not send an empty one.
    page.locator("details.reopen summary").last.click()
    page.locator("details.reopen input[name=reason]").last.fill("one more round was agreed")
    fits(page, width)
    shots(page, f"reopen-{size}-{lang}")
    page.locator("details.reopen button").last.click()
    page.wait_for_url(re.compile(r".*/t/coppa/manage/$"))
    assert Tournament.objects.get().status == "running"
    assert (
        Tournament.history.order_by("-history_date").first().history_change_reason
        == "one more round was agreed"
    )
    context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_draft_says_not_published_yet(live_server, browser, evening, size, shots):
    Tournament.objects.update(status=Tournament.Status.DRAFT)
    for lang, text in (("en", "not published yet"), ("it", "non è ancora pubblicato")):
        context = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang])
        page = context.new_page()
        response = page.goto(f"{live_server.url}/t/coppa/standings/")
        assert response.status == 200
        expect(page.locator("main")).to_contain_text(text)
        expect(page.locator("h1")).to_have_text("Coppa Cuori")
        expect(page.locator("input[type=password]")).to_have_count(0)
        fits(page, SIZES[size]["width"])
        shots(page, f"not-published-{size}-{lang}")
        context.close()
