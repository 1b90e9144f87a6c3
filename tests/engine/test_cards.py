import pytest

from engine.cards import (
    BB_HEARTS,
    CODES,
    QUEEN_SPADES,
    SUIT_MASK,
    TWO_CLUBS,
    card_code,
    cards_of,
    codes_of,
    highest,
    lowest,
    mask_of,
    mask_str,
    parse_card,
    parse_cards,
    scan_forward,
    scan_reverse,
)


def test_every_code_round_trips():
    for c in range(52):
        assert parse_card(card_code(c)) == c
    assert len(set(CODES)) == 52


def test_codes_are_rank_then_suit():
    assert parse_card("2C") == TWO_CLUBS == 0
    assert parse_card("QS") == QUEEN_SPADES
    assert card_code(parse_card("td")) == "TD"
    assert parse_card("10H") == parse_card("TH")


@pytest.mark.parametrize("bad", ["1C", "QX", "", "Q", "QSS", None, 5])
def test_bad_code_raises_value_error_naming_it(bad):
    with pytest.raises(ValueError, match=repr(bad).replace("(", r"\(")):
        parse_card(bad)


def test_card_code_rejects_non_cards():
    with pytest.raises(ValueError):
        card_code(52)


def test_masks():
    m = mask_of(["2C", "AS", "QH"])
    assert m.bit_count() == 3
    assert cards_of(m) == sorted(parse_cards(["2C", "AS", "QH"]))
    assert codes_of(m) == ["2C", "QH", "AS"]
    assert list(scan_reverse(m)) == list(reversed(list(scan_forward(m))))
    assert lowest(m) == 0 and highest(m) == 51
    assert SUIT_MASK[2] == BB_HEARTS and BB_HEARTS.bit_count() == 13
    assert mask_str(m) == "C:2 | D:- | H:Q | S:A"
    with pytest.raises(ValueError):
        lowest(0)
