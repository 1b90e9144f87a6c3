"""Hand records: format, replay (arbiter's proof of an illegal play), validation, CLI."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Hand, Reason, RuleSet
from engine.autoplay import random_playout
from engine.cards import codes_of
from engine.cli import main
from engine.record import RecordError, dumps, record_of, replay, schema_errors, validate_record

DATA = Path(__file__).parent / "data"


def club_record(seed=1, direction="left"):
    rng = random.Random(seed)
    h = random_playout(Hand(RuleSet.preset("club"), rng=rng, pass_direction=direction), rng)
    return h, record_of(h)


def test_record_shape():
    _h, rec = club_record()
    assert list(rec) == [
        "format",
        "rules",
        "players",
        "dealer",
        "pass",
        "deal",
        "passed",
        "tricks",
        "score",
    ]
    assert rec["format"] == "hearts-hand/1" and rec["rules"] == "club"
    assert rec["tricks"][0][0] == "2C" and all(len(t) == 4 for t in rec["tricks"])
    assert sum(rec["score"]) in (26, 78) and schema_errors(rec) == []
    assert json.loads(dumps(rec)) == rec


def test_hold_hand_has_null_passed_and_kitty_only_when_used():
    _, rec = club_record(direction="hold")
    assert rec["passed"] is None and "kitty" not in rec
    r = RuleSet.preset("club", kitty=4)
    rng = random.Random(2)
    rec = record_of(random_playout(Hand(r, rng=rng), rng))
    assert len(rec["kitty"]) == 4 and validate_record(rec) == []


def test_openspiel_hands_legal_moves_match_card_by_card():
    """300 hands played by OpenSpiel's C++ Hearts (002-like settings): same legal sets."""
    rules = RuleSet.preset("club")
    n = 0
    for line in (DATA / "openspiel_hands.jsonl").read_text().splitlines():
        d = json.loads(line)
        h = Hand(rules, d["deal"], pass_direction=d["pass"])
        if d["passed"]:
            h.submit_passes(d["passed"])
        for seat, card, legal in d["plays"]:
            assert seat == h.turn
            assert codes_of(h.legal_mask()) == sorted(legal, key=lambda c: codes_of(0) or c) or set(
                codes_of(h.legal_mask())
            ) == set(legal)
            h.play(seat, card)
            n += 1
        assert h.is_over
    assert n == 300 * 52


def test_known_hands_replay_to_their_tricks_and_scores():
    """Known deals (like perft): every preset, recorded tricks and scores."""
    lines = (DATA / "known_hands.jsonl").read_text().splitlines()
    assert len(lines) >= 40
    for line in lines:
        rec = json.loads(line)
        res = replay(rec)
        assert res.ok, (rec["rules"], res.illegal)
        assert record_of(res.hand)["tricks"] == rec["tricks"]


def test_replay_finds_the_first_illegal_play():
    h, rec = club_record(seed=3)
    leader = h.seat_of_play(0)
    j = next(i for i in range(4, 52) if h.seat_of_play(i) == leader)
    bad = json.loads(json.dumps(rec))
    bad["tricks"][0][0], bad["tricks"][j // 4][j % 4] = bad["tricks"][j // 4][j % 4], "2C"
    res = replay(bad)
    assert (res.illegal.trick, res.illegal.seat) == (1, leader)
    assert res.illegal.reason is Reason.MUST_LEAD_LOWEST_CLUB
    assert "must lead 2C" in str(res.illegal)
    assert res.hand.history == []  # stopped before the illegal card


def test_card_played_out_of_turn_is_card_not_held_naming_the_holder():
    _, rec = club_record(seed=3)
    rec["tricks"][0][0], rec["tricks"][0][1] = rec["tricks"][0][1], rec["tricks"][0][0]
    res = replay(rec)
    assert res.illegal.reason is Reason.CARD_NOT_HELD and "holds it" in res.illegal.message


def test_replay_reports_wrong_score():
    _, rec = club_record()
    rec["score"] = [0, 0, 0, 0]
    assert not replay(rec).score_ok
    assert "does not match" in validate_record(rec)[0]


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda r: r["deal"][0].__setitem__(0, "1X"), "unknown card code '1X'"),
        (lambda r: r["deal"][0].__setitem__(0, r["deal"][1][0]), "dealt twice"),
        (lambda r: r["deal"][0].pop(), "dealt 12 cards"),
        (lambda r: r["deal"].pop(), "deal has 3 seats"),
        (lambda r: r.__setitem__("dealer", 7), "dealer"),
        (lambda r: r["tricks"].pop(), "the record stops"),
        (lambda r: r.__setitem__("rules", "bridge"), "unknown rule set"),
    ],
)
def test_bad_records_give_a_clear_error(mutate, message):
    _, rec = club_record()
    mutate(rec)
    with pytest.raises(RecordError, match=message):
        replay(rec)
    assert validate_record(rec)  # and validation reports it


def test_schema_rejects_extra_fields_and_bad_codes():
    _, rec = club_record()
    rec["comment"] = "x"
    assert any("comment" in e for e in schema_errors(rec))
    _, rec = club_record()
    rec["tricks"][0][0] = "2c"
    assert schema_errors(rec)


def test_wrong_pass_in_record_is_an_illegal_action():
    _, rec = club_record()
    rec["passed"][2] = rec["passed"][2][:2]
    res = replay(rec)
    assert res.illegal.trick == 0 and res.illegal.reason is Reason.WRONG_PASS_COUNT


def test_mix_pass_replays_from_the_tricks():
    r = RuleSet.preset("club", pass_cycle=("mix",))
    rng = random.Random(6)
    h = random_playout(Hand(r, rng=rng), rng)
    res = replay(record_of(h))
    assert res.ok and res.hand.received == h.received


def test_cli_play_then_validate(tmp_path, capsys):
    assert main(["play", "--rules", "omnibus", "--seed", "7", "--hands", "12"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) == 12
    f = tmp_path / "hands.jsonl"
    f.write_text(out)
    assert main(["validate", str(f)]) == 0
    assert "12 record(s) valid" in capsys.readouterr().out
    rec = json.loads(lines[4])
    rec["score"][0] += 1
    lines[4] = json.dumps(rec)
    f.write_text("\n".join(lines + ["{not json"]) + "\n")
    assert main(["validate", str(f)]) == 1
    err = capsys.readouterr().out.splitlines()
    assert len(err) == 2 and err[0].startswith(f"{f}:5:") and "invalid JSON" in err[1]


def test_cli_same_seed_same_output(capsys):
    main(["play", "--seed", "3", "--hands", "3"])
    a = capsys.readouterr().out
    main(["play", "--seed", "3", "--hands", "3"])
    assert capsys.readouterr().out == a


def test_cli_bad_input_exits_nonzero_with_one_line():
    p = subprocess.run(
        [sys.executable, "-m", "engine", "play", "--rules", "nope"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parents[2],
        check=False,
    )
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "unknown rule set" in p.stderr
