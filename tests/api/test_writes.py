"""The API's writes: hands and corrections through the sheet's services, tokens, versions,
idempotency, errors."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from api import tokens
from api.models import IdempotencyKey
from tables.models import Hand, HandEntry, HandScore, Table
from tables.services import record_hand
from tables.sheet import load_sheet, table_history
from tests.api.conftest import Api
from tests.factories import TournamentFactory, seated_table
from tournaments.audit import COMMAND_LINE, ActorKind
from tournaments.models import Round, Tournament

HANDS = "/tournaments/coppa/rounds/1/tables/1/hands"


def _points(table) -> list[list[int]]:
    sheet = load_sheet(Table.objects.select_related("round__tournament").get(pk=table.pk))
    return [list(row.points) for row in sheet.rows]


def _version(table) -> int:
    return Table.objects.get(pk=table.pk).version


def test_a_hand_is_recorded_on_the_sheet_and_the_history_names_the_arbiter(
    arbiter_api, anonymous_api, table
):
    response = arbiter_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]})
    assert response.status_code == 201, response.content
    body = response.json()
    assert (
        body["result"] == "recorded" and body["hand"] == 1 and body["message"] == "Hand 1 recorded."
    )
    assert body["table"]["version"] == 1 and body["table"]["hands"][0]["points"] == [13, 3, 5, 5]
    assert body["table"]["next_hand"]["number"] == 2
    assert _points(table) == [[13, 3, 5, 5]]
    page = anonymous_api.client.get("/t/coppa/tables/1/1/").content.decode()
    assert "Anna" in page and ">13<" in page.replace(" ", "")
    history = table_history(table)
    assert [(e.what, e.who, e.after) for e in history] == [
        ("Hand recorded", "arturo", (13, 3, 5, 5))
    ]
    hand = Hand.objects.get(table=table)
    assert hand.recorded_by is None or hand.recorded_by.get_username() == "arturo"
    assert (
        hand.history.get().history_actor == ActorKind.USER
        and hand.history.get().history_user.username == "arturo"
    )
    assert "arturo" in anonymous_api.client.get("/t/coppa/tables/1/1/history/").content.decode()


def test_a_moon_and_a_penalty_are_recorded_as_the_sheet_does(arbiter_api, table):
    assert (
        arbiter_api.post(HANDS, {"number": 1, "version": 0, "moon": {"shooter": 2}}).status_code
        == 201
    )
    response = arbiter_api.post(
        HANDS, {"number": 2, "version": 1, "penalty": {"seat": 1, "reason": "rinuncia ♥"}}
    )
    assert response.status_code == 201, response.content
    assert _points(table) == [[26, 26, 0, 26], [0, 26, 0, 0]]
    assert response.json()["table"]["hands"][1]["penalty"] == {"seat": 1, "reason": "rinuncia ♥"}
    assert response.json()["table"]["hands"][0]["kind"] == "moon"


def test_the_shooter_subtracts_where_the_rules_let_them_choose(arbiter_api, tournament, table):
    body = {"number": 1, "version": 0, "moon": {"shooter": 1, "shooter_subtracts": True}}
    refused = arbiter_api.post(HANDS, body)
    assert (
        refused.status_code == 422
        and refused.json()["detail"][0]["field"] == "moon.shooter_subtracts"
    )
    Tournament.objects.filter(pk=tournament.pk).update(moon_rule="choice")
    assert arbiter_api.post(HANDS, body).status_code == 201
    assert _points(table) == [[0, -26, 0, 0]]


def test_a_stale_version_is_409_with_the_current_version(arbiter_api, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    response = arbiter_api.post(HANDS, {"number": 2, "version": 0, "points": [13, 3, 5, 5]})
    assert response.status_code == 409
    body = response.json()
    assert (
        body["code"] == "stale"
        and body["current_version"] == 1
        and body["detail"][0]["field"] == "version"
    )
    assert "version 1" in body["detail"][0]["message"]
    assert Hand.objects.filter(table=table).count() == 1


def test_the_same_hand_sent_again_with_a_new_key_is_recorded_once(arbiter_api, table):
    body = {"number": 1, "version": 0, "points": [13, 3, 5, 5]}
    assert arbiter_api.post(HANDS, body).status_code == 201
    again = arbiter_api.post(HANDS, body)
    assert again.status_code == 200 and again.json()["result"] == "already_recorded"
    other = arbiter_api.post(HANDS, {**body, "points": [3, 13, 5, 5]})
    assert other.status_code == 409 and other.json()["code"] == "conflict"
    assert other.json()["detail"][0]["field"] == "number" and other.json()["current_version"] == 1
    assert Hand.objects.filter(table=table).count() == 1


def test_an_idempotency_key_replays_the_first_answer_without_writing(arbiter_api, table):
    body = {"number": 1, "version": 0, "points": [13, 3, 5, 5]}
    first = arbiter_api.post(HANDS, body, key="key-1")
    record_hand(table, [13, 6, 4, 3], actor=COMMAND_LINE)  # the table moves on meanwhile
    again = arbiter_api.post(
        HANDS, '{ "points": [13,3,5,5], "version": 0, "number": 1 }', key="key-1"
    )
    assert again.status_code == first.status_code == 201
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first
    assert Hand.objects.filter(table=table).count() == 2 and _version(table) == 2


def test_an_idempotency_key_with_another_body_is_422(arbiter_api, table):
    assert (
        arbiter_api.post(
            HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]}, key="k"
        ).status_code
        == 201
    )
    response = arbiter_api.post(
        HANDS, {"number": 2, "version": 1, "points": [13, 3, 5, 5]}, key="k"
    )
    assert response.status_code == 422
    assert response.json()["code"] == "idempotency_key_reused"
    assert response.json()["detail"][0]["field"] == "Idempotency-Key"
    assert Hand.objects.filter(table=table).count() == 1
    # the same key on another path is another request too
    response = arbiter_api.put(
        HANDS + "/1", {"version": 1, "reason": "x", "points": [3, 13, 5, 5]}, key="k"
    )
    assert response.status_code == 422 and response.json()["code"] == "idempotency_key_reused"


def test_refusals_of_the_write_are_kept_with_the_key(arbiter_api, table):
    stale = {"number": 1, "version": 5, "points": [13, 3, 5, 5]}
    first = arbiter_api.post(HANDS, stale, key="s")
    assert first.status_code == 409
    assert arbiter_api.post(HANDS, stale, key="s").json() == first.json()
    assert not Hand.objects.exists()


def test_keys_are_per_token_and_forgotten_after_a_day(arbiter_api, arbiter, organizer, table):
    body = {"number": 1, "version": 0, "points": [13, 3, 5, 5]}
    assert arbiter_api.post(HANDS, body, key="same").status_code == 201
    other = Api(tokens.create_token(organizer, table.round.tournament, "laptop").secret)
    response = other.post(HANDS, {**body, "number": 2, "version": 1}, key="same")
    assert response.status_code == 201  # another token's key of the same name is another key
    IdempotencyKey.objects.update(created_at=timezone.now() - timedelta(hours=25))
    response = arbiter_api.post(HANDS, {**body, "number": 3, "version": 2}, key="same")
    assert response.status_code == 201 and "Idempotent-Replayed" not in response
    assert IdempotencyKey.objects.filter(token__user=arbiter).count() == 1


@pytest.mark.parametrize("key", [False, "", " ", "x" * 201, "ключ", "a b"])
def test_a_write_needs_a_plain_idempotency_key(arbiter_api, table, key):
    headers = {"Idempotency-Key": key} if key is not False else {}
    response = arbiter_api.post(
        HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]}, key=False, headers=headers
    )
    assert response.status_code == 400
    assert (
        response.json()["detail"][0]["field"] == "Idempotency-Key"
        and response.json()["code"] == "bad_request"
    )
    assert not Hand.objects.exists()


def test_a_correction_goes_through_correct_hand_with_its_reason(arbiter_api, anonymous_api, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    response = arbiter_api.put(
        HANDS + "/1", {"version": 1, "reason": "seats 1 and 2 swapped", "points": [3, 13, 5, 5]}
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert (
        body["result"] == "corrected"
        and body["table"]["version"] == 2
        and body["table"]["hands"][0]["corrected"]
    )
    assert _points(table) == [[3, 13, 5, 5]]
    corrected = [e for e in table_history(table) if e.what == "Hand corrected"]
    assert [(e.who, e.reason, e.before, e.after) for e in corrected] == [
        ("arturo", "seats 1 and 2 swapped", (13, 3, 5, 5), (3, 13, 5, 5))
    ]
    penalty = arbiter_api.put(
        HANDS + "/1",
        {"version": 2, "reason": "it was a revoke", "penalty": {"seat": 3, "reason": "revoke"}},
    )
    assert penalty.status_code == 200 and _points(table) == [[0, 0, 0, 26]]


@pytest.mark.parametrize(
    "body,status,field",
    [
        ({"version": 1, "points": [3, 13, 5, 5]}, 422, "reason"),
        ({"version": 1, "reason": "   ", "points": [3, 13, 5, 5]}, 422, "reason"),
        ({"version": 1, "reason": "same", "points": [13, 3, 5, 5]}, 422, "points"),
        ({"version": 1, "reason": "bad", "points": [13, 13, 5, 5]}, 422, "points"),
        ({"version": 1, "reason": "bad", "points": [3, 13, 10]}, 422, "points"),
        (
            {
                "version": 1,
                "reason": "both",
                "points": [3, 13, 5, 5],
                "penalty": {"seat": 0, "reason": "r"},
            },
            422,
            "penalty",
        ),
        ({"version": 1, "reason": "none"}, 422, "points"),
        (
            {"version": 1, "reason": "seat", "penalty": {"seat": 4, "reason": "r"}},
            422,
            "penalty.seat",
        ),
        ({"version": 0, "reason": "stale", "points": [3, 13, 5, 5]}, 409, "version"),
        ({"version": 1, "reason": "moon", "moon": {"shooter": 0}}, 422, "moon"),
    ],
)
def test_a_refused_correction_names_the_field(arbiter_api, table, body, status, field):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    response = arbiter_api.put(HANDS + "/1", body)
    assert response.status_code == status, response.content
    assert response.json()["detail"][0]["field"] == field
    assert _points(table) == [[13, 3, 5, 5]]


def test_correcting_a_hand_not_recorded_is_404(arbiter_api, table):
    response = arbiter_api.put(HANDS + "/3", {"version": 0, "reason": "x", "points": [13, 3, 5, 5]})
    assert (
        response.status_code == 404 and response.json()["detail"][0]["message"] == "No such hand."
    )


@pytest.mark.parametrize(
    "body,field,words",
    [
        ({"number": 1, "version": 0, "points": [12, 12, 2, 0]}, "points", "queen of spades"),
        ({"number": 1, "version": 0, "points": [13, 3, 5, 4]}, "points", "add up to 25"),
        ({"number": 1, "version": 0, "points": [26, 0, 0, 0]}, "points", "Shoot the moon"),
        ({"number": 1, "version": 0, "points": [13, 13]}, "points", ""),
        ({"number": 1, "version": 0, "points": [13, 3, 5, 5, 0]}, "points", "4 seats"),
        ({"number": 3, "version": 0, "points": [13, 3, 5, 5]}, "number", "hand 1"),
        ({"number": 1, "version": 0}, "points", "exactly one"),
        (
            {"number": 1, "version": 0, "points": [13, 3, 5, 5], "moon": {"shooter": 1}},
            "moon",
            "exactly one",
        ),
        ({"number": 1, "version": 0, "penalty": {"seat": 7, "reason": "r"}}, "penalty.seat", ""),
        ({"number": 1, "version": 0, "penalty": {"seat": 0, "reason": ""}}, "penalty.reason", ""),
        ({"number": 1, "version": 0, "penalty": {"seat": 0}}, "penalty.reason", ""),
        ({"number": 1, "version": 0, "moon": {"shooter": 4}}, "moon.shooter", "seats 0 to 3"),
        ({"version": 0, "points": [13, 3, 5, 5]}, "number", ""),
        ({"number": 1, "points": [13, 3, 5, 5]}, "version", ""),
    ],
)
def test_a_refused_hand_is_422_naming_the_field(arbiter_api, table, body, field, words):
    response = arbiter_api.post(HANDS, body)
    assert response.status_code == 422, response.content
    detail = response.json()["detail"]
    assert detail[0]["field"] == field and words.lower() in detail[0]["message"].lower(), detail
    assert response.json()["code"] == "invalid"
    assert not Hand.objects.exists()


def test_a_locked_round_or_a_finished_tournament_is_409(arbiter_api, tournament, table):
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.LOCKED)
    response = arbiter_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]})
    assert response.status_code == 409 and "locked" in response.json()["detail"][0]["message"]
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    response = arbiter_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]})
    assert response.status_code == 409 and "finished" in response.json()["detail"][0]["message"]
    assert not Hand.objects.exists()


def test_an_engine_played_table_is_409(arbiter_api, table):
    Table.objects.filter(pk=table.pk).update(mode=Table.Mode.ENGINE)
    response = arbiter_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]})
    assert response.status_code == 409 and response.json()["code"] == "conflict"


def test_a_game_over_is_409(arbiter_api, table):
    for _ in range(4):
        record_hand(table, None, penalty_offender=0, penalty_reason="revoke", actor=COMMAND_LINE)
    response = arbiter_api.post(HANDS, {"number": 5, "version": 4, "points": [13, 3, 5, 5]})
    assert response.status_code == 409


@pytest.mark.parametrize(
    "policy,status,result,entry_status",
    [
        ("player", 202, "pending", HandEntry.Status.PENDING),
        ("double", 202, "pending", HandEntry.Status.PENDING),
    ],
)
def test_other_confirmation_policies_keep_the_entry_waiting(
    arbiter_api, tournament, table, policy, status, result, entry_status
):
    Tournament.objects.filter(pk=tournament.pk).update(confirmation_policy=policy)
    response = arbiter_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]})
    assert response.status_code == status and response.json()["result"] == result
    entry = HandEntry.objects.get()
    assert entry.status == entry_status and entry.entered_by_user.username == "arturo"
    assert not Hand.objects.exists()
    assert response.json()["table"]["entries"][0]["points"] == [13, 3, 5, 5]


def test_two_equal_entries_record_the_hand_under_double_entry(
    arbiter_api, organizer, tournament, table
):
    Tournament.objects.filter(pk=tournament.pk).update(confirmation_policy="double")
    body = {"number": 1, "version": 0, "points": [13, 3, 5, 5]}
    assert arbiter_api.post(HANDS, body).status_code == 202
    second = Api(tokens.create_token(organizer, tournament, "second").secret).post(HANDS, body)
    assert second.status_code == 201 and second.json()["result"] == "recorded"
    differ = Api(tokens.create_token(organizer, tournament, "third").secret)
    assert arbiter_api.post(HANDS, {**body, "number": 2, "version": 1}).status_code == 202
    mismatch = differ.post(HANDS, {**body, "number": 2, "version": 1, "points": [3, 13, 5, 5]})
    assert mismatch.status_code == 202 and mismatch.json()["result"] == "mismatch"


# --- who may write --------------------------------------------------------------------------------


def test_no_token_is_401_with_a_bearer_challenge(anonymous_api, table):
    response = anonymous_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]})
    assert response.status_code == 401 and response["WWW-Authenticate"].startswith("Bearer")
    assert response.json()["detail"][0]["field"] == "Authorization"


@pytest.mark.parametrize(
    "header,words",
    [
        ("Token abc", "Bearer"),
        ("Bearer", "Bearer"),
        ("Bearer nope", "not a Cuori API token"),
        ("Bearer cuori_" + "x" * 43, "Unknown API token"),
        ("Basic dXNlcjpwYXNz", "Bearer"),
    ],
)
def test_a_wrong_token_is_401(anonymous_api, table, header, words):
    response = anonymous_api.post(
        HANDS,
        {"number": 1, "version": 0, "points": [13, 3, 5, 5]},
        headers={"Authorization": header},
    )
    assert response.status_code == 401 and words in response.json()["detail"][0]["message"]
    assert (
        anonymous_api.get("/tournaments/coppa", headers={"Authorization": header}).status_code
        == 401
    )


def test_a_revoked_token_is_401(arbiter_api, arbiter, tournament, table):
    tokens.revoke_named(arbiter, tournament, "tablet")
    response = arbiter_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]})
    assert response.status_code == 401 and "revoked" in response.json()["detail"][0]["message"]
    assert arbiter_api.get("/tournaments/coppa").status_code == 401


def test_a_disabled_account_is_401(arbiter_api, arbiter, table):
    get_user_model().objects.filter(pk=arbiter.pk).update(is_active=False)
    assert (
        arbiter_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]}).status_code
        == 401
    )


def test_a_token_of_another_tournament_is_403_or_404_for_a_draft(arbiter, table):
    other = TournamentFactory(slug="altro")
    other.arbiters.add(arbiter)
    api = Api(tokens.create_token(arbiter, other, "altro").secret)
    body = {"number": 1, "version": 0, "points": [13, 3, 5, 5]}
    response = api.post(HANDS, body)
    assert response.status_code == 403 and response.json()["detail"][0]["message"] == (
        "This token is for another tournament."
    )
    Tournament.objects.filter(slug="coppa").update(status=Tournament.Status.DRAFT)
    assert api.post(HANDS, body).status_code == 404
    assert not Hand.objects.exists()


def test_a_token_for_every_tournament_writes_where_its_user_is_arbiter(arbiter, outsider, table):
    body = {"number": 1, "version": 0, "points": [13, 3, 5, 5]}
    response = Api(tokens.create_token(outsider, None, "all").secret).post(HANDS, body)
    assert response.status_code == 403 and response.json()["code"] == "forbidden"
    assert (
        Api(tokens.create_token(arbiter, None, "all").secret).post(HANDS, body).status_code == 201
    )


def test_an_arbiter_removed_from_the_tournament_can_no_longer_write(
    arbiter_api, arbiter, tournament, table
):
    tournament.arbiters.remove(arbiter)
    response = arbiter_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]})
    assert response.status_code == 403


def test_the_arbiter_of_a_draft_writes_there(arbiter_api, tournament, table):
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.DRAFT)
    assert (
        arbiter_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]}).status_code
        == 201
    )


def test_a_missing_table_is_404(arbiter_api, table):
    for path in (
        "/tournaments/coppa/rounds/1/tables/7/hands",
        "/tournaments/coppa/rounds/5/tables/1/hands",
        "/tournaments/nope/rounds/1/tables/1/hands",
    ):
        response = arbiter_api.post(path, {"number": 1, "version": 0, "points": [13, 3, 5, 5]})
        assert response.status_code == 404 and response.json()["code"] == "not_found"


# --- hostile input: never a 500 -------------------------------------------------------------------

HOSTILE = [
    b"",
    b"{",
    b"null",
    b"[]",
    b"[1, 2]",
    b'"text"',
    b"42",
    b"{}",
    b"\xff\xfe\x00",
    '{"number": 1}'.encode("utf-16"),
    b'{"number": "1", "version": 0, "points": [13, 3, 5, 5]}',
    b'{"number": 1.0, "version": 0, "points": [13, 3, 5, 5]}',
    b'{"number": true, "version": 0, "points": [13, 3, 5, 5]}',
    b'{"number": 1, "version": 0, "points": ["13", 3, 5, 5]}',
    b'{"number": 1, "version": 0, "points": [13.5, 3, 5, 4.5]}',
    b'{"number": 1, "version": 0, "points": [1e400, 3, 5, 5]}',
    b'{"number": 1, "version": 0, "points": [NaN, 3, 5, 5]}',
    b'{"number": 1, "version": 0, "points": [99999999999999999999999999999999, 3, 5, 5]}',
    b'{"number": 99999999999999999999999999999999, "version": 0, "points": [13, 3, 5, 5]}',
    b'{"number": 1, "version": 99999999999999999999999999999999, "points": [13, 3, 5, 5]}',
    b'{"number": 1, "version": -1, "points": [13, 3, 5, 5]}',
    b'{"number": 0, "version": 0, "points": [13, 3, 5, 5]}',
    b'{"number": 1, "version": 0, "points": [-1000000, 3, 5, 5]}',
    b'{"number": 1, "version": 0, "points": {"0": 13}}',
    b'{"number": 1, "version": 0, "points": [[13], 3, 5, 5]}',
    b'{"number": 1, "version": 0, "points": [13, 3, 5, 5], "extra": 1}',
    b'{"number": 1, "version": 0, "penalty": {"seat": 0, "reason": "a\\u0000b"}}',
    b'{"number": 1, "version": 0, "penalty": {"seat": 0, "reason": "\\ud800"}}',
    b'{"number": 1, "version": 0, "penalty": {"seat": -1, "reason": "r"}}',
    b'{"number": 1, "version": 0, "penalty": {"seat": 0, "reason": "' + b"x" * 301 + b'"}}',
    b'{"number": 1, "version": 0, "penalty": "seat 0"}',
    b'{"number": 1, "version": 0, "moon": 2}',
    b'{"number": 1, "version": 0, "moon": {"shooter": 2, "shooter_subtracts": "yes"}}',
    b'{"number": 1, "version": 0, "points": null, "moon": null, "penalty": null}',
    (
        '{"number": 1, "version": 0, "penalty": {"seat": 0, "reason": '
        '"\u0930\u093e\u091c\U0001f0a1 \u202e"}}'
    ).encode(),
    b'{"number": 1, "number": 2, "version": 0, "points": [13, 3, 5, 5]}',
    b"[" * 5000 + b"]" * 5000,
]


@pytest.mark.parametrize("raw", HOSTILE)
def test_hostile_bodies_are_4xx_json_never_a_500(arbiter_api, table, raw):
    for method, path in (("post", HANDS), ("put", HANDS + "/1")):
        if method == "put" and not Hand.objects.exists():
            record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
        response = arbiter_api.post(path, raw, method=method)
        assert 200 <= response.status_code < 500, (
            raw[:80],
            response.status_code,
            response.content[:300],
        )
        if response.status_code >= 400:
            body = response.json()
            assert body["detail"] and all(
                set(item) == {"field", "message"} for item in body["detail"]
            )
            assert isinstance(body["code"], str)


def test_unicode_reasons_are_kept(arbiter_api, table):
    reason = "rinuncia: non ha risposto a ♥ — «Ünïcødé» 🂡"
    response = arbiter_api.post(
        HANDS, {"number": 1, "version": 0, "penalty": {"seat": 2, "reason": reason}}
    )
    assert (
        response.status_code == 201
        and response.json()["table"]["hands"][0]["penalty"]["reason"] == reason
    )


@pytest.mark.parametrize(
    "path",
    [
        "/tournaments/coppa/rounds/999999999999999999999/tables/1/hands",
        "/tournaments/coppa/rounds/1/tables/999999999999999999999/hands",
        "/tournaments/coppa/rounds/1/tables/1/hands/999999999999999999999",
    ],
)
def test_huge_numbers_in_the_address_are_404(arbiter_api, table, path):
    method = "put" if path.endswith("999") and "/hands/" in path else "post"
    response = arbiter_api.post(
        path, {"number": 1, "version": 0, "reason": "x", "points": [13, 3, 5, 5]}, method=method
    )
    assert response.status_code in (404, 422) and response.json()["code"] in (
        "not_found",
        "invalid",
    )


# --- rate limits ----------------------------------------------------------------------------------


def test_reads_are_limited_per_client_address(anonymous_api, tournament, settings):
    settings.CUORI_API_READ_RATE = "3/m"
    for _ in range(3):
        assert anonymous_api.get("/tournaments/coppa").status_code == 200
    response = anonymous_api.get("/tournaments/coppa")
    assert response.status_code == 429 and int(response["Retry-After"]) >= 1
    assert (
        response.json()["code"] == "rate_limited" and response.json()["detail"][0]["field"] is None
    )
    elsewhere = anonymous_api.client.get("/api/v1/tournaments/coppa", REMOTE_ADDR="10.9.8.7")
    assert elsewhere.status_code == 200


def test_writes_are_limited_per_token(arbiter_api, organizer, tournament, table, settings):
    settings.CUORI_API_WRITE_RATE = "2/m"
    assert (
        arbiter_api.post(HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]}).status_code
        == 201
    )
    assert (
        arbiter_api.post(HANDS, {"number": 2, "version": 1, "points": [13, 3, 5, 5]}).status_code
        == 201
    )
    response = arbiter_api.post(HANDS, {"number": 3, "version": 2, "points": [13, 3, 5, 5]})
    assert response.status_code == 429 and response["Retry-After"]
    assert Hand.objects.count() == 2
    other = Api(tokens.create_token(organizer, tournament, "other").secret)
    assert (
        other.post(HANDS, {"number": 3, "version": 2, "points": [13, 3, 5, 5]}).status_code == 201
    )


def test_wrong_tokens_count_against_the_address(anonymous_api, table, settings):
    settings.CUORI_API_READ_RATE = "2/m"
    wrong = {"Authorization": "Bearer cuori_" + "y" * 43}
    statuses = [
        anonymous_api.post(
            HANDS, {"number": 1, "version": 0, "points": [13, 3, 5, 5]}, headers=wrong
        ).status_code
        for _ in range(3)
    ]
    assert statuses == [401, 401, 429]


# --- query counts ---------------------------------------------------------------------------------


def test_a_write_runs_a_bounded_number_of_queries(
    arbiter_api, table, django_assert_max_num_queries
):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    arbiter_api.get("/tournaments/coppa")  # the token's first use is noted
    with django_assert_max_num_queries(40):
        assert (
            arbiter_api.post(
                HANDS, {"number": 2, "version": 1, "points": [13, 3, 5, 5]}
            ).status_code
            == 201
        )
    for _ in range(3, 7):
        record_hand(table, [13, 4, 5, 4], actor=COMMAND_LINE)
    with django_assert_max_num_queries(40):
        assert (
            arbiter_api.post(
                HANDS, {"number": 7, "version": 6, "points": [13, 3, 5, 5]}
            ).status_code
            == 201
        )
    with django_assert_max_num_queries(40):
        assert (
            arbiter_api.put(
                HANDS + "/1", {"version": 7, "reason": "r", "points": [3, 13, 5, 5]}
            ).status_code
            == 200
        )


def test_a_replay_reads_only_the_token_the_table_and_the_key(
    arbiter_api, table, django_assert_max_num_queries
):
    body = {"number": 1, "version": 0, "points": [13, 3, 5, 5]}
    arbiter_api.post(HANDS, body, key="r")
    with django_assert_max_num_queries(7):
        assert arbiter_api.post(HANDS, body, key="r")["Idempotent-Replayed"] == "true"


def test_a_table_of_three_and_of_five(arbiter, tournament):
    three = seated_table(tournament, players=3, number=2)
    five = seated_table(tournament, players=5, number=3)
    api = Api(tokens.create_token(arbiter, tournament, "t").secret)
    assert (
        api.post(
            "/tournaments/coppa/rounds/1/tables/2/hands",
            {"number": 1, "version": 0, "points": [13, 8, 5]},
        ).status_code
        == 201
    )
    response = api.post(
        "/tournaments/coppa/rounds/1/tables/3/hands",
        {"number": 1, "version": 0, "points": [13, 3, 5, 5]},
    )
    assert response.status_code == 422 and "5 seats" in response.json()["detail"][0]["message"]
    assert (
        HandScore.objects.filter(hand__table=three).count() == 3
        and not Hand.objects.filter(table=five).exists()
    )
