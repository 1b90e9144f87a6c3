"""Authoritative, event-sourced play of an engine-played table (issue 7).

The database is the only truth: a table's live hand is the deal
(``PlayState.deal``) replayed with its events (``PlayEvent``, ``replay``).
Every pass or play is validated by the engine and stored as the next event
in a transaction that locks the ``PlayState`` row (``select_for_update``) and
checks its ``version`` (compare-and-swap), so two clicks, two tabs, a retry
or a stale task can never store two cards; the unique (table, hand, sequence)
constraint backs this up on databases without row locks (SQLite). The
version rises by one per event, whoever stores it.

A human's action is one transaction of one event. Computers' moves are
batched (``Batch``): when computers are due one after another (the passes,
the seats between two humans, a table of computers), one transaction
chooses, checks and stores them all — one bulk insert of the events, one
update of the state, the version rising by their number — through the ends
of hands, up to a human's turn, the end of the game or ``BATCH_SECONDS``.
With a worker and ``CUORI_COMPUTER_PAUSE`` > 0 each computer move is a task
of its own after the pause instead, so humans can follow. ``run_computers``
keeps the hand in memory from one batch to the next (``LiveTable``) as long
as nobody else acted.

When a hand ends its points go through ``tables.services`` (actor "engine",
with the engine's hand record), exactly as an arbiter's entry would, so
validation, game end and standings work the same: the hands a batch ended
are recorded together (``record_hands``, the bulk form of ``record_hand``)
before its events are stored; the next hand is dealt at once from the
game's totals, or the game is marked finished.

Who acts next: computers after ``CUORI_COMPUTER_PAUSE`` seconds (a Celery
task), absent humans after ``CUORI_ABSENT_TIMEOUT`` seconds (000: during the
pass, the last 3 cards received; in play, a legal card). Every task carries
the version at which its seat's turn began (``replay.turn_key``) and does
nothing when the state has moved on. Without a broker (eager Celery)
computers play at once in the caller's process and absent players are timed
out lazily when anyone polls.

Errors are ``PlayError`` subclasses with a readable message and an HTTP
status; nothing is written when one is raised.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.autoplay import auto_pass, auto_play
from engine.cards import CODES, card_code, to_card
from engine.hand import Hand as EngineHand
from engine.hand import IllegalPlay, Reason
from engine.players import Player, get_player
from engine.record import record_of
from engine.rules import RuleSet
from tournaments import rulesets, scoring
from tournaments.audit import ENGINE
from tournaments.scoring import GameOverError, ScoringError

from .. import services as table_services
from ..models import PlayEvent, PlaySeat, PlayState, Seat, Table
from ..sheet import final_reason, game_state
from .levels import COMPUTER_LEVELS
from .replay import EngineClock, engine_rules, new_hand, rebuild, to_act, turn_key

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------
# Settings (config/settings.py, from the environment)


def computer_pause() -> float:
    """Seconds a computer player waits before its move, so humans can follow
    (``CUORI_COMPUTER_PAUSE``, default 1)."""
    return settings.CUORI_COMPUTER_PAUSE


def absent_timeout() -> float:
    """Seconds a human seat may think before it is played automatically (000;
    ``CUORI_ABSENT_TIMEOUT``, default 60)."""
    return settings.CUORI_ABSENT_TIMEOUT


def task_grace() -> float:
    """Seconds after which a poll makes an overdue computer move itself when a worker runs
    (``CUORI_TASK_GRACE``, default 30)."""
    return settings.CUORI_TASK_GRACE


def link_days() -> float:
    """Days a seat link stays valid (``CUORI_SEAT_LINK_DAYS``, default 7)."""
    return settings.CUORI_SEAT_LINK_DAYS


def _eager() -> bool:
    """No worker: Celery runs tasks in the caller's process."""
    return bool(getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False))


# --------------------------------------------------------------------------
# Errors


class PlayError(Exception):
    """A refused action; ``message`` is shown to the player, ``status`` is the HTTP status."""

    status = 400
    code = "refused"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class SeatLinkError(PlayError):
    """The seat token is unknown (forged, replaced) or expired, or its seat is played by a
    computer now."""

    status = 404
    code = "bad_link"


class ComputerSeatError(PlayError):
    """A human's move for a seat the arbiter has given to a computer player."""

    status = 409
    code = "computer_seat"


class NotEnginePlayed(PlayError):
    """The table has no live state: it is not played via the engine."""

    status = 409
    code = "not_engine"


