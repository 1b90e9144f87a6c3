"""Hand records (format ``hearts-hand/1``): write, replay, validate.

A record is one JSON object per hand (one per line in ``.jsonl`` files)::

  {"format": "hearts-hand/1", "rules": "club" | {"preset": "club", ...},
   "players": 4, "dealer": 0, "pass": "left", "deal": [[13 codes], ...],
   "kitty": [...] (only when used), "passed": [[codes seat gives], ...] | null,
   "tricks": [["2C", "5C", "KC", "AC"], ...], "score": [p0, p1, p2, p3]}

Each trick lists its cards in play order from its leader.  ``passed`` is null
on a hold hand.  The JSON Schema is ``engine/schema/hearts-hand-1.schema.json``.

``replay(record)`` re-plays every pass and card through the rules: an arbiter
uses it to prove an illegal play (the first one is returned, with its trick,
seat, card and reason).  A record that cannot even be replayed (unknown card,
duplicated card, wrong count, wrong seat, ...) raises ``RecordError``.
"""
from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .cards import BIT, CODES, Card, to_card
from .hand import DealError, Hand, IllegalPlay, Reason
from .rules import RuleSet
from .scoring import HandScore, possible_scores

FORMAT = "hearts-hand/1"
SCHEMA_PATH = Path(__file__).with_name("schema") / "hearts-hand-1.schema.json"


class RecordError(ValueError):
    """A record that is malformed or cannot be replayed (message says where)."""


@dataclass(frozen=True, slots=True)
class IllegalAction:
    """The first illegal action of a record.

    trick: 1-based trick number (0 for the pass); seat: who acted; card: its
    code (None for a whole pass); reason: a ``Reason``; message: readable.
    """

    trick: int
    seat: int
    card: str | None
    reason: Reason
    message: str

    def __str__(self) -> str:
        where = "pass" if self.trick == 0 else f"trick {self.trick}"
        return f"{where}, seat {self.seat}: {self.message} [{self.reason.value}]"


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What ``replay`` found.

    hand: the replayed ``Hand`` (stopped before the illegal action, if any).
    illegal: the first ``IllegalAction``, or None.
    score: the computed ``HandScore`` (None if the hand did not finish).
    score_ok: whether the record's "score" is a score the rules allow.
    """

    hand: Hand
    illegal: IllegalAction | None
    score: HandScore | None
    score_ok: bool

    @property
    def ok(self) -> bool:
        return self.illegal is None and self.score is not None and self.score_ok


def record_of(hand: Hand) -> dict[str, Any]:
    """The record of a hand (finished or not; "score" is null until it is over)."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        "rules": hand.rules.to_json(),
        "players": hand.n,
        "dealer": hand.dealer,
        "pass": hand.pass_direction,
        "deal": [[CODES[c] for c in d] for d in hand.deal],
    }
    if hand.kitty:
        rec["kitty"] = [CODES[c] for c in hand.kitty]
    if hand.pass_direction == "hold" or hand.rules.pass_size == 0:
        rec["passed"] = None
    else:
        rec["passed"] = [[CODES[c] for c in p] if p is not None else [] for p in hand.passes]
    rec["tricks"] = [[CODES[c] for c in cards] for _, cards in hand.tricks()]
    rec["score"] = list(hand.result.points) if hand.result else None
    return rec


