"""Seating glue (issue 6): load rounds from the database, call
``tournaments.seating`` (pure), save tables, seats and byes.

Like Tabbycat's draw manager: the algorithms never see a model.  Players
are registration ids.  Settings the tournament model does not hold yet
(method, odd-count policy, table size) come as keyword arguments, falling
back to a tournament attribute of the same name when one exists
(``seating_method``, ``odd_policy``, ``table_size``), then to the defaults.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tables.models import Seat, Table

from . import checkin, seating, selectors
from .errors import TournamentError
from .models import Bye, Registration, Round, Tournament
from .services import create_table

# Translated messages for ``seating.SeatingError`` codes (the pure module
# has no Django, so it names the problem and we word it here).
_MESSAGES = {
    "too_few_players": lambda p: _("%(n)s active players cannot fill one table of %(size)s.") % p,
    "odd_policy_cannot_seat": lambda p: (
        _(
            "%(n)s players cannot be seated at tables of %(size)s and %(odd_size)s; choose another "
            "odd-count policy."
        )
        % p
    ),
    "bad_odd_policy": lambda p: _("Unknown odd-count policy %(odd)s: use one of %(choices)s.") % p,
    "bad_method": lambda p: _("Unknown seating method %(method)s: use one of %(choices)s.") % p,
    "not_in_round": lambda p: _("Player %(player)s is not in this round.") % p,
    "no_such_table": lambda p: _("There is no table %(table)s.") % p,
    "bad_table_size_after_move": lambda p: _("Table %(table)s would have %(count)s players.") % p,
    "bad_club_weight": lambda p: (
        _("Keeping clubs apart takes a weight from 0 to 10, not %(weight)s.") % p
    ),
}


def _translate(error: seating.SeatingError) -> TournamentError:
    message = _MESSAGES.get(error.code)
    return TournamentError(
        message(error.params) if message else str(error), code=f"seating_{error.code}"
    )


@dataclass(frozen=True)
class SeatedRound:
    """What ``seat_next_round`` did: the saved round, the seating (player =
    registration id) and the repeated pairs it created."""

    round: Round
    seating: seating.Seating
    repeats: tuple[seating.Repeat, ...]


def _setting(tournament: Tournament, name: str, given, default):
    if given is not None:
        return given
    value = getattr(tournament, name, None)
    return value if value not in (None, "") else default


def seat_next_round(
    tournament: Tournament,
    *,
    number: int | None = None,
    seed: int | None = None,
    method: str | None = None,
    odd: str | None = None,
    table_size: int | None = None,
    status: str = Round.Status.PLAYING,
) -> SeatedRound:
    """Seat round ``number`` (default: the next) of ``tournament`` and save
    it: a ``Round`` (method and seed recorded), its tables and seats (seat 0
    deals first) and byes, in one transaction.

    Without an odd-count policy (argument or tournament field) counts that
    tables of 5 cannot seat (6, 7, 11 players) get tables of 3.  Active
    players are the registrations not withdrawn and not checked in as absent
    or late for this round (``checkin.not_seated``).
    ``swiss`` ranks them by the standings after the rounds played
    (``selectors.standings``), and round 1 by the players' ratings when some
    have one (``_rating_ranks``; players without a rating after the rated
    ones, in an order shuffled by the seed); balanced follows one plan for the tournament
    (seeded by the tournament's ``seed``, chosen and saved when round 1 is
    seated if empty; a round's seed defaults to one derived from it) while
    the rounds match it, looking ahead over
    the rounds planned; its field is the players of round 1 and those
    checked in absent or late for it (:func:`_plan_field`), so a player
    missing a round and coming back, or withdrawing, keeps a known design
    going where that repeats no pair (``seating.seat_round``'s ``field``).
    Players of one club are kept apart where that costs no repeat, weighed
    by the tournament's ``seating_club_weight`` when the model has one
    (else ``seating.DEFAULT_CLUB_WEIGHT``, off).
    Raises ``TournamentError`` (translated) when the round exists, the previous round is not locked,
    the tournament is finished, or the players cannot be seated; nothing is written then.
    """
    method = _setting(tournament, "seating_method", method, seating.BALANCED)
    chosen_odd = _setting(tournament, "odd_policy", odd, None)
    odd = chosen_odd or seating.TABLES_OF_5
    table_size = int(_setting(tournament, "table_size", table_size, 4))
    if method not in seating.GENERATING_METHODS:
        raise TournamentError(
            _("Unknown seating method %(method)s: use one of %(choices)s.")
            % {"method": method, "choices": ", ".join(seating.GENERATING_METHODS)},
            code="seating_method",
        )
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status == Tournament.Status.FINISHED:
            raise TournamentError(_("The tournament is finished."), code="finished")
        if tournament.rounds.filter(kind=Round.Kind.FINAL).exists():
            raise TournamentError(
                _("The finals have been created: no round can follow them."), code="after_finals"
            )
        rounds = dict(tournament.rounds.values_list("number", "status"))
        last = max(rounds, default=0)
        number = last + 1 if number is None else number
        if number in rounds:
            raise TournamentError(
                _("Round %(n)s is already seated.") % {"n": number}, code="round_seated"
            )
        if number != last + 1:
            raise TournamentError(
                _("The next round to seat is round %(n)s.") % {"n": last + 1}, code="round_number"
            )
        if last and rounds[last] != Round.Status.LOCKED:
            raise TournamentError(
                _("Lock round %(n)s before seating the next one.") % {"n": last},
                code="round_not_locked",
            )
        if tournament.seed is None:
            # The tournament's seed fixes the whole seating plan; chosen once, then recorded.
            tournament.seed = (
                seed if seed is not None and number == 1 else random.SystemRandom().randrange(2**31)
            )
            tournament.save(update_fields=["seed"])
        if seed is None:
            seed = random.Random(f"{tournament.seed}:{number}").randrange(2**31)
        away = checkin.not_seated(tournament, number)  # checked in as absent or late for this round
        registered = dict(
            Registration.objects.filter(tournament=tournament, withdrawn=False)
            .order_by("id")
            .values_list("id", "player__club")
        )
        clubs = {r: club for r, club in registered.items() if r not in away}
        active = list(clubs)
        past = selectors.seating_history(tournament, before=number)
        past_list = [past[n] for n in sorted(past)]
        ranks = None
        if method == seating.SWISS and past_list:
            ranks = {
                row.registration_id: row.rank - 1
                for row in selectors.standings(tournament, round_number=number - 1)
            }
        elif method == seating.SWISS:
            ranks = _rating_ranks(active, seed)
        plan_seed = tournament.seed
        field = _plan_field(tournament, number, set(registered), past)
        if chosen_odd is None:
            # no policy chosen: tables of 5, or of 3 for counts 5s cannot seat (6, 7, 11)
            try:
                seating.table_plan(len(active), table_size=table_size, odd=odd)
            except seating.SeatingError as exc:
                if exc.code == "odd_policy_cannot_seat":
                    odd = seating.TABLES_OF_3
        try:
            chosen = seating.next_round(
                active,
                history=past_list,
                method=method,
                seed=seed,
                table_size=table_size,
                odd=odd,
                ranks=ranks,
                rounds_left=max(1, tournament.rounds_planned - number + 1),
                plan_seed=plan_seed,
                field=field,
                withdrawn=set(field).difference(registered),
                clubs=clubs,
                club_weight=int(
                    getattr(tournament, "seating_club_weight", seating.DEFAULT_CLUB_WEIGHT)
                ),
            )
        except seating.SeatingError as exc:
            raise _translate(exc) from None
        result = chosen.seating
        round_ = Round.objects.create(
            tournament=tournament,
            number=number,
            status=status,
            seating_method=method,
            seed=seed,
            schedule_kept=chosen.schedule_kept,
            kept_repeats=chosen.kept_repeats if chosen.schedule_kept else None,
            planned_repeats=chosen.planned_repeats if chosen.schedule_kept else None,
        )
        for table_number, table in enumerate(result.tables, 1):
            create_table(round_, table_number, table)
        Bye.objects.bulk_create(Bye(round=round_, registration_id=r) for r in result.byes)
    return SeatedRound(round_, result, tuple(seating.find_repeats(result, past_list)))


def _rating_ranks(active: list[int], seed: int) -> dict[int, int] | None:
    """Swiss round 1 seeded by the players' ratings (``seasons``): the rated players by rating, best
    first, then the others in an order shuffled by the round's seed; None (seated as balanced) when
    nobody has a rating. 2 queries."""
    # seasons builds on tournaments, not the reverse: imported here, when a swiss round 1 is seated.
    from seasons import ratings
    from seasons import selectors as rating_selectors

    player_of = dict(Registration.objects.filter(pk__in=active).values_list("id", "player_id"))
    rated = rating_selectors.ratings_of(player_of.values())
    if not rated:
        return None
    by_registration = {r: rated[p] for r, p in player_of.items() if p in rated}
    unrated = sorted(r for r in active if r not in by_registration)
    random.Random(f"cuori-unrated:{seed}").shuffle(unrated)
    return ratings.seeding_ranks(by_registration, unrated)


def _editable(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status == Round.Status.LOCKED:
        raise TournamentError(
            _("Round %(n)s is locked.") % {"n": round_.number}, code="round_locked"
        )
    if Table.objects.filter(round=round_, hands__isnull=False).exists():
        raise TournamentError(
            _("Round %(n)s has hands recorded; its seating can no longer change.")
            % {"n": round_.number},
            code="round_has_hands",
        )
    return round_


def _save_edit(round_: Round, after: seating.Seating) -> None:
    """Rewrite the round's tables, seats and byes from ``after``."""
    Seat.objects.filter(round=round_).delete()
    Table.objects.filter(round=round_).delete()
    Bye.objects.filter(round=round_).delete()
    for table_number, table in enumerate(after.tables, 1):
        create_table(round_, table_number, table)
    Bye.objects.bulk_create(Bye(round=round_, registration_id=r) for r in after.byes)
    round_.seating_method = seating.MANUAL
    round_.schedule_kept = False  # edited: no longer the tournament's plan
    round_.kept_repeats = round_.planned_repeats = None
    round_.save(
        update_fields=["seating_method", "schedule_kept", "kept_repeats", "planned_repeats"]
    )


def _edit(round_: Round, change) -> seating.ManualChange:
    """Apply ``change(before, history)`` (a pure ``seating`` edit) to a round with no hands yet, and
    save it."""
    with transaction.atomic():
        round_ = _editable(round_)
        past = selectors.seating_history(round_.tournament, before=round_.number + 1)
        before = past.pop(round_.number, seating.Seating(()))
        try:
            result = change(before, [past[n] for n in sorted(past)])
        except seating.SeatingError as exc:
            raise _translate(exc) from None
        _save_edit(round_, result.seating)
    return result


def swap_players(round_: Round, a: int, b: int) -> seating.ManualChange:
    """Swap registrations ``a`` and ``b`` (seated or on a bye) in a round
    with no hands yet; returns the new seating and the repeats it creates.
    Raises ``TournamentError``."""
    return _edit(round_, lambda before, past: seating.swap_players(before, a, b, history=past))


def move_player(round_: Round, registration: int, table: int | None) -> seating.ManualChange:
    """Move a registration to the last seat of table number ``table`` (1..),
    or to the byes when ``table`` is None, in a round with no hands yet.
    Raises ``TournamentError``."""
    index = None if table is None else table - 1
    return _edit(
        round_, lambda before, past: seating.move_player(before, registration, index, history=past)
    )


def _plan_field(
    tournament: Tournament,
    number: int,
    registered: set[int],
    past: Mapping[int, seating.Seating],
) -> list[int]:
    """The registration ids the tournament's seating plan seats: those of
    round 1, seated (withdrawn since or not) or checked in absent or late
    for it and still ``registered`` (not withdrawn; round 1 being seated
    now: all of them).  A player who withdraws stays in it, missing every
    round after, so a known design goes on without them where that
    repeats no pair (``seat_round``, told who withdrew: a design that
    repeats pairs is kept only for players coming back); a later
    registration is not in it, so the plan then ends."""
    if number == 1:
        return sorted(registered)
    first = set(past[1].players()) if 1 in past else set()
    return sorted(first | (checkin.not_seated(tournament, 1) & registered))
