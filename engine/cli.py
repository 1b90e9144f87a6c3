"""Command line: ``python -m engine play|validate|bench``.

play --rules club --seed 7 --hands 100 [--players random,random,random,random]
    prints hand records (``hearts-hand/1``) as JSON lines; hands follow
    each other as games (dealer rotation, pass cycle, scores), a new game
    starting when one ends.
validate FILE.jsonl [...]
    checks every record (schema, legality, score); prints one line per bad
    record ("FILE:LINE: problem; problem") and exits 1 if any, else prints a
    one-line summary and exits 0.  A line that is not UTF-8 or not JSON is
    a bad record; a file that cannot be opened gives "FILE: cannot read: ..."
    (also exit 1).
bench [--hands N] [--openspiel-python PATH]
    checked and unchecked random-hand speed against OpenSpiel (both ratios),
    state size and copy cost (see engine.benchmark).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from .game import Game, play_hand
from .record import RecordError, dumps, one_line, read_jsonl, record_of, validate_record
from .rules import RuleSet


def _rules(text: str) -> RuleSet:
    text = text.strip()
    if text.startswith("{"):
        return RuleSet.from_json(json.loads(text))
    return RuleSet.preset(text)


def _get_player(name: str, seed: int | None):  # type: ignore[no-untyped-def]
    from .players import get_player

    return get_player(name, seed=seed)


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules(args.rules)
    names = args.players.split(",") if args.players else ["random"] * rules.players
    if len(names) != rules.players:
        raise ValueError(f"--players names {len(names)} players, the rules need {rules.players}")
    seed = args.seed
    players = [
        _get_player(nm.strip(), None if seed is None else seed * 100 + i + 1)
        for i, nm in enumerate(names)
    ]
    game = Game(rules, seed=seed)
    out = sys.stdout
    for _ in range(args.hands):
        if game.is_over:
            game = Game(rules, rng=game.rng, dealer=game.dealer)
        hand = game.new_hand()
        play_hand(hand, players)
        game.add_hand(hand)
        out.write(dumps(record_of(hand)) + "\n")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    """Check every line of ``args.files``; print the bad ones; 1 if any is bad, else 0.

    Each bad record is one line "FILE:LINE: problem; problem" on stdout.  If
    ``validate_record`` itself fails on a record (a bug), that record's line
    says "internal error: <type>: <message>" and the other records are still
    checked.
    """
    bad = total = 0
    for path in args.files:
        try:
            lines = read_jsonl(path)
        except OSError as e:
            print(f"{path}: cannot read: {e.strerror}")
            bad += 1
            continue
        for lineno, rec in lines:
            total += 1
            if isinstance(rec, RecordError):
                problems = [str(rec)]
            else:
                try:
                    problems = validate_record(rec)
                except Exception as e:  # noqa: BLE001 - last resort: report it, go on
                    problems = [one_line(f"internal error: {type(e).__name__}: {e}")]
            if problems:
                bad += 1
                print(f"{path}:{lineno}: " + "; ".join(problems))
    if bad:
        return 1
    print(f"{total} record(s) valid in {len(args.files)} file(s)")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .benchmark import main as bench_main

    return bench_main(args)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m engine", description="Cuori's Hearts engine")
    sub = p.add_subparsers(dest="command", required=True)
    pp = sub.add_parser("play", help="play hands and print hand records as JSON lines")
    pp.add_argument("--rules", default="club", help="preset name or JSON rule set (default club)")
    pp.add_argument("--seed", type=int, default=None)
    pp.add_argument("--hands", type=int, default=1)
    pp.add_argument("--players", default=None, help="comma-separated player levels, one per seat")
    pp.set_defaults(func=cmd_play)
    pv = sub.add_parser("validate", help="check hand records (schema, legality, score)")
    pv.add_argument("files", nargs="+")
    pv.set_defaults(func=cmd_validate)
    pb = sub.add_parser("bench", help="speed and memory figures")
    pb.add_argument("--hands", type=int, default=5000, help="hands per run (default 5000)")
    pb.add_argument("--runs", type=int, default=5)
    pb.add_argument(
        "--openspiel-python",
        default=None,
        help="interpreter with open_spiel installed (default: this one, or $OPENSPIEL_PYTHON)",
    )
    pb.set_defaults(func=cmd_bench)
    sub.add_parser(
        "duel",
        add_help=False,
        help="duplicate comparison of two computer players "
        "(engine.players.duel; --help for options)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; ``argv`` defaults to ``sys.argv[1:]``.  Returns the exit status.

    0: done (validate: every record valid); 1: validate found a bad record;
    2: a bad option value or an I/O error (one "error: ..." line on stderr),
    or stdout was closed early (``... | head -1``: silently, no message).
    argparse itself exits with 2 on a usage error.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["duel"]:
        from .players.duel import main as duel_main

        return int(duel_main(argv[1:]) or 0)
    args = build_parser().parse_args(argv)
    try:
        status = int(args.func(args))
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return status
    except BrokenPipeError:
        # The reader went away: point stdout at /dev/null so that Python's own
        # flush at exit does not report the same broken pipe again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 2
    except (ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
