"""The strategy library: every shipped bot runs, buys what it is meant to, and beats
Big Money unless its description says why not; together they use all 32 cards."""
from pathlib import Path

import pytest

from ..helpers import scaled
from simulator import load_bots, simulate
from simulator.dominion.cards import PLAYED_KINGDOM

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(str(p) for p in [*(ROOT / "strategies").glob("*.yaml"),
                                 *(ROOT / "strategies" / "intrigue").glob("*.yaml")])
BM = str(ROOT / "strategies" / "big_money.yaml")
MILITIA = str(ROOT / "strategies" / "militia.yaml")


def test_at_least_thirty_bots_with_descriptions_using_every_kingdom_card():
    bots = load_bots(FILES)
    assert len(bots) >= 30
    assert all(len(b.description) > 40 for b in bots)
    used = set().union(*(b.cards() for b in bots))
    assert {c.name for c in PLAYED_KINGDOM} - {c.name for c in used} == set()


@pytest.mark.parametrize("path", [f for f in FILES if not f.endswith("/big_money.yaml")],
                         ids=lambda f: Path(f).stem)
def test_bot_buys_its_cards_and_beats_big_money(path):
    bot = load_bots([path])[0]
    res = simulate([path, BM], games=scaled(1500, floor=12), seed=1, jobs=1)
    row = res.summary.iloc[0]

    def gained(r, card) -> float:
        return r.cards[(r.cards.bot == r.summary.iloc[0].bot) & (r.cards.card == card)].mean_gained.sum()

    for card in (c for c in bot.cards() if c.kingdom):
        # every kingdom card the bot names is actually gained; a bot that reads the
        # opponent's deck (opp_count) may buy a card only against another opponent: Militia
        if gained(res, card.name) <= 0.1 and "opp_count" in bot.source:
            assert gained(simulate([path, MILITIA], games=scaled(1500, floor=12), seed=1, jobs=1),
                          card.name) > 0.1, card.name
        else:
            assert gained(res, card.name) > 0.1, card.name
    if "does not beat Big Money" not in bot.description and scaled(1500) == 1500:
        assert row.ci_low > 0.5, f"{bot.name}: {row.win_rate:.3f}"
