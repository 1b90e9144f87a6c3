"""What a seat, or a spectator, sees of an engine-played table (issue 7). Reads only.

Built from the engine's ``PlayerView`` of the hand rebuilt from its events
(``replay``), so a seat's page can only contain that seat's cards; a
spectator's board keeps only the public parts (tricks, points taken, hand
sizes). Plain dataclasses for templates.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from engine.cards import BIT, CODES, RANK_OF, SUIT_OF, cards_of, parse_card
from engine.hand import pass_targets
from engine.record import replay as replay_record
from tournaments.snapshot import snapshot

from ..models import Hand, PlaySeat, PlayState, Table
from ..sheet import game_state
from .levels import level_label
from .replay import rebuild, to_act

SUIT_SYMBOLS = "♣♦♥♠"
RANKS = "23456789TJQKA"
RANK_LABELS = {"T": "10"}
#: Display order of suits in a hand: alternate colours (♠ ♥ ♣ ♦).
SUIT_ORDER = (3, 2, 0, 1)

#: What a screen reader says for a card: "queen of spades" (``CardFace.name``).
RANK_NAMES = dict(
    zip(
        RANKS,
        (
            _("two"),
            _("three"),
            _("four"),
            _("five"),
            _("six"),
            _("seven"),
            _("eight"),
            _("nine"),
            _("ten"),
            _("jack"),
            _("queen"),
            _("king"),
            _("ace"),
        ),
        strict=True,
    )
)
SUIT_NAMES = (_("clubs"), _("diamonds"), _("hearts"), _("spades"))  # engine suit order


@dataclass(frozen=True)
class CardFace:
    code: str
    rank: str
    suit: str
    red: bool
    legal: bool = False

    @classmethod
    def of(cls, card: int, legal: bool = False) -> CardFace:
        r = RANKS[RANK_OF[card]]
        s = SUIT_OF[card]
        return cls(CODES[card], RANK_LABELS.get(r, r), SUIT_SYMBOLS[s], s in (1, 2), legal)

    @property
    def name(self) -> str:
        """The card in words, translated: "queen of spades"."""
        suit = SUIT_NAMES[SUIT_SYMBOLS.index(self.suit)]
        return _("%(rank)s of %(suit)s") % {"rank": RANK_NAMES[self.code[0]], "suit": suit}


@dataclass(frozen=True)
class TrickCard:
    seat: int
    name: str
    place: int  # 0 = the viewer (bottom), then clockwise around the table
    card: CardFace


@dataclass(frozen=True)
class SeatLine:
    position: int
    name: str
    place: int
    computer: str  # the computer level ("" for a human)
    computer_label: str  # what the page calls it (translated), "" for a human
    game_points: int
    hand_points: int
    tricks: int
    cards_left: int
    to_act: bool
    is_dealer: bool


@dataclass
class Board:
    """One render of the table: ``seat`` is the viewer's position, None for a spectator."""

    version: int
    table: Table
    seat: int | None
    hand_number: int
    phase: str  # pass | play | over (game finished)
    pass_direction: str
    pass_label: str
    pass_to: str
    players: int
    seats: list[SeatLine]
    hand: list[CardFace] = field(default_factory=list)
    trick: list[TrickCard] = field(default_factory=list)
    leader: str = ""
    last_trick: list[TrickCard] = field(default_factory=list)
    last_trick_winner: str = ""
    last_hand: list[tuple[str, int]] = field(default_factory=list)
    hearts_broken: bool = False
    my_turn: bool = False
    must_pass: bool = False
    passed: list[CardFace] = field(default_factory=list)
    received: list[CardFace] = field(default_factory=list)
    waiting_for: list[str] = field(default_factory=list)
    finished: bool = False
    error: str = ""


PASS_LABELS = {
    "left": _("to the left"),
    "right": _("to the right"),
    "across": _("across"),
    "hold": _("no pass (hold)"),
}


def _sorted(mask: int, legal: int = 0) -> list[CardFace]:
    cards = sorted(cards_of(mask), key=lambda c: (SUIT_ORDER.index(SUIT_OF[c]), RANK_OF[c]))
    return [CardFace.of(c, bool(legal & BIT[c])) for c in cards]


def board(state: PlayState, *, seat: int | None) -> Board:
    """The board of ``state``'s table as seen by ``seat`` (None: a spectator). About 5 queries.

    The state is read again, with its events and seats, from one committed
    state of the database (``snapshot``): a play stored meanwhile is wholly
    on the board, with its version, or not at all.
    """
    with snapshot():
        fresh = PlayState.objects.select_related("table__round__tournament").get(pk=state.pk)
        return _board(fresh, seat=seat)


