"""The "Two X" benchmark (``make defaults``) stays runnable: every bot it builds is a
valid bot, $6 cards go above Gold, and a measured row adds up."""
import importlib.util
from pathlib import Path

import pytest

from ..helpers import scaled
from simulator.dominion.cards import PLAYED_KINGDOM, parse_card
from simulator.dominion.strategy import strategy_from_text

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("defaults", ROOT / "bench" / "defaults.py")
defaults = importlib.util.module_from_spec(spec)
spec.loader.exec_module(defaults)


@pytest.mark.parametrize("card", PLAYED_KINGDOM, ids=lambda c: c.name)
def test_every_two_x_bot_is_valid(card):
    bot = strategy_from_text(defaults.two_x(card), "<two>")
    names = [r.card.name for r in bot.buy]
    assert names.count(card.name) == 1 and names[-1] == "Silver"
    assert (names.index(card.name) < names.index("Gold")) == (card.cost >= 6)


def test_a_row_adds_up():
    row = defaults.measure(parse_card("Smithy"), scaled(2000, 20), 1, 1)
    assert row["wins"] + row["ties"] + row["losses"] == pytest.approx(100)
    assert row["wins"] <= row["win"] <= row["wins"] + row["ties"]
    assert 0 < row["copies"] <= 2.5 and row["reference"] is None
    assert "Smithy" in defaults.table([row]).splitlines()[1]
