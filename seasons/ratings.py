"""Player ratings from table places: pure functions over plain data (openskill; no Django, no
database).

Model: **Plackett-Luce**, Algorithm 4 of Weng & Lin, "A Bayesian Approximation
Method for Online Ranking", JMLR 12 (2011), as implemented by openskill
(Joshy, "OpenSkill: A faster asymmetric multi-team, multiplayer rating
system", JOSS 2024), with openskill's defaults (mu 25, sigma 25/3, beta 25/6,
tau 25/300). Why Plackett-Luce rather than Thurstone-Mosteller:

- a Hearts table ends in a full order of 3 to 5 players, which is exactly what
  Plackett-Luce models (a ranking as successive choices of the best of those
  left), in one update of the whole table, where Thurstone-Mosteller "full"
  decomposes it into every pair and needs a draw margin (epsilon) to say when
  two performances tie;
- tied places are native to it: players who share a place are one group of
  the ranking (Weng & Lin's A_q, the number of teams of rank q), so shared
  places are ties, not an arbitrary order;
- Joshy (2024) reports Plackett-Luce as the most accurate of openskill's
  models on multiplayer data, and it is openskill's default.

Each player is one team of one. A table's places come from its penalty totals
(``tournaments.scoring.places``: fewest first, tied seats share the best
place), passed as openskill ``ranks``.

The displayed rating (:func:`display`) is openskill's ordinal, the
conservative estimate mu - 3 sigma, scaled: ``1000 + 40 * (mu - 3 sigma)``,
rounded. A new player shows 1000 (mu 25 = 3 sigma); one point of mu is 40
rating points. The ordinal rises as a player's sigma shrinks with games, so a
newcomer's rating climbs over their first evenings even at an average pace:
the rating says how good a player is known to be at least.

Same games in the same order from the same start → the same floats: an
update at the end of the order equals a full recompute exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: The model (openskill's defaults). Its ``rating()`` objects are made per table from plain (mu,
#: sigma).
MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
#: The displayed rating: OFFSET + SCALE * (mu - Z * sigma).
OFFSET = 1000
SCALE = 40
Z = 3


@dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating: the mean and standard deviation of the belief in their skill, and their
    rated games."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: openskill's conservative estimate."""
        return self.mu - Z * self.sigma

    @property
    def rating(self) -> int:
        return display(self.mu, self.sigma)


def display(mu: float, sigma: float) -> int:
    """The rating people see: ``round(1000 + 40 * (mu - 3 * sigma))`` (1000 for a new player)."""
    return round(OFFSET + SCALE * (mu - Z * sigma))


def rate_table(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """The seats' skills after one table: ``places`` per seat (1.., tied seats share a place), seat
    order.

    Raises ``ValueError`` for fewer than 2 seats or a length mismatch.
    """
    if len(skills) != len(places) or len(skills) < 2:
        raise ValueError(
            f"a table needs 2 or more seats with one place each, not {len(skills)} and "
            f"{len(places)}"
        )
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Skill(team[0].mu, team[0].sigma, s.games + 1) for team, s in zip(rated, skills)]


@dataclass(frozen=True, slots=True)
class Game:
    """A rated table: ``players`` (any hashable ids) and their ``places``, seat order."""

    players: tuple[int, ...]
    places: tuple[int, ...]


def replay(
    games: Iterable[Game],
    start: Mapping[int, Skill] | None = None,
) -> tuple[dict[int, Skill], list[list[tuple[Skill, Skill]]]]:
    """Rate ``games`` in order from the skills in ``start`` (new players start at :class:`Skill`'s
    defaults).

    Returns the skills after the last game (every player of ``start`` or of a game) and, per game,
    each seat's (before, after).
    """
    skills: dict[int, Skill] = dict(start or {})
    changes = []
    for game in games:
        before = [skills.get(p) or Skill() for p in game.players]
        after = rate_table(before, game.places)
        for player, skill in zip(game.players, after):
            skills[player] = skill
        changes.append(list(zip(before, after)))
    return skills, changes


def seeding_ranks(ratings: Mapping[int, int], unrated: Sequence[int]) -> dict[int, int]:
    """0-based seeding positions (Swiss round 1 by rating): the rated players by rating, best first
    (equal ratings share a position), then the players without a rating in the order given (a seeded
    shuffle of them).

    ratings: player → displayed rating; unrated: the other players, in their seeded order.
    """
    rated = sorted(ratings, key=lambda p: (-ratings[p], p))
    ranks: dict[int, int] = {}
    for i, p in enumerate(rated):
        ranks[p] = ranks[rated[i - 1]] if i and ratings[rated[i - 1]] == ratings[p] else i
    for i, p in enumerate(unrated):
        ranks.setdefault(p, len(rated) + i)
    return ranks
