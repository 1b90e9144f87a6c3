"""Words a user reads: names instead of codes, the address suggested from the name (issue 14,
"Words")."""

import re

import pytest

from tests.factories import PlayerFactory, TournamentFactory
from tournaments import seating_service
from tournaments.forms import unique_slug
from tournaments.models import Registration, Round, Tournament

pytestmark = pytest.mark.django_db

#: Codes that must never reach a page as they are (rule sets, seating methods, moon rules).
RAW_CODES = (
    "black_maria",
    "five_player",
    "three_player",
    "peppa_hearts",
    "others_unless_loses",
    ">balanced<",
    ": balanced<",
    ">swiss<",
    "method: balanced",
)

NEW = {
    "name": "Coppa Città di Roma",
    "slug": "",
    "rules": "club",
    "scoring": "10-6-3-1",
    "game_end": "target",
    "target_points": 100,
    "rounds_planned": 3,
    "bye_match_points": "5",
    "seating_method": "balanced",
    "table_size": 4,
}


def _visible(html: str) -> str:
    """The page's text and attribute values people read, without option values and CSS classes."""
    html = re.sub(r'(value|class|name|id|for|href|action|data-[\w-]+)="[^"]*"', "", html)
    return html


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_create_page_names_every_rule_set(as_organizer, language):
    html = as_organizer.get("/t/new/", headers={"Accept-Language": language}).content.decode()
    assert '<option value="black_maria">' in html  # the code is the value sent back...
    text = _visible(html)
    for code in RAW_CODES:
        assert code not in text, code  # ...never the words shown
    assert "---------" not in html  # the odd-count policy's empty choice says what it does
    if language == "en":
        assert "Black Maria (3 players)" in html and "Omnibus (jack of diamonds −10)" in html
    else:
        assert "Black Maria (3 giocatori)" in html and "Cinque giocatori (regole standard)" in html


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_seating_page_names_the_method(as_organizer, tournament, language):
    for i in range(8):
        Registration.objects.create(tournament=tournament, player=PlayerFactory(name=f"P{i}"))
    seating_service.seat_next_round(tournament, seed=1)
    html = as_organizer.get(
        "/t/coppa/manage/rounds/1/seating/", headers={"Accept-Language": language}
    ).content.decode()
    for code in RAW_CODES:
        assert code not in _visible(html), code
    if language == "en":
        assert "Seating method: Balanced: fewest repeated opponents" in html
    else:
        assert "Metodo di assegnazione dei posti: Bilanciato" in html


def test_a_round_changed_by_hand_says_so(as_organizer, tournament):
    for i in range(8):
        Registration.objects.create(tournament=tournament, player=PlayerFactory(name=f"P{i}"))
    seating_service.seat_next_round(tournament, seed=1)
    Round.objects.filter(tournament=tournament).update(seating_method="manual")
    html = as_organizer.get("/t/coppa/manage/rounds/1/seating/").content.decode()
    assert "Seating method: Changed by hand" in html and "manual" not in _visible(html)


@pytest.mark.parametrize("language", ["en", "it"])
def test_table_states_on_the_public_pages(anonymous, table, language):
    from tables.services import record_hand
    from tournaments.audit import COMMAND_LINE

    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    html = anonymous.get(
        "/t/coppa/rounds/1/", headers={"Accept-Language": language}
    ).content.decode()
    assert ("playing" if language == "en" else "in gioco") in html


# --- the address suggested from the name --------------------------------------------------------


def test_a_blank_address_is_made_from_the_name(as_organizer):
    response = as_organizer.post("/t/new/", NEW)
    assert response.status_code == 302 and response["Location"] == "/t/coppa-citta-di-roma/manage/"
    again = as_organizer.post("/t/new/", NEW)
    assert again["Location"] == "/t/coppa-citta-di-roma-2/manage/"
    third = as_organizer.post("/t/new/", NEW)
    assert third["Location"] == "/t/coppa-citta-di-roma-3/manage/"
    assert Tournament.objects.filter(name="Coppa Città di Roma").count() == 3


def test_a_typed_address_is_kept_and_checked(as_organizer, tournament):
    response = as_organizer.post("/t/new/", {**NEW, "slug": "roma"})
    assert response["Location"] == "/t/roma/manage/"
    taken = as_organizer.post("/t/new/", {**NEW, "slug": "coppa"})
    assert taken.status_code == 422 and "already exists" in taken.content.decode()


def test_a_blank_name_and_address_say_only_that_the_name_is_missing(as_organizer):
    response = as_organizer.post("/t/new/", {**NEW, "name": ""})
    html = response.content.decode()
    assert response.status_code == 422 and html.count("This field is required.") == 1


def test_unique_slug_counts_past_taken_addresses_and_has_a_fallback():
    TournamentFactory(slug="natale")
    TournamentFactory(slug="natale-2")
    TournamentFactory(slug="natale-bis")
    assert unique_slug("Natale") == "natale-3"
    assert unique_slug("Нова година") == "tournament"
    assert unique_slug("D’Angelo Cup!") == "dangelo-cup"
    assert len(unique_slug("x" * 200)) <= 80


