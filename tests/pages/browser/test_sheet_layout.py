"""The score sheet where it hurts, in Chromium at 360 and 1280 px, in English and Italian.

Boxes are measured, not strings: names wrap between words only, the place
and match-point labels do not overflow into the values, the correction row's
reason, penalty and Save fit the screen, and a stale write (409) keeps what
the arbiter typed and says what changed. Screenshots go to the test's output
folder (``--output DIR``) to be looked at.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tables import services
from tests.factories import TournamentFactory, seated_table
from tournaments.audit import COMMAND_LINE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Massimiliano Bartolomei", "Anna Maria Di Giovanni", "Pierfrancesco Santangelo", "Zoe Li"]
SIZES = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 900}}
LOCALES = {"en": "en-GB", "it": "it-IT"}


@pytest.fixture
def sheet(db):
    arbiter = get_user_model().objects.create_user("arturo", password="pw-arturo-123")
    tournament = TournamentFactory(slug="coppa", name="Coppa Cuori", rounds_planned=3)
    tournament.arbiters.add(arbiter)
    table = seated_table(tournament, names=NAMES)
    hand = services.record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    services.record_hand(table, [26, 0, 26, 26], actor=COMMAND_LINE)  # seat 2 shoots the moon
    services.record_hand(
        table, None, actor=COMMAND_LINE, penalty_offender=2, penalty_reason="revoke on trick 4"
    )
    services.correct_hand(hand, [3, 13, 5, 5], actor=COMMAND_LINE, reason="seats 1 and 2 swapped")
    return table


def open_sheet(browser, live_server, size, lang):
    context = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang])
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/t/coppa/tables/1/1/")
    page.locator("input[name=username]").fill("arturo")
    page.locator("input[name=password]").fill("pw-arturo-123")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/t/coppa/tables/1/1/$"))
    page.wait_for_load_state("load")
    expect(page.locator("#sheet")).to_be_visible()
    return context, page


def assert_fits(page, locator, width):
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not visible"
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (
        f"{locator}: {box} outside {width} px"
    )
    return box


def overlaps(a, b) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


NAME_WORDS_ON_ONE_LINE = """() => [...document.querySelectorAll('.score th.seat .word')].map(w => ({
    text: w.textContent, lines: w.getClientRects().length,
    height: w.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(w).lineHeight)
        || parseFloat(getComputedStyle(w).fontSize) * 1.2,
}))"""

ROW_LABELS_FIT = """() => [...document.querySelectorAll(
    '.score tfoot th[scope=row], .score tbody th[scope=row]')].map(th => ({
    text: th.innerText, overflow: th.scrollWidth - th.clientWidth,
}))"""


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_sheet_fits_names_labels_and_the_correction_row(
    live_server, browser, sheet, size, lang, shots
):
    width = SIZES[size]["width"]
    context, page = open_sheet(browser, live_server, size, lang)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    # Names wrap between words, never inside one.
    for word in page.evaluate(NAME_WORDS_ON_ONE_LINE):
        assert word["lines"] == 1 and word["height"] <= word["lineHeight"] * 1.3, word
    # Moon and penalty hands are marked with a symbol in the row and a sentence under it.
    expect(page.locator("#hand-2 th .mark")).to_have_text("☾")
    expect(page.locator("#hand-2 + tr.note")).to_contain_text("Anna Maria Di Giovanni")
    expect(page.locator("#hand-3 th .mark")).to_have_text("⚠")
    expect(page.locator("#hand-3 + tr.note")).to_contain_text("revoke on trick 4")
    shots(page, f"sheet-{size}-{lang}")

    # The correction row: reason, penalty and Save inside the screen, not on top of each other.
    page.locator("#hand-1").get_by_role("link").click()
    form = page.locator("#correct-1")
    expect(form).to_be_visible()
    boxes = [
        assert_fits(page, form.locator(sel), width)
        for sel in ("input[name=reason]", "select", "button[type=submit]")
    ]
    assert not overlaps(boxes[0], boxes[2]) and not overlaps(boxes[1], boxes[2])
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shots(page, f"sheet-correction-{size}-{lang}")
    page.locator("#correct-1 a.button").click()  # cancel

    # Time is up: place and match-point labels stay inside their cells.
    page.locator("#id_p0").fill("0")
    page.locator("#id_p1").fill("13")
    page.locator("#id_p2").fill("13")
    page.locator("#id_p3").fill("0")
    page.locator("#id_p3").press("Enter")
    expect(page.locator("#hand-4")).to_be_visible()
    page.once(
        "dialog", lambda dialog: dialog.accept()
    )  # "End the game now with the hands recorded so far?"
    page.locator("form.close-game button").click()
    expect(page.locator(".result")).to_be_visible()
    for label in page.evaluate(ROW_LABELS_FIT):
        assert label["overflow"] <= 0, label
    place_label = page.locator("tr.places th").bounding_box()
    first_place = page.locator("tr.places td").first.bounding_box()
    assert not overlaps(place_label, first_place)
    assert_fits(page, page.locator(".result button.primary"), width)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shots(page, f"sheet-over-{size}-{lang}")
    assert errors == []
    context.close()


def test_a_stale_write_keeps_what_was_typed_and_says_what_changed(
    live_server, browser, sheet, shots
):
    context, page = open_sheet(browser, live_server, "phone", "en")
    page.locator("#id_p0").fill("0")
    page.locator("#id_p1").fill("13")
    page.locator("#id_p2").fill("13")
    # Meanwhile another arbiter records hand 4 from another device.
    services.record_hand(sheet, [13, 0, 0, 13], actor=COMMAND_LINE, number=4)
    page.locator("#id_p3").fill("0")
    page.locator("#id_p3").press("Enter")
    error = page.locator("#sheet .error")
    expect(error).to_contain_text("Another arbiter saved this table first")
    expect(error).to_contain_text("Hand 4")
    expect(error).to_contain_text("13 / 0 / 0 / 13")
    # What was typed is still there, now as hand 5.
    for i, value in enumerate(["0", "13", "13", "0"]):
        expect(page.locator(f"#id_p{i}")).to_have_value(value)
    expect(page.locator("#entry-row th")).to_have_text("5")
    shots(page, "sheet-409-phone-en")
    page.locator("#id_p3").press("Enter")
    expect(page.locator(".notice")).to_contain_text("Hand 5 recorded.")
    context.close()
