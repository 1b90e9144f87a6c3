"""``python -m engine validate``: hostile input gives one readable line per bad record, never a
traceback."""

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.cli
from engine.cli import main
from engine.record import LINE_MAX, RecordError, replay, validate_record

ROOT = Path(__file__).parents[2]
SCATTER3 = {"preset": "three_player", "pass_cycle": ["scatter"], "pass_size": 4}
SCATTER5 = {"preset": "five_player", "pass_cycle": ["scatter"], "pass_size": 4}


def play(capsys, rules="club", hands=2, seed=5) -> list[str]:
    """Record lines from ``python -m engine play`` (through ``main``)."""
    rules = rules if isinstance(rules, str) else json.dumps(rules)
    assert main(["play", "--rules", rules, "--seed", str(seed), "--hands", str(hands)]) == 0
    return capsys.readouterr().out.splitlines()


def validate(capsys, tmp_path, lines: list[bytes | str]) -> tuple[int, list[str], Path]:
    """Write ``lines`` to a file, run ``validate`` on it: (exit status, stdout lines, path)."""
    f = tmp_path / "hands.jsonl"
    f.write_bytes(b"\n".join(x.encode() if isinstance(x, str) else x for x in lines) + b"\n")
    status = main(["validate", str(f)])
    out = capsys.readouterr()
    assert out.err == ""
    return status, out.out.splitlines(), f


def spawn(*args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kw,
    )


# -- 1-3: lines that are not JSON records; the rest of the file is still checked -----------


@pytest.mark.parametrize(
    "junk,message",
    [
        (b"[" * 100000 + b"]" * 100000, "invalid JSON: nested too deeply"),
        (
            b'{"dealer": 1' + b"0" * 4400 + b"}",
            "invalid JSON: an integer has more than 4300 digits",
        ),
        (b'{"\xff": 1}', "not UTF-8 text (byte 0xff at column 3)"),
        (b'{"format": "caf\xc3\xa9", "x": "\xe9"}', "not UTF-8 text (byte 0xe9 at column 27)"),
        (b"{bad", "invalid JSON: Expecting property name enclosed in double quotes (column 2)"),
    ],
)
def test_a_line_that_is_not_json_is_one_line_and_the_rest_is_checked(
    capsys, tmp_path, junk, message
):
    good = play(capsys, hands=3)
    bad_score = json.loads(good[2])
    bad_score["score"] = [0, 0, 0, 0]
    status, out, f = validate(capsys, tmp_path, [good[0], junk, "", good[1], json.dumps(bad_score)])
    assert status == 1
    expected = json.loads(good[2])["score"]
    assert out == [
        f"{f}:2: {message}",
        f"{f}:5: score [0, 0, 0, 0] does not match the tricks: expected {expected}",
    ]


def test_nesting_the_parser_accepts_is_still_refused_in_a_few_words(capsys, tmp_path):
    rec = json.loads(play(capsys, hands=1)[0])
    rec["deal"] = json.loads("[" * 200 + "]" * 200)
    status, out, f = validate(capsys, tmp_path, [json.dumps(rec)])
    assert status == 1 and len(out) == 1
    assert out[0].startswith(f"{f}:1: deal/0/0/") and "nested too deeply" in out[0]
    with pytest.raises(RecordError, match="nested too deeply"):
        replay(rec)


def test_blank_lines_are_skipped_and_line_numbers_are_the_files(capsys, tmp_path):
    good = play(capsys, hands=2)
    status, out, _ = validate(capsys, tmp_path, ["", good[0], "  ", good[1], "\t"])
    assert status == 0 and out == ["2 record(s) valid in 1 file(s)"]


# -- 4: scatter passes with 3 and 5 players ---------------------------------------------------


@pytest.mark.parametrize("rules", [SCATTER3, SCATTER5])
def test_scatter_records_with_3_and_5_players_validate(capsys, tmp_path, rules):
    lines = play(capsys, rules, hands=4)
    assert all(json.loads(x)["pass"] == "scatter" for x in lines)
    status, out, _ = validate(capsys, tmp_path, lines)
    assert (status, out) == (0, ["4 record(s) valid in 1 file(s)"])


def _seat_pass(r, seat, cards):
    r["passed"][seat] = cards


