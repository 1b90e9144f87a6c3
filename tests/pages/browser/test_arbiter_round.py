"""The arbiter's round page and the organizer's printable slips in Chromium, at 360 and 1280 px, in
English and Italian (issue 13): every table a row that fits, rows that do not overlap, a note being
typed that outlives the page's refresh, and a call answered."""

import re

import pytest
from playwright.sync_api import expect

from tables import entries
from tables.models import TableFlag
from tables.services import record_hand
from tests.factories import seated_table
from tournaments import links
from tournaments.audit import COMMAND_LINE, Actor
from tournaments.models import Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 360, "height": 780}, "desk": {"width": 1280, "height": 900}}
LOCALES = {"en": "en-GB", "it": "it-IT"}


def player(table, position):
    return Actor.of_player(Registration.objects.get(seats__table=table, seats__position=position))


@pytest.fixture
def evening(tournament):
    """Round 1 with a table of each state: not started, playing, awaiting, disputed, called."""
    tournament.confirmation_policy = "player"
    tournament.players_enter_hands = True
    tournament.save()
    names = [
        ["Anna Maria Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Neri"],
        ["Elena Gallo", "Fabio Conti", "Giulia Costa", "Luca Fontana"],
        ["Marta Ricci", "Nicola Marino", "Olivia Greco", "Paolo Bruno"],
        ["Rita Moretti", "Sergio Barbieri", "Teresa Lombardi", "Ugo Ferrari"],
        ["Valeria Esposito", "Walter Romano", "Ylenia Colombo", "Zeno Mancini"],
    ]
    tables = [seated_table(tournament, number=n + 1, names=names[n]) for n in range(5)]
    record_hand(tables[1], [13, 13, 0, 0], actor=COMMAND_LINE)
    entries.submit(tables[2], actor=player(tables[2], 0), number=1, points=[13, 13, 0, 0])
    rejected = entries.submit(
        tables[3], actor=player(tables[3], 0), number=1, points=[13, 13, 0, 0]
    )
    entries.reject(
        tables[3], rejected.pk, actor=player(tables[3], 1), reason="Teresa took the queen"
    )
    entries.flag_table(tables[4], actor=player(tables[4], 2), reason="a card on the floor")
    links.issue_missing(tournament, actor=COMMAND_LINE)
    return tables


def log_in(browser, live_server, size, lang, username, password, path):
    context = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang])
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next={path}")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf".*{re.escape(path)}$"))
    return context, page


def boxes(locator):
    return [locator.nth(i).bounding_box() for i in range(locator.count())]


def assert_stacked_within(page, found, width):
    """Each box inside the page's width, and no two of them overlapping."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for i, a in enumerate(found):
        assert a["x"] >= 0 and a["x"] + a["width"] <= width + 0.5, a
        for b in found[i + 1 :]:
            apart = (
                a["x"] + a["width"] <= b["x"]
                or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"]
                or b["y"] + b["height"] <= a["y"]
            )
            assert apart, (a, b)


@pytest.mark.parametrize("size", ["phone", "desk"])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_arbiter_sees_every_table_and_answers_a_call(
    live_server, browser, evening, size, lang, shots
):
    context, page = log_in(
        browser, live_server, size, lang, "arturo", "pw-arturo-123", "/t/coppa/rounds/1/arbiter/"
    )
    rows = page.locator(".board-row")
    expect(rows).to_have_count(5)
    # Most urgent first: called (5), disputed (4), awaiting (3), playing (2), not started (1).
    assert [rows.nth(i).locator(".table-link").inner_text() for i in range(5)] == [
        f"{'Table' if lang == 'en' else 'Tavolo'} {n}" for n in (5, 4, 3, 2, 1)
    ]
    assert_stacked_within(page, boxes(rows), SIZES[size]["width"])
    for i in range(5):  # within a row, the link, the state and the players do not overlap either
        row = rows.nth(i)
        assert_stacked_within(
            page, boxes(row.locator(".table-link, .badge, .players")), SIZES[size]["width"]
        )
    shots(page, f"arbiter-round-{size}-{lang}")

    note = page.locator(".flag input[name=note]")
    note.fill("picked up, play on")
    # The board refreshes itself every 10 s; a refresh now keeps what is being typed.
    page.evaluate("htmx.ajax('GET', location.pathname, {target: '#board', swap: 'outerHTML'})")
    page.wait_for_load_state("networkidle")
    expect(page.locator(".flag input[name=note]")).to_have_value("picked up, play on")
    page.locator(".flag button[type=submit]").click()
    expect(page.locator(".flag")).to_have_count(0)
    flag = TableFlag.objects.get()
    assert flag.resolved_at is not None and flag.note == "picked up, play on"
    expect(rows.first.locator(".table-link")).to_have_text(
        f"{'Table' if lang == 'en' else 'Tavolo'} 4"
    )
    context.close()


@pytest.mark.parametrize("size", ["phone", "desk"])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_slips_fit_the_page_without_overlapping(
    live_server, browser, evening, size, lang, shots
):
    context, page = log_in(
        browser, live_server, size, lang, "olga", "pw-olga-123", "/t/coppa/manage/links/print/"
    )
    slips = page.locator(".slip")
    expect(slips).to_have_count(20)
    assert_stacked_within(page, boxes(slips), SIZES[size]["width"])
    for i in range(3):
        slip = slips.nth(i)
        assert_stacked_within(page, boxes(slip.locator(".qr, .slip-text")), SIZES[size]["width"])
    shots(page, f"slips-{size}-{lang}")
    context.close()
