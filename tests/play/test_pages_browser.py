"""Online play's pages in Debian's Chromium at 360 and 1280 px, in English and Italian (issue 14).

The setup page is reached from the score sheet and the round page; its seat links carry QR codes
and print alone. At the table, a card is selected and played with the keyboard only, cards in
the trick never cover a name (boxes measured at 3, 4 and 5 seats), card counts are readable
(contrast computed from the page's colours), the dealer's mark is explained and the hint speaks
of taps on a touch screen. Screenshots go to the test's output folder (``--output DIR``).
"""

import os
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from engine.autoplay import auto_pass, auto_play
from engine.cards import card_code
from tables.models import PlayEvent, PlayState, Table
from tables.play import replay, services
from tests.factories import TournamentFactory, seated_table

from .layout import (
    colours,
    contrast,
    cut_selects,
    element_boxes,
    outside,
    overlapping,
    text_boxes,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):  # pragma: no cover - CI installs it
    pytest.skip("Debian's Chromium is not installed", allow_module_level=True)
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs a loop

NAMES = [
    "Massimiliano Bartolomei",
    "Anna Maria Di Giovanni",
    "Zoe Li",
    "Pierfrancesco Santangelo",
    "Gian Battista Mastrogiacomo",
]
SIZES = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 900}}
LOCALES = {"en": "en-GB", "it": "it-IT"}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture
def errors():
    """Uncaught JavaScript errors of the pages opened with ``open_page``."""
    return []


def open_page(browser, errors, size, lang, **context):
    ctx = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang], **context)
    page = ctx.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return ctx, page


