"""Results from the table in Chromium at 360 px: a player opens the address printed under the QR
code of their slip, enters a hand on the phone, and another player of the table accepts it (issue
13)."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tables.models import Hand
from tests.factories import TournamentFactory, seated_table
from tournaments import links
from tournaments.audit import COMMAND_LINE
from tournaments.models import Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 780}


@pytest.fixture
def table(db):
    organizer = get_user_model().objects.create_user("olga", password="pw-olga-123")
    tournament = TournamentFactory(
        slug="coppa",
        name="Coppa Cuori",
        owner=organizer,
        confirmation_policy="player",
        players_enter_hands=True,
    )
    table = seated_table(
        tournament, names=["Anna Maria Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Neri"]
    )
    links.issue_missing(tournament, actor=COMMAND_LINE)
    return table


def slip_addresses(browser, live_server):
    """The organizer's printable slips: each player's address as printed under the QR code."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/t/coppa/manage/links/print/")
    page.locator("input[name=username]").fill("olga")
    page.locator("input[name=password]").fill("pw-olga-123")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/manage/links/print/$"))
    slips = page.locator(".slip")
    expect(slips).to_have_count(4)
    addresses = {}
    for i in range(4):
        slip = slips.nth(i)
        assert slip.locator("svg").count() == 1  # the QR code
        addresses[slip.locator(".slip-name").inner_text()] = slip.locator(".slip-url").inner_text()
    context.close()
    return addresses


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_player_enters_a_hand_on_the_phone_and_another_accepts_it(
    live_server, browser, table, lang, shots
):
    addresses = slip_addresses(browser, live_server)
    assert list(addresses) == [
        "Bruno Bianchi",
        "Dario Neri",
        "Anna Maria Rossi",
        "Carla Verdi",
    ]  # by surname
    locale = {"en": "en-GB", "it": "it-IT"}[lang]
    anna_context = browser.new_context(viewport=PHONE, locale=locale)
    anna = anna_context.new_page()
    anna.goto(addresses["Anna Maria Rossi"])
    expect(anna.locator("h1")).to_have_text("Anna Maria Rossi")
    expect(anna.locator(".table-seats li.me")).to_contain_text("Anna Maria Rossi")
    fits(anna)
    shots(anna, f"player-{lang}")
    for i, points in enumerate([13, 3, 5, 5]):
        anna.locator(f"#id_p{i}").fill(str(points))
    anna.locator(".player-entry button[type=submit]").click()
    expect(anna.locator(".notice")).to_be_visible()
    expect(anna.locator(".waiting")).to_be_visible()
    assert not Hand.objects.exists()
    fits(anna)

    bruno_context = browser.new_context(viewport=PHONE, locale=locale)
    bruno = bruno_context.new_page()
    bruno.goto(addresses["Bruno Bianchi"])
    card = bruno.locator(".accept.card")
    expect(card).to_contain_text("13")
    expect(bruno.locator(".player-entry")).to_have_count(
        0
    )  # answer Anna's entry, not enter over it
    fits(bruno)
    shots(bruno, f"player-accept-{lang}")
    card.locator("button.primary").click()
    expect(bruno.locator(".notice")).to_be_visible()
    expect(bruno.locator(".compact-sheet tbody tr").first).to_contain_text("13")
    assert Hand.objects.count() == 1
    hand = Hand.objects.get()
    entry = hand.entries.get()
    assert entry.entered_by_player == Registration.objects.get(player__name="Anna Maria Rossi")
    assert entry.decided_by_player == Registration.objects.get(player__name="Bruno Bianchi")
    # Anna's page follows on its own (live): her entry is now a recorded hand.
    expect(anna.locator(".compact-sheet tbody tr").first).to_contain_text("13", timeout=15000)
    anna_context.close()
    bruno_context.close()