def _board(state: PlayState, *, seat: int | None) -> Board:
    table = state.table
    hand = rebuild(state)
    n = hand.n
    names = {}
    computers = {}
    seats = table.seats.values_list("position", "registration__player__name", "play__computer")
    for position, name, computer in seats:
        names[position] = name
        computers[position] = computer or ""
    me = seat if seat is not None else 0
    view = hand.view(me)
    place = {s: (s - me) % n for s in range(n)}
    finished = state.finished or table.closed_by_arbiter
    acting = set(to_act(hand)) if not finished else set()
    totals = list(state.scores_before or [0] * n)
    if finished:
        totals = list(game_state(table).totals)
    cards_left = [hand.held[s].bit_count() for s in range(n)]
    lines = [
        SeatLine(
            s,
            names.get(s, "?"),
            place[s],
            computers.get(s, ""),
            level_label(computers.get(s, "")),
            totals[s] if s < len(totals) else 0,
            view.points_taken[s],
            view.tricks_won[s],
            cards_left[s],
            s in acting,
            s == hand.dealer,
        )
        for s in range(n)
    ]
    direction = hand.pass_direction
    result = Board(
        version=state.version,
        table=table,
        seat=seat,
        hand_number=state.hand_number,
        phase="over" if finished else hand.phase,
        pass_direction=direction,
        pass_label=str(PASS_LABELS.get(direction, direction)),
        pass_to="",
        players=n,
        seats=sorted(lines, key=lambda line: line.place),
        hearts_broken=view.hearts_broken,
        finished=finished,
    )
    if direction not in ("hold", "mix", "scatter") and hand.rules.pass_size:
        result.pass_to = names.get(pass_targets(direction, me, n, 1)[0], "")
    trick = view.current_trick
    if trick is not None:
        leader, cards = trick
        result.leader = names.get(leader, "")
        result.trick = _trick_cards(leader, cards, names, place, hand.rules.next_seat)
    elif hand.phase == "play" and hand.turn >= 0:
        result.leader = names.get(hand.turn, "")
    complete = [t for t in view.tricks if len(t[1]) == n]
    if complete:
        leader, cards = complete[-1]
        result.last_trick = _trick_cards(leader, cards, names, place, hand.rules.next_seat)
        result.last_trick_winner = names.get(hand.winners[len(complete) - 1], "")
    elif state.hand_number > 1 or state.finished:
        _previous_hand(result, table, state, names, place, hand.rules.next_seat)
    result.waiting_for = [names.get(s, "") for s in sorted(acting)]
    if seat is not None and not finished:
        result.hand = _sorted(view.held, view.legal)
        result.my_turn = seat in acting and hand.phase == "play"
        result.must_pass = seat in acting and hand.phase == "pass"
        if view.passed:
            result.passed = [CardFace.of(c) for c in view.passed]
        if view.received is not None:
            result.received = _sorted(view.received)
    return result


def _trick_cards(leader, cards, names, place, next_seat) -> list[TrickCard]:
    out, s = [], leader
    for c in cards:
        out.append(TrickCard(s, names.get(s, ""), place[s], CardFace.of(c)))
        s = next_seat[s]
    return out


def _previous_hand(result: Board, table, state, names, place, next_seat) -> None:
    """Between hands the last trick is the previous hand's last one (002 §10), with that hand's
    points."""
    # The last hand recorded: the one before the hand dealt, or the last of a finished game (whose
    # state keeps the hand being played when the arbiter closed it).
    number = state.hand_number if state.finished else state.hand_number - 1
    row = (
        Hand.objects.filter(table=table, number__lte=number)
        .order_by("-number")
        .values_list("record", flat=True)
        .first()
    )
    if not row or not row.get("tricks"):
        return
    tricks = row["tricks"]
    # Replaying the winner of the last trick needs the leaders: the record's score is enough to show
    # the hand's points; the last trick's leader is recomputed by a replay.
    try:
        replayed = replay_record(row).hand
    except Exception:  # noqa: BLE001 - a display nicety must never break the page
        return
    leader, _cards = replayed.tricks()[-1]
    last = [parse_card(c) for c in tricks[-1]]
    result.last_trick = _trick_cards(leader, last, names, place, next_seat)
    result.last_trick_winner = names.get(replayed.winners[-1], "")
    result.last_hand = [(names.get(s, ""), p) for s, p in enumerate(row.get("score") or [])]


def seat_board(play_seat: PlaySeat) -> Board:
    state = PlayState.objects.select_related("table__round__tournament").get(
        table_id=play_seat.seat.table_id
    )
    return board(state, seat=play_seat.seat.position)
