"""Splendor's components: the 90 development cards and 10 nobles (data/*.csv, the base
game's tables), as rows and as the engine's table."""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import layout as E

DATA = Path(__file__).resolve().parent / "data"
COLOURS = ("white", "blue", "green", "red", "black")
#: one letter per colour in short cost texts (K: black, as U is blue)
LETTERS = "WUGRK"
TOKENS = COLOURS + ("gold",)
#: the gems' usual names, accepted wherever a colour is
GEM_NAMES = {"diamond": "white", "sapphire": "blue", "emerald": "green", "ruby": "red", "onyx": "black"}


@dataclass(frozen=True)
class Card:
    id: int
    level: int
    bonus: int
    points: int
    cost: tuple

    @property
    def name(self) -> str:
        """e.g. 'L2 white 2pt (5R)': level, bonus colour, points, cost (W U G R K)."""
        cost = " ".join(f"{n}{LETTERS[k]}" for k, n in enumerate(self.cost) if n)
        return f"L{self.level} {COLOURS[self.bonus]}{f' {self.points}pt' if self.points else ''} ({cost})"


@dataclass(frozen=True)
class Noble:
    id: int
    points: int
    req: tuple

    @property
    def name(self) -> str:
        return "noble " + "+".join(f"{n} {COLOURS[k]}" for k, n in enumerate(self.req) if n)


def _rows(name: str) -> list[dict]:
    with open(DATA / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


CARDS = tuple(Card(i, int(r["level"]), COLOURS.index(r["bonus"]), int(r["points"]),
                   tuple(int(r[c]) for c in COLOURS)) for i, r in enumerate(_rows("cards.csv")))
NOBLES = tuple(Noble(i, int(r["points"]), tuple(int(r[c]) for c in COLOURS))
               for i, r in enumerate(_rows("nobles.csv")))
assert len(CARDS) == E.NCARDS and len(NOBLES) == E.NNOBLES
assert max(sum(c.level == lv for c in CARDS) for lv in (1, 2, 3)) <= E.MAXDECK

#: what the reports count per bot (the engine's I_* items)
ITEMS = ([f"level {lv} {c}" for lv in (1, 2, 3) for c in COLOURS] + [n.name for n in NOBLES]
         + ["cards reserved", "gold taken"])
assert len(ITEMS) == E.NITEMS


def tables() -> np.ndarray:
    """The cards' and nobles' rows of the engine's T array (from T_CARDS on)."""
    t = np.zeros(E.T_BOTS - E.T_CARDS, np.int32)
    for c in CARDS:
        o = c.id * E.CW
        t[o + E.C_LEVEL], t[o + E.C_BONUS], t[o + E.C_POINTS] = c.level, c.bonus, c.points
        t[o + E.C_COST:o + E.C_COST + E.NGEM] = c.cost
    for n in NOBLES:
        o = E.T_NOBLES - E.T_CARDS + n.id * E.NW
        t[o + E.N_POINTS] = n.points
        t[o + E.N_REQ:o + E.N_REQ + E.NGEM] = n.req
    return t
