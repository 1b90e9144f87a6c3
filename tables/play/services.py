"""Authoritative, event-sourced play of an engine-played table (issue 7).

The database is the only truth: a table's live hand is rebuilt from its deal
(``PlayState.deal``) and its events (``PlayEvent``) for every action, and each
pass or play is validated by the engine and stored as the next event in one
transaction that locks the ``PlayState`` row (``select_for_update``) and
checks its ``version`` (compare-and-swap), so two clicks, two tabs, a retry or
a stale task can never store two cards; the unique (table, hand, sequence)
constraint backs this up on databases without row locks (SQLite).

When a hand ends its points go through ``tables.services.record_hand``
(source "engine", with the engine's hand record), exactly as an arbiter's
entry would, so validation, game end and standings work the same; then the
next hand is dealt, or the game is marked finished.

Who acts next: computers after ``CUORI_COMPUTER_PAUSE`` seconds (a Celery
task), absent humans after ``CUORI_ABSENT_TIMEOUT`` seconds (000: during the
pass, the last 3 cards received; in play, a legal card). Every task carries
the version at which its seat's turn began and does nothing when the state
has moved on. Without a broker (eager Celery) computers play at once in the
caller's process and absent players are timed out lazily when anyone polls.

Errors are ``PlayError`` subclasses with a readable message and an HTTP
status; nothing is written when one is raised.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections.abc import Mapping
from dataclasses import replace
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.autoplay import auto_pass, auto_play
from engine.cards import CODES, card_code, to_card
from engine.hand import Hand, IllegalPlay
from engine.players import PLAYERS, get_player
from engine.record import record_of
from engine.rules import MOON_RULES, RuleSet
from tournaments import rulesets
from tournaments.scoring import GameOverError, ScoringError

from .. import services as table_services
from ..models import Hand as HandRow
from ..models import PlayEvent, PlaySeat, PlayState, Seat, Table

log = logging.getLogger(__name__)


class EngineClock:
    """Seconds spent inside the engine (rebuilding, validating, computer players, records).

    ``bench/simulate.py`` reads it to split end-to-end time into engine and
    database/framework shares; the cost of keeping it is two ``perf_counter``
    calls per engine step.
    """

    seconds = 0.0

    def __enter__(self):
        self._t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        EngineClock.seconds += time.perf_counter() - self._t0
        return False


engine_clock = EngineClock

COMPUTER_LEVELS = ("random", "easy", "medium", "hard")


def computer_pause() -> float:
    """Seconds a computer player waits before its move, so humans can follow (default 1.0)."""
    return float(getattr(settings, "CUORI_COMPUTER_PAUSE", 1.0))


def absent_timeout() -> float:
    """Seconds a human seat may think before it is played automatically (000; default 60)."""
    return float(getattr(settings, "CUORI_ABSENT_TIMEOUT", 60.0))


def task_grace() -> float:
    """Seconds after which a poll makes an overdue computer move itself, with a worker (default 30)."""
    return float(getattr(settings, "CUORI_TASK_GRACE", 30.0))


def link_days() -> float:
    """Days a seat link stays valid (default 7)."""
    return float(getattr(settings, "CUORI_SEAT_LINK_DAYS", 7))


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
    """The seat token is unknown (forged, replaced) or expired."""

    status = 404
    code = "bad_link"


class NotEnginePlayed(PlayError):
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
    status = 409
    code = "finished"


# --------------------------------------------------------------------------
# Rules and rebuilding


def engine_rules(table: Table, players: int) -> RuleSet:
    """The engine rule set of ``table``: the tournament's preset for the table size, with the
    tournament's own moon rule, sun and target (the organizer may have changed them)."""
    tournament = table.round.tournament
    rules = rulesets.table_rules(tournament.rules, players)
    changes: dict[str, object] = {}
    if tournament.moon_rule in MOON_RULES and tournament.moon_rule != rules.moon:
        changes["moon"] = tournament.moon_rule
    if tournament.shoot_the_sun != rules.shoot_sun:
        changes["shoot_sun"] = tournament.shoot_the_sun
    if tournament.game_end == "target" and rules.target != tournament.target_points:
        changes["target"] = tournament.target_points
    return replace(rules, **changes) if changes else rules


