"""The projector: a screen at the venue that pages through the seating, the round clock and the
standings.

Read from five metres away, so a page holds few lines in large type, and the
screen moves on by itself: the seating of the current round in alphabetical
order of players (name → table, seat), paged; the round clock; the
standings, paged. A finished tournament shows its podium and its final
standings instead. Plain data, no writes; the view renders one slide per
request and asks for the next (``?slide=N``, htmx polling), so every slide
shows fresh data.

Queries per slide are constant whatever the number of players: the last
round (1), its tables with seats and names (3, ``pages.round_tables``), its
byes (1), the fingerprint (1) and the standings, cached under the
fingerprint (4 more when the cache is cold).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from . import pages
from .clock import RoundClock, round_clock
from .models import Bye, Round, Tournament

#: Lines per column of the seating, and per page: two columns of 12 on a 16:9 screen (one on a
#: phone); a page of 12 lines or fewer is one column, so long names have the whole width.
SEATING_PER_COLUMN = 12
SEATING_PER_PAGE = 2 * SEATING_PER_COLUMN
#: Lines per page of the standings: one column.
STANDINGS_PER_PAGE = 12
#: How long each kind of slide stays on the screen, in seconds.
SECONDS = {"seating": 15, "clock": 8, "standings": 12, "podium": 15, "welcome": 30}


@dataclass(frozen=True, slots=True)
class SeatLine:
    """Where a player of the current round sits: ``table`` and ``seat`` 1.., both None for a bye."""

    name: str
    club: str
    table: int | None
    seat: int | None


@dataclass(frozen=True, slots=True)
class Slide:
    """One screen of the projector.

    kind: "seating", "clock", "standings", "podium" or "welcome" (nothing to
    show yet); page, pages: 1.. within its kind (seating and standings are
    paged); columns: the page's lines in columns (``SeatLine`` for the
    seating, one column of ``standings.StandingRow`` for the standings), empty
    for the other kinds; seconds: how long it stays before the next slide.
    """

    kind: str
    seconds: int
    page: int = 1
    pages: int = 1
    columns: tuple[tuple, ...] = ()


@dataclass(frozen=True, slots=True)
class Show:
    """What the projector shows of a tournament now.

    round: the last round (None before the first); playing: that round is
    seated and not locked (its seating is shown); clock: its clock (None
    without one, or once the round is locked); podium: places 1–3 of a
    finished tournament (empty otherwise); slides: at least one.
    """

    round: Round | None
    playing: bool
    clock: RoundClock | None
    podium: tuple[pages.PodiumStep, ...]
    slides: tuple[Slide, ...]

    def at(self, index: int) -> tuple[int, Slide, int]:
        """The slide shown at position ``index`` (any integer, wrapped around): (position, slide,
        next position)."""
        position = index % len(self.slides)
        return position, self.slides[position], (position + 1) % len(self.slides)


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order for people: accents and case do not count ("Émile" between "Elena" and
    "Franco")."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return bare.casefold(), name


def chunks(items: list, size: int) -> list[list]:
    """``items`` in consecutive pages of at most ``size`` (one empty page when there is none)."""
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def columns(items: list, count: int) -> tuple[tuple, ...]:
    """``items`` split into at most ``count`` columns read top to bottom, the first ones longer by
    one at most."""
    per_column = -(-len(items) // count) if items else 0
    return (
        tuple(tuple(items[i : i + per_column]) for i in range(0, len(items), per_column))
        if per_column
        else ()
    )


def seat_lines(tournament: Tournament, round_: Round) -> list[SeatLine]:
    """Every player of ``round_`` with table and seat (1..), byes included, alphabetically (4
    queries)."""
    lines = [
        SeatLine(seat.name, seat.club, table.number, seat.position + 1)
        for table in pages.round_tables(tournament, round_)
        for seat in table.seats
    ]
    byes = Bye.objects.filter(round=round_).values_list(
        "registration__player__name", "registration__player__club"
    )
    lines += [SeatLine(name, club, None, None) for name, club in byes]
    return sorted(lines, key=lambda line: sort_key(line.name))


def show(tournament: Tournament, *, now=None) -> Show:
    """The projector's slides for ``tournament`` now (``now``: an aware datetime for the clock,
    default now).

    Running: the seating pages of the last round while it is seated and not
    locked, its clock when it has one, then the standings pages (active
    players: withdrawn ones are left out, as on the public page's
    mini-standings), always the public standings (hidden rounds left out). Finished: the podium
    (withdrawn players keep their place, as in the final standings) and the standings pages. Nothing
    to show yet (no round seated, no game ended): one "welcome" slide.
    """
    round_ = tournament.rounds.order_by("-number").first()
    finished = tournament.status == Tournament.Status.FINISHED
    playing = (
        round_ is not None
        and not finished
        and round_.status in (Round.Status.SEATED, Round.Status.PLAYING)
    )
    slides: list[Slide] = []
    clock = None
    if playing:
        seating = chunks(seat_lines(tournament, round_), SEATING_PER_PAGE)
        if seating != [[]]:
            slides += [
                Slide(
                    "seating",
                    SECONDS["seating"],
                    n,
                    len(seating),
                    columns(page, 1 if len(page) <= SEATING_PER_COLUMN else 2),
                )
                for n, page in enumerate(seating, 1)
            ]
        clock = round_clock(round_, now=now)
        if clock is not None:
            slides.append(Slide("clock", SECONDS["clock"]))
    lines = pages.standing_lines(
        tournament, public=True
    )  # a screen at the venue: hidden rounds stay hidden
    podium = tuple(pages.podium(lines)) if finished else ()
    if podium:
        slides.append(Slide("podium", SECONDS["podium"]))
    active = pages.active_lines(lines)
    if active:
        standings = chunks(active, STANDINGS_PER_PAGE)
        slides += [
            Slide("standings", SECONDS["standings"], n, len(standings), (tuple(page),))
            for n, page in enumerate(standings, 1)
        ]
    if not slides:
        slides.append(Slide("welcome", SECONDS["welcome"]))
    return Show(round=round_, playing=playing, clock=clock, podium=podium, slides=tuple(slides))
