"""What a player's private page shows (reads only): where they sit now, their table's sheet, what
they may do there under the tournament's policy, their results and their place in the standings."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments import pages
from tournaments.models import Bye, Registration, Round, Tournament
from tournaments.selectors import standings

from .models import Seat, TableFlag
from .sheet import EntryView, Sheet, load_sheet

Policy = Tournament.ConfirmationPolicy


@dataclass(frozen=True)
class PlayerBoard:
    """A player's private page.

    sheet: the player's table in the latest round they sit in (None before the
    first round, or on a bye: ``bye_round``); seat: their position there;
    to_accept: entries of another seat (or the arbiter) they may accept or
    reject; can_enter / can_accept_result: what the policy lets them do now;
    open_flag: their table's call for the arbiter not answered yet;
    place / tied: their standing; results: their games (``pages.player_page``).
    """

    registration: Registration
    tournament: Tournament
    sheet: Sheet | None
    seat: int | None
    bye_round: int | None
    to_accept: list[EntryView]
    mine: list[EntryView]
    can_enter: bool
    can_accept_result: bool
    open_flag: TableFlag | None
    place: int | None
    tied: bool
    results: pages.PlayerPage

    @property
    def answering(self) -> bool:
        """Another seat's entry of the next hand waits for this player: the page offers accept or
        reject, not a form to enter the hand over it (an entry sent anyway still replaces it)."""
        return bool(self.sheet) and any(e.number == self.sheet.next_number for e in self.to_accept)

    @property
    def first_dealer(self) -> str:
        """Who deals the first hand at the player's table (seat 1; 000: the deal then passes on)."""
        return self.sheet.seats[0].name if self.sheet and self.sheet.seats else ""


def current_seat(registration: Registration) -> Seat | None:
    """The player's seat in the latest round of their tournament (None before it is seated, or on a
    bye): 2 queries."""
    latest = (
        Round.objects.filter(tournament_id=registration.tournament_id).order_by("-number").first()
    )
    if latest is None or Bye.objects.filter(round=latest, registration=registration).exists():
        return None
    return (
        Seat.objects.filter(registration=registration)
        .select_related("table__round__tournament")
        .order_by("-round__number")
        .first()
    )


def player_board(registration: Registration) -> PlayerBoard:
    """The private page of ``registration`` (about 15 queries, whatever the tournament's size;
    the standings come from the page cache while nothing changes)."""
    tournament = registration.tournament
    seat = current_seat(registration)
    bye = (
        Bye.objects.filter(registration=registration)
        .order_by("-round__number")
        .values_list("round__number", flat=True)
        .first()
    )
    bye_round = bye if seat is None else None
    sheet = load_sheet(seat.table) if seat is not None else None
    to_accept, mine = [], []
    can_enter = can_accept_result = False
    open_flag = None
    if sheet is not None:
        policy = tournament.confirmation_policy
        for entry in sheet.entries:
            if entry.author_registration == registration.pk:
                mine.append(entry)
            elif entry.status == "pending" and policy == Policy.PLAYER:
                to_accept.append(entry)
        arbiter_table = sheet.table.mode == sheet.table.Mode.ARBITER
        can_enter = (
            tournament.players_enter_hands and sheet.editable and not sheet.over and arbiter_table
        )
        can_accept_result = (
            policy == Policy.PLAYER
            and sheet.over
            and not sheet.confirmed
            and sheet.final_reason_beyond_table is None
        )
        open_flag = (
            TableFlag.objects.filter(table=sheet.table, resolved_at__isnull=True)
            .order_by("-created_at")
            .first()
        )
    fp = pages.fingerprint(tournament)
    # The public standings and results: a player's private page tells no more of a hidden round than
    # the public pages (the player's own current table is shown above, to be played).
    ranks = pages.cached(
        tournament,
        fp,
        "ranks-public",
        lambda: {r.registration_id: (r.rank, r.tied) for r in standings(tournament, public=True)},
    )
    results = pages.player_page(tournament, registration, public=True)
    place, tied = ranks.get(registration.pk, (None, False))
    if not results.byes and not any(g.over for g in results.games):
        place, tied = None, False  # nothing played yet: no place to show
    return PlayerBoard(
        registration=registration,
        tournament=tournament,
        sheet=sheet,
        seat=seat.position if sheet else None,
        bye_round=bye_round,
        to_accept=to_accept,
        mine=mine,
        can_enter=can_enter,
        can_accept_result=can_accept_result,
        open_flag=open_flag,
        place=place,
        tied=tied,
        results=results,
    )