@pytest.mark.parametrize("rules", [SCATTER3, SCATTER5], ids=["3 players", "5 players"])
@pytest.mark.parametrize(
    "mutate,message",
    [
        (
            lambda r: _seat_pass(r, 0, r["passed"][0][:3]),
            "seat 0 must pass 4 cards, not 3 [wrong_pass_count]",
        ),
        (
            lambda r: _seat_pass(r, 1, r["passed"][1] + [r["deal"][1][-1]]),
            "must pass 4 cards, not 5",
        ),
        (lambda r: _seat_pass(r, 0, []), "seat 0 must pass 4 cards, not 0"),
        (lambda r: _seat_pass(r, 0, [r["passed"][0][0]] * 4), "passes"),
        (lambda r: _seat_pass(r, 0, r["passed"][1]), "does not hold"),
        (lambda r: r["passed"].pop(), "passed"),
        (lambda r: r.__setitem__("passed", None), "passed: expected"),
        (lambda r: r["passed"][0].reverse(), "illegal play: trick"),
        (
            lambda r: r.__setitem__("rules", r["rules"]["preset"]),
            "pass 'scatter' is not in the rule set's pass cycle",
        ),
        (
            lambda r: r["rules"].__setitem__("pass_size", 3),
            "'scatter' needs pass_size divisible by",
        ),
        (
            lambda r: r["rules"].__setitem__("pass_cycle", ["left"]),
            "pass 'scatter' is not in the rule set's pass cycle (left)",
        ),
        (
            lambda r: r["rules"].__setitem__("pass_size", 4.0),
            "rules/pass_size: must be a whole number, got 4.0",
        ),
    ],
)
def test_malformed_scatter_records_give_one_readable_line(capsys, tmp_path, rules, mutate, message):
    lines = play(capsys, rules, hands=1, seed=11)
    rec = json.loads(lines[0])
    mutate(rec)
    status, out, f = validate(capsys, tmp_path, [json.dumps(rec), lines[0]])
    assert status == 1 and len(out) == 1 and out[0].startswith(f"{f}:1: ")
    assert message in out[0]


# -- 4 (fuzz): every mutation of a valid record gives readable lines, never an exception ------

_POOL_RULES = [
    "club",
    "omnibus",
    "black_maria",
    "peppa",
    SCATTER3,
    SCATTER5,
    {"preset": "club", "pass_cycle": ["mix"]},
    {"preset": "club", "kitty": 4},
]


@pytest.fixture(scope="module")
def pool() -> list[dict]:
    from engine.game import Game, play_hand
    from engine.players import get_player
    from engine.record import record_of
    from engine.rules import RuleSet

    out = []
    for i, raw in enumerate(_POOL_RULES):
        rules = RuleSet.from_json(raw)
        game = Game(rules, seed=i)
        players = [get_player("random", seed=i * 10 + s) for s in range(rules.players)]
        for _ in range(3):
            hand = game.new_hand()
            play_hand(hand, players)
            game.add_hand(hand)
            out.append(record_of(hand))
    assert all(validate_record(r) == [] for r in out)
    return out


def _paths(value, path=()):
    yield path
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for k, v in items:
        yield from _paths(v, path + (k,))


_JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(
        [
            4.0,
            0.0,
            1.0,
            10**4000,
            -1,
            "QS",
            "2C",
            "scatter",
            "left2",
            "mix",
            "hold",
            "club",
            "three_player",
            "hearts-hand/1",
        ]
    ),
    lambda kids: (
        st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=6), kids, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_fuzzed_records_give_readable_lines(pool, data):
    rec = json.loads(json.dumps(data.draw(st.sampled_from(pool))))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from([p for p in _paths(rec) if p] or [("format",)]))
        parent = rec
        for k in path[:-1]:
            parent = parent[k]
        action = data.draw(st.sampled_from(["drop", "replace", "float"]))
        if action == "drop":
            del parent[path[-1]]
        elif action == "float" and type(parent[path[-1]]) is int and abs(parent[path[-1]]) < 2**53:
            parent[path[-1]] = float(parent[path[-1]])
        else:
            parent[path[-1]] = data.draw(_JUNK)
    problems = validate_record(rec)  # must not raise
    assert all(isinstance(p, str) and p.isprintable() and len(p) <= LINE_MAX for p in problems)


