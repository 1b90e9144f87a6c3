"""Online play set up from the pages (issue 14): the score sheet and the round page lead to the
setup page for arbiters; the setup page lists a link and a QR code per human seat; a table whose
results are final cannot be set up."""

import pytest
from django.contrib.auth import get_user_model

from tables import services as table_services
from tables.models import PlayState
from tables.play import services
from tournaments.audit import COMMAND_LINE
from tournaments.models import Round

pytestmark = pytest.mark.django_db

SETUP = "/play/online/1/1/setup/"


@pytest.fixture
def arbiter(client, tournament):
    user = get_user_model().objects.create_user("arb")
    tournament.arbiters.add(user)
    client.force_login(user)
    return client


def offers(page: str) -> int:
    return page.count(f'href="{SETUP}"')


def test_the_sheet_offers_online_play_to_arbiters_until_a_hand_is_recorded(table, arbiter, client):
    sheet = "/t/online/tables/1/1/"
    page = arbiter.get(sheet).content.decode()
    assert offers(page) == 1 and "Play this table online" in page
    client.logout()
    assert offers(client.get(sheet).content.decode()) == 0  # the public sheet: no offer
    table_services.record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    arbiter.force_login(table.round.tournament.arbiters.get())
    assert offers(arbiter.get(sheet).content.decode()) == 0  # paper play has begun


def test_the_sheet_of_an_online_table_leads_to_its_board_and_setup(table, arbiter):
    services.start_engine_play(table, computers={1: "easy", 2: "easy", 3: "easy"}, run=False)
    page = arbiter.get("/t/online/tables/1/1/").content.decode()
    assert offers(page) == 1 and 'href="/play/online/1/1/"' in page
    assert "Play this table online" not in page


def test_the_round_page_offers_each_table_to_arbiters(tournament, table, arbiter, client):
    from tests.factories import seated_table

    seated_table(tournament, number=2)
    services.start_engine_play(table, computers={1: "easy"}, run=False)
    page = arbiter.get("/t/online/rounds/1/").content.decode()
    assert "Online table: seats and links" in page and 'href="/play/online/1/1/"' in page
    assert page.count("Play this table online") == 1 and 'href="/play/online/1/2/setup/"' in page
    client.logout()
    public = client.get("/t/online/rounds/1/").content.decode()
    assert "/setup/" not in public


def test_the_setup_page_gives_a_link_and_a_qr_code_per_human_seat(table, arbiter):
    response = arbiter.post(SETUP, {"seat-0": "", "seat-1": "", "seat-2": "easy", "seat-3": "hard"})
    assert response.status_code == 302
    page = arbiter.get(SETUP).content.decode()
    for position in (0, 1):
        token = table.seats.get(position=position).play.token
        assert f'href="http://testserver/play/s/{token}/"' in page
    assert page.count("<svg") == 2 and page.count('class="seat-link computer"') == 2
    assert "data-print" in page  # the links print alone (play.css)


def test_a_table_of_a_locked_round_cannot_be_set_up(table, arbiter):
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.LOCKED)
    page = arbiter.get(SETUP).content.decode()
    assert "is locked" in page and "<select" not in page
    arbiter.post(SETUP, {"seat-1": "easy"})
    assert not PlayState.objects.filter(table=table).exists()
    table.refresh_from_db()
    with pytest.raises(services.GameFinishedError, match="is locked"):
        services.start_engine_play(table, computers={1: "easy"}, run=False)
