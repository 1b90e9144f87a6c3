"""A season's leaderboard: pure functions over plain tournament results (no Django, no database).

A season groups finished tournaments of one club. Each tournament gives each
of its players a *result*: points by final place (an editable table, tied
players sharing the points of the places they cover, as tied seats share
match points at a table, 002 "Al tavolo") or the player's match points in the
final standings. A player's season total is the sum of their best ``best``
results (exact fractions, never floats).

Players are matched across tournaments (:func:`identities`): one player record
(``player_id``) is always one person; records with the same external id are
one person; a record without an external id is the person with the same name
and club compared as :func:`tournaments.names.fold` compares names (case,
accents and apostrophe variants ignored), and joins the one person with an
external id of that name and club when there is exactly one. Two records of
one name and club in the same tournament (namesakes registered on purpose)
stay two people.

Ranking: total, then countback (the counted results compared best first: more
wins of the best result rank higher, as in motor racing championships);
players equal on both share the rank, listed by name.

Shapes: an :class:`Entry` is one player's line in one tournament's final
standings (``rank`` 1.., tied players share it; ``match_points`` exact). Points
by place: ``place_points[i]`` is the points of place ``i + 1``; places beyond
the table score 0.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from tournaments.names import fold

BY_PLACE = "place"
BY_MATCH_POINTS = "match_points"
SCORINGS = (BY_PLACE, BY_MATCH_POINTS)

#: The default points by place: 25, 20, 16, 13, 11, 10, 9, ..., 1 for places 1 to 15 (the table of
#: motorcycle racing's world championship): a win is worth clearly more than a second place without
#: making one evening decide the season, and every place of a club evening's top half scores.
DEFAULT_PLACE_POINTS: tuple[int, ...] = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
#: Bounds of a points table (forms and the database hold them too).
MAX_PLACES = 200
MAX_PLACE_POINTS = 1000


class LeaderboardError(ValueError):
    """Bad input to the leaderboard: ``code`` names the problem ("best", "scoring",
    "place_points")."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's final line in one tournament (``tournament_id`` as given, in season order)."""

    tournament_id: int
    player_id: int
    name: str
    club: str
    external_id: str
    rank: int
    match_points: Fraction


@dataclass(frozen=True, slots=True)
class Result:
    """What one tournament gave a player in the season: its points, and whether it is among the best
    counted."""

    tournament_id: int
    points: Fraction
    counted: bool


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the leaderboard. ``results`` in season order (tournaments the player did not play
    are absent); ``player_ids``: the player records matched as this person, ``name``/``club``: as in
    their latest tournament."""

    rank: int
    tied: bool
    key: str
    name: str
    club: str
    external_id: str
    player_ids: tuple[int, ...]
    total: Fraction
    results: tuple[Result, ...]

    @property
    def played(self) -> int:
        return len(self.results)

    @property
    def counted(self) -> int:
        return sum(1 for r in self.results if r.counted)

    def points_in(self, tournament_id: int) -> Fraction | None:
        for result in self.results:
            if result.tournament_id == tournament_id:
                return result.points
        return None


def check_place_points(values: Sequence[int]) -> tuple[int, ...]:
    """A points table as whole numbers: 1 to ``MAX_PLACES`` values from 0 to ``MAX_PLACE_POINTS``,
    never more for a worse place. Raises :class:`LeaderboardError` (code "place_points")."""
    table = tuple(values)
    if not 1 <= len(table) <= MAX_PLACES:
        raise LeaderboardError(
            "place_points", f"a points table has 1 to {MAX_PLACES} places, not {len(table)}"
        )
    for value in table:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not 0 <= value <= MAX_PLACE_POINTS
        ):
            raise LeaderboardError(
                "place_points", f"points by place are whole numbers from 0 to {MAX_PLACE_POINTS}"
            )
    if any(later > earlier for earlier, later in zip(table, table[1:])):
        raise LeaderboardError(
            "place_points", "a worse place cannot score more points than a better one"
        )
    return table


def points_by_place(ranks: Sequence[int], table: Sequence[int]) -> list[Fraction]:
    """Each player's points from their final rank (1.., tied players share a rank): tied players
    share the points of the places they cover, exactly. ``points_by_place([1, 2, 2, 4], (25, 20, 16,
    13)) == [25, 18, 18, 13]``; places beyond ``table`` score 0."""
    counts: dict[int, int] = defaultdict(int)
    for rank in ranks:
        counts[rank] += 1

    def covered(rank: int) -> Fraction:
        tied = counts[rank]
        values = [table[p - 1] if p <= len(table) else 0 for p in range(rank, rank + tied)]
        return Fraction(sum(values), tied)

    shared = {rank: covered(rank) for rank in counts}
    return [shared[rank] for rank in ranks]


def identities(entries: Iterable[Entry]) -> dict[int, str]:
    """Each player record's person key (player id → key): "x:<external id>", "n:<folded
    name>|<folded club>" or, for namesakes of one club in one tournament, "p:<player id>". See the
    module's docstring."""
    records: dict[int, Entry] = {}
    tournaments_of: dict[int, set[int]] = defaultdict(set)
    for entry in entries:
        records.setdefault(entry.player_id, entry)
        tournaments_of[entry.player_id].add(entry.tournament_id)

    def name_key(e: Entry) -> str:
        return f"{fold(e.name)}|{fold(e.club)}"

    with_id: dict[str, set[str]] = defaultdict(set)  # name key → external ids
    for e in records.values():
        if e.external_id:
            with_id[name_key(e)].add(e.external_id)
    keys: dict[int, str] = {}
    for pid, e in records.items():
        if e.external_id:
            keys[pid] = f"x:{e.external_id}"
        elif len(with_id.get(name_key(e), ())) == 1:
            keys[pid] = f"x:{next(iter(with_id[name_key(e)]))}"
        else:
            keys[pid] = f"n:{name_key(e)}"
    # Two records of one key in one tournament are two people: each keeps its own record.
    seen: dict[tuple[int, str], int] = {}
    apart: set[int] = set()
    for pid in sorted(records):
        for tournament_id in tournaments_of[pid]:
            other = seen.setdefault((tournament_id, keys[pid]), pid)
            if other != pid:
                apart.update((pid, other))
    for pid in apart:
        keys[pid] = f"p:{pid}"
    return keys


