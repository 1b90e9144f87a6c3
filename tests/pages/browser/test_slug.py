"""The new-tournament form in Chromium: the address follows the name until the organizer types
one."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments.models import Tournament

from .test_csp import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def organizer(db):
    user = get_user_model().objects.create_user("olga", password="pw-olga-123")
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label="tournaments", codename="add_tournament")
    )
    return user


def test_the_address_follows_the_name_until_typed(live_server, page, organizer, js_errors, shots):
    log_in(page, live_server, organizer)
    page.goto(f"{live_server.url}/t/new/")
    name, slug = page.locator("#id_name"), page.locator("#id_slug")
    name.press_sequentially("Coppa Città d’Autunno 2026")
    assert slug.input_value() == "coppa-citta-dautunno-2026"
    shots(page, "new-tournament-slug")
    slug.fill("autunno")
    name.fill("Coppa Città d’Autunno 2026 bis")
    assert slug.input_value() == "autunno", "a typed address is the organizer's"
    slug.fill("")
    name.fill("Coppa Città d’Autunno 2026 bis!")
    assert slug.input_value() == "coppa-citta-dautunno-2026-bis", (
        "an emptied address follows the name again"
    )
    page.locator("#id_rounds_planned").fill("3")
    page.locator("main button.primary").click()
    page.wait_for_url("**/t/coppa-citta-dautunno-2026-bis/manage/")
    assert (
        Tournament.objects.get(slug="coppa-citta-dautunno-2026-bis").name
        == "Coppa Città d’Autunno 2026 bis!"
    )
    assert js_errors == []
