import pytest

from engine.rules import PRESETS, RuleSet


@pytest.mark.parametrize(
    "name,players,total,moon,cycle,min_points,target",
    [
        ("club", 4, 26, "others", ("left", "right", "across", "hold"), 0, 100),
        ("peppa", 4, 36, "others", ("right",), 0, 100),
        ("peppa_hearts", 4, 36, "others", ("right",), 0, 100),
        ("pagat", 4, 26, "choice", ("left", "right", "across", "hold"), 0, 100),
        ("app", 4, 26, "others", ("left", "across", "right", "hold"), 0, 100),
        ("omnibus", 4, 16, "choice", ("left", "right", "across", "hold"), -10, 100),
        ("spot", 4, 129, "choice", ("left", "right", "across", "hold"), 0, 500),
        ("black_maria", 3, 26, "off", ("right",), 0, 100),
        ("three_player", 3, 26, "choice", ("left", "right", "hold"), 0, 100),
        ("five_player", 5, 26, "choice", ("left", "right", "hold"), 0, 100),
    ],
)
def test_presets_expose_what_the_tournament_needs(
    name, players, total, moon, cycle, min_points, target
):
    r = RuleSet.preset(name)
    assert (r.players, r.hand_total, r.moon, r.pass_cycle, r.hand_min_points, r.target) == (
        players,
        total,
        moon,
        cycle,
        min_points,
        target,
    )


def test_club_is_002():
    r = RuleSet.preset()
    assert r is PRESETS["club"]
    assert r.first_lead == "lowest_club" and r.first_trick == "no_points"
    assert r.hearts_must_be_broken and not r.queen_breaks_hearts
    assert r.moon_total == 26 and r.cards_per_seat == 13 and r.tie == "shared"


def test_three_and_five_players_remove_cards_001():
    assert RuleSet.preset("three_player").cards_per_seat == 17
    five = RuleSet.preset("five_player")
    assert five.cards_per_seat == 10 and set(five.removed) == {"2C", "2D"}
    assert RuleSet.preset("black_maria").removed == ("2C",)


def test_overrides_and_json_round_trip():
    r = RuleSet.preset("club", moon="self", card_points={"QS": 13, "JD": -10}, target=50)
    assert r.hand_min_points == -10 and r.moon_total == 13
    j = r.to_json()
    assert j["preset"] == "club" and j["moon"] == "self"
    assert j["card_points"] == {"JD": -10, "QS": 13}
    assert RuleSet.from_json(j) == r
    assert RuleSet.from_json("omnibus") == PRESETS["omnibus"]
    assert eval(repr(r), {"RuleSet": RuleSet}) == r


@pytest.mark.parametrize(
    "kw,msg",
    [
        ({"players": 6}, "players"),
        ({"moon": "sometimes"}, "moon"),
        ({"pass_cycle": ("sideways",)}, "pass_cycle"),
        ({"players": 3, "removed": ("2D",), "pass_cycle": ("across",)}, "across"),
        ({"kitty": 3}, "dealt evenly"),
        ({"card_points": {"ZZ": 1}}, "ZZ"),
        ({"target": 0}, "target"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_rule_sets_raise_value_error_naming_the_field(kw, msg):
    with pytest.raises(ValueError, match=msg):
        RuleSet.preset("club", **kw)


def test_a_game_without_target_or_hand_count_ends_only_when_stopped():
    """An arbiter's game ends when time is up: no target, no hand count, never over by itself."""
    from engine.game import Game

    rules = RuleSet.preset("club", target=None, max_hands=None)
    game = Game(rules, seed=3)
    game.scores = [130, 0, 0, 0]
    assert not game.is_over


def test_unknown_preset():
    with pytest.raises(ValueError, match="unknown rule set 'x'"):
        RuleSet.preset("x")


def test_pass_cycle_002_s1():
    r = RuleSet.preset("club")
    assert [r.pass_for(i) for i in range(6)] == ["left", "right", "across", "hold", "left", "right"]