def _new_hand(rules: RuleSet, state: PlayState) -> Hand:
    return Hand(
        rules, deal=state.deal, kitty=state.kitty or None, dealer=state.dealer,
        pass_direction=state.pass_direction, seed=state.seed, scores_before=state.scores_before or None,
    )


def apply_event(hand: Hand, kind: str, seat: int, cards: list[str]) -> None:
    """Apply one stored event to a hand (raises ``IllegalPlay`` if it does not fit)."""
    if kind == PlayEvent.Kind.PASS:
        hand.submit_pass(seat, cards)
    else:
        hand.play(seat, cards[0])


def rebuild(state: PlayState, *, players: int | None = None) -> Hand:
    """The current hand of ``state``'s table, rebuilt from its deal and its events (1 query + 1 for seats)."""
    table = state.table
    n = players or len(state.deal)
    with engine_clock():
        hand = _new_hand(engine_rules(table, n), state)
    if not state.events:
        return hand
    events = list(PlayEvent.objects.filter(
        table_id=state.table_id, hand_number=state.hand_number
    ).order_by("sequence").values_list("kind", "seat", "cards"))
    with engine_clock():
        for kind, seat, cards in events:
            apply_event(hand, kind, seat, cards)
    return hand


def to_act(hand: Hand) -> list[int]:
    """Seats that must act now: every seat yet to pass, or the seat to play; [] when over."""
    if hand.phase == "pass":
        return [s for s in range(hand.n) if hand.passes[s] is None]
    if hand.phase == "play":
        return [hand.turn]
    return []


def turn_key(state: PlayState, hand: Hand) -> int:
    """The version that keys the current turn: the deal's during the pass, else the state's."""
    return state.hand_version if hand.phase == "pass" else state.version


# --------------------------------------------------------------------------
# Setting a table up


def _deal(state: PlayState, table: Table, number: int, totals: list[int], n: int, rng: random.Random) -> None:
    tournament = table.round.tournament
    state.hand_number = number
    state.dealer = rulesets.dealer(n, number)
    state.pass_direction = rulesets.pass_direction(tournament.rules, n, number)
    state.seed = rng.randrange(2**62)
    state.scores_before = list(totals)
    state.kitty = []
    state.deal = []
    with engine_clock():
        dealt = Hand(engine_rules(table, n), dealer=state.dealer, pass_direction=state.pass_direction,
                     seed=state.seed)
    state.deal = [[CODES[c] for c in d] for d in dealt.deal]
    state.kitty = [CODES[c] for c in dealt.kitty]
    state.events = 0


def start_engine_play(
    table: Table, *, computers: Mapping[int, str] | None = None, seed: int | None = None,
    run: bool = True,
) -> PlayState:
    """Make ``table`` engine-played: a private link per seat, computers where asked, first hand dealt.

    computers: seat position → level (``random``, ``easy``, ``medium``, ``hard``);
    other seats are humans. The next hand is the table's next unrecorded hand
    (a table may switch to the engine mid-game). Idempotent for a table
    already engine-played (its computer levels are updated). ``run=False``
    schedules nothing (the caller drives the computers, ``run_computers``). Raises
    ``PlayError`` for an unknown level or a table whose game has ended, and
    ``ScoringError`` for a table with a wrong number of seats.
    """
    computers = dict(computers or {})
    for position, level in computers.items():
        if level and level not in PLAYERS:
            raise PlayError(_("Unknown computer level %(level)s; known: %(known)s.")
                            % {"level": level, "known": ", ".join(COMPUTER_LEVELS)})
    with transaction.atomic():
        table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
        gs = table_services.game_state(table)
        seats = list(table.seats.order_by("position"))
        for position in computers:
            if not 0 <= position < len(seats):
                raise PlayError(_("Seat %(seat)s does not exist at this table.") % {"seat": position + 1})
        existing = {ps.seat_id: ps for ps in PlaySeat.objects.filter(seat__table=table)}
        expires = timezone.now() + timedelta(days=link_days())
        for seat in seats:
            level = computers.get(seat.position, "")
            ps = existing.get(seat.id)
            if ps is None:
                PlaySeat.objects.create(seat=seat, token=secrets.token_urlsafe(24), expires_at=expires, computer=level)
            elif seat.position in computers and ps.computer != level:
                ps.computer = level
                ps.save(update_fields=["computer"])
        if table.mode != Table.Mode.ENGINE:
            table.mode = Table.Mode.ENGINE
            table.save(update_fields=["mode"])
        state = PlayState.objects.filter(table=table).first()
        if state is None:
            if gs.over:
                raise GameFinishedError(_("The game at %(table)s has ended.") % {"table": table})
            state = PlayState(table=table)
            rng = random.Random(seed) if seed is not None else random.SystemRandom()
            _deal(state, table, gs.hands + 1, list(gs.totals), gs.players, rng)
            state.turn_started_at = timezone.now()
        else:
            state.version += 1  # the computer levels changed: give the computers new tasks
        if not state.finished:
            levels = _levels(table.pk)
            state.computer_due = any(levels.get(s) for s in to_act(rebuild(state)))
        state.save()
        version = state.version
    if run:
        transaction.on_commit(lambda: schedule(table.pk, version))
    return state


