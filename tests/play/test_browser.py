"""A human plays a seat in Debian's Chromium (Playwright): pass by clicks + Confirm, play by double
click and by drag, and computers answer (issue 7; 000's interface)."""

import os

import pytest
from playwright.sync_api import expect

from engine.cards import card_code
from tables.models import PlayEvent, PlayState
from tables.play import replay, services
from tests.factories import TournamentFactory, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"

if not os.path.exists(CHROMIUM):  # pragma: no cover - CI installs it
    pytest.skip("Debian's Chromium is not installed", allow_module_level=True)

os.environ.setdefault(
    "DJANGO_ALLOW_ASYNC_UNSAFE", "true"
)  # Playwright's sync API runs an event loop


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
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


def _my_plays(table):
    return list(
        PlayEvent.objects.filter(table=table, seat=0, kind="play").order_by(
            "hand_number", "sequence"
        )
    )


def test_a_human_passes_plays_by_double_click_and_by_drag_and_computers_answer(live_server, page):
    table = seated_table(
        TournamentFactory(slug="browser-cup"), names=["Anna", "Bruno", "Carla", "Dario"]
    )
    services.start_engine_play(table, computers={1: "easy", 2: "easy", 3: "easy"}, seed=11)
    token = table.seats.get(position=0).play.token
    page.goto(f"{live_server.url}/play/s/{token}/")

    # Pass: click three cards (each rises), click one again to lower it, pick another, Confirm.
    picks = page.locator("#board form.passing label.pick")
    assert picks.count() == 13
    for i in range(3):
        picks.nth(i).click()
    picks.nth(2).click()
    assert not picks.nth(2).locator("input").is_checked()
    assert page.locator("#board button.confirm").is_disabled()
    picks.nth(3).click()
    chosen = [picks.nth(i).locator("input").get_attribute("value") for i in (0, 1, 3)]
    page.locator("#board button.confirm").click()
    page.wait_for_selector("#board.my-turn", timeout=15000)
    passed = PlayEvent.objects.get(table=table, seat=0, kind="pass")
    assert passed.cards == chosen and passed.actor == "human"

    # Play by double click.
    version = int(page.locator("#board").get_attribute("data-version"))
    first = page.locator("#board .playing button.card.legal").first
    code = first.get_attribute("data-card")
    first.dblclick()
    # The version only grows; a locator wait, since wait_for_function needs eval (the CSP forbids
    # it).
    expect(page.locator("#board")).not_to_have_attribute(
        "data-version", str(version), timeout=30000
    )
    page.wait_for_selector("#board.my-turn", timeout=15000)
    plays = _my_plays(table)
    assert [p.cards[0] for p in plays] == [code]
    answers = PlayEvent.objects.filter(
        table=table, kind="play", sequence__gt=plays[0].sequence
    ).exclude(seat=0)
    assert answers.count() >= 1 and all(a.actor == "computer" for a in answers)
    # The computers' cards are on the page: in the trick or, once it is complete, in the last trick.
    shown = page.locator(
        "#board [data-testid=trick] .card[data-card], #board details.last-trick .card"
    )
    assert shown.count() >= 3

    # Play by drag and drop onto the table.
    version = int(page.locator("#board").get_attribute("data-version"))
    card = page.locator("#board .playing button.card.legal").first
    code = card.get_attribute("data-card")
    card.drag_to(page.locator("#board .felt"))
    # The version only grows; a locator wait, since wait_for_function needs eval (the CSP forbids
    # it).
    expect(page.locator("#board")).not_to_have_attribute(
        "data-version", str(version), timeout=30000
    )
    assert [p.cards[0] for p in _my_plays(table)][-1] == code
    assert not page.locator("#board .play-error").count()
    assert PlayState.objects.get(table=table).version > version


def test_an_illegal_card_is_shown_as_not_playable_and_refused(live_server, page):
    table = seated_table(TournamentFactory(slug="browser-cup-2"))
    services.start_engine_play(table, computers={1: "easy", 2: "easy", 3: "easy"}, seed=11)
    hand = replay.rebuild(PlayState.objects.get(table=table))
    services.submit_pass(table.id, 0, [card_code(c) for c in hand.deal[0][:3]])
    token = table.seats.get(position=0).play.token
    page.goto(f"{live_server.url}/play/s/{token}/")
    page.wait_for_selector("#board.my-turn")
    before = PlayEvent.objects.filter(table=table, seat=0, kind="play").count()
    # A card that may not be played stays focusable (aria-disabled, not disabled: the keyboard
    # keeps its place in the hand); clicking it posts nothing and says why.
    not_legal = page.locator("#board .playing button.card.not-legal")
    if not_legal.count():
        expect(not_legal.first).to_have_attribute("aria-disabled", "true")
        assert not_legal.first.get_attribute("disabled") is None
        not_legal.first.dblclick(force=True)  # Playwright waits for aria-disabled ones otherwise
        name = not_legal.first.get_attribute("aria-label")
        expect(page.locator("#play-live")).to_contain_text(name)
        assert PlayEvent.objects.filter(table=table, seat=0, kind="play").count() == before
    # A forged request for a card the seat does not hold is refused with the engine's reason.
    foreign = next(
        c
        for c in range(52)
        if not replay.rebuild(PlayState.objects.get(table=table)).held[0] >> c & 1
    )
    response = page.request.post(
        f"{live_server.url}/play/s/{token}/play/",
        form={
            "card": card_code(foreign),
            "v": page.locator("#board").get_attribute("data-version"),
            "csrfmiddlewaretoken": page.locator(
                "#board input[name=csrfmiddlewaretoken]"
            ).first.get_attribute("value"),
        },
        headers={"HX-Request": "true"},
    )
    assert response.status == 422 and "does not hold" in response.text()
    assert PlayEvent.objects.filter(table=table, seat=0, kind="play").count() == before