def test_the_address_field_is_wired_to_the_name_only_when_creating(as_organizer, tournament):
    create = as_organizer.get("/t/new/").content.decode()
    assert 'data-slug-from="name"' in create and "Empty: made from the name." in create
    edit = as_organizer.get("/t/coppa/manage/edit/").content.decode()
    assert "data-slug-from" not in edit


# --- a number and its noun agree ------------------------------------------------------------------


def _end_the_game(table):
    from tables.services import record_hand
    from tournaments.audit import COMMAND_LINE

    for _ in range(4):
        record_hand(
            table, [25, 1, 0, 0], actor=COMMAND_LINE
        )  # seat 1 reaches 100: last, 1 match point; 8, 8, 3


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("</strong> match point ·", "</strong> result points")),
        ("it", ("</strong> punto-partita ·", "</strong> punti-risultato")),
    ],
)
def test_one_match_point_is_singular_on_the_player_page(anonymous, table, language, words):
    _end_the_game(table)
    player = table.seats.get(position=0).registration.player
    html = anonymous.get(
        f"/t/coppa/players/{player.pk}/", headers={"Accept-Language": language}
    ).content.decode()
    for word in words:
        assert word in html, word


def test_the_sheet_says_one_match_point(as_arbiter, table):
    from .conftest import sheet_url

    _end_the_game(table)
    english = as_arbiter.get(sheet_url(table)).content.decode()
    assert "1 match point<" in english and "8 match points<" in english
    italian = as_arbiter.get(sheet_url(table), headers={"Accept-Language": "it"}).content.decode()
    assert "1 punto-partita<" in italian and "8 punti-partita<" in italian


def test_the_entry_check_agrees_with_what_is_missing(as_arbiter, table):
    from .conftest import sheet_url

    one = as_arbiter.post(
        sheet_url(table, "check/"), {"p0": "13", "p1": "12"}, headers={"Accept-Language": "it"}
    )
    assert "25 su 26 finora; ne manca 1." in one.content.decode()
    many = as_arbiter.post(
        sheet_url(table, "check/"), {"p0": "10"}, headers={"Accept-Language": "it"}
    )
    assert "10 su 26 finora; ne mancano 16." in many.content.decode()


@pytest.mark.parametrize(
    ("planned", "english", "italian"),
    [
        (1, "0 of 1 round.", "0 su 1 turno."),
        (3, "0 of 3 rounds.", "0 su 3 turni."),
    ],
)
def test_the_manage_page_counts_rounds(as_organizer, tournament, planned, english, italian):
    Tournament.objects.filter(pk=tournament.pk).update(rounds_planned=planned)
    assert english in as_organizer.get("/t/coppa/manage/").content.decode()
    assert (
        italian
        in as_organizer.get("/t/coppa/manage/", headers={"Accept-Language": "it"}).content.decode()
    )


def test_a_missing_column_is_singular():
    from tournaments.csvio import read_players

    _rows, errors = read_players("nome\nAnna\n")
    assert "missing column name" in errors[0].message and "unknown column nome" in errors[0].message


# --- "where do I sit?" without accents, case or apostrophe variants -------------------------------


@pytest.mark.parametrize(
    "query", ["niccolo", "NICCOLO", "Niccolò", "d'angelo", "d’angelo", "DANGELO", "angelo niccolo"]
)
def test_where_do_i_sit_finds_names_without_accents(anonymous, tournament, query):
    from tests.factories import seated_table

    seated_table(tournament, names=["Niccolò D’Angelo", "Bruno", "Carla", "Dario"])
    seated_table(tournament, number=2, names=["Elena", "Fabio", "Gina", "Ugo"])
    html = anonymous.get("/t/coppa/", {"q": query}).content.decode()
    assert "Niccolò D’Angelo" in html and 'class="hit"' in html
    # What the search box swaps in as the name is typed: only the table where the name sits.
    found = anonymous.get(
        "/t/coppa/", {"q": query}, headers={"HX-Request": "true", "HX-Target": "seating"}
    )
    assert "Niccolò D’Angelo" in found.content.decode() and "Elena" not in found.content.decode()


def test_where_do_i_sit_says_when_nobody_is_found(anonymous, tournament):
    from tests.factories import seated_table

    seated_table(tournament, names=["Niccolò", "Bruno", "Carla", "Dario"])
    html = anonymous.get("/t/coppa/", {"q": "nicola"}).content.decode()
    assert "Nobody called “nicola” sits in this round." in html


def test_names_match_without_accents_case_or_apostrophes():
    from tournaments.names import matches

    assert matches("Niccolò Rossi", "niccolo") and matches("Niccolò Rossi", "ROSSI NICCOLO")
    assert (
        matches("D’Angelo", "d'angelo")
        and matches("D'Angelo", "d’angelo")
        and matches("D`Angelo", "dangelo")
    )
    assert matches("Émile Durand-Lefèvre", "lefevre") and matches("Anna", "")
    assert not matches("Niccolò", "nicola") and not matches("Anna", "annamaria")