def assert_fits(page, root, width):
    """No two lines of text under ``root`` overlap, none leaves the screen, nothing scrolls
    sideways."""
    boxes = text_boxes(page, root)
    assert boxes, f"no text under {root}"
    assert not overlapping(boxes), overlapping(boxes)
    assert not outside(boxes, width), outside(boxes, width)
    assert not cut_selects(page), cut_selects(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


# -- the board ---------------------------------------------------------------------------------


def human_seat_table(slug, players=4, rules="club"):
    table = seated_table(
        TournamentFactory(slug=slug, name="Coppa Cuori", rules=rules),
        players=players,
        names=NAMES[:players],
    )
    computers = {p: "easy" for p in range(1, players)}
    services.start_engine_play(table, computers=computers, seed=11)
    return table


def drive_until_last_to_play(table):
    """Seat 0 passes and plays (automatic choices) until it is its turn with every other seat's
    card in the trick: the fullest trick, shown around the names."""
    for _ in range(300):
        state = PlayState.objects.get(table=table)
        hand = replay.rebuild(state)
        if 0 not in replay.to_act(hand):
            raise AssertionError(f"seat 0 is not to act: {replay.to_act(hand)}")
        if hand.phase == "pass":
            services.submit_pass(table.id, 0, [card_code(c) for c in auto_pass(hand, 0)])
            continue
        trick = hand.view(0).current_trick
        if trick is not None and len(trick[1]) == hand.n - 1:
            return
        services.submit_play(table.id, 0, card_code(auto_play(hand)))
    raise AssertionError("seat 0 was never last to play")


def check_board(page, width, players):
    """The table's boxes: no card of the trick on a name or a count, no text on other text,
    nothing cut off; the counts and names readable on the felt."""
    trick = element_boxes(page, "#board .felt .trick .card")
    assert len(trick) >= players - 1
    seats = text_boxes(page, "#board .felt .seat, #board .felt .turn")
    names = [b for b in seats if b["text"] in NAMES or any(b["text"] in n for n in NAMES)]
    assert names, seats
    assert not overlapping(trick, seats), overlapping(trick, seats)
    assert not overlapping(element_boxes(page, "#board .felt .seat"), trick)
    assert_fits(page, "#board", width)
    # Names wrap between words only (a surname is never cut in two).
    words = page.evaluate(
        "[...document.querySelectorAll('#board .felt .seat .word')]"
        ".map(w => [w.textContent, w.getClientRects().length])"
    )
    assert words and all(lines == 1 for _word, lines in words), words
    for selector in (
        "#board .felt .seat:not(.place-0) .count",
        "#board .felt .seat .name",
        "#board .felt .turn",
    ):
        c = colours(page, selector)
        assert c["opacity"] == "1"
        assert contrast(c["color"], c["background"]) >= 4.5, (selector, c)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_card_is_played_with_the_keyboard_alone_and_nothing_overlaps(
    live_server, browser, errors, size, lang, shots
):
    width = SIZES[size]["width"]
    table = human_seat_table(f"board-{size}-{lang}")
    drive_until_last_to_play(table)
    token = table.seats.get(position=0).play.token
    ctx, page = open_page(browser, errors, size, lang)
    page.goto(f"{live_server.url}/play/s/{token}/")
    expect(page.locator("#board.my-turn")).to_be_visible()
    shots(page, f"board-{size}-{lang}")
    check_board(page, width, 4)

    # The dealer's mark is explained: a legend, a tooltip, and words for screen readers.
    mark = page.locator("#board .play-scores .dealer-mark")
    expect(mark).to_have_count(1)
    assert mark.get_attribute("title")
    expect(page.locator("#board .legend .dealer-mark")).to_be_visible()
    expect(page.locator("#board .play-scores .sr")).to_have_count(1)
    # A mouse and a keyboard: the hint speaks of clicks and keys.
    expect(page.locator("#board .hint .hint-pointer")).to_be_visible()
    expect(page.locator("#board .hint .hint-touch")).to_be_hidden()

    # Keyboard only: Tab into the hand, arrows to a card that may be played, Enter, Enter.
    tab_until(page, "!!document.activeElement.closest('#board .hand .cards')")
    for _ in range(13):
        if "legal" in page.evaluate("document.activeElement.className").split():
            break
        page.keyboard.press("ArrowRight")
    focused = page.locator("#board .playing button.card:focus")
    code = focused.get_attribute("data-card")
    name = focused.get_attribute("aria-label")
    assert code and name
    ring = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()"
    )
    assert ring[0] == "solid" and ring[1] >= 2, ring
    page.keyboard.press("Enter")
    card = page.locator(f"#board .playing button.card[data-card='{code}']")
    expect(card).to_have_class(re.compile(r"\bselected\b"))
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#play-live")).to_contain_text(name)
    assert not PlayEvent.objects.filter(table=table, seat=0, kind="play", cards=[code]).exists()
    shots(page, f"board-selected-{size}-{lang}")
    version = page.locator("#board").get_attribute("data-version")
    page.keyboard.press("Enter")
    expect(page.locator("#board")).not_to_have_attribute("data-version", version, timeout=15000)
    played = PlayEvent.objects.filter(table=table, seat=0, kind="play").order_by("-id").first()
    assert played.cards == [code] and played.actor == "human"
    expect(page.locator("#play-live")).not_to_be_empty()
    # The focus stays in the hand for the next card (the board was replaced meanwhile).
    page.wait_for_selector("#board.my-turn", timeout=15000)
    assert page.evaluate("!!document.activeElement.closest('#board .hand')")
    shots(page, f"board-after-{size}-{lang}")
    assert not errors, errors
    ctx.close()