def issue_new_link(seat: Seat) -> PlaySeat:
    """Replace a seat's token (the old link stops working at once); returns the seat's ``PlaySeat``."""
    with transaction.atomic():
        ps = PlaySeat.objects.select_for_update().get(seat=seat)
        ps.token = secrets.token_urlsafe(24)
        ps.expires_at = timezone.now() + timedelta(days=link_days())
        ps.save(update_fields=["token", "expires_at"])
    return ps


def seat_for_token(token: str) -> PlaySeat:
    """The seat a private link belongs to. Raises ``SeatLinkError`` when forged, replaced or expired."""
    ps = (
        PlaySeat.objects.select_related("seat__table__round__tournament", "seat__registration__player")
        .filter(token=token).first()
        if token else None
    )
    if ps is None:
        raise SeatLinkError(_("This seat link is not valid: it may have been replaced. Ask the arbiter for yours."))
    if ps.expires_at is not None and ps.expires_at <= timezone.now():
        raise SeatLinkError(_("This seat link has expired. Ask the arbiter for a new one."))
    return ps


# --------------------------------------------------------------------------
# Acting


def _player(level: str, seed: int):
    """A computer player; the hard one is capped in wall time so online tables stay lively
    (``CUORI_HARD_TIME_LIMIT_MS``, default 800 ms; its p99 at 1 s under load, issue 4)."""
    if level == "hard":
        return get_player(level, seed=seed, time_limit_ms=getattr(settings, "CUORI_HARD_TIME_LIMIT_MS", 800))
    return get_player(level, seed=seed)


def _choose(hand: Hand, seat: int, actor: str, level: str, state: PlayState) -> tuple[str, list[str]]:
    """The event a computer or the automatic play makes for ``seat`` now."""
    if hand.phase == "pass":
        if actor == PlayEvent.Actor.AUTO:
            cards = auto_pass(hand, seat)
        else:
            player = _player(level, (state.seed + 7919 * seat) % 2**62)
            cards = player.choose_pass(hand.view(seat))
        return PlayEvent.Kind.PASS, [card_code(c) for c in cards]
    if actor == PlayEvent.Actor.AUTO:
        card = auto_play(hand)
    else:
        player = _player(level, (state.seed + 104729 * len(hand.history) + seat) % 2**62)
        card = player.choose_play(hand.view(seat))
    return PlayEvent.Kind.PLAY, [card_code(card)]


