"""What the Dominion tests share: stacked tables (a known hand, draw pile and supply,
played by the engine) and bots from text."""
from __future__ import annotations

import numpy as np

from simulator.dominion import engine as E
from simulator.dominion.cards import BY_NAME, CARDS, parse_card
from simulator.dominion.game import State, make_match
from simulator.dominion.setup import Rules, bots_kingdom
from simulator.dominion.strategy import strategy_from_text
from simulator.person import PersonTable
from simulator.tools.play import play


def ids(names) -> list[int]:
    return [parse_card(n).id for n in names]


def names(card_ids) -> list[str]:
    return [CARDS[c].name for c in card_ids]


def bot(text: str, name: str = "bot"):
    return strategy_from_text(text, f"<{name}>")


class Table:
    """A game state stacked by hand. Draw piles are given top card first."""

    def __init__(self, bots, kingdom=(), players=None, rules: dict | None = None, seats="fixed", person=None):
        """``person``: the seat a person plays (``person_turns`` answers for it)."""
        bots = [b if not isinstance(b, str) else bot(b) for b in bots]
        players = players or len(bots)
        bots = [bots[i % len(bots)] for i in range(players)]
        cards = {BY_NAME[k] if isinstance(k, str) else k for k in kingdom}
        for b in bots:
            cards |= b.cards()
        k = bots_kingdom(cards, Rules().with_overrides(rules or {}))
        # stacked hands do not come from the supply, so card conservation is not checked
        self.match = make_match(bots, k, {}, seats, check=False)
        self.st = State(self.match, log_capacity=20_000, person=person)
        self.person = person
        S = self.st.S
        S[E.G_CUR] = 0
        S[E.S_SEAT:E.S_SEAT + players] = np.arange(players)

    # ---- stacking
    def stack(self, p, hand=None, draw=None, discard=None, play=None):
        if hand is not None:
            self.st.set_zone(p, E.Z_HAND, ids(hand))
        if draw is not None:
            self.st.set_zone(p, E.Z_DRAW, ids(list(draw))[::-1])
        if discard is not None:
            self.st.set_zone(p, E.Z_DISC, ids(discard))
        if play is not None:
            self.st.set_zone(p, E.Z_PLAY, ids(play))
        self.st.recount()
        return self

    def set_supply(self, card: str, n: int):
        c = parse_card(card).id
        S = self.st.S
        was_empty = int(S[E.S_SUP + c] == 0)
        S[E.S_SUP + c] = n
        S[E.G_EMPTY] += int(n == 0) - was_empty
        return self

    def set_turns(self, p, n):
        self.st.S[E.S_PS + p * E.NPS + E.PS_TURNS] = n
        return self

    # ---- playing
    def play(self, turns=1, stop=E.STOP_NONE):
        self.st.run(E.MODE_RESUME, max_turns=turns, stop=stop)
        return self

    def person_turns(self, answers, turns=1, stop=E.STOP_NONE, ended="over") -> str:
        """Play ``turns`` turns (until ``stop``) with the person's ``answers`` piped in (one
        a line, as ``dsim play`` reads them), which must end as ``ended`` says; the table
        then holds the state played. What the person saw (each answer echoed)."""
        table = PersonTable(self.match.ENGINE, self.match, self.person, 0, start=self.st, turns=turns, stop=stop)
        lines = iter(a + "\n" for a in answers)
        out = []
        s = play(table, lambda: next(lines, ""), out.append, width=1000, echo=True)  # no line wrapped
        self.session = s
        assert s.ended == ended, "".join(out)[-3000:]
        self.st = table.replay(s.answers)
        return "".join(out)

    def actions_only(self):
        return self.play(1, E.STOP_ACTIONS)

    def through_buys(self):
        return self.play(1, E.STOP_BUYS)

    # ---- reading
    def hand(self, p):
        return names(self.st.zone(p, E.Z_HAND))

    def draw_pile(self, p):
        return names(self.st.zone(p, E.Z_DRAW))[::-1]

    def discard(self, p):
        return names(self.st.zone(p, E.Z_DISC))

    def in_play(self, p):
        return names(c for c in self.st.zone(p, E.Z_PLAY) if c >= 0)

    def gs(self, k):
        return int(self.st.S[k])

    @property
    def coins(self):
        return self.gs(E.G_COINS)

    @property
    def buys(self):
        return self.gs(E.G_BUYS)

    @property
    def actions(self):
        return self.gs(E.G_ACTIONS)

    def supply(self, card):
        return self.st.supply(parse_card(card).id)

    def owned(self, p, card):
        return self.st.owned(p, parse_card(card).id)

    def vp(self, p):
        return self.st.vp(p)

    def events(self, code=None):
        ev = self.st.events()
        if code is not None:
            ev = ev[ev[:, 0] == code]
        return [(int(c), int(p), CARDS[k].name if k >= 0 else None, int(v)) for c, p, k, v in ev]

    def tally(self):
        return self.st.tally(1)
