"""The Content-Security-Policy holds on the real pages in Chromium (no violation, no JS error),
and a failed htmx request says so in a dismissible banner (base.html + cuori.js)."""

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from tables import services
from tables.play import services as play
from tests.factories import TournamentFactory, seated_table
from tournaments.audit import COMMAND_LINE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WATCH = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__cspViolations.push(e.violatedDirective + " blocked " + (e.blockedURI || "inline")
                              + " at " + e.sourceFile + ":" + e.lineNumber);
});
"""


@pytest.fixture
def people(db):
    User = get_user_model()
    organizer = User.objects.create_user("olga", password="pw-olga-123")
    arbiter = User.objects.create_user("arturo", password="pw-arturo-123")
    tournament = TournamentFactory(
        slug="coppa", name="Coppa Cuori", owner=organizer, rounds_planned=3
    )
    tournament.arbiters.add(arbiter)
    table = seated_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    services.record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    return {"organizer": organizer, "arbiter": arbiter, "table": table}


@pytest.fixture
def watched(page):
    """The page, with every CSP violation (event or console line) and JS error collected."""
    problems: list[str] = []
    page.add_init_script(WATCH)

    def on_console(msg):
        text = msg.text
        if "Content Security Policy" in text or "Refused to" in text:
            problems.append(f"console: {text}")
        elif msg.type == "error" and "the server responded with a status of 404" not in text:
            problems.append(f"console error: {text}")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))

    def violations() -> list[str]:
        return problems + page.evaluate("window.__cspViolations || []")

    page.violations = violations
    return page


def log_in(page, live_server, user):
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )


def visit(page, url, status=200):
    response = page.goto(url)
    assert response.status == status, url
    policy = response.headers.get("content-security-policy", "")
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy, url
    page.wait_for_load_state("load")
    page.wait_for_timeout(150)  # htmx has processed the page, indicators included


def test_public_pages_keep_to_the_policy(live_server, watched, people):
    base = live_server.url
    for path in ("/", "/t/coppa/", "/t/coppa/standings/", "/t/coppa/rounds/1/", "/accounts/login/"):
        visit(watched, base + path)
    expect(watched.locator("figure.qr img")).to_have_count(
        0
    )  # QR only on a tournament's page below
    visit(watched, base + "/t/coppa/")
    qr = watched.locator("figure.qr img")
    if qr.count():
        assert watched.evaluate(
            "(img) => img.complete && img.naturalWidth > 0", qr.element_handle()
        )
    # The tournament page's player search is an htmx request.
    search = watched.locator("input[type=search]")
    if search.count():
        with watched.expect_response(re.compile(r"/t/coppa/\?")):
            search.first.fill("Ann")
    visit(watched, base + "/no/such/page/", status=404)
    assert watched.violations() == []


def test_the_arbiters_sheet_and_its_check_keep_to_the_policy(live_server, watched, people):
    log_in(watched, live_server, people["arbiter"])
    visit(watched, live_server.url + "/t/coppa/tables/1/1/")
    with watched.expect_response(re.compile(r"/check/$")) as checked:
        watched.locator("#entry-row input").first.fill("10")
    assert checked.value.status == 200
    expect(watched.locator("#entry-feedback")).to_contain_text("10 of 26")
    visit(watched, live_server.url + "/t/coppa/tables/1/1/history/")
    assert watched.violations() == []


def test_the_organizers_pages_keep_to_the_policy(live_server, watched, people):
    log_in(watched, live_server, people["organizer"])
    for path in ("/t/coppa/manage/", "/t/coppa/manage/players/", "/t/coppa/rounds/1/print/"):
        visit(watched, live_server.url + path)
    expect(watched.locator("button[data-print]")).to_be_visible()
    assert watched.violations() == []


def test_the_online_seat_page_keeps_to_the_policy(live_server, watched, settings):
    settings.CUORI_COMPUTER_PAUSE = 0
    table = seated_table(
        TournamentFactory(slug="online", name="Online Cup"),
        names=["Anna", "Bruno", "Carla", "Dario"],
    )
    play.start_engine_play(table, computers={1: "easy", 2: "easy", 3: "easy"}, seed=11)
    token = table.seats.get(position=0).play.token
    visit(watched, f"{live_server.url}/play/s/{token}/")
    expect(watched.locator("#board")).to_be_visible()
    with watched.expect_response(re.compile(r"/play/s/.*\?v=\d+"), timeout=5000):
        pass  # the board polls every second
    watched.locator("#board form.passing label.pick").first.click()
    assert watched.violations() == []


# --- a failed htmx request shows a banner --------------------------------------------------


def test_a_failed_request_shows_a_dismissible_banner(live_server, page, people):
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, live_server, people["arbiter"])
    page.goto(live_server.url + "/t/coppa/tables/1/1/")
    banner = page.locator("#request-error")
    expect(banner).to_be_hidden()
    entry = page.locator("#entry-row input").first

    # The server fails (500): the server message, with the status.
    page.route(
        re.compile(r".*/check/$"), lambda route: route.fulfill(status=500, body="Server Error")
    )
    entry.fill("10")
    expect(banner).to_be_visible()
    expect(banner).to_have_attribute("role", "alert")
    expect(banner).to_contain_text("The server could not complete the request.")
    expect(banner).to_contain_text("(500)")
    banner.locator("button.dismiss").click()
    expect(banner).to_be_hidden()

    # The network fails: the connection message.
    page.unroute(re.compile(r".*/check/$"))
    page.route(re.compile(r".*/check/$"), lambda route: route.abort("internetdisconnected"))
    entry.fill("11")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("The server could not be reached.")

    # A refusal (403, e.g. the session ended): the refusal message; the next error replaces the
    # text.
    page.unroute(re.compile(r".*/check/$"))
    page.route(re.compile(r".*/check/$"), lambda route: route.fulfill(status=403, body="Forbidden"))
    entry.fill("12")
    expect(banner).to_contain_text("The request was refused.")
    expect(banner).not_to_contain_text("could not be reached")
    expect(page.locator("#request-error")).to_have_count(1)

    # The sheet's own answers (422: a row that does not add up) are not failures.
    page.unroute(re.compile(r".*/check/$"))
    banner.locator("button.dismiss").click()
    with page.expect_response(re.compile(r".*/check/$")):
        entry.fill("13")
    expect(banner).to_be_hidden()
    assert errors == []


def test_the_banner_texts_are_translated(client, people):
    html = client.get("/t/coppa/", headers={"Accept-Language": "it"}).content.decode()
    banner = html[html.index('id="request-error"') :]
    banner = banner[: banner.index("</div>")]
    assert 'data-server="Il server non è riuscito' in banner
    assert 'data-network="Il server non è raggiungibile' in banner
    assert 'data-refused="La richiesta è stata rifiutata' in banner
    assert 'aria-label="Chiudi"' in banner
