"""The sheet answered after a hand POST is the sheet read before it with the new hand: equal to a
fresh read.

``tables.sheet.sheet_after_hand`` spares the score sheet a second read per POST; it
must give what ``load_sheet`` would, or nothing (then the view reads again).
"""

import pytest

from tables.services import correct_hand, record_hand
from tables.sheet import load_sheet, load_table, sheet_after_hand
from tests.factories import TournamentFactory, seated_table
from tournaments.audit import COMMAND_LINE
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

FIELDS = (
    "rows",
    "totals",
    "over",
    "places",
    "match_points",
    "next_number",
    "next_dealer",
    "next_pass",
    "entries",
    "seats",
    "hand_total",
    "editable",
    "version",
)


@pytest.fixture
def table():
    return seated_table(TournamentFactory(slug="coppa"))


def read():
    return load_sheet(load_table("coppa", 1, 1))


def record_next(sheet, points=None, **extra):
    return record_hand(
        sheet.table,
        points,
        actor=COMMAND_LINE,
        number=sheet.next_number,
        expected_version=sheet.table.version,
        **extra,
    )


def assert_same(derived, fresh):
    assert derived is not None
    for name in FIELDS:
        assert getattr(derived, name) == getattr(fresh, name), name
    assert (derived.table.version, derived.table.hands_recorded) == (
        fresh.table.version,
        fresh.table.hands_recorded,
    )


@pytest.mark.parametrize(
    "hands",
    [
        pytest.param([{"points": [13, 3, 5, 5]}], id="first-hand"),
        pytest.param([{"points": [13, 3, 5, 5]}, {"points": [0, 26, 26, 26]}], id="moon"),
        pytest.param(
            [{"points": [13, 3, 5, 5]}, {"penalty_offender": 2, "penalty_reason": " revoke "}],
            id="penalty",
        ),
        pytest.param([{"points": [25, 1, 0, 0]}] * 4, id="the-game-ends"),
    ],
)
def test_the_sheet_after_a_hand_equals_a_fresh_read(table, hands):
    for hand in hands:
        before = read()
        derived = sheet_after_hand(before, record_next(before, **hand))
        assert_same(derived, read())
    assert derived.over == (len(hands) == 4)


def test_earlier_corrections_and_penalties_stay_on_the_sheet(table):
    first = record_next(read(), [13, 3, 5, 5])
    correct_hand(first, [3, 13, 5, 5], actor=COMMAND_LINE, reason="columns")
    record_next(read(), None, penalty_offender=0, penalty_reason="revoke")
    before = read()
    assert_same(sheet_after_hand(before, record_next(before, [0, 13, 6, 7])), read())


def test_a_hand_sent_again_or_after_another_write_needs_a_fresh_read(table):
    before = read()
    hand = record_next(before, [13, 3, 5, 5])
    assert (
        sheet_after_hand(read(), record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE, number=1))
        is None
    )
    stale = read()
    record_next(read(), [13, 6, 7, 0])  # someone else's hand between the read and the write
    assert sheet_after_hand(stale, record_hand(table, [0, 13, 6, 7], actor=COMMAND_LINE)) is None
    assert hand.created


def test_other_confirmation_policies_read_again(table):
    Tournament.objects.filter(slug="coppa").update(
        confirmation_policy=Tournament.ConfirmationPolicy.DOUBLE
    )
    before = read()
    assert sheet_after_hand(before, record_next(before, [13, 3, 5, 5])) is None