def test_seeded_mutations_of_scatter_and_mix_records_never_raise(pool):
    from engine.cards import CODES
    from engine.rules import PASS_DIRECTIONS, PRESETS

    rng = random.Random(2024)
    for _ in range(1500):
        r = json.loads(json.dumps(rng.choice(pool)))
        what = rng.randrange(6)
        if what == 0:
            r["pass"] = rng.choice(PASS_DIRECTIONS)
        elif what == 1:
            r["rules"] = rng.choice(list(PRESETS))
        elif what == 2 and r["passed"]:
            r["passed"][rng.randrange(len(r["passed"]))] = rng.sample(CODES, rng.randrange(7))
        elif what == 3:
            r["players"], r["dealer"] = rng.choice([3, 4, 5]), rng.randrange(5)
        elif what == 4 and isinstance(r["rules"], dict):
            r["rules"]["pass_size"] = rng.randrange(8)
        else:
            r["tricks"] = r["tricks"][: rng.randrange(len(r["tricks"]) + 1)]
        assert all(isinstance(p, str) for p in validate_record(r))


def test_a_crash_inside_validation_is_reported_on_its_line_and_the_rest_is_checked(
    capsys, tmp_path, monkeypatch
):
    good = play(capsys, hands=3)
    real = engine.cli.validate_record

    def flaky(rec):
        if rec["dealer"] == json.loads(good[1])["dealer"]:
            raise ZeroDivisionError("boom\nsecond line")
        return real(rec)

    monkeypatch.setattr(engine.cli, "validate_record", flaky)
    bad = json.loads(good[2])
    bad["score"] = [1, 2, 3, 4]
    status, out, f = validate(capsys, tmp_path, [good[1], json.dumps(bad)])
    assert status == 1
    assert out[0] == f"{f}:1: internal error: ZeroDivisionError: boom\\nsecond line"
    assert out[1].startswith(f"{f}:2: score [1, 2, 3, 4] does not match")


# -- 5: integer-valued floats are refused, naming the field ----------------------------------


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda r: r.__setitem__("players", 4.0), "players: must be a whole number, got 4.0"),
        (lambda r: r.__setitem__("dealer", 0.0), "dealer: must be a whole number, got 0.0"),
        (
            lambda r: r["score"].__setitem__(2, float(r["score"][2])),
            "score/2: must be a whole number, got",
        ),
        (
            lambda r: r.__setitem__("rules", {"preset": "club", "players": 4.0}),
            "rules/players: must be a whole number, got 4.0",
        ),
        (
            lambda r: r.__setitem__("rules", {"preset": "club", "pass_size": 3.0}),
            "rules/pass_size: must be a whole number, got 3.0",
        ),
        (
            lambda r: r.__setitem__("rules", {"preset": "club", "card_points": {"QS": 13.0}}),
            "rules/card_points/QS: must be a whole number, got 13.0",
        ),
        (lambda r: r.__setitem__("players", True), "players: True is not of type 'integer'"),
    ],
)
def test_integer_valued_floats_are_refused(capsys, tmp_path, mutate, message):
    rec = json.loads(play(capsys, hands=1)[0])
    mutate(rec)
    status, out, _ = validate(capsys, tmp_path, [json.dumps(rec)])
    assert status == 1 and len(out) == 1 and message in out[0]


@pytest.mark.parametrize(
    "field,value,message",
    [
        ("players", 4.0, "players: must be a whole number, got 4.0"),
        ("dealer", 0.0, "dealer: must be a whole number, got 0.0"),
        ("rules", {"preset": "club", "kitty": 0.0}, "rules/kitty: must be a whole number, got 0.0"),
    ],
)
def test_replay_refuses_integer_valued_floats_too(capsys, field, value, message):
    rec = json.loads(play(capsys, hands=1)[0])
    rec[field] = value
    with pytest.raises(RecordError, match=message):
        replay(rec)
    rec = json.loads(play(capsys, hands=1)[0])
    rec["score"][0] = float(rec["score"][0])
    with pytest.raises(RecordError, match="score, seat 0: must be a whole number"):
        replay(rec)


# -- 6: the pass direction must be one the rule set uses ---------------------------------------