class StaleStateError(PlayError):
    """The table changed since the caller read it (another tab, a retry, a computer's move)."""

    status = 409
    code = "stale"


class IllegalActionError(PlayError):
    """The engine refused the pass or play; ``reason`` is the engine's ``Reason`` value."""

    status = 422
    code = "illegal"

    def __init__(self, message: str, reason: str):
        super().__init__(message)
        self.reason = reason


class GameFinishedError(PlayError):
    """The table's game has ended (or the arbiter closed it): no card can be played."""

    status = 409
    code = "finished"


# --------------------------------------------------------------------------
# Setting a table up


def _deal(
    state: PlayState,
    rules: RuleSet,
    tournament_rules: str,
    number: int,
    totals: list[int],
    rng: random.Random,
) -> None:
    """Deal hand ``number`` into ``state`` (not saved): dealer and pass direction of that hand
    (002 §3-4, ``tournaments.rulesets``), a seed from ``rng``, the deal and kitty as card codes,
    ``scores_before`` = ``totals`` (per seat, seat order), no event yet."""
    n = rules.players
    state.hand_number = number
    state.dealer = rulesets.dealer(n, number)
    state.pass_direction = rulesets.pass_direction(tournament_rules, n, number)
    state.seed = rng.randrange(2**62)
    state.scores_before = list(totals)
    with EngineClock():
        dealt = EngineHand(
            rules, dealer=state.dealer, pass_direction=state.pass_direction, seed=state.seed
        )
    state.deal = [[CODES[c] for c in d] for d in dealt.deal]
    state.kitty = [CODES[c] for c in dealt.kitty]
    state.events = 0


def start_engine_play(
    table: Table,
    *,
    computers: Mapping[int, str] | None = None,
    seed: int | None = None,
    run: bool = True,
) -> PlayState:
    """Make ``table`` engine-played: a private link per seat, computers where asked, first hand
    dealt.

    computers: seat position → level (``levels.COMPUTER_LEVELS``: ``random``,
    ``easy``, ``medium``, ``hard``; "" for a human); other seats are humans.
    The next hand is the table's next unrecorded hand (a table may switch to
    the engine mid-game). Idempotent for a table already engine-played (its
    computer levels are updated and the version raised, so pending tasks give
    way to new ones). ``run=False`` schedules nothing (the caller drives the
    computers, ``run_computers``). Raises ``PlayError`` for an unknown level
    or seat, ``GameFinishedError`` for a table whose game has ended or whose
    results are final (``tables.sheet.final_reason``: a round locked, a
    tournament finished, a result confirmed) before it was engine-played,
    and ``ScoringError`` for a table with a wrong number of seats.
    """
    computers = dict(computers or {})
    for level in computers.values():
        if level and level not in COMPUTER_LEVELS:
            raise PlayError(
                _("Unknown computer level %(level)s; known: %(known)s.")
                % {"level": level, "known": ", ".join(COMPUTER_LEVELS)}
            )
    with transaction.atomic():
        table = (
            Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
        )
        gs = game_state(table)
        seats = list(table.seats.order_by("position"))
        for position in computers:
            if not 0 <= position < len(seats):
                raise PlayError(
                    _("Seat %(seat)s does not exist at this table.") % {"seat": position + 1}
                )
        existing = {ps.seat_id: ps for ps in PlaySeat.objects.filter(seat__table=table)}
        expires = timezone.now() + timedelta(days=link_days())
        levels: dict[int, str] = {}
        links = []
        for seat in seats:
            ps = existing.get(seat.id)
            level = computers.get(seat.position, "" if ps is None else ps.computer)
            if ps is None:
                links.append(
                    PlaySeat(
                        seat=seat,
                        token=secrets.token_urlsafe(24),
                        expires_at=expires,
                        computer=level,
                    )
                )
            elif ps.computer != level:
                ps.computer = level
                ps.save(update_fields=["computer"])
            levels[seat.position] = level
        PlaySeat.objects.bulk_create(links)
        if table.mode != Table.Mode.ENGINE:
            table.mode = Table.Mode.ENGINE
            table.save(update_fields=["mode"])
        rules = engine_rules(table, gs.players)
        # Locked like every move: a computer storing its move meanwhile must not be overwritten.
        state = PlayState.objects.select_for_update().filter(table=table).first()
        if state is None:
            if gs.over:
                raise GameFinishedError(_("The game at %(table)s has ended.") % {"table": table})
            blocked = final_reason(table)  # a locked round, a finished tournament
            if blocked is not None:
                raise GameFinishedError(blocked)
            state = PlayState(table=table)
            rng = random.Random(seed) if seed is not None else random.SystemRandom()
            _deal(state, rules, table.round.tournament.rules, gs.hands + 1, list(gs.totals), rng)
            state.turn_started_at = timezone.now()
        else:
            state.table = table
            state.version += 1  # the computer levels changed: give the computers new tasks
        if not state.finished:
            live = LiveTable(state, rules, levels, rebuild(state, rules=rules))
            state.computer_due = bool(live.computers_due())
        state.save()
        version = state.version
    if run:
        transaction.on_commit(lambda: schedule(table.pk, version))
    return state


