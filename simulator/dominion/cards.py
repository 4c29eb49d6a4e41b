"""The Dominion card table: ids, names, costs, types, texts, and the numeric columns
the engine reads.

Card ids are the row order of ``CARDS``; ``layout.py`` repeats the ids the engine needs as
literal constants (so its numba cache never depends on another file) and
``check_engine_ids`` asserts the two agree.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources

import numpy as np
import yaml

from ..errors import closest
from . import layout as E

TYPE_BITS = {
    "Action": E.T_ACTION,
    "Treasure": E.T_TREASURE,
    "Victory": E.T_VICTORY,
    "Curse": E.T_CURSE,
    "Attack": E.T_ATTACK,
    "Reaction": E.T_REACTION,
}


@dataclass(frozen=True)
class Card:
    name: str
    cost: int
    types: tuple[str, ...]
    text: str
    #: which printings have the card: "basic", "1" (1st edition only), "2" (2nd only), "1+2"
    editions: str
    #: 2nd-edition wording, where it differs in effect from ``text``
    text2: str | None = None
    cards: int = 0     # unconditional +Cards
    actions: int = 0   # unconditional +Actions
    buys: int = 0      # unconditional +Buys
    coins: int = 0     # unconditional +coins from playing the Action
    treasure: int = 0  # coins as a Treasure
    vp: int = 0        # fixed VP (Gardens is computed)
    kingdom: bool = True
    #: the set it belongs to (SETS; the basic cards: the base set's file)
    set: str = "base"
    id: int = field(default=-1, compare=False)

    @property
    def type_mask(self) -> int:
        m = 0
        for t in self.types:
            m |= TYPE_BITS[t]
        return m

    @property
    def money(self) -> int:
        """Coins the card gives unconditionally when played (for ``total_money``)."""
        return self.treasure + self.coins

    @property
    def type_line(self) -> str:
        return "–".join(self.types)


#: the card sets, in id order: each a YAML file of this package's ``sets`` folder (the basic
#: cards are base.yaml's first rows)
SETS = ("base", "intrigue")
_NUMBERS = ("cards", "actions", "buys", "coins", "treasure", "vp")
_KEYS = ("name", "cost", "types", "editions", "text", "text2", *_NUMBERS)


def _load_set(name: str) -> list[Card]:
    """The cards of set ``name``, as its YAML file declares them (shipped with the
    package, so a wrong entry is a bug: asserted, not reported)."""
    data = yaml.load(resources.files(__package__).joinpath("sets", f"{name}.yaml").read_text("utf-8"),
                     Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    assert data["set"] == name
    out = []
    for row in data["cards"]:
        assert set(row) <= set(_KEYS) and set(row["types"]) <= set(TYPE_BITS), row
        basic = row["editions"] == "basic"
        assert basic or row["editions"] in ("1", "2", "1+2"), row
        out.append(Card(row["name"], row["cost"], tuple(row["types"]), row["text"], row["editions"],
                        row.get("text2"), **{k: row.get(k, 0) for k in _NUMBERS}, kingdom=not basic, set=name))
    return out


CARDS: tuple[Card, ...] = tuple(
    Card(**{**c.__dict__, "id": i}) for i, c in enumerate(c for name in SETS for c in _load_set(name))
)
NCARDS = len(CARDS)
BY_NAME = {c.name: c for c in CARDS}
KINGDOM_CARDS: tuple[Card, ...] = tuple(c for c in CARDS if c.kingdom)
#: the kingdom cards whose every effect the engine plays
PLAYED_KINGDOM: tuple[Card, ...] = tuple(c for c in KINGDOM_CARDS if c.id in E.IMPLEMENTED)


def norm(name: str) -> str:
    """Names match ignoring case, spaces, underscores, hyphens and apostrophes."""
    return "".join(ch for ch in name.lower() if ch not in " _-'")


_BY_NORM = {norm(c.name): c for c in CARDS}
_TYPES_BY_NORM = {norm(t): t for t in TYPE_BITS}


def suggest(name: str, choices) -> str | None:
    """The closest of ``choices`` to ``name`` (names compared as ``norm`` does), or None."""
    return closest(name, choices, key=norm)


class UnknownCard(ValueError):
    def __init__(self, name: str):
        self.name = name
        self.suggestion = suggest(str(name), [c.name for c in CARDS])
        hint = f" — did you mean '{self.suggestion}'?" if self.suggestion else ""
        super().__init__(f"unknown card '{name}'{hint}")


def parse_card(name: str) -> Card:
    """The card called ``name`` (case, spaces and underscores ignored)."""
    c = _BY_NORM.get(norm(str(name)))
    if c is None:
        raise UnknownCard(name)
    return c


def parse_type(name: str) -> str | None:
    """The card type called ``name`` ('treasure' -> 'Treasure'), or None."""
    return _TYPES_BY_NORM.get(norm(str(name)))


def card_name(card_id: int) -> str:
    return CARDS[card_id].name


def card_columns() -> np.ndarray:
    """The engine's card table: int32[NCARDS, E.NCOL]."""
    ct = np.zeros((NCARDS, E.NCOL), dtype=np.int32)
    for c in CARDS:
        ct[c.id, E.C_COST] = c.cost
        ct[c.id, E.C_TYPES] = c.type_mask
        ct[c.id, E.C_CARDS] = c.cards
        ct[c.id, E.C_ACTIONS] = c.actions
        ct[c.id, E.C_BUYS] = c.buys
        ct[c.id, E.C_COINS] = c.coins
        ct[c.id, E.C_TREASURE] = c.treasure
        ct[c.id, E.C_VP] = c.vp
        ct[c.id, E.C_MONEY] = c.money
    return ct


def check_engine_ids() -> None:
    """The engine's literal card ids must name the same rows as this table."""
    for c in CARDS:
        const = c.name.upper().replace(" ", "_")
        assert getattr(E, const) == c.id, f"engine id of {c.name} is not {c.id}"
    assert E.NCARDS == NCARDS <= E.NCS
    # the treasure loop of the buy phase tests the Treasure type by its bit; T_TYPED lists
    # the cards of each type in TYPE_BITS
    assert sorted(TYPE_BITS.values()) == [1 << i for i in range(E.NTYPES)]
    assert E.T_TREASURE == TYPE_BITS["Treasure"] == 1 << E.T_TREASURE_BIT


check_engine_ids()