def _act(
    table_id: int, seat: int, *, kind: str | None, cards: list[str] | None, actor: str,
    expected_version: int | None = None, turn_version: int | None = None, cache: dict | None = None,
    do_schedule: bool = True,
) -> PlayState | None:
    """Store one pass or play for ``seat`` (see the module docstring).

    kind/cards: the human's action; None for a computer or the automatic play
    (chosen here, under the lock). expected_version: the version the client
    saw (``StaleStateError`` if it moved). turn_version: a task's key — when
    the seat's turn that began at that version is no longer current, nothing
    happens and None is returned. cache: a dict kept by a caller playing
    many moves in a row (``run_computers``): the state row and hand of the
    last move, reused while the locked version shows nobody else acted.
    """
    reuse = cache is not None and cache.get("table") == table_id and "state" in cache
    try:
        with transaction.atomic():
            state = None
            if reuse:
                # The cheap lock: the version alone; the cached row is current if it matches.
                locked = PlayState.objects.select_for_update().filter(table_id=table_id).values_list(
                    "version", flat=True).first()
                if locked == cache["version"]:
                    state = cache["state"]
            if state is None:
                state = (
                    PlayState.objects.select_for_update(of=("self",))
                    .select_related("table__round__tournament").get(table_id=table_id)
                )
            if state.finished or state.table.closed_by_arbiter:
                if turn_version is not None:
                    return None
                raise GameFinishedError(_("The game at this table has ended; no card can be played."))
            if expected_version is not None and expected_version != state.version:
                raise StaleStateError(_("The table has changed since you looked (someone else acted). "
                                        "Here is the current state; try again."))
            n = len(state.deal)
            if cache is not None and cache.get("version") == state.version and cache.get("table") == table_id:
                hand = cache["hand"]
            else:
                hand = rebuild(state, players=n)
            if not 0 <= seat < n:
                raise IllegalActionError(_("There is no seat %(seat)s here.") % {"seat": seat}, "bad_seat")
            if turn_version is not None and (seat not in to_act(hand) or turn_version != turn_key(state, hand)):
                return None  # stale task: the seat has acted, or the turn moved on
            if kind is None:
                level = ""
                if actor == PlayEvent.Actor.COMPUTER:
                    if cache is not None and "levels" in cache:
                        level = cache["levels"].get(seat, "")
                    else:
                        level = PlaySeat.objects.filter(seat__table_id=table_id, seat__position=seat).values_list(
                            "computer", flat=True).first() or ""
                    if not level:
                        return None  # the seat became human meanwhile
                with engine_clock():
                    kind, cards = _choose(hand, seat, actor, level, state)
            clock = engine_clock()
            clock.__enter__()
            try:
                if kind == PlayEvent.Kind.PASS:
                    if hand.phase != "pass":
                        raise IllegalPlay(_reason("WRONG_PHASE"), _("There is no pass now: the cards are being played."), seat)
                    hand.submit_pass(seat, cards)
                elif kind == PlayEvent.Kind.PLAY:
                    if hand.phase == "pass":
                        raise IllegalPlay(_reason("WRONG_PHASE"), _("Pass your cards first."), seat)
                    if not cards or len(cards) != 1:
                        raise IllegalActionError(_("Play exactly one card."), "wrong_count")
                    hand.play(seat, cards[0])
                else:
                    raise IllegalActionError(_("Unknown action."), "bad_action")
            except IllegalPlay as exc:
                raise IllegalActionError(exc.message, exc.reason.value) from None
            except ValueError as exc:  # a malformed card code
                raise IllegalActionError(str(exc), "bad_card") from None
            finally:
                clock.__exit__(None, None, None)
            canonical = [card_code(to_card(c)) for c in cards]
            PlayEvent.objects.create(
                table_id=table_id, hand_number=state.hand_number, sequence=state.events + 1,
                kind=kind, seat=seat, cards=canonical, actor=actor,
            )
            old_version = state.version
            state.events += 1
            state.version += 1
            if hand.is_over:
                _finish_hand(state, hand)
                next_hand = None if state.finished else _new_hand(engine_rules(state.table, n), state)
            else:
                next_hand = hand
            if cache is not None and "levels" in cache:
                levels = cache["levels"]
            else:
                levels = _levels(table_id)
            state.computer_due = next_hand is not None and any(levels.get(s) for s in to_act(next_hand))
            state.turn_started_at = timezone.now()
            fields = {
                "version": state.version, "events": state.events, "turn_started_at": state.turn_started_at,
                "updated_at": state.turn_started_at, "computer_due": state.computer_due,
            }
            if hand.is_over:  # a new deal, or the end of the game
                fields.update(
                    hand_number=state.hand_number, hand_version=state.hand_version, dealer=state.dealer,
                    pass_direction=state.pass_direction, seed=state.seed, deal=state.deal, kitty=state.kitty,
                    scores_before=state.scores_before, finished=state.finished,
                )
            # Compare-and-swap on the version: on a database without row locks
            # (SQLite) a concurrent writer that got here first makes this 0 rows.
            if PlayState.objects.filter(pk=state.pk, version=old_version).update(**fields) != 1:
                raise StaleStateError(_("The table has changed since you looked; try again."))
    except IntegrityError:
        _forget(cache)
        raise StaleStateError(_("The table has changed since you looked; try again.")) from None
    except BaseException:
        _forget(cache)  # the cached state may hold changes that were rolled back
        raise
    if cache is not None:
        if next_hand is None:
            _forget(cache)
        else:
            cache.update(version=state.version, hand=next_hand, state=state, table=table_id)
    if do_schedule:
        version = state.version
        transaction.on_commit(lambda: schedule(table_id, version))
    return state