def issue_new_link(seat: Seat) -> PlaySeat:
    """Replace a seat's token (the old link stops working at once); returns the seat's
    ``PlaySeat``."""
    with transaction.atomic():
        ps = PlaySeat.objects.select_for_update().get(seat=seat)
        ps.token = secrets.token_urlsafe(24)
        ps.expires_at = timezone.now() + timedelta(days=link_days())
        ps.save(update_fields=["token", "expires_at"])
    return ps


def seat_for_token(token: str) -> PlaySeat:
    """The seat a private link belongs to. Raises ``SeatLinkError`` when forged, replaced or
    expired, or while the arbiter has the seat played by a computer (the link works again once
    the seat is a human's again)."""
    ps = (
        PlaySeat.objects.select_related(
            "seat__table__round__tournament", "seat__registration__player"
        )
        .filter(token=token)
        .first()
        if token
        else None
    )
    if ps is None:
        raise SeatLinkError(
            _("This seat link is not valid: it may have been replaced. Ask the arbiter for yours.")
        )
    if ps.expires_at is not None and ps.expires_at <= timezone.now():
        raise SeatLinkError(_("This seat link has expired. Ask the arbiter for a new one."))
    if ps.computer:
        raise SeatLinkError(
            _(
                "This seat is now played by the computer. Ask the arbiter if you "
                "want to play it again; this link works again once they do."
            )
        )
    return ps


def game_closed(table_id: int) -> bool:
    """Stop online play at a table whose game the arbiter has closed (time is up): the live state
    is marked finished, no computer is due any more, and the version rises so that the boards
    show the end. Called once the close has committed (``tables.services.close_game``) and by a
    poll that finds a closed game still live. Returns whether anything changed (idempotent)."""
    if not Table.objects.filter(pk=table_id, closed_by_arbiter=True).exists():
        return False
    # One statement (it waits for a move being stored, then sees its outcome): no lock order
    # to respect against the moves, which lock the state before the table.
    changed = PlayState.objects.filter(table_id=table_id, finished=False).update(
        finished=True, computer_due=False, version=F("version") + 1, updated_at=timezone.now()
    )
    return bool(changed)


# --------------------------------------------------------------------------
# The live table: what a move needs, read once


def _levels(table_id: int) -> dict[int, str]:
    """Seat position → computer level ("" for a human). One query."""
    rows = PlaySeat.objects.filter(seat__table_id=table_id)
    return dict(rows.values_list("seat__position", "computer"))


@dataclass(eq=False)
class LiveTable:
    """An engine-played table as a move needs it, read once.

    state: the ``PlayState`` row, with ``table__round__tournament``; rules: the
    table's engine rule set (``replay.engine_rules``); levels: seat position →
    computer level ("" for a human); hand: the hand being played
    (``replay.rebuild``), None once the game is over.

    A caller storing several batches of moves (``run_computers``) keeps it
    between its transactions: ``_lock`` reuses it while the locked version
    equals ``state.version`` (nobody else acted), so the hand is neither
    rebuilt from its events nor the seats and tournament read again. After a
    failed transaction it may hold changes that were rolled back: drop it.
    """

    state: PlayState
    rules: RuleSet
    levels: dict[int, str]
    hand: EngineHand | None

    @property
    def table_id(self) -> int:
        return self.state.table_id

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def over(self) -> bool:
        """The game has ended, or the arbiter closed it: nothing more is played."""
        return self.state.finished or self.state.table.closed_by_arbiter or self.hand is None

    def due(self) -> list[int]:
        """Seats that must act now (``replay.to_act``); [] once the game is over."""
        return [] if self.over else to_act(self.hand)

    def computers_due(self) -> list[int]:
        """Seats that must act now and are played by a computer."""
        return [s for s in self.due() if self.levels.get(s)]

    def humans_due(self) -> list[int]:
        """Seats that must act now and are played by a human."""
        return [s for s in self.due() if not self.levels.get(s)]

    def turn_key(self) -> int:
        """The version keying the current turn (``replay.turn_key``): what a task carries."""
        return turn_key(self.state, self.hand)


