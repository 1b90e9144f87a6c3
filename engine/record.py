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
import reprlib
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from .cards import CODES, Card, mask_of_cards, to_card
from .hand import DealError, Hand, IllegalPlay, Phase, Reason
from .rules import PASS_DIRECTIONS, PassDirection, RuleSet, pass_direction_problem
from .scoring import HandResult, possible_scores
from .tricks import trick_winner

FORMAT = "hearts-hand/1"
SCHEMA_PATH = Path(__file__).with_name("schema") / "hearts-hand-1.schema.json"
MAX_DEPTH = 10
"""Arrays and objects nest 3 deep in a record; deeper than this is refused
before the schema or the replay looks at it (keeps recursion and messages short)."""
LINE_MAX = 300
"""``one_line`` (so ``validate_record``) clips a problem line to about this many characters."""
_RULE_INTS = tuple(f.name for f in fields(RuleSet) if f.init and f.type in ("int", "int | None"))
"""Rule-set options that are integers (``RuleSet`` itself would take 4.0 for 4)."""

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, 40, 40


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
    score: the computed ``HandResult`` (None if the hand did not finish).
    score_ok: whether the record's "score" is a score the rules allow.
    """

    hand: Hand
    illegal: IllegalAction | None
    score: HandResult | None
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
        "pass": str(hand.pass_direction),
        "deal": [[CODES[c] for c in d] for d in hand.deal],
    }
    if hand.kitty:
        rec["kitty"] = [CODES[c] for c in hand.kitty]
    if hand.pass_direction == PassDirection.HOLD or hand.rules.pass_size == 0:
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
    value: dict[str, Any] = json.loads(SCHEMA_PATH.read_text())
    return value


@lru_cache(maxsize=1)
def _validator() -> Any:
    """A Draft 2020-12 validator of the schema where "integer" means a Python int, not 4.0."""
    import jsonschema

    base = jsonschema.Draft202012Validator
    types = base.TYPE_CHECKER.redefine("integer", lambda _checker, x: type(x) is int)
    return jsonschema.validators.extend(base, type_checker=types)(schema())


def schema_errors(record: Any) -> list[str]:
    """Schema violations of a record, as readable lines (empty if it conforms).

    record: any parsed JSON value.  A value nested deeper than ``MAX_DEPTH``
    gives one line and is not checked further.  Integers must be ints: a
    float such as 4.0 where the schema wants an integer gives "players: must
    be a whole number, got 4.0".  Uses ``jsonschema`` (imported lazily);
    without it, only the basic shape is checked.  Raises nothing.
    """
    try:
        _check_depth(record)
    except RecordError as e:
        return [str(e)]
    try:
        _validator()
    except ImportError:  # pragma: no cover - jsonschema is a test dependency
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            return [f"not a {FORMAT} record"]
        return []
    out = []
    for err in sorted(_validator().iter_errors(record), key=lambda e: list(e.absolute_path)):
        path = "/".join(str(p) for p in err.absolute_path) or "(record)"
        wanted = (
            err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        )
        if err.validator == "type" and "integer" in wanted and isinstance(err.instance, float):
            out.append(f"{path}: must be a whole number, got {err.instance!r}")
        else:
            out.append(f"{path}: {err.message}")
    return out


def _check_depth(value: Any, path: str = "", depth: int = 1) -> None:
    """Raise ``RecordError`` naming the first array or object nested deeper than ``MAX_DEPTH``."""
    if isinstance(value, Mapping):
        items: Any = value.items()
    elif isinstance(value, (list, tuple)):
        items = enumerate(value)
    else:
        return
    if depth > MAX_DEPTH:
        raise RecordError(
            f"{path or '(record)'}: nested too deeply "
            f"(more than {MAX_DEPTH} levels of arrays and objects)"
        )
    for key, item in items:
        _check_depth(item, f"{path}/{key}" if path else str(key), depth + 1)


def _show(value: Any) -> str:
    """A short repr of a value from a record, for messages."""
    return _REPR.repr(value)


def _whole(value: Any, what: str) -> int:
    """``value`` if it is an int (not a bool, not 4.0); else ``RecordError`` naming ``what``."""
    if type(value) is not int:
        raise RecordError(f"{what}: must be a whole number, got {_show(value)}")
    return value


def one_line(text: str) -> str:
    """``text`` as one short printable line (for problem messages).

    Clips it to ``LINE_MAX`` characters (ending "..."), then replaces each line
    break or other unprintable character by its escape (``\\n``, ``\\udcff``).
    """
    if len(text) > LINE_MAX:
        text = text[: LINE_MAX - 3] + "..."
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(f"{what}: expected a list of card codes, got {_show(value)}")
    try:
        return [to_card(c) if isinstance(c, str) else _bad_card(c) for c in value]
    except ValueError as e:
        raise RecordError(f"{what}: {e}") from None


def _bad_card(c: Any) -> Card:
    raise ValueError(f"unknown card code {_show(c)}")


def _field(record: Mapping[str, Any], name: str) -> Any:
    if name not in record:
        raise RecordError(f"missing field {name!r}")
    return record[name]


def replay(
    record: Mapping[str, Any], *, scores_before: Sequence[int] | None = None
) -> ReplayResult:
    """Re-play a record through the rules.

    Returns a ``ReplayResult``: the first illegal pass or play (trick, seat,
    card, reason) if there is one, else the computed score and whether the
    recorded score is one the rules allow (with the shooter's choice, 001,
    either outcome; with "others_unless_loses" and no ``scores_before``,
    either outcome too).  Raises ``RecordError`` if the record is malformed:
    wrong format, nested deeper than ``MAX_DEPTH``, unknown rules, a number
    that is not an int (players, dealer, score, integer rule options: 4.0 is
    refused), a pass direction impossible for the player count or not in the
    rule set's pass cycle ("hold" is always possible), unknown or duplicated
    card, wrong count of seats, cards or passes, a trick of the wrong size,
    missing tricks.
    """
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    _check_depth(record)
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, got {_show(record.get('format'))}")
    rules_raw = _field(record, "rules")
    if isinstance(rules_raw, Mapping):
        for name in _RULE_INTS:
            if rules_raw.get(name) is not None:
                _whole(rules_raw[name], f"rules/{name}")
    try:
        rules = RuleSet.from_json(rules_raw)
    except (ValueError, TypeError) as e:
        raise RecordError(f"rules: {e}") from None
    players = _whole(_field(record, "players"), "players")
    if players != rules.players:
        raise RecordError(f"players is {players} but the rules are for {rules.players}")
    dealer = _whole(_field(record, "dealer"), "dealer")
    if not 0 <= dealer < players:
        raise RecordError(f"dealer must be a seat 0..{players - 1}, got {dealer}")
    direction = _field(record, "pass")
    if direction not in PASS_DIRECTIONS:
        raise RecordError(f"pass: unknown direction {_show(direction)}")
    if pass_direction_problem(direction, players):
        raise RecordError(f"pass {direction!r} is not possible with {players} players")
    if direction != PassDirection.HOLD and direction not in rules.pass_cycle:
        raise RecordError(
            f"pass {direction!r} is not in the rule set's pass cycle "
            f"({', '.join(rules.pass_cycle)})"
        )
    deal_raw = _field(record, "deal")
    if not isinstance(deal_raw, list):
        raise RecordError("deal: expected one list of cards per seat")
    deal = [_cards(d, f"deal, seat {s}") for s, d in enumerate(deal_raw)]
    kitty = _cards(record.get("kitty", []), "kitty")
    try:
        hand = Hand(
            rules,
            deal,
            dealer=dealer,
            pass_direction=direction,
            kitty=kitty,
            scores_before=scores_before,
        )
    except DealError as e:
        raise RecordError(f"deal: {e}") from None
    tricks_raw = _field(record, "tricks")
    if not isinstance(tricks_raw, list):
        raise RecordError("tricks: expected a list of tricks")
    tricks = [_cards(t, f"trick {i + 1}") for i, t in enumerate(tricks_raw)]

    passed = _field(record, "passed")
    if hand.phase == Phase.PASS:
        if not isinstance(passed, list) or len(passed) != players:
            raise RecordError(
                f"passed: expected {players} lists of {rules.pass_size} cards "
                f"(pass {direction!r}), got {_show(passed)}"
            )
        passes = [_cards(p, f"passed, seat {s}") for s, p in enumerate(passed)]
        for seat, cards in enumerate(passes):
            try:
                if direction == PassDirection.MIX and seat == players - 1:
                    hand.passes[seat] = tuple(cards)
                    hand._check_pass_cards(seat, cards)
                    hand._apply_passes(_mix_received(hand, tricks))
                else:
                    hand.submit_pass(seat, cards)
            except IllegalPlay as e:
                act = IllegalAction(
                    0, seat, CODES[e.card] if e.card is not None else None, e.reason, e.message
                )
                return ReplayResult(hand, act, None, False)
    elif passed not in (None, []) and not (
        isinstance(passed, list) and all(p == [] for p in passed)
    ):
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
        raise RecordError(
            f"the record stops after {len(hand.history)} cards: "
            f"{rules.tricks_per_hand} tricks of {n} are needed"
        )
    allowed = possible_scores(rules, hand.won, hand.tricks_won, scores_before=scores_before)
    recorded = record.get("score")
    if recorded is not None:
        if not isinstance(recorded, (list, tuple)):
            raise RecordError(f"score: expected a list of points per seat, got {_show(recorded)}")
        for seat, points in enumerate(recorded):
            _whole(points, f"score, seat {seat}")
    match = next(
        (s for s in allowed if recorded is not None and list(s.points) == list(recorded)), None
    )
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
    passes = [p or () for p in hand.passes]
    kept = [mask_of_cards(hand.deal[s]) & ~mask_of_cards(passes[s]) for s in range(n)]
    pool = sum(mask_of_cards(p) for p in passes)
    leader = rules.first_leader(hand.dealer)
    candidates = list(range(n)) if leader is None else [leader]
    for leader in candidates:
        played = [0] * n
        seat = leader
        for cards in tricks:
            if len(cards) != n:
                break
            for s, c in zip(rules.play_order[seat], cards):
                played[s] |= 1 << c
            seat = trick_winner(seat, cards, rules.next_seat)
        got = [played[s] & ~kept[s] for s in range(n)]
        if (
            all(
                played[s] & kept[s] == kept[s] and got[s].bit_count() == rules.pass_size
                for s in range(n)
            )
            and sum(got) == pool
        ):
            return [[c for c in range(52) if got[s] >> c & 1] for s in range(n)]
    raise RecordError("pass 'mix': the tricks do not match the deal and the pooled passes")


def validate_record(record: Any) -> list[str]:
    """Every problem of one record as readable lines (empty list: valid).

    record: any parsed JSON value.  Checks the schema (``schema_errors``),
    then replays it (``replay``: legality), then the score.  Each line is
    one line of printable text (line breaks and other unprintable characters
    escaped), clipped to ``LINE_MAX`` characters.
    """
    return [one_line(p) for p in _problems(record)]


def _problems(record: Any) -> list[str]:
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
        return [
            (
                f"score {record.get('score')} does not match the tricks: "
                f"expected {list(result.score.points)}"
            )
        ]
    return []


def read_jsonl(path: str | Path) -> Iterator[tuple[int, Any]]:
    """The lines of a ``.jsonl`` file: ``(line number, value)`` for each non-blank line.

    value: the line's parsed JSON, or a ``RecordError`` (never a JSON value)
    saying why the line is not JSON: not UTF-8 text (the byte and its column),
    invalid JSON (the parser's message and column), nested too deeply for the
    parser, or an integer longer than Python converts
    (``sys.get_int_max_str_digits()``).  The file is opened at once (``OSError``
    if it cannot be) and read one line at a time as the iterator is consumed.
    """
    return _jsonl_lines(open(path, "rb"))


def _jsonl_lines(f: IO[bytes]) -> Iterator[tuple[int, Any]]:
    with f:
        for i, line in enumerate(f, 1):
            if line.strip():
                yield i, _parse_line(line)


def _parse_line(line: bytes) -> Any:
    """The JSON value of one line, or a ``RecordError`` saying why it has none."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as e:
        return RecordError(f"not UTF-8 text (byte 0x{line[e.start]:02x} at column {e.start + 1})")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        return RecordError(f"invalid JSON: {e.msg} (column {e.colno})")
    except RecursionError:
        return RecordError("invalid JSON: nested too deeply")
    except ValueError:  # the only other one: an int beyond Python's digit limit
        limit = sys.get_int_max_str_digits()
        return RecordError(f"invalid JSON: an integer has more than {limit} digits")