def _forget(cache: dict | None) -> None:
    if cache is not None:
        for key in ("version", "hand", "state", "table"):
            cache.pop(key, None)


def _levels(table_id: int) -> dict[int, str]:
    """Seat position → computer level ("" for a human)."""
    return dict(PlaySeat.objects.filter(seat__table_id=table_id).values_list("seat__position", "computer"))


def _reason(name: str):
    from engine.hand import Reason

    return Reason[name]


def _finish_hand(state: PlayState, hand: Hand) -> None:
    """Record the ended hand like an arbiter's entry, then deal the next one or end the game."""
    table = state.table
    with engine_clock():
        record = record_of(hand)
    try:
        table_services.record_hand(table, list(hand.points), source=HandRow.Source.ENGINE, record=record)
    except GameOverError:
        # The arbiter closed the game meanwhile (time up): its recorded hands are final.
        state.finished = True
        return
    except ScoringError as exc:  # cannot happen unless the tournament's scoring disagrees with the engine
        log.error("engine hand at %s refused by scoring: %s", table, exc)
        raise PlayError(_("The hand could not be recorded: %(error)s") % {"error": exc}) from exc
    gs = table_services.game_state(table)
    if gs.over:
        state.finished = True
        return
    _deal(state, table, gs.hands + 1, list(gs.totals), gs.players, random.Random(state.seed ^ 0x5DEECE66D))
    state.hand_version = state.version


def submit_pass(table_id: int, seat: int, cards: list[str], *, expected_version: int | None = None) -> PlayState:
    """A human's pass of ``rules.pass_size`` cards (card codes). Raises ``PlayError``."""
    cards = list(cards)
    return _act(table_id, seat, kind=PlayEvent.Kind.PASS, cards=cards, actor=PlayEvent.Actor.HUMAN,
                expected_version=expected_version)


def submit_play(table_id: int, seat: int, card: str, *, expected_version: int | None = None) -> PlayState:
    """A human's play of one card (a code like "QS"). Raises ``PlayError``."""
    return _act(table_id, seat, kind=PlayEvent.Kind.PLAY, cards=[card], actor=PlayEvent.Actor.HUMAN,
                expected_version=expected_version)


def computer_move(table_id: int, seat: int, turn_version: int) -> bool:
    """The computer at ``seat`` makes its move if its turn keyed by ``turn_version`` is still due.

    Returns whether a move was stored (False for a stale task: idempotent).
    """
    return _act(table_id, seat, kind=None, cards=None, actor=PlayEvent.Actor.COMPUTER,
                turn_version=turn_version) is not None


def absent_move(table_id: int, seat: int, turn_version: int) -> bool:
    """Play an absent human's turn automatically (000), unless the seat acted meanwhile.

    Returns whether a move was stored (False for a stale task: idempotent).
    """
    return _act(table_id, seat, kind=None, cards=None, actor=PlayEvent.Actor.AUTO,
                turn_version=turn_version) is not None