def _read(table_id: int, *, lock: bool) -> LiveTable | None:
    """The live table ``table_id`` as committed now, its ``PlayState`` row locked when ``lock``
    (inside a transaction). 2 queries, 3 once the hand has events; none of the engine's work
    for a finished game. None when the table is not engine-played."""
    rows = PlayState.objects.select_related("table__round__tournament")
    if lock:
        rows = rows.select_for_update(of=("self",))
    state = rows.filter(table_id=table_id).first()
    if state is None:
        return None
    live = LiveTable(state, engine_rules(state.table, len(state.deal)), _levels(table_id), None)
    if not (state.finished or state.table.closed_by_arbiter):
        live.hand = rebuild(state, rules=live.rules)
    return live


def _lock(table_id: int, kept: LiveTable | None = None) -> LiveTable:
    """Lock ``table_id``'s ``PlayState`` row until the transaction ends; its live table as now.

    kept: the caller's ``LiveTable`` from its previous transaction, reused when
    the locked version shows nobody acted since (one narrow query, which also
    reads whether the arbiter has closed the game); otherwise everything is
    read again (``_read``). Raises ``NotEnginePlayed``.
    """
    if kept is not None:
        row = (
            PlayState.objects.select_for_update(of=("self",))
            .filter(table_id=table_id)
            .values_list("version", "table__closed_by_arbiter")
            .first()
        )
        if row is not None and row[0] == kept.version:
            kept.state.table.closed_by_arbiter = row[1]
            return kept
    live = _read(table_id, lock=True)
    if live is None:
        raise NotEnginePlayed(_("This table is not played via the engine."))
    return live


@contextmanager
def _writing() -> Iterator[None]:
    """One transaction of play; a unique-constraint clash (a concurrent writer stored the same
    event first: SQLite) becomes ``StaleStateError``, nothing written."""
    try:
        with transaction.atomic():
            yield
    except IntegrityError:
        raise StaleStateError(_("The table has changed since you looked; try again.")) from None


# --------------------------------------------------------------------------
# Moves: choose, apply, store


@dataclass(frozen=True, slots=True)
class Move:
    """One pass or play: ``seat`` 0..n-1, ``kind`` (``PlayEvent.Kind``), ``cards`` (card codes:
    the pass's ``rules.pass_size``, or the one card played) and ``actor`` (``PlayEvent.Actor``)."""

    seat: int
    kind: str
    cards: tuple[str, ...]
    actor: str


def _player(level: str, seed: int) -> Player:
    """A computer player of ``level``; the hard one is capped in wall time so online tables stay
    lively (``CUORI_HARD_TIME_LIMIT_MS``, default 800 ms; its p99 at 1 s under load, issue 4)."""
    if level == "hard":
        return get_player(level, seed=seed, time_limit_ms=settings.CUORI_HARD_TIME_LIMIT_MS)
    return get_player(level, seed=seed)


def _choose(live: LiveTable, seat: int, actor: str) -> Move:
    """The move the computer at ``seat`` (actor "computer", at its level) or the automatic play
    of an absent human (actor "auto": 000's last cards received, or a sensible legal card) makes
    now. Each decision sees only the seat's view; its seed derives from the deal's, so a replay
    of the table makes the same choices."""
    hand, seed = live.hand, live.state.seed
    with EngineClock():
        if hand.phase == "pass":
            if actor == PlayEvent.Actor.AUTO:
                cards = auto_pass(hand, seat)
            else:
                player = _player(live.levels[seat], (seed + 7919 * seat) % 2**62)
                cards = player.choose_pass(hand.view(seat))
            return Move(seat, PlayEvent.Kind.PASS, tuple(card_code(c) for c in cards), actor)
        if actor == PlayEvent.Actor.AUTO:
            card = auto_play(hand)
        else:
            player = _player(live.levels[seat], (seed + 104729 * len(hand.history) + seat) % 2**62)
            card = player.choose_play(hand.view(seat))
        return Move(seat, PlayEvent.Kind.PLAY, (card_code(card),), actor)