@pytest.mark.parametrize(
    "rules,direction,message",
    [
        (
            "club",
            "scatter",
            "pass 'scatter' is not in the rule set's pass cycle (left, right, across, hold)",
        ),
        (
            "club",
            "mix",
            "pass 'mix' is not in the rule set's pass cycle (left, right, across, hold)",
        ),
        (
            {"preset": "club", "pass_cycle": ["left"]},
            "right",
            "pass 'right' is not in the rule set's pass cycle (left)",
        ),
        ("club", "left2", "pass 'left2' is not possible with 4 players"),
        ("three_player", "across", "pass 'across' is not possible with 3 players"),
        (
            "five_player",
            "scatter",
            "pass 'scatter' is not in the rule set's pass cycle (left, right, hold)",
        ),
    ],
)
def test_a_pass_the_rule_set_never_uses_is_reported(capsys, tmp_path, rules, direction, message):
    rec = json.loads(play(capsys, rules, hands=1)[0])
    rec["pass"] = direction
    status, out, f = validate(capsys, tmp_path, [json.dumps(rec)])
    assert (status, out) == (1, [f"{f}:1: {message}"])


def test_hold_stays_possible_outside_the_pass_cycle():
    from engine import Hand, RuleSet
    from engine.autoplay import random_playout
    from engine.record import record_of

    rng = random.Random(4)
    hand = Hand(RuleSet.preset("peppa"), rng=rng, pass_direction="hold")
    rec = record_of(random_playout(hand, rng))
    assert rec["pass"] == "hold" and validate_record(rec) == []


# -- one line per record, whatever the record holds ---------------------------------------------


def test_problem_lines_stay_single_printable_and_short(capsys, tmp_path):
    rec = json.loads(play(capsys, hands=1)[0])
    rec["rules"] = {"preset": "club", "card_points": {"Q\nS\udcff": 1.5}}
    rec["format"] = "x" * 100000
    status, out, _ = validate(capsys, tmp_path, [json.dumps(rec)])
    assert status == 1 and len(out) == 1
    assert "\\n" in out[0] and "\\udcff" in out[0] and "x" * LINE_MAX not in out[0]


# -- 7: a closed pipe is not an error message ------------------------------------------------------


def test_validate_into_a_closed_pipe_prints_nothing_on_stderr(tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text("{bad\n" * 20000)  # about 1.5 MB of problem lines, far more than a pipe holds
    p = spawn("validate", str(f))
    first = p.stdout.readline()
    p.stdout.close()
    assert p.wait(timeout=60) == 2
    assert first.startswith(f"{f}:1: invalid JSON".encode())
    assert p.stderr.read() == b""


def test_play_into_a_closed_pipe_prints_nothing_on_stderr():
    p = spawn("play", "--hands", "500", "--seed", "1")
    assert p.stdout.readline().startswith(b'{"format":"hearts-hand/1"')
    p.stdout.close()
    assert p.wait(timeout=60) == 2
    assert p.stderr.read() == b""


def test_a_pipe_closed_before_the_last_flush_prints_nothing_on_stderr(capsys, tmp_path):
    f = tmp_path / "hands.jsonl"
    f.write_text("\n".join(play(capsys, hands=2)) + "\n")
    p = spawn("validate", str(f))
    p.stdout.close()  # closed before the one summary line is written at exit
    assert p.wait(timeout=60) == 2
    assert p.stderr.read() == b""


@pytest.mark.skipif(not shutil.which("head"), reason="needs head")
def test_validate_piped_into_head(tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text("[1]\n" * 20000)
    cmd = f"{sys.executable} -m engine validate {f} | head -1"
    p = subprocess.run(
        ["sh", "-c", cmd], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert p.stdout == f"{f}:1: (record): [1] is not of type 'object'\n"
    assert p.stderr == ""


# -- 8: exit statuses ---------------------------------------------------------------------------


def test_exit_statuses(capsys, tmp_path):
    good = play(capsys, hands=1)
    assert validate(capsys, tmp_path, good)[:2] == (0, ["1 record(s) valid in 1 file(s)"])
    missing = tmp_path / "missing.jsonl"
    assert main(["validate", str(missing)]) == 1
    assert capsys.readouterr().out == f"{missing}: cannot read: No such file or directory\n"
    assert main(["validate", str(tmp_path)]) == 1
    assert capsys.readouterr().out == f"{tmp_path}: cannot read: Is a directory\n"
    with pytest.raises(SystemExit) as exc:
        main(["validate"])
    assert exc.value.code == 2
