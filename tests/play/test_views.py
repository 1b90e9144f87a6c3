"""The seat page, the spectator board and the setup page (issue 7)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from engine.cards import card_code
from tables.models import PlayEvent, PlayState
from tables.play import replay, services

from .conftest import state_of


def seat_url(table, position, suffix=""):
    return f"/play/s/{table.seats.get(position=position).play.token}/{suffix}"


def htmx(client):
    client.defaults["HTTP_HX_REQUEST"] = "true"
    return client


def test_the_seat_page_shows_only_this_seats_cards(human_table, client):
    hand = replay.rebuild(state_of(human_table))
    page = client.get(seat_url(human_table, 0)).content.decode()
    for c in range(52):
        code = card_code(c)
        if hand.held[0] >> c & 1:
            assert f'data-card="{code}"' in page
        else:
            assert f'value="{code}"' not in page
    assert "Confirm" in page and "Anna" in page


def test_a_poll_with_the_current_version_is_an_empty_204(
    human_table, client, django_assert_max_num_queries
):
    v = state_of(human_table).version
    htmx(client)
    url = seat_url(human_table, 0)
    with django_assert_max_num_queries(3):
        response = client.get(f"{url}?v={v}")
    assert response.status_code == 204
    response = client.get(f"{url}?v={v - 1}")
    assert response.status_code == 200 and 'id="board"' in response.content.decode()


def test_passing_and_playing_through_the_page(
    human_table, client, django_capture_on_commit_callbacks
):
    hand = replay.rebuild(state_of(human_table))
    cards = [card_code(c) for c in hand.deal[0][:3]]
    htmx(client)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            seat_url(human_table, 0, "pass/"), {"card": cards, "v": state_of(human_table).version}
        )
    assert response.status_code == 200
    hand = replay.rebuild(state_of(human_table))
    assert hand.phase == "play" and hand.turn == 0
    card = card_code(hand.legal_moves(0)[0])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            seat_url(human_table, 0, "play/"), {"card": card, "v": state_of(human_table).version}
        )
    assert response.status_code == 200
    assert PlayEvent.objects.filter(table=human_table, seat=0, kind="play", cards=[card]).exists()


def test_an_illegal_card_is_refused_with_the_engines_reason(
    human_table, client, django_capture_on_commit_callbacks
):
    hand = replay.rebuild(state_of(human_table))
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_pass(human_table.id, 0, [card_code(c) for c in hand.deal[0][:3]])
    hand = replay.rebuild(state_of(human_table))
    illegal = [c for c in range(52) if hand.held[0] >> c & 1 and not hand.legal_mask(0) >> c & 1]
    foreign = next(c for c in range(52) if not hand.held[0] >> c & 1)
    before = PlayEvent.objects.count()
    htmx(client)
    v = state_of(human_table).version
    response = client.post(seat_url(human_table, 0, "play/"), {"card": card_code(foreign), "v": v})
    assert response.status_code == 422 and "does not hold" in response.content.decode()
    if illegal:
        response = client.post(
            seat_url(human_table, 0, "play/"), {"card": card_code(illegal[0]), "v": v}
        )
        assert response.status_code == 422
    response = client.post(
        seat_url(human_table, 0, "play/"), {"card": card_code(hand.legal_moves(0)[0]), "v": v - 1}
    )
    assert response.status_code == 409
    assert PlayEvent.objects.count() == before


def test_a_forged_token_gets_404_and_records_nothing(human_table, client):
    before = PlayEvent.objects.count()
    assert client.get("/play/s/forged-token/").status_code == 404
    response = client.post("/play/s/forged-token/pass/", {"card": ["2C", "3C", "4C"]})
    assert response.status_code == 404 and "not valid" in response.content.decode()
    assert PlayEvent.objects.count() == before


def test_the_spectator_board_shows_no_hidden_card(human_table, client):
    hand = replay.rebuild(state_of(human_table))
    page = client.get(f"/play/{human_table.round.tournament.slug}/1/1/").content.decode()
    assert 'id="board"' in page
    assert "data-play-url" not in page and "Confirm" not in page
    played = set(hand.history)
    for c in range(52):
        if c not in played:
            assert f'data-card="{card_code(c)}"' not in page


@pytest.mark.django_db
def test_the_arbiter_sets_up_a_table_and_gets_the_links(table):
    user = get_user_model().objects.create_user("arb")
    table.round.tournament.arbiters.add(user)
    client = Client()
    assert client.get(f"/play/{table.round.tournament.slug}/1/1/setup/").status_code in (302, 403)
    client.force_login(user)
    response = client.post(
        f"/play/{table.round.tournament.slug}/1/1/setup/",
        {"seat-0": "", "seat-1": "easy", "seat-2": "easy", "seat-3": "random"},
    )
    assert response.status_code == 302
    assert PlayState.objects.filter(table=table).exists()
    page = client.get(f"/play/{table.round.tournament.slug}/1/1/setup/").content.decode()
    # One link, with its QR code, for the one human seat; none for the computers' seats.
    token = table.seats.get(position=0).play.token
    assert f'href="http://testserver/play/s/{token}/"' in page
    assert page.count("/play/s/") == page.count(f"/play/s/{token}/")
    assert page.count("<svg") == 1 and page.count('class="seat-link computer"') == 3


def test_without_a_worker_polls_move_the_computers_one_by_one(
    table, client, settings, django_capture_on_commit_callbacks
):
    settings.CUORI_COMPUTER_PAUSE = 1000
    with django_capture_on_commit_callbacks(execute=True):
        services.start_engine_play(table, computers={1: "easy", 2: "easy", 3: "easy"}, seed=2)
    state = state_of(table)
    assert state.computer_due and not PlayEvent.objects.filter(table=table).exists()
    htmx(client)
    assert (
        client.get(seat_url(table, 0) + f"?v={state.version}").status_code == 204
    )  # pause not over
    settings.CUORI_COMPUTER_PAUSE = 0.001
    response = client.get(seat_url(table, 0) + f"?v={state.version}")
    assert response.status_code == 200
    assert PlayEvent.objects.filter(table=table, actor="computer").count() == 1


def test_an_expired_link_is_refused_with_a_clear_message_and_records_nothing(human_table, client):
    from django.utils import timezone

    play = human_table.seats.get(position=0).play
    play.expires_at = timezone.now()
    play.save()
    before = PlayEvent.objects.count()
    hand = replay.rebuild(state_of(human_table))
    response = client.post(
        f"/play/s/{play.token}/pass/", {"card": [card_code(c) for c in hand.deal[0][:3]]}
    )
    assert response.status_code == 404 and "expired" in response.content.decode()
    assert PlayEvent.objects.count() == before


@pytest.mark.django_db
def test_the_setup_page_and_the_board_name_the_engines_computer_levels(table, client):
    from engine.players import LEVELS
    from tables.play.levels import COMPUTER_LEVELS, level_label

    assert COMPUTER_LEVELS == tuple(LEVELS)
    assert all(level_label(level).startswith("computer, ") for level in LEVELS)
    user = get_user_model().objects.create_user("arb")
    table.round.tournament.arbiters.add(user)
    client.force_login(user)
    page = client.get(f"/play/{table.round.tournament.slug}/1/1/setup/").content.decode()
    for level in LEVELS:
        assert f'<option value="{level}" >{level_label(level)}</option>' in page
    services.start_engine_play(
        table, computers={1: "easy", 2: "hard", 3: "random"}, seed=1, run=False
    )
    board = client.get(seat_url(table, 0)).content.decode()
    assert (
        "(computer, easy level)" in board
        and "(computer, hard level)" in board
        and "(computer, random play)" in board
    )
    response = client.post(
        f"/play/{table.round.tournament.slug}/1/1/setup/", {"seat-1": "grandmaster"}
    )
    assert response.status_code == 302 and state_of(table).version == 1  # refused, nothing changed