def _apply(hand: EngineHand, move: Move) -> Move:
    """Apply ``move`` to ``hand`` through the engine's checked entry points (``submit_pass``,
    ``play``: the rules of 002 §4-9) and return it with canonical card codes. Raises
    ``IllegalActionError`` (the engine's reason: wrong phase, card not held, must follow suit,
    ...; "wrong_count", "bad_action", "bad_card")."""
    seat, kind, cards = move.seat, move.kind, move.cards
    with EngineClock():
        try:
            if kind == PlayEvent.Kind.PASS:
                if hand.phase != "pass":
                    raise IllegalPlay(
                        Reason.WRONG_PHASE,
                        _("There is no pass now: the cards are being played."),
                        seat,
                    )
                hand.submit_pass(seat, cards)
            elif kind == PlayEvent.Kind.PLAY:
                if hand.phase == "pass":
                    raise IllegalPlay(Reason.WRONG_PHASE, _("Pass your cards first."), seat)
                if len(cards) != 1:
                    raise IllegalActionError(_("Play exactly one card."), "wrong_count")
                hand.play(seat, cards[0])
            else:
                raise IllegalActionError(_("Unknown action."), "bad_action")
        except IllegalPlay as exc:
            raise IllegalActionError(exc.message, exc.reason.value) from None
        except ValueError as exc:  # a malformed card code
            raise IllegalActionError(str(exc), "bad_card") from None
        return Move(seat, kind, tuple(card_code(to_card(c)) for c in cards), move.actor)


#: A batch of computer moves stops after this many seconds (and is stored), so that a table's row
#: lock is never held long, whatever the computers' level: a hard player thinks up to
#: ``CUORI_HARD_TIME_LIMIT_MS`` per move (about one move per batch), medium ones play several
#: hands per batch.
BATCH_SECONDS = 0.5


#: The state's fields as a hand ends, before the next deal: where a batch stops when the hands it
#: ended can no longer be recorded (``Batch._stop_at_first_end``).
_HAND_END_FIELDS = (
    "version",
    "events",
    "hand_number",
    "hand_version",
    "dealer",
    "pass_direction",
    "seed",
    "deal",
    "kitty",
    "scores_before",
    "finished",
)