def run_computers(table_id: int, *, limit: int | None = None) -> int:
    """Play every computer move due now, in this process, without pauses; returns the moves made.

    Stops at a human's turn, at the end of the game or after ``limit`` moves.
    Used when no Celery worker runs (eager mode) and by ``simulate_tournament``.
    Each move is still one locked, version-checked transaction; the hand is
    kept in memory between moves while the version shows nobody else acted.
    """
    levels = dict(PlaySeat.objects.filter(seat__table_id=table_id).values_list("seat__position", "computer"))
    cache: dict = {"levels": levels}
    moves = 0
    state = PlayState.objects.select_related("table__round__tournament").get(table_id=table_id)
    hand = rebuild(state)
    while limit is None or moves < limit:
        if state.finished or state.table.closed_by_arbiter:
            break
        due = [s for s in to_act(hand) if levels.get(s)]
        if not due:
            break
        result = _act(table_id, due[0], kind=None, cards=None, actor=PlayEvent.Actor.COMPUTER,
                      turn_version=turn_key(state, hand), cache=cache, do_schedule=False)
        if result is None:  # someone else acted meanwhile: read the table again
            fresh = PlayState.objects.select_related("table__round__tournament").get(table_id=table_id)
            if fresh.version == state.version:
                break
            state, hand = fresh, rebuild(fresh)
            continue
        moves += 1
        state = result
        hand = cache["hand"] if cache.get("version") == state.version else rebuild(state)
    return moves


def expire_absent(table_id: int) -> int:
    """Play automatically every human seat whose turn has lasted longer than the timeout (000).

    The lazy twin of the Celery countdown: called when someone polls the
    table, so absent players are played even without a worker. Returns the
    moves made.
    """
    moves = 0
    for _attempt in range(8):
        state = PlayState.objects.select_related("table__round__tournament").filter(table_id=table_id).first()
        if state is None or state.finished or state.turn_started_at is None:
            break
        if timezone.now() - state.turn_started_at < timedelta(seconds=absent_timeout()):
            break
        hand = rebuild(state)
        humans = {p for p, c in PlaySeat.objects.filter(seat__table_id=table_id).values_list("seat__position", "computer") if not c}
        due = [s for s in to_act(hand) if s in humans]
        if not due or not absent_move(table_id, due[0], turn_key(state, hand)):
            break
        moves += 1
    return moves


def advance_due(table_id: int, *, computer_due: bool, turn_started_at) -> int:
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
        # down too long), the poll does it after a grace period.
        grace = 0.0 if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False) else task_grace()
        if waited >= computer_pause() + grace:
            return run_computers(table_id, limit=1)
        return 0
    if waited >= absent_timeout():
        return expire_absent(table_id)
    return 0


def schedule(table_id: int, version: int) -> None:
    """Enqueue what the table waits for after reaching ``version`` (run after commit).

    Computers: ``play_computer`` after the pause; humans: ``play_absent``
    after the timeout. In eager mode computers play here at once and humans
    are timed out lazily (``expire_absent``).
    """
    from tables import tasks

    state = PlayState.objects.select_related("table__round__tournament").filter(table_id=table_id).first()
    if state is None or state.finished or state.version != version:
        return  # a later change scheduled its own tasks
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        # No worker: with no pause the computers answer at once; with a pause
        # the pages' polls move them one by one (``advance_due``).
        if not computer_pause():
            run_computers(table_id)
        return
    hand = rebuild(state)
    levels = dict(PlaySeat.objects.filter(seat__table_id=table_id).values_list("seat__position", "computer"))
    key = turn_key(state, hand)
    for seat in to_act(hand):
        if levels.get(seat):
            task, delay = tasks.play_computer, computer_pause()
        else:
            task, delay = tasks.play_absent, absent_timeout()
        # No countdown at all for 0: an ETA task waits for the worker's timer.
        task.apply_async((table_id, seat, key), countdown=delay or None)

