"""CSV exports of a season's leaderboard and of the ratings, written like every export
(``tournaments.exports``): ``tournaments.csvio.write_csv`` through defusedcsv, comma CSV or with
``excel`` the dialect Italian spreadsheets open (UTF-8 BOM, ``;``, decimal commas). The commands
(``export_season``, ``export_ratings``) and the pages' downloads write the same rows. Reads only.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from tournaments import csvio

from . import selectors
from .models import Season

#: A season's columns; then one column per counted tournament (its address), with the points it gave
#: (empty: not played). ``counted``: how many results make ``points``; ``played``: tournaments
#: played.
SEASON_HEADER = ("rank", "player", "club", "external_id", "points", "counted", "played")
RATINGS_HEADER = ("rank", "player", "club", "rating", "games")


def season_rows(board: selectors.SeasonBoard, *, excel: bool = False) -> Iterator[list[object]]:
    """The leaderboard's rows under :data:`SEASON_HEADER` + the counted tournaments' slugs; points
    with two decimals (exact fractions rounded half up, ``csvio.format_decimal``)."""
    counted = [t.tournament.pk for t in board.counted]
    for row in board.rows:
        points = {r.tournament_id: r.points for r in row.results}
        yield [
            row.rank,
            row.name,
            row.club,
            row.external_id,
            csvio.format_decimal(row.total, comma=excel),
            row.counted,
            row.played,
            *(
                "" if t not in points else csvio.format_decimal(points[t], comma=excel)
                for t in counted
            ),
        ]


def write_season(season: Season, out: IO[str], *, excel: bool = False, user=None) -> None:
    """Write ``season``'s leaderboard as CSV (the public view of it unless ``user`` is its
    organizer)."""
    board = selectors.season_board(season, user)
    header = (*SEASON_HEADER, *(t.tournament.slug for t in board.counted))
    csvio.write_csv(out, header, season_rows(board, excel=excel), excel=excel)


def ratings_rows() -> Iterator[list[object]]:
    """Every rated player under :data:`RATINGS_HEADER`, best first (rank shared by equal
    ratings)."""
    for rating in selectors.ranked_ratings().iterator(chunk_size=2000):
        yield [rating.rank, rating.player.name, rating.player.club, rating.value, rating.games]


def write_ratings(out: IO[str], *, excel: bool = False) -> None:
    csvio.write_csv(out, RATINGS_HEADER, ratings_rows(), excel=excel)