@dataclass(eq=False)
class Batch:
    """The moves one transaction makes at a table, applied in memory and stored together.

    live: the locked table; its hand and state advance with each move. A hand
    that ends is queued for recording (``hands``) and the next one dealt at
    once from the game's running totals, so a batch may span hands; ``store``
    records them all with one ``tables.services.record_hands`` (the same rules
    as ``record_hand``, a constant number of statements). events: the
    ``PlayEvent`` rows still to insert. since_*: the state as the transaction
    found it (the compare-and-swap key; whether a deal or the game's end must
    be written). totals / recorded: the game's per-seat totals and hands
    recorded so far, read (``tables.sheet.game_state``) when the batch's first
    hand ends. first_end: the state as that hand ended.
    """

    live: LiveTable
    since_version: int
    since_hand: int
    since_finished: bool
    started: float  # time.perf_counter() when the batch began
    events: list[PlayEvent] = field(default_factory=list)
    hands: list[table_services.NewHand] = field(default_factory=list)
    totals: list[int] | None = None
    recorded: int = 0
    first_end: dict[str, Any] | None = None

    @classmethod
    def begin(cls, live: LiveTable) -> Batch:
        state = live.state
        return cls(live, state.version, state.hand_number, state.finished, time.perf_counter())

    def make(self, move: Move) -> None:
        """Apply ``move`` through the engine (``_apply``; raises ``IllegalActionError`` before
        anything is counted), queue its event, count it (events and version + 1); when it ends
        the hand, queue the hand and deal the next one or end the game (``_end_hand``)."""
        live, state = self.live, self.live.state
        move = _apply(live.hand, move)
        state.events += 1
        state.version += 1
        self.events.append(
            PlayEvent(
                table_id=state.table_id,
                hand_number=state.hand_number,
                sequence=state.events,
                kind=move.kind,
                seat=move.seat,
                cards=list(move.cards),
                actor=move.actor,
            )
        )
        if live.hand.is_over:
            self._end_hand()

    def make_computers(self, *, limit: int | None) -> int:
        """The computers' moves due now, one after another (each chosen by ``_choose``): the
        passes, the plays up to a human's turn, through the ends of hands; at most ``limit``
        (None: until a human must act or the game is over), and no more once the batch has run
        for ``BATCH_SECONDS`` (at least one, though). Returns the moves made."""
        made = 0
        while limit is None or made < limit:
            if made and time.perf_counter() - self.started >= BATCH_SECONDS:
                break
            due = self.live.computers_due()
            if not due:
                break
            self.make(_choose(self.live, due[0], PlayEvent.Actor.COMPUTER))
            made += 1
        return made

    def _end_hand(self) -> None:
        """Queue the ended hand for recording (its points and the engine's hand record), then
        deal the next hand, dealt at the current version (``hand_version``), or end the game:
        002 §15 as ``tables.sheet.game_state`` decides it (``scoring.is_game_over`` on the
        game's totals and hands, the arbiter's close included)."""
        live, state, hand = self.live, self.live.state, self.live.hand
        table = state.table
        tournament = table.round.tournament
        with EngineClock():
            record = record_of(hand)
        if self.totals is None:
            game = game_state(table)
            self.totals, self.recorded = list(game.totals), game.hands
            self.first_end = {name: getattr(state, name) for name in _HAND_END_FIELDS}
            self.first_end["event_count"] = len(self.events)
        points = list(hand.points)
        self.hands.append(table_services.NewHand(points, record=record))
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        self.recorded += 1
        live.hand = None
        if scoring.is_game_over(
            self.totals, self.recorded, tournament.scoring_rules(), closed=table.closed_by_arbiter
        ):
            state.finished = True
            return
        _deal(
            state,
            live.rules,
            tournament.rules,
            self.recorded + 1,
            self.totals,
            random.Random(state.seed ^ 0x5DEECE66D),
        )
        state.hand_version = state.version
        with EngineClock():
            live.hand = new_hand(live.rules, state)

    def _record_hands(self) -> None:
        """Record the batch's ended hands like an arbiter's entries, in one
        ``tables.services.record_hands`` (actor "engine", with the engine's hand records).

        A game the arbiter closed meanwhile (time up), a round locked or a
        result confirmed refuses them all: the recorded hands are final, and
        the game stops at the first hand this batch ended, not recorded
        (``_stop_at_first_end``). Raises ``PlayError`` if scoring refuses the
        engine's points (cannot happen unless the tournament's scoring
        disagrees with the engine).
        """
        if not self.hands:
            return
        table = self.live.state.table
        try:
            table_services.record_hands(
                [table_services.TableHands(table, self.hands)], actor=ENGINE
            )
        except (GameOverError, table_services.ResultFinalError):
            self._stop_at_first_end()
        except ScoringError as exc:
            log.error("engine hands at %s refused by scoring: %s", table, exc)
            raise PlayError(
                _("The hand could not be recorded: %(error)s") % {"error": exc}
            ) from exc

    def _stop_at_first_end(self) -> None:
        """End the game where the batch's first hand ended: its events (and the ones before) are
        kept, the later ones dropped, nothing recorded."""
        state = self.live.state
        keep = self.first_end.pop("event_count")
        for name, value in self.first_end.items():
            setattr(state, name, value)
        del self.events[keep:]
        self.hands.clear()
        state.finished = True
        self.live.hand = None

    def store(self) -> int:
        """Write the batch; returns the events stored.

        The ended hands are recorded (``_record_hands``), the events inserted
        in one bulk insert, then one compare-and-swap update of the state: the
        version risen by one per event, the deal when one was made,
        ``computer_due`` and ``turn_started_at`` for the turn that begins.
        Raises ``StaleStateError`` when the version moved under us (a database
        without row locks; the unique (table, hand, sequence) constraint
        refuses a doubled event the same way), ``PlayError``.
        """
        live, state = self.live, self.live.state
        self._record_hands()
        PlayEvent.objects.bulk_create(self.events)
        state.computer_due = bool(live.computers_due())
        state.turn_started_at = state.updated_at = timezone.now()
        fields = {
            "version": state.version,
            "events": state.events,
            "computer_due": state.computer_due,
            "turn_started_at": state.turn_started_at,
            "updated_at": state.updated_at,
        }
        if state.hand_number != self.since_hand or state.finished != self.since_finished:
            fields.update(  # a new deal, or the end of the game
                hand_number=state.hand_number,
                hand_version=state.hand_version,
                dealer=state.dealer,
                pass_direction=state.pass_direction,
                seed=state.seed,
                deal=state.deal,
                kitty=state.kitty,
                scores_before=state.scores_before,
                finished=state.finished,
            )
        # Compare-and-swap on the version: on a database without row locks (SQLite)
        # a concurrent writer that got here first makes this 0 rows.
        if PlayState.objects.filter(pk=state.pk, version=self.since_version).update(**fields) != 1:
            raise StaleStateError(_("The table has changed since you looked; try again."))
        return len(self.events)


