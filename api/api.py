"""The JSON API, version 1 (django-ninja): ``/api/v1/``, its OpenAPI schema at
``/api/v1/openapi.json`` and a docs page at ``/api/v1/docs``.

Reads are as public as the pages (``tournaments.permissions.VIEW``): a draft
is a 404 for anyone but its organizer and arbiters, so drafts do not leak.
They call the pages' reads (``tournaments.pages``, ``.selectors``,
``tables.sheet``), each a constant number of queries.

Writes record a hand or correct one, with an arbiter's token
(``permissions.ENTER_RESULTS``), through exactly what the score sheet calls:
``tables.entries.submit`` (which records at once under the "arbiter"
confirmation policy and otherwise keeps an entry waiting for its check) and
``tables.services.correct_hand``, with ``Actor.of(user)`` so the history
names the arbiter. Each carries the table's ``version`` (409 when someone else
saved first) and an ``Idempotency-Key`` (``api.idempotency``).

Every refusal is JSON (``api.errors``), never a page.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import Header, NinjaAPI, Query
from ninja.errors import AuthenticationError, HttpError, ValidationError

from tables import entries, services
from tables.models import Hand, HandEntry, Table
from tables.sheet import Sheet, check_entry, load_sheet, load_table, moon_points, open_sheet
from tournaments import permissions
from tournaments.audit import Actor
from tournaments.errors import TournamentError
from tournaments.models import Round, Tournament
from tournaments.numbers import MAX_HAND_NUMBER, MAX_ROUNDS, MAX_TABLE_NUMBER
from tournaments.scoring import ImpossibleHandError, ScoringError

from . import idempotency, reads
from .auth import OptionalTokenAuth, TokenAuth, caller
from .errors import (
    BAD_REQUEST,
    FORBIDDEN,
    INVALID,
    NOT_AUTHENTICATED,
    ApiError,
    from_scoring,
    not_found,
)
from .schemas import (
    CorrectionIn,
    Error,
    HandIn,
    HandOut,
    RoundDetail,
    RoundSummary,
    Standings,
    TableDetail,
    TournamentDetail,
    TournamentPage,
    WriteOut,
)

api = NinjaAPI(
    title="Cuori API",
    version="1",
    urls_namespace="api-v1",
    description=(
        "Tournaments, rounds, tables, hands and standings of Cuori, as public as the tournament "
        "is; arbiters record and correct hands with their API tokens. Errors: "
        '`{"detail": [{"field": ..., "message": ...}], "code": ...}`. See the README, section '
        '"API".'
    ),
)

READ = OptionalTokenAuth()
WRITE = TokenAuth()
ERRORS = {400: Error, 401: Error, 403: Error, 404: Error, 409: Error, 422: Error, 429: Error}
PAGE_SIZE = 50


# --- errors as JSON -------------------------------------------------------------------------------


def _answer(request, error: ApiError):
    response = api.create_response(request, error.body(), status=error.status)
    for name, value in error.headers.items():
        response[name] = value
    return response


@api.exception_handler(ApiError)
def _api_error(request, exc: ApiError):
    return _answer(request, exc)


def _field(loc) -> str | None:
    """A pydantic location as the field the client sent: ("body", "payload", "points", 2) →
    "points.2"."""
    parts = list(loc)
    if parts and parts[0] == "body":
        parts = parts[2:]
    elif parts:
        parts = parts[1:]
    return ".".join(str(p) for p in parts) or None


@api.exception_handler(ValidationError)
def _invalid(request, exc: ValidationError):
    errors = []
    for error in exc.errors:
        field = _field(error.get("loc", ()))
        message = error.get("msg", "invalid")
        if field is None and error.get("type") == "missing":
            message = _("The request needs a JSON body.")
        errors.append((field, message))
    return _answer(request, ApiError(422, "", errors=errors, code=INVALID))


@api.exception_handler(AuthenticationError)
def _unauthenticated(request, exc):
    return _answer(
        request,
        ApiError(
            401,
            _("This needs an API token: send Authorization: Bearer <your API token>."),
            "Authorization",
            code=NOT_AUTHENTICATED,
        ),
    )


@api.exception_handler(HttpError)
def _http_error(request, exc: HttpError):
    if exc.status_code == 400:  # ninja's "Cannot parse request body"
        return _answer(
            request, ApiError(400, _("The request body is not valid JSON."), None, code=BAD_REQUEST)
        )
    if exc.status_code == 429:
        return _answer(request, ApiError(429, _("Too many requests."), None, code="rate_limited"))
    return _answer(request, ApiError(exc.status_code, str(exc), None, code=INVALID))


@api.exception_handler(Http404)
def _missing(request, exc):
    return _answer(request, not_found(_("Not found.")))


@api.exception_handler(PermissionDenied)
def _denied(request, exc):
    if isinstance(exc, permissions.HiddenRound):
        return _answer(request, ApiError(403, str(exc), None, code="round_hidden"))
    return _answer(request, ApiError(403, _("You may not do this."), None, code=FORBIDDEN))


# --- finding things, as visible as the pages ------------------------------------------------------


def _bounded(value: int, maximum: int, message: str) -> int:
    """Numbers in the address beyond what can exist are a 404 (and never reach the database as
    overflows)."""
    if not 1 <= value <= maximum:
        raise not_found(message)
    return value


def _tournament(request, slug: str) -> Tournament:
    """The tournament, if the caller may see it; else 404 (a draft is not revealed). 1 query (2 for
    an arbiter)."""
    found = Tournament.objects.filter(slug=slug).first() if len(slug) <= 80 else None
    if found is None or not permissions.can(caller(request, found), permissions.VIEW, found):
        raise not_found(_("No such tournament."))
    return found


def _round(tournament: Tournament, number: int) -> Round:
    _bounded(number, MAX_ROUNDS, _("No such round."))
    found = Round.objects.filter(tournament=tournament, number=number).first()
    if found is None:
        raise not_found(_("No such round."))
    return found


def _table(request, slug: str, number: int, table_number: int) -> Table:
    """The table with its round and tournament (1 query), visible to the caller; else 404."""
    _bounded(number, MAX_ROUNDS, _("No such round."))
    _bounded(table_number, MAX_TABLE_NUMBER, _("No such table."))
    try:
        table = load_table(slug, number, table_number)
    except Table.DoesNotExist:
        _tournament(request, slug)  # "no such tournament" for a draft or a wrong slug
        raise not_found(_("No such table.")) from None
    if not permissions.can(
        caller(request, table.round.tournament), permissions.VIEW, table.round.tournament
    ):
        raise not_found(_("No such tournament."))
    return table


def _open_sheet(request, slug: str, number: int, table_number: int) -> Sheet:
    """The table's sheet read with the table itself (5 queries), when the caller may see it; else
    404."""
    _bounded(number, MAX_ROUNDS, _("No such round."))
    _bounded(table_number, MAX_TABLE_NUMBER, _("No such table."))

    def visible(table: Table) -> None:
        if not permissions.can(
            caller(request, table.round.tournament), permissions.VIEW, table.round.tournament
        ):
            raise not_found(_("No such tournament."))
        # A hidden round's table: 403 (code "round_hidden") for anyone but the tournament's staff.
        permissions.require_results_visible(caller(request, table.round.tournament), table.round)

    try:
        return open_sheet(slug, number, table_number, check=visible)
    except Table.DoesNotExist:
        _tournament(request, slug)  # "no such tournament" for a draft or a wrong slug
        raise not_found(_("No such table.")) from None


def _sheet(request, table: Table) -> tuple[Sheet, bool]:
    """The table's sheet, and whether the caller enters results there (then waiting entries are
    shown)."""
    sheet = load_sheet(table)
    enters = permissions.can(
        caller(request, sheet.tournament), permissions.ENTER_RESULTS, sheet.tournament
    )
    return sheet, enters


# --- reads ----------------------------------------------------------------------------------------


@api.get(
    "/tournaments",
    response={200: TournamentPage, **ERRORS},
    auth=READ,
    url_name="tournaments",
    summary="Public tournaments, newest first",
)
def tournaments(request, page: int = Query(1, ge=1, le=100_000)):
    """Tournaments anyone may read (not drafts), 50 a page: 2 queries."""
    found = reads.public_tournaments()
    count = found.count()
    pages = max((count + PAGE_SIZE - 1) // PAGE_SIZE, 1)
    items = found[(page - 1) * PAGE_SIZE : page * PAGE_SIZE] if page <= pages else []
    base = reverse("api-v1:tournaments")
    return {
        "count": count,
        "page": page,
        "pages": pages,
        "next": f"{base}?page={page + 1}" if page < pages else None,
        "previous": f"{base}?page={min(page - 1, pages)}" if page > 1 else None,
        "items": [reads.tournament_summary(t) for t in items],
    }


@api.get(
    "/tournaments/{slug}",
    response={200: TournamentDetail, **ERRORS},
    auth=READ,
    url_name="tournament",
    summary="A tournament and its settings",
)
def tournament(request, slug: str):
    """Settings with their codes and words: 1 query."""
    return reads.tournament_detail(_tournament(request, slug))


@api.get(
    "/tournaments/{slug}/rounds",
    response={200: list[RoundSummary], **ERRORS},
    auth=READ,
    url_name="rounds",
    summary="The rounds of a tournament",
)
def rounds(request, slug: str):
    """Every round with its state and number of tables: 2 queries."""
    return reads.rounds(_tournament(request, slug))


@api.get(
    "/tournaments/{slug}/rounds/{int:number}",
    response={200: RoundDetail, **ERRORS},
    auth=READ,
    url_name="round",
    summary="A round: its tables with seats, and its byes",
)
def round_(request, slug: str, number: int):
    """Tables with players, totals and, once a game has ended, places and match points: 6 queries.
    A hidden round's tables show who sits where and no result, but to the tournament's staff."""
    found = _tournament(request, slug)
    public = not permissions.sees_hidden_rounds(caller(request, found), found)
    return reads.round_detail(found, _round(found, number), public=public)


@api.get(
    "/tournaments/{slug}/rounds/{int:number}/tables/{int:table}",
    response={200: TableDetail, **ERRORS},
    auth=READ,
    url_name="table",
    summary="A table: its seats and every hand (the score sheet)",
)
def table(request, slug: str, number: int, table: int):
    """The score sheet as data, with the table's ``version`` to send back with a write: 5
    queries."""
    sheet = _open_sheet(request, slug, number, table)
    enters = permissions.can(
        caller(request, sheet.tournament), permissions.ENTER_RESULTS, sheet.tournament
    )
    return reads.table_detail(sheet, with_entries=enters)


@api.get(
    "/tournaments/{slug}/rounds/{int:number}/tables/{int:table}/hands",
    response={200: list[HandOut], **ERRORS},
    auth=READ,
    url_name="hands",
    summary="A table's hands, with scores and penalties",
)
def hands(request, slug: str, number: int, table: int):
    """Every recorded hand, oldest first: points and running totals per seat, kind, penalty: 5
    queries."""
    return reads.hands(_open_sheet(request, slug, number, table))


@api.get(
    "/tournaments/{slug}/standings",
    response={200: Standings, **ERRORS},
    auth=READ,
    url_name="standings",
    summary="The standings: the rows of export_standings",
)
def standings(
    request,
    slug: str,
    round: int | None = Query(
        None,
        ge=1,
        le=MAX_ROUNDS,  # noqa: A002
        description="Standings after this round.",
    ),
):
    """Rank, player, club, match points (exact and as the export's decimals), result points, games,
    table wins and status: the same rows as ``manage.py export_standings [--round N]``. 5 queries.
    Hidden rounds are left out (the public standings) but for the tournament's staff, who get
    ``--include-hidden``'s rows."""
    found = _tournament(request, slug)
    return reads.standings(
        found, round, public=not permissions.sees_hidden_rounds(caller(request, found), found)
    )


# --- writes ---------------------------------------------------------------------------------------


def _writable(request, slug: str, number: int, table_number: int) -> Table:
    """The table, when the token's user may enter its results: 404 (not visible), 403 (token of
    another tournament, or not an arbiter there)."""
    token = request.auth
    found = _table(request, slug, number, table_number)
    tournament = found.round.tournament
    if token.tournament_id is not None and token.tournament_id != tournament.pk:
        raise ApiError(
            403, _("This token is for another tournament."), "Authorization", code=FORBIDDEN
        )
    if not permissions.can(token.user, permissions.ENTER_RESULTS, tournament):
        raise ApiError(
            403,
            _("You do not enter the results of this tournament."),
            "Authorization",
            code=FORBIDDEN,
        )
    return found


def _respond(request, answer: idempotency.Answer):
    response = JsonResponse(
        answer.body, status=answer.status, json_dumps_params={"ensure_ascii": False}
    )
    if answer.replayed:
        response["Idempotent-Replayed"] = "true"
    return response


def _idempotent(request, table: Table, key: str | None, payload, write) -> JsonResponse:
    """Run ``write(table)`` under the request's Idempotency-Key; refusals it raises are answers
    too."""
    key = idempotency.check_key(key)
    request_hash = idempotency.fingerprint(
        request.method, request.path, payload.model_dump(mode="json")
    )

    def attempt() -> idempotency.Answer:
        try:
            return write(table)
        except ApiError as exc:
            return idempotency.Answer(exc.status, exc.body())

    return _respond(request, idempotency.run(request.auth, key, request_hash, attempt))


def _current_version(table: Table) -> int | None:
    return Table.objects.filter(pk=table.pk).values_list("version", flat=True).first()


def _check_seat(sheet: Sheet, seat: int, field: str) -> None:
    if seat >= len(sheet.seats):
        raise ApiError(
            422, _("This table has seats 0 to %(last)s.") % {"last": len(sheet.seats) - 1}, field
        )


def _check_points(sheet: Sheet, points: list[int]) -> None:
    if len(points) != len(sheet.seats):
        raise ApiError(
            422,
            _("This table has %(n)s seats: give %(n)s points, in seat order.")
            % {"n": len(sheet.seats)},
            "points",
        )


def _one_of(payload, names: tuple[str, ...]) -> str:
    given = [name for name in names if getattr(payload, name, None) is not None]
    if len(given) != 1:
        words = {"points": _("points"), "moon": _("a moon"), "penalty": _("a penalty")}
        raise ApiError(
            422,
            _("Give exactly one of: %(what)s.") % {"what": ", ".join(words[n] for n in names)},
            given[1] if len(given) > 1 else names[0],
        )
    return given[0]


def _hand_call(sheet: Sheet, payload: HandIn) -> tuple[dict, str]:
    """``HandIn`` → the keyword arguments of ``entries.submit``, as ``tables.forms.EntryForm`` makes
    them."""
    kind = _one_of(payload, ("points", "moon", "penalty"))
    if kind == "penalty":
        _check_seat(sheet, payload.penalty.seat, "penalty.seat")
        return {
            "points": None,
            "penalty_offender": payload.penalty.seat,
            "penalty_reason": payload.penalty.reason,
        }, kind
    if kind == "moon":
        _check_seat(sheet, payload.moon.shooter, "moon.shooter")
        if payload.moon.shooter_subtracts and not sheet.shooter_chooses:
            raise ApiError(
                422, _("In this tournament the shooter does not choose."), "moon.shooter_subtracts"
            )
        if sheet.engine_rules is None:
            raise ApiError(422, _("This table has no valid number of seats."), "moon")
        try:
            points = moon_points(
                sheet.engine_rules,
                sheet.totals,
                payload.moon.shooter,
                self_scoring=payload.moon.shooter_subtracts,
            )
        except ScoringError as exc:
            raise ApiError(422, str(exc), "moon") from None
        return {"points": points, "penalty_offender": None, "penalty_reason": ""}, kind
    _check_points(sheet, payload.points)
    return {"points": list(payload.points), "penalty_offender": None, "penalty_reason": ""}, kind


def _refusal(exc: ScoringError, table: Table, field: str) -> ApiError:
    return from_scoring(exc, field, version=_current_version(table))


@api.post(
    "/tournaments/{slug}/rounds/{int:number}/tables/{int:table}/hands",
    response={201: WriteOut, 200: WriteOut, 202: WriteOut, **ERRORS},
    auth=WRITE,
    url_name="record_hand",
    summary="Record the next hand (points, a moon or a penalty)",
)
def record_hand(
    request,
    slug: str,
    number: int,
    table: int,
    payload: HandIn,
    idempotency_key: str | None = Header(
        None, alias="Idempotency-Key", description="Required: a new random value per write."
    ),
):
    """What the score sheet's entry row does: under the "arbiter" confirmation policy the hand is
    recorded (201), otherwise an entry waits for its check (202). The same hand sent again is
    recorded once (200)."""
    found = _writable(request, slug, number, table)
    user = request.auth.user

    def write(found: Table) -> idempotency.Answer:
        sheet = load_sheet(found)
        if sheet.final_reason:
            raise ApiError(
                409,
                sheet.final_reason,
                None,
                code="conflict",
                extra={"current_version": found.version},
            )
        call, kind = _hand_call(sheet, payload)
        try:
            done = entries.submit(
                found,
                **call,
                actor=Actor.of(user),
                number=payload.number,
                expected_version=payload.version,
            )
        except ScoringError as exc:
            field = kind
            if isinstance(exc, ImpossibleHandError) and kind == "points":
                verdict = check_entry(sheet, [str(p) for p in payload.points])
                if not verdict.ok:
                    exc = type(exc)(verdict.message, exc.problem, exc.params)
            elif not isinstance(exc, ImpossibleHandError) and payload.number != sheet.next_number:
                field = "number"
            raise _refusal(exc, found, field) from None
        if isinstance(done, HandEntry):
            status, result = (
                202,
                "mismatch" if done.status == HandEntry.Status.MISMATCH else "pending",
            )
            message = _entry_message(done)
        else:
            created = getattr(done, "created", True)
            status, result = (201, "recorded") if created else (200, "already_recorded")
            message = (
                _("Hand %(n)s recorded.") if created else _("Hand %(n)s was already recorded.")
            ) % {"n": done.number}
        fresh, enters = _sheet(request, found)
        return idempotency.Answer(
            status,
            {
                "result": result,
                "hand": payload.number,
                "message": message,
                "table": _table_json(fresh, enters),
            },
        )

    return _idempotent(request, found, idempotency_key, payload, write)


def _entry_message(entry: HandEntry) -> str:
    """What the sheet says of an entry that waits (the sheet's own sentences)."""
    if entry.status == HandEntry.Status.MISMATCH:
        return _("Hand %(n)s differs from the other entry: decide which is right.") % {
            "n": entry.number
        }
    if entry.table.round.tournament.confirmation_policy == Tournament.ConfirmationPolicy.DOUBLE:
        return _("Hand %(n)s entered; it is recorded when a second, equal entry arrives.") % {
            "n": entry.number
        }
    return _("Hand %(n)s entered; it is recorded when another player of the table accepts it.") % {
        "n": entry.number
    }


def _table_json(sheet: Sheet, enters: bool) -> dict:
    return TableDetail.model_validate(reads.table_detail(sheet, with_entries=enters)).model_dump(
        mode="json"
    )


@api.put(
    "/tournaments/{slug}/rounds/{int:number}/tables/{int:table}/hands/{int:hand}",
    response={200: WriteOut, **ERRORS},
    auth=WRITE,
    url_name="correct_hand",
    summary="Correct a recorded hand, with a reason kept in the history",
)
def correct_hand(
    request,
    slug: str,
    number: int,
    table: int,
    hand: int,
    payload: CorrectionIn,
    idempotency_key: str | None = Header(
        None, alias="Idempotency-Key", description="Required: a new random value per write."
    ),
):
    """What the score sheet's correction does (``tables.services.correct_hand``): every seat's
    points, or a penalty, and the reason."""
    found = _writable(request, slug, number, table)
    _bounded(hand, MAX_HAND_NUMBER, _("No such hand."))
    recorded = Hand.objects.filter(table=found, number=hand).first()
    if recorded is None:
        raise not_found(_("No such hand."))
    user = request.auth.user

    def write(found: Table) -> idempotency.Answer:
        sheet = load_sheet(found)
        if sheet.final_reason:
            raise ApiError(
                409,
                sheet.final_reason,
                None,
                code="conflict",
                extra={"current_version": found.version},
            )
        kind = _one_of(payload, ("points", "penalty"))
        if kind == "penalty":
            _check_seat(sheet, payload.penalty.seat, "penalty.seat")
            call = {
                "points": None,
                "penalty_offender": payload.penalty.seat,
                "penalty_reason": payload.penalty.reason,
            }
        else:
            _check_points(sheet, payload.points)
            call = {"points": list(payload.points), "penalty_offender": None, "penalty_reason": ""}
        try:
            services.correct_hand(
                recorded,
                **call,
                reason=payload.reason,
                actor=Actor.of(user),
                expected_version=payload.version,
            )
        except ScoringError as exc:
            raise _refusal(exc, found, kind) from None
        except TournamentError as exc:  # pragma: no cover - the services raise ScoringError here
            raise ApiError(422, str(exc), kind, code=exc.code) from None
        fresh, enters = _sheet(request, found)
        return idempotency.Answer(
            200,
            {
                "result": "corrected",
                "hand": hand,
                "message": _("Hand %(n)s corrected.") % {"n": hand},
                "table": _table_json(fresh, enters),
            },
        )

    return _idempotent(request, found, idempotency_key, payload, write)