def dumps(record: Mapping[str, Any]) -> str:
    """One JSON line (compact, key order kept)."""
    return json.dumps(record, separators=(",", ":"))


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The JSON Schema of the format."""
    return json.loads(SCHEMA_PATH.read_text())


def schema_errors(record: Any) -> list[str]:
    """Schema violations of a record, as readable lines (empty if it conforms).

    Uses ``jsonschema`` (imported lazily); without it, only the basic shape is
    checked.
    """
    try:
        import jsonschema
    except ImportError:  # pragma: no cover - jsonschema is a test dependency
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            return [f"not a {FORMAT} record"]
        return []
    validator = jsonschema.Draft202012Validator(schema())
    out = []
    for err in sorted(validator.iter_errors(record), key=lambda e: list(e.absolute_path)):
        path = "/".join(str(p) for p in err.absolute_path) or "(record)"
        out.append(f"{path}: {err.message}")
    return out


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(f"{what}: expected a list of card codes, got {value!r}")
    try:
        return [to_card(c) if isinstance(c, str) else _bad_card(c) for c in value]
    except ValueError as e:
        raise RecordError(f"{what}: {e}") from None


def _bad_card(c: Any) -> Card:
    raise ValueError(f"unknown card code {c!r}")


def _field(record: Mapping[str, Any], name: str) -> Any:
    if name not in record:
        raise RecordError(f"missing field {name!r}")
    return record[name]


def replay(record: Mapping[str, Any], *, scores_before: Sequence[int] | None = None) -> ReplayResult:
    """Re-play a record through the rules.

    Returns a ``ReplayResult``: the first illegal pass or play (trick, seat,
    card, reason) if there is one, else the computed score and whether the
    recorded score is one the rules allow (with the shooter's choice, 001,
    either outcome; with "others_unless_loses" and no ``scores_before``,
    either outcome too).  Raises ``RecordError`` if the record is malformed:
    wrong format, unknown rules, unknown or duplicated card, wrong count of
    seats, cards or passes, a trick of the wrong size, missing tricks.
    """
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, got {record.get('format')!r}")
    try:
        rules = RuleSet.from_json(_field(record, "rules"))
    except (ValueError, TypeError) as e:
        raise RecordError(f"rules: {e}") from None
    players = _field(record, "players")
    if players != rules.players:
        raise RecordError(f"players is {players!r} but the rules are for {rules.players}")
    dealer = _field(record, "dealer")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise RecordError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
    direction = _field(record, "pass")
    from .rules import PASS_DIRECTIONS
    if direction not in PASS_DIRECTIONS:
        raise RecordError(f"pass: unknown direction {direction!r}")
    if direction in ("across",) and players != 4 or direction in ("left2", "right2") and players != 5:
        raise RecordError(f"pass {direction!r} is not possible with {players} players")
    deal_raw = _field(record, "deal")
    if not isinstance(deal_raw, list):
        raise RecordError("deal: expected one list of cards per seat")
    deal = [_cards(d, f"deal, seat {s}") for s, d in enumerate(deal_raw)]
    kitty = _cards(record.get("kitty", []), "kitty")
    try:
        hand = Hand(rules, deal, dealer=dealer, pass_direction=direction, kitty=kitty,
                    scores_before=scores_before)
    except DealError as e:
        raise RecordError(f"deal: {e}") from None
    tricks_raw = _field(record, "tricks")
    if not isinstance(tricks_raw, list):
        raise RecordError("tricks: expected a list of tricks")
    tricks = [_cards(t, f"trick {i + 1}") for i, t in enumerate(tricks_raw)]

    passed = _field(record, "passed")
    if hand.phase == "pass":
        if not isinstance(passed, list) or len(passed) != players:
            raise RecordError(f"passed: expected {players} lists of {rules.pass_size} cards "
                              f"(pass {direction!r}), got {passed!r}")
        passes = [_cards(p, f"passed, seat {s}") for s, p in enumerate(passed)]
        for seat, cards in enumerate(passes):
            try:
                if direction == "mix" and seat == players - 1:
                    hand.passes[seat] = tuple(cards)
                    hand._check_pass_cards(seat, cards)
                    hand._apply_passes(_mix_received(hand, tricks))
                else:
                    hand.submit_pass(seat, cards)
            except IllegalPlay as e:
                act = IllegalAction(0, seat, CODES[e.card] if e.card is not None else None,
                                    e.reason, e.message)
                return ReplayResult(hand, act, None, False)
    elif passed not in (None, []) and not (isinstance(passed, list) and all(p == [] for p in passed)):
        raise RecordError(f"passed must be null on a {direction!r} hand")

    n = players
    for t, cards in enumerate(tricks):
        if hand.is_over:
            raise RecordError(f"trick {t + 1}: the hand has only {rules.tricks_per_hand} tricks")
        if len(cards) != n and t != len(tricks) - 1:
            raise RecordError(f"trick {t + 1} has {len(cards)} cards, expected {n}")
        if len(cards) > n:
            raise RecordError(f"trick {t + 1} has {len(cards)} cards, expected {n}")
        for card in cards:
            seat = hand.turn
            try:
                hand.play(seat, card)
            except IllegalPlay as e:
                act = IllegalAction(t + 1, seat, CODES[card], e.reason, e.message)
                return ReplayResult(hand, act, None, False)
    if not hand.is_over:
        raise RecordError(f"the record stops after {len(hand.history)} cards: "
                          f"{rules.tricks_per_hand} tricks of {n} are needed")
    allowed = possible_scores(rules, hand.won, hand.tricks_won, scores_before=scores_before)
    recorded = record.get("score")
    match = next((s for s in allowed if recorded is not None and list(s.points) == list(recorded)),
                 None)
    if match is not None:
        hand.result = match
        if match.moon_choice:
            hand.moon_choice = match.moon_choice
    return ReplayResult(hand, None, hand.result, match is not None)


def _mix_received(hand: Hand, tricks: list[list[Card]]) -> list[list[Card]]:
    """For a "mix" pass (001), what each seat received, read back from the tricks.

    The pooled cards are redealt at random, so the record shows them only by
    who played them.  Tries each possible first leader; raises ``RecordError``
    if no seating of the tricks is consistent with the deal and the passes.
    """
    rules, n = hand.rules, hand.n
    kept = [sum(BIT[c] for c in hand.deal[s]) & ~sum(BIT[c] for c in hand.passes[s])  # type: ignore[union-attr]
            for s in range(n)]
    pool = sum(BIT[c] for p in hand.passes for c in p)  # type: ignore[union-attr]
    if rules.first_lead == "lowest_club":
        candidates = list(range(n))
    else:
        candidates = [(hand.dealer + (1 if rules.first_lead == "left_of_dealer" else -1)) % n]
    for leader in candidates:
        played = [0] * n
        seat = leader
        for cards in tricks:
            if len(cards) != n:
                break
            s, best, winner = seat, cards[0], seat
            for c in cards:
                played[s] |= BIT[c]
                if c // 13 == cards[0] // 13 and c > best:
                    best, winner = c, s
                s = rules.next_seat[s]
            seat = winner
        got = [played[s] & ~kept[s] for s in range(n)]
        if all(played[s] & kept[s] == kept[s] and got[s].bit_count() == rules.pass_size
               for s in range(n)) and sum(got) == pool:
            return [[c for c in range(52) if got[s] >> c & 1] for s in range(n)]
    raise RecordError("pass 'mix': the tricks do not match the deal and the pooled passes")


def validate_record(record: Any) -> list[str]:
    """Every problem of one record as readable lines (empty list: valid).

    Checks the schema, then replays it (legality), then the score.
    """
    problems = schema_errors(record)
    if problems:
        return problems
    try:
        result = replay(record)
    except RecordError as e:
        return [str(e)]
    if result.illegal is not None:
        return [f"illegal play: {result.illegal}"]
    if not result.score_ok:
        assert result.score is not None
        return [f"score {record.get('score')} does not match the tricks: expected {list(result.score.points)}"]
    return []


def read_jsonl(path: str | Path) -> Iterator[tuple[int, Any]]:
    """``(line number, parsed record or the JSONDecodeError)`` for each non-blank line."""
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                yield i, json.loads(line)
            except json.JSONDecodeError as e:
                yield i, e
