"""The API's shapes (pydantic v2 through django-ninja): what each endpoint returns and accepts.

Codes come with their words: every coded setting is ``{"code": ..., "label": ...}``
(``tournaments.labels`` and the models' choices, in the request's language).
Match points are exact: ``match_points`` is a fraction as text ("19/3", "10"),
``match_points_decimal`` the same rounded half up to two decimals ("6.33"),
as the CSV exports write it. Seats are numbered from 0 (seat 0 deals the
first hand); points are per seat, in seat order.

Inputs are strict: numbers must be JSON integers (not "10", 10.0 or true),
unknown fields are refused, and every number and text is bounded.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import ConfigDict, Field, StrictBool, StrictInt, field_validator

from tournaments.numbers import MAX_HAND_NUMBER, MAX_HAND_POINTS


class Label(Schema):
    code: str
    label: str


# --- reads ----------------------------------------------------------------------------------------


class TournamentSummary(Schema):
    slug: str
    name: str
    status: Label
    start_date: date | None
    end_date: date | None
    venue: str
    rounds_planned: int
    url: str = Field(description="This tournament in the API.")


class TournamentPage(Schema):
    count: int = Field(description="Tournaments in every page.")
    page: int
    pages: int
    next: str | None
    previous: str | None
    items: list[TournamentSummary]


class MatchPointsRow(Schema):
    seats: int
    places: list[str] = Field(description="Match points of places 1, 2, … as exact fractions.")


class TournamentDetail(TournamentSummary):
    rules: Label
    hand_total: int = Field(description="Penalty points of one hand at a table of 4.")
    moon_rule: Label
    shoot_the_sun: bool
    scoring: Label
    match_points: list[MatchPointsRow]
    game_end: Label
    target_points: int | None
    hands_per_game: int | None
    tiebreaks: list[Label]
    seating_method: Label
    table_size: int
    odd_policy: Label | None
    confirmation_policy: Label
    players_enter_hands: bool
    bye_match_points: str
    bye_match_points_decimal: str
    bye_result_points: int | None = Field(description="Empty: the round's average.")
    round_minutes: int | None


class RoundSummary(Schema):
    number: int
    status: Label
    kind: Label = Field(description='"swiss", or "final": the placement final.')
    hidden: bool = Field(
        description="Its results are hidden: only the tournament's staff see them."
    )
    seating_method: Label | None
    table_count: int
    minutes: int | None
    clock_started_at: datetime | None


class SeatOut(Schema):
    position: int
    player_id: int
    name: str
    club: str
    total: int = Field(description="The seat's penalty points in this game so far.")
    place: int | None = Field(
        description="Once the game has ended: 1 is best; tied seats share it."
    )
    match_points: str | None
    match_points_decimal: str | None


class TableSummary(Schema):
    number: int
    status: Label
    hands: int
    over: bool
    confirmed: bool
    engine: bool = Field(description="Played online through the engine; its hands are not entered.")
    seats: list[SeatOut]


class Bye(Schema):
    player_id: int
    name: str


class RoundDetail(RoundSummary):
    tables: list[TableSummary]
    byes: list[Bye]


class PenaltyOut(Schema):
    seat: int
    reason: str


class HandOut(Schema):
    number: int
    dealer: int
    pass_direction: Label
    points: list[int]
    totals: list[int] = Field(description="Every seat's total after this hand.")
    kind: Literal["normal", "moon", "sun", "penalty"]
    penalty: PenaltyOut | None
    corrected: bool


class EntryOut(Schema):
    id: int
    number: int
    points: list[int] | None
    penalty: PenaltyOut | None
    author: str
    status: Label
    reason: str


class NextHand(Schema):
    number: int
    dealer: int
    pass_direction: Label


class TableDetail(Schema):
    tournament: str
    round: int
    number: int
    status: Label
    version: int = Field(
        description="Raised by every change; send it back with a write (optimistic locking)."
    )
    engine: bool
    over: bool
    confirmed: bool
    closed_by_arbiter: bool
    final_reason: str | None = Field(
        description="Why hands can no longer be entered or corrected, if so."
    )
    hand_total: int
    moon_allowed: bool
    shooter_chooses: bool
    seats: list[SeatOut]
    hands: list[HandOut]
    next_hand: NextHand | None
    entries: list[EntryOut] | None = Field(
        description="Entries waiting for a check (confirmation policies other than the arbiter's); "
        "only for those who enter results."
    )


class StandingRow(Schema):
    rank: int
    tied: bool
    player_id: int
    player: str
    club: str
    match_points: str = Field(description='Exact: "19/3".')
    match_points_decimal: str = Field(description='Two decimals, as export_standings: "6.33".')
    result_points: int
    games: int
    table_wins: int
    status: Literal["active", "withdrawn"]
    final_table: int | None = Field(
        None, description="After a deciding placement final: the player's final table."
    )
    final_place: int | None = Field(
        None, description="The player's place at that final table, once its game ended."
    )


class Standings(Schema):
    tournament: str
    round: int | None
    rows: list[StandingRow]


# --- writes ---------------------------------------------------------------------------------------

Seat = Annotated[StrictInt, Field(ge=0, le=4, description="A seat: 0 deals the first hand.")]
Points = Annotated[StrictInt, Field(ge=-MAX_HAND_POINTS, le=MAX_HAND_POINTS)]
Version = Annotated[
    StrictInt, Field(ge=0, le=2**31 - 1, description="The table's version as last read.")
]


def _one_line(value: str) -> str:
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise ValueError("control characters are not allowed")
    if not value.strip():
        raise ValueError("must not be empty")
    return value.strip()


class _Strict(Schema):
    model_config = ConfigDict(extra="forbid")


class PenaltyIn(_Strict):
    seat: Seat = Field(description="The seat of the player who made the illegal play.")
    reason: str = Field(min_length=1, max_length=300)

    _reason = field_validator("reason")(_one_line)


class MoonIn(_Strict):
    shooter: Seat = Field(description="The seat that took every penalty card.")
    shooter_subtracts: StrictBool = Field(
        False,
        description=(
            "Where the rules let the shooter choose: subtract the hand total instead of giving it."
        ),
    )


class HandIn(_Strict):
    """The next hand: exactly one of ``points`` (per seat, seat order), ``moon`` or ``penalty``."""

    number: StrictInt = Field(
        ge=1, le=MAX_HAND_NUMBER, description="The hand's number (the next one)."
    )
    version: Version
    points: list[Points] | None = Field(None, min_length=3, max_length=5)
    moon: MoonIn | None = None
    penalty: PenaltyIn | None = None


class CorrectionIn(_Strict):
    """A recorded hand's right content: ``points`` or ``penalty``, and the reason for the
    correction."""

    version: Version
    reason: str = Field(min_length=1, max_length=100)
    points: list[Points] | None = Field(None, min_length=3, max_length=5)
    penalty: PenaltyIn | None = None

    _reason = field_validator("reason")(_one_line)


class WriteOut(Schema):
    result: Literal["recorded", "already_recorded", "pending", "mismatch", "corrected"] = Field(
        description="recorded (201); already_recorded: the same hand was sent before (200); "
        "pending: an entry waits for a player's check or a second entry (202); mismatch: it "
        "differs from the other entry, the arbiter decides (202); corrected (200)."
    )
    hand: int
    message: str
    table: TableDetail


class ErrorItem(Schema):
    field: str | None
    message: str


class Error(Schema):
    detail: list[ErrorItem]
    code: str
    current_version: int | None = None