def _after_commit(table_id: int, version: int) -> None:
    """Schedule what the table waits for once this transaction commits (``schedule``)."""
    transaction.on_commit(lambda: schedule(table_id, version))


# --------------------------------------------------------------------------
# Acting: the entry points


def _submit(table_id: int, move: Move, expected_version: int | None) -> PlayState:
    """Store a human's ``move``: one transaction, one event, then schedule the others' turns.

    Refusals, in this order: ``NotEnginePlayed``; ``GameFinishedError``;
    ``StaleStateError`` when ``expected_version`` (the version the page
    showed; None for a retry without one) is not the current one;
    ``IllegalActionError`` for a seat that does not exist or a move the
    engine refuses; ``ComputerSeatError`` for a seat a computer plays (the
    arbiter gave it to one after the page was loaded). Nothing is written
    then.
    """
    with _writing():
        live = _lock(table_id)
        if live.over:
            raise GameFinishedError(_("The game at this table has ended; no card can be played."))
        if expected_version is not None and expected_version != live.version:
            raise StaleStateError(
                _(
                    "The table has changed since you looked (someone else acted). "
                    "Here is the current state; try again."
                )
            )
        if not 0 <= move.seat < live.hand.n:
            raise IllegalActionError(
                _("There is no seat %(seat)s here.") % {"seat": move.seat}, "bad_seat"
            )
        if live.levels.get(move.seat):
            raise ComputerSeatError(
                _(
                    "This seat is now played by the computer; "
                    "ask the arbiter if you want to play it again."
                )
            )
        batch = Batch.begin(live)
        batch.make(move)
        batch.store()
    _after_commit(table_id, live.version)
    return live.state


def submit_pass(
    table_id: int, seat: int, cards: list[str], *, expected_version: int | None = None
) -> PlayState:
    """A human's pass of ``rules.pass_size`` cards (card codes such as "QS") at ``seat``.

    Returns the state after it. Raises ``PlayError`` (see ``_submit``).
    """
    return _submit(
        table_id,
        Move(seat, PlayEvent.Kind.PASS, tuple(cards), PlayEvent.Actor.HUMAN),
        expected_version,
    )


def submit_play(
    table_id: int, seat: int, card: str, *, expected_version: int | None = None
) -> PlayState:
    """A human's play of one card (a code like "QS") at ``seat``.

    Returns the state after it. Raises ``PlayError`` (see ``_submit``).
    """
    return _submit(
        table_id, Move(seat, PlayEvent.Kind.PLAY, (card,), PlayEvent.Actor.HUMAN), expected_version
    )


def _take_turn(table_id: int, seat: int, turn_version: int, actor: str, *, chain: bool) -> bool:
    """A task's move for ``seat`` (actor "computer" or "auto"), if its turn keyed by
    ``turn_version`` is still current; with ``chain``, the computers due after it move in the
    same transaction (``Batch.make_computers``). Returns whether anything was stored: False for
    a stale task (the seat acted, the turn moved on, the game ended, the seat became human),
    which is how a task stays idempotent. Raises ``StaleStateError`` (retried by the task)."""
    with _writing():
        live = _lock(table_id)
        if live.over or not 0 <= seat < live.hand.n:
            return False
        if seat not in live.due() or live.turn_key() != turn_version:
            return False  # the seat has acted, or the turn moved on
        if actor == PlayEvent.Actor.COMPUTER and not live.levels.get(seat):
            return False  # the seat became human meanwhile
        batch = Batch.begin(live)
        batch.make(_choose(live, seat, actor))
        if chain:
            batch.make_computers(limit=None)
        batch.store()
    _after_commit(table_id, live.version)
    return True


def computer_move(table_id: int, seat: int, turn_version: int) -> bool:
    """The computer at ``seat`` makes its move if its turn keyed by ``turn_version`` is still due
    (the ``play_computer`` task). Without a pause (``CUORI_COMPUTER_PAUSE`` 0) the computers due
    after it move in the same transaction.

    Returns whether a move was stored (False for a stale task: idempotent).
    """
    return _take_turn(
        table_id, seat, turn_version, PlayEvent.Actor.COMPUTER, chain=not computer_pause()
    )


