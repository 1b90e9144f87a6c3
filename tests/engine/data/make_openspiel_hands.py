"""Generate ``openspiel_hands.jsonl``: random hands played by OpenSpiel's C++ Hearts.

Each line: the deal (per seat), the pass direction, the passes, and every play
with the set of legal cards OpenSpiel offered at that moment.  The engine's
tests replay them and compare the legal sets card by card: an independent
check of the play rules (OpenSpiel plays the two settled readings the same
way, issue 3).  Parameters: no points on the first trick, hearts must be
broken, the queen of spades does NOT break hearts (as 002), no JD bonus.

Run with an interpreter that has open_spiel:
  var/bench-venv/bin/python tests/engine/data/make_openspiel_hands.py 300 \
      > tests/engine/data/openspiel_hands.jsonl
"""

import json
import random
import sys

import pyspiel

PARAMS = {"qs_breaks_hearts": False, "no_pts_on_first_trick": True, "must_break_hearts": True}
DIRS = {"No Pass": "hold", "Left": "left", "Across": "across", "Right": "right"}


def main(n: int, seed: int = 3) -> None:
    game = pyspiel.load_game("hearts", PARAMS)
    rng = random.Random(seed)
    for _ in range(n):
        s = game.new_initial_state()
        a = rng.choice(s.legal_actions())
        direction = DIRS[s.action_to_string(a)]
        s.apply_action(a)
        deal = [[] for _ in range(4)]
        i = 0
        while s.is_chance_node():
            a = rng.choice(s.legal_actions())
            deal[i % 4].append(s.action_to_string(a))
            s.apply_action(a)
            i += 1
        passes = [[] for _ in range(4)]
        plays = []
        while not s.is_terminal():
            legal = s.legal_actions()
            a = rng.choice(legal)
            if len(plays) == 0 and sum(map(len, passes)) < 12 and direction != "hold":
                passes[s.current_player()].append(s.action_to_string(a))
            else:
                plays.append(
                    [
                        s.current_player(),
                        s.action_to_string(a),
                        sorted(s.action_to_string(x) for x in legal),
                    ]
                )
            s.apply_action(a)
        print(
            json.dumps(
                {
                    "pass": direction,
                    "deal": deal,
                    "passed": passes if direction != "hold" else None,
                    "plays": plays,
                    "points": [int(p) for p in s.rewards()] if False else None,
                }
            )
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
