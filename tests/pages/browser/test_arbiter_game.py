"""An arbiter enters a whole game at a table with the keyboard, in a real browser (Chromium)."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.factories import TournamentFactory, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def game(db):
    User = get_user_model()
    organizer = User.objects.create_user("olga", password="pw-olga-123")
    arbiter = User.objects.create_user("arturo", password="pw-arturo-123")
    tournament = TournamentFactory(slug="coppa", name="Coppa Cuori", owner=organizer)
    tournament.arbiters.add(arbiter)
    table = seated_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    return tournament, table


def log_in(page, base, username, password):
    page.goto(f"{base}/accounts/login/?next=/t/coppa/tables/1/1/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(password)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/t/coppa/tables/1/1/$"))


def type_hand(page, points, *, from_first_seat=True):
    """Type a row with the keyboard only: the focus starts in seat 1, Tab moves along the seats,
    Enter records."""
    if from_first_seat:
        expect_focus_on_first_seat(page)
    for i, p in enumerate(points):
        page.keyboard.type(str(p))
        if i < len(points) - 1:
            page.keyboard.press("Tab")
    page.keyboard.press("Enter")


def expect_focus_on_first_seat(page):
    expect(page.locator("#entry-row input").first).to_be_focused()


def test_an_arbiter_plays_a_whole_game_then_the_public_sees_the_standings(
    live_server,
    page,
    browser,
    game,
    js_errors,
    shots,
):
    base = live_server.url
    log_in(page, base, "arturo", "pw-arturo-123")
    expect_focus_on_first_seat(page)

    # As-you-type validation (htmx): a short row says what is missing.
    page.keyboard.type("13")
    expect(page.locator("#entry-feedback")).to_contain_text("13 of 26 so far; 13 to go.")
    page.keyboard.press("Tab")
    page.keyboard.type("3")
    page.keyboard.press("Tab")
    page.keyboard.type("5")
    page.keyboard.press("Tab")
    # With one seat left, the check says what is left, and "=" fills it in, visibly.
    expect(page.locator("#entry-feedback")).to_contain_text(
        "21 of 26 so far: 5 left for seat 4 (Dario)."
    )
    page.keyboard.press("=")
    expect(page.locator("#id_p3")).to_have_value("5")
    expect(page.locator("#id_p3")).to_have_class(re.compile("filled"))
    expect(page.locator("#entry-feedback")).to_contain_text("Adds up to 26: press Enter to record.")
    page.keyboard.press("Enter")
    expect(page.locator(".notice")).to_contain_text("Hand 1 recorded.")
    expect_focus_on_first_seat(page)
    expect(page.locator("#entry-row input").first).to_have_value("")

    # A row that does not add up is refused, with the reason, and nothing is lost. The focus is
    # back in seat 1 from the first moment the refused row is on screen: a key typed (or a field
    # filled) right after it cannot be moved to another field by a late autofocus.
    page.evaluate(
        """() => document.body.addEventListener("htmx:afterSwap", () => setTimeout(() => {
            window.focusAfterSwap = document.activeElement && document.activeElement.id;
        }, 0), {once: true})"""
    )
    type_hand(page, [10, 6, 5, 4])
    expect(page.locator(".error")).to_contain_text("add up to 25")
    expect(page.locator("#id_p0")).to_have_value("10")
    assert page.wait_for_function("() => window.focusAfterSwap").json_value() == "id_p0"
    # A row that adds up but that no deal can give names the card.
    page.locator("#id_p3").fill("5")
    page.locator("#id_p3").press("Enter")
    expect(page.locator(".error")).to_contain_text("nobody took the queen of spades")
    expect(page.locator("#hand-2")).to_have_count(0)
    page.locator("#entry-row input").first.focus()
    for _ in range(4):
        page.keyboard.press("Control+A")
        page.keyboard.press("Delete")
        page.keyboard.press("Tab")

    # Bruno shoots the moon.
    page.get_by_text("Shoot the moon").first.click()
    page.locator("details.moon").get_by_role("button", name="Bruno").click()
    expect(page.locator(".notice")).to_contain_text("Hand 2 recorded.")
    expect(page.locator("#hand-2")).to_contain_text("0")

    # Carla makes an illegal play: whoever errs pays.
    page.get_by_text("Penalty for an illegal play").click()
    page.get_by_label("Offender").select_option(label="3. Carla")
    page.get_by_label("Reason").fill("revoke")
    page.get_by_role("button", name="Record penalty").click()
    expect(page.locator(".notice")).to_contain_text("Hand 3 recorded.")
    expect(page.locator("#sheet")).to_contain_text("Penalty to seat 3: revoke")
    shots(page, "sheet-after-penalty")

    # Hand 1 was entered with seats 1 and 2 swapped: correct it, with a reason.
    page.locator("#hand-1").get_by_role("link", name="Correct").click()  # the ✎ link
    correction = page.locator("#hand-1 input[name=p0]")
    expect(correction).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("13")
    shots(page, "sheet-correction-360")
    form = page.locator("#correct-1")
    for control in (
        form.get_by_label("Reason for correcting hand 1"),
        form.get_by_role("button", name="Save correction"),
    ):
        box = control.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (
            f"{box} is not inside a 360 px screen"
        )
    form.get_by_label("Reason for correcting hand 1").fill("seats 1 and 2 swapped")
    form.get_by_role("button", name="Save correction").click()
    expect(page.locator(".notice")).to_contain_text("Hand 1 corrected.")
    expect(page.locator("#sheet")).to_contain_text("corrected")

    # The moon and the penalty are marked in their rows.
    expect(page.locator("#hand-2 th .mark")).to_have_text("☾")
    expect(page.locator("#hand-2 + tr.note")).to_contain_text("Bruno shot the moon")
    expect(page.locator("#hand-3 th .mark")).to_have_text("⚠")

    # Carla (57) reaches 100 in two more hands: the game ends.
    expect_focus_on_first_seat(page)
    type_hand(page, [0, 1, 25, 0])
    expect(page.locator(".notice")).to_contain_text("Hand 4 recorded.")
    type_hand(page, [0, 1, 25, 0])
    expect(page.locator(".result")).to_be_visible()
    expect(page.locator("#entry-row")).to_have_count(0)
    # A stray Enter after the last hand confirms nothing: confirming is a deliberate click.
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Confirm the table result")).not_to_be_focused()
    expect(page.locator("#sheet")).not_to_contain_text("Result confirmed")
    # Totals 29, 15, 107, 31: Bruno first (10 match points), Anna 6, Dario 3, Carla 1; shown by the
    # button.
    expect(page.locator("tr.mp")).to_contain_text("10")
    expect(page.locator(".result .places li").first).to_contain_text("Bruno")
    expect(page.locator(".result .places li").first).to_contain_text("10 match points")
    shots(page, "sheet-game-over")
    page.get_by_role("button", name="Confirm the table result").click()
    expect(page.locator("#sheet")).to_contain_text("Result confirmed")

    # The history keeps who, before, after and the reason.
    page.goto(f"{base}/t/coppa/tables/1/1/history/")
    expect(page.locator("table.history")).to_contain_text("seats 1 and 2 swapped")
    expect(page.locator("table.history")).to_contain_text("13 · 3 · 5 · 5")
    expect(page.locator("table.history")).to_contain_text("arturo")

    # The public standings, on a phone, show the new ranks.
    public = browser.new_context(viewport={"width": 360, "height": 780}, locale="en-GB")
    phone = public.new_page()
    phone.on("pageerror", lambda exc: js_errors.append(str(exc)))
    phone.goto(f"{base}/t/coppa/standings/")
    rows = phone.locator("table.standings tbody tr")
    expect(rows.nth(0)).to_contain_text("Bruno")
    expect(rows.nth(1)).to_contain_text("Anna")
    expect(rows.nth(2)).to_contain_text("Dario")
    expect(rows.nth(3)).to_contain_text("Carla")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the standings page is {width}px wide on a 360px screen"
    shots(phone, "standings-360")
    public.close()

    # The Italian page shows Italian text (Accept-Language: it).
    italian = browser.new_context(viewport={"width": 360, "height": 780}, locale="it-IT")
    it_page = italian.new_page()
    it_page.goto(f"{base}/t/coppa/tables/1/1/")
    expect(it_page.locator("h1")).to_contain_text("Turno 1, tavolo 1")
    expect(it_page.locator("tr.mp th")).to_have_text("Punti-partita")
    it_page.goto(f"{base}/t/coppa/standings/")
    expect(it_page.locator("h1")).to_have_text("Classifica")
    shots(it_page, "standings-it-360")
    italian.close()

    assert js_errors == []


def test_the_language_switch_and_where_do_i_sit(live_server, page, game, js_errors, shots):
    page.goto(f"{live_server.url}/t/coppa/")
    page.get_by_role("search").get_by_role("searchbox").fill("dar")
    expect(page.locator("#seating .hit")).to_have_text(re.compile("Dario"))
    page.get_by_role("button", name="IT").click()
    expect(page.locator("h2").first).to_have_text("Turni")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the tournament page is {width}px wide on a 360px screen"
    shots(page, "tournament-it-360")
    assert js_errors == []