def leaderboard(
    entries: Iterable[Entry],
    *,
    order: Sequence[int],
    best: int,
    scoring: str = BY_PLACE,
    place_points: Sequence[int] = DEFAULT_PLACE_POINTS,
) -> list[Row]:
    """The season's leaderboard from the final lines of its counted tournaments.

    order: the tournament ids in season order, oldest first (entries of other tournaments are
    ignored; the name and club shown are the latest tournament's); best: how many results count
    (1..); scoring: ``BY_PLACE`` (``place_points``) or ``BY_MATCH_POINTS``. Rows best first, ties by
    name. Raises
    :class:`LeaderboardError` for a bad ``best``, ``scoring`` or points table.
    """
    if isinstance(best, bool) or not isinstance(best, int) or best < 1:
        raise LeaderboardError("best", f"the best results counted must be 1 or more, not {best!r}")
    if scoring not in SCORINGS:
        raise LeaderboardError(
            "scoring", f"scoring is one of {', '.join(SCORINGS)}, not {scoring!r}"
        )
    table = check_place_points(place_points) if scoring == BY_PLACE else ()
    position = {tournament_id: i for i, tournament_id in enumerate(order)}
    by_tournament: dict[int, list[Entry]] = defaultdict(list)
    for entry in entries:
        if entry.tournament_id in position:
            by_tournament[entry.tournament_id].append(entry)
    keys = identities(e for lines in by_tournament.values() for e in lines)
    found: dict[str, list[tuple[int, Fraction]]] = defaultdict(
        list
    )  # person → (season position, points)
    latest: dict[str, Entry] = {}
    records: dict[str, list[int]] = defaultdict(list)
    for tournament_id in order:
        lines = by_tournament.get(tournament_id, [])
        if scoring == BY_PLACE:
            points = points_by_place([e.rank for e in lines], table)
        else:
            points = [Fraction(e.match_points) for e in lines]
        for entry, value in zip(lines, points):
            key = keys[entry.player_id]
            found[key].append((position[tournament_id], value))
            latest[key] = entry
            if entry.player_id not in records[key]:
                records[key].append(entry.player_id)
    people = []
    for key, results in found.items():
        # The best results count; between equal ones, the earlier tournament's.
        chosen = set(
            sorted(range(len(results)), key=lambda i: (-results[i][1], results[i][0]))[:best]
        )
        counted = sorted((results[i][1] for i in chosen), reverse=True)
        total = sum(counted, Fraction(0))
        countback = tuple(-v for v in counted if v)
        person = latest[key]
        row = Row(
            0,
            False,
            key,
            person.name,
            person.club,
            key[2:] if key.startswith("x:") else "",
            tuple(records[key]),
            total,
            tuple(Result(order[i], v, n in chosen) for n, (i, v) in enumerate(results)),
        )
        people.append(((-total, countback), fold(person.name), key, row))
    people.sort(key=lambda p: p[:3])
    tied = defaultdict(int)
    for merit, *_rest in people:
        tied[merit] += 1
    rows: list[Row] = []
    for i, (merit, _name, _key, row) in enumerate(people):
        rank = rows[-1].rank if i and people[i - 1][0] == merit else i + 1
        rows.append(replace(row, rank=rank, tied=tied[merit] > 1))
    return rows