def tab_until(page, condition: str, presses: int = 80) -> None:
    """Press Tab until the script ``condition`` (about ``document.activeElement``) holds."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(condition):
            return
    raise AssertionError(f"Tab never reached {condition}")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_pass_is_chosen_and_confirmed_with_the_keyboard_alone(
    live_server, browser, errors, size, shots
):
    table = human_seat_table(f"pass-{size}")
    token = table.seats.get(position=0).play.token
    ctx, page = open_page(browser, errors, size, "en")
    page.goto(f"{live_server.url}/play/s/{token}/")
    expect(page.locator("#board form.passing")).to_be_visible()
    tab_until(page, "!!document.activeElement.closest('#board .passing .cards')")
    chosen = []
    for key in ("Space", "Enter", "Space"):  # Space or Enter raises a card, arrows move
        chosen.append(page.evaluate("document.activeElement.value"))
        page.keyboard.press(key)
        page.keyboard.press("ArrowRight")
    boxes = page.locator("#board .passing input[name=card]:checked")
    expect(boxes).to_have_count(3)
    expect(page.locator("#play-live")).to_contain_text("Chosen for the pass")
    ring = page.evaluate("getComputedStyle(document.activeElement.nextElementSibling).outlineStyle")
    assert ring == "solid"
    shots(page, f"pass-chosen-{size}")
    tab_until(page, "document.activeElement.matches('#board button.confirm')")
    page.keyboard.press("Enter")
    expect(page.locator("#board form.passing")).to_have_count(0, timeout=15000)
    passed = PlayEvent.objects.get(table=table, seat=0, kind="pass")
    assert passed.cards == chosen and passed.actor == "human"
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_trick_keeps_off_the_names_at_three_and_five_seats(
    live_server, browser, errors, size, players, shots
):
    table = human_seat_table(f"seats-{players}-{size}", players=players)
    drive_until_last_to_play(table)
    token = table.seats.get(position=0).play.token
    ctx, page = open_page(browser, errors, size, "en")
    page.goto(f"{live_server.url}/play/s/{token}/")
    expect(page.locator("#board.my-turn")).to_be_visible()
    shots(page, f"board-{players}-seats-{size}")
    check_board(page, SIZES[size]["width"], players)
    # The spectator's board: every seat's count shown, the same boxes.
    page.goto(f"{live_server.url}/play/{table.round.tournament.slug}/1/1/")
    expect(page.locator("#board .felt .seat .count")).to_have_count(players)
    shots(page, f"spectator-{players}-seats-{size}")
    check_board(page, SIZES[size]["width"], players)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_on_a_touch_screen_the_hint_speaks_of_taps_and_a_tap_plays(
    live_server, browser, errors, lang, shots
):
    table = human_seat_table(f"touch-{lang}")
    drive_until_last_to_play(table)
    token = table.seats.get(position=0).play.token
    ctx, page = open_page(browser, errors, "phone", lang, has_touch=True, is_mobile=True)
    page.goto(f"{live_server.url}/play/s/{token}/")
    expect(page.locator("#board.my-turn")).to_be_visible()
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    expect(page.locator("#board .hint .hint-touch")).to_be_visible()
    expect(page.locator("#board .hint .hint-pointer")).to_be_hidden()
    assert "tap" in page.locator("#board .hint .hint-touch").inner_text().lower() or lang == "it"
    page.locator("#board .hint").scroll_into_view_if_needed()
    shots(page, f"board-touch-{lang}", full_page=False)
    card = page.locator("#board .playing button.card.legal").first
    code = card.get_attribute("data-card")
    card.tap()
    expect(card).to_have_class(re.compile(r"\bselected\b"))
    version = page.locator("#board").get_attribute("data-version")
    card.tap()
    expect(page.locator("#board")).not_to_have_attribute("data-version", version, timeout=15000)
    assert PlayEvent.objects.filter(table=table, seat=0, kind="play", cards=[code]).exists()
    assert not errors, errors
    ctx.close()


# -- the setup page ----------------------------------------------------------------------------


@pytest.fixture
def arbiter_tables(db):
    user = get_user_model().objects.create_user("arturo", password="pw-arturo-123")
    tournament = TournamentFactory(slug="coppa", name="Coppa Cuori")
    tournament.arbiters.add(user)
    seated_table(tournament, names=NAMES[:4])
    seated_table(tournament, number=2, names=["Ada", "Bea", "Cleo", "Dora"])
    return tournament


def log_in(page, live_server, next_url):
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.locator("input[name=username]").fill("arturo")
    page.locator("input[name=password]").fill("pw-arturo-123")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(f".*{re.escape(next_url)}$"))


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_arbiter_sets_a_table_up_from_the_sheet_and_prints_the_seat_links(
    live_server, browser, errors, arbiter_tables, size, lang, shots
):
    width = SIZES[size]["width"]
    ctx, page = open_page(browser, errors, size, lang)
    log_in(page, live_server, "/t/coppa/tables/1/1/")
    # The score sheet of a table with no hand recorded offers online play.
    offer = page.locator(".play-online a")
    expect(offer).to_be_visible()
    assert not outside(element_boxes(page, ".play-online a"), width)
    shots(page, f"sheet-{size}-{lang}")
    offer.click()
    page.wait_for_url(re.compile(r".*/play/coppa/1/1/setup/$"))
    expect(page.locator(".seat-row")).to_have_count(4)
    assert_fits(page, "main", width)
    shots(page, f"setup-form-{size}-{lang}")

    page.locator("#seat-2").select_option("easy")
    page.locator("#seat-3").select_option("medium")
    page.locator("form button.primary").click()
    expect(page.locator(".seat-link")).to_have_count(4)
    table = Table.objects.get(round__tournament__slug="coppa", number=1)
    assert table.mode == Table.Mode.ENGINE
    # Two human seats: a link and its QR code each; the computers' seats say so, no link.
    links = page.locator(".seat-link:not(.computer)")
    expect(links).to_have_count(2)
    for position in (0, 1):
        token = table.seats.get(position=position).play.token
        link = page.locator(f"[data-testid=seat-link-{position}]")
        expect(link.locator(".url")).to_contain_text(f"/play/s/{token}/")
        qr = link.locator(".qr svg").bounding_box()
        assert qr and qr["width"] >= 100 and qr["x"] >= 0 and qr["x"] + qr["width"] <= width
    expect(page.locator(".seat-link.computer")).to_have_count(2)
    assert_fits(page, "main", width)
    codes = element_boxes(page, ".seat-link .qr svg")
    assert not overlapping(codes, text_boxes(page, "main"))
    shots(page, f"setup-links-{size}-{lang}")

    # Printed: the seat links alone, the form and the computers' seats left out.
    page.emulate_media(media="print")
    expect(page.locator("form .seat-rows")).to_be_hidden()
    expect(page.locator(".seat-link.computer").first).to_be_hidden()
    expect(links.first).to_be_visible()
    assert_fits(page, "main", width)
    assert not overlapping(element_boxes(page, ".seat-link .qr svg"), text_boxes(page, "main"))
    shots(page, f"setup-print-{size}-{lang}")
    page.emulate_media(media="screen")

    # The round page: table 1 is online (its setup and board), table 2 can be set up.
    page.goto(f"{live_server.url}/t/coppa/rounds/1/")
    cards = page.locator("article.card")
    expect(cards.nth(0).locator(".play-online a")).to_have_count(2)
    expect(cards.nth(1).locator(".play-online a")).to_have_count(1)
    online = text_boxes(page, ".play-online")
    rest = text_boxes(
        page, "article.card h2, article.card table, article.card > p:not(.play-online)"
    )
    assert not outside(online, width) and not overlapping(online, rest)
    shots(page, f"round-{size}-{lang}")
    cards.nth(1).locator(".play-online a").click()
    page.wait_for_url(re.compile(r".*/play/coppa/1/2/setup/$"))
    expect(page.locator(".seat-row")).to_have_count(4)
    # The sheet of the online table links to its board and its setup.
    page.goto(f"{live_server.url}/t/coppa/tables/1/1/")
    expect(page.locator(".play-online")).to_have_count(0)
    expect(page.locator("#sheet .notice a")).to_have_count(2)
    assert not errors, errors
    ctx.close()