def absent_move(table_id: int, seat: int, turn_version: int) -> bool:
    """Play an absent human's turn automatically (000), unless the seat acted meanwhile.

    Returns whether a move was stored (False for a stale task: idempotent).
    """
    return _take_turn(table_id, seat, turn_version, PlayEvent.Actor.AUTO, chain=False)


def run_computers(table_id: int, *, limit: int | None = None, then_schedule: bool = False) -> int:
    """Play every computer move due now, in this process, without pauses; returns the moves made.

    Stops at a human's turn, at the end of the game or after ``limit`` moves.
    Used when no Celery worker runs (eager mode), by polls whose computer is
    overdue, and by ``simulate_tournament``. The moves are stored in batches
    (``Batch``): each one locked, version-checked transaction of at most
    ``BATCH_SECONDS``, through the ends of hands; the hand stays in memory from
    one batch to the next while nobody else acts (``LiveTable``). Schedules
    nothing, unless ``then_schedule``: then what the table waits for after the
    last move (``schedule``: the next computers' and absent humans' tasks; a
    poll's rescue of an overdue move). Raises ``StaleStateError`` (a concurrent
    writer, SQLite) and ``NotEnginePlayed``.
    """
    made = 0
    live: LiveTable | None = None
    while limit is None or made < limit:
        with _writing():
            live = _lock(table_id, live)
            batch = Batch.begin(live)
            moves = batch.make_computers(limit=None if limit is None else limit - made)
            if moves:
                moves = batch.store()
        made += moves
        if not moves or not live.computers_due():
            break  # nothing more to do: no need to lock the table again to find out
    if made and then_schedule:
        _after_commit(table_id, live.version)
    return made


def expire_absent(table_id: int) -> int:
    """Play automatically every human seat whose turn has lasted longer than the timeout (000).

    The lazy twin of the Celery countdown: called when someone polls the
    table, so absent players are played even without a worker. Returns the
    moves made.
    """
    moves = 0
    for _attempt in range(8):
        live = _read(table_id, lock=False)
        if live is None or live.over or live.state.turn_started_at is None:
            break
        if timezone.now() - live.state.turn_started_at < timedelta(seconds=absent_timeout()):
            break
        due = live.humans_due()
        if not due or not absent_move(table_id, due[0], live.turn_key()):
            break
        moves += 1
    return moves


def advance_due(table_id: int, *, computer_due: bool, turn_started_at: datetime | None) -> int:
    """Move the table on from a poll when it waits too long; returns the moves made.

    A computer's move is made once its pause has passed (without a worker;
    with one, the scheduled task does it, and the poll only after a further
    ``CUORI_TASK_GRACE`` seconds); an absent human is played automatically
    once the timeout has passed (000). Idempotent like the tasks.
    """
    if turn_started_at is None:
        return 0
    waited = (timezone.now() - turn_started_at).total_seconds()
    if computer_due:
        # With a worker the task moves the computer; should it be lost (a worker
        # down too long), the poll does it after a grace period, and schedules the
        # tasks of the turn after it (the lost task would have).
        grace = 0.0 if _eager() else task_grace()
        if waited >= computer_pause() + grace:
            return run_computers(table_id, limit=1, then_schedule=not _eager())
        return 0
    if waited >= absent_timeout():
        return expire_absent(table_id)
    return 0


def schedule(table_id: int, version: int) -> None:
    """Enqueue what the table waits for after reaching ``version`` (run after commit).

    Computers: ``play_computer`` after the pause; humans: ``play_absent``
    after the timeout. In eager mode, without a pause, the computers play
    here at once (``run_computers``); with one, the pages' polls move them
    one by one (``advance_due``), and humans are timed out lazily
    (``expire_absent``). Nothing when the table has moved past ``version``:
    that change scheduled its own tasks.
    """
    from tables import tasks

    if _eager():
        row = (
            PlayState.objects.filter(table_id=table_id)
            .values_list("version", "finished", "computer_due")
            .first()
        )
        if row == (version, False, True) and not computer_pause():
            run_computers(table_id)
        return
    live = _read(table_id, lock=False)
    if live is None or live.over or live.version != version:
        return
    key = live.turn_key()
    for seat in live.due():
        if live.levels.get(seat):
            task, delay = tasks.play_computer, computer_pause()
        else:
            task, delay = tasks.play_absent, absent_timeout()
        # No countdown at all for 0: an ETA task waits for the worker's timer.
        task.apply_async((table_id, seat, key), countdown=delay or None)
