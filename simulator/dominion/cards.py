"""The Dominion card table: ids, names, costs, types, texts, and the numeric columns
the engine reads.

Card ids are the row order of ``CARDS``; ``layout.py`` repeats the ids the engine needs as
literal constants (so its numba cache never depends on another file) and
``check_engine_ids`` asserts the two agree.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

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


def _basic(name, cost, types, text, **kw) -> Card:
    return Card(name, cost, types, text, "basic", kingdom=False, **kw)


_TABLE = [
    _basic("Copper", 0, ("Treasure",), "1 coin.", treasure=1),
    _basic("Silver", 3, ("Treasure",), "2 coins.", treasure=2),
    _basic("Gold", 6, ("Treasure",), "3 coins.", treasure=3),
    _basic("Estate", 2, ("Victory",), "1 VP.", vp=1),
    _basic("Duchy", 5, ("Victory",), "3 VP.", vp=3),
    _basic("Province", 8, ("Victory",), "6 VP.", vp=6),
    _basic("Curse", 0, ("Curse",), "-1 VP.", vp=-1),
    # ---- kingdom cards, 1st edition base set plus Merchant
    Card("Cellar", 2, ("Action",), "+1 Action. Discard any number of cards from your hand, then draw that many.",
         "1+2", actions=1),
    Card("Chapel", 2, ("Action",), "Trash up to 4 cards from your hand.", "1+2"),
    Card("Moat", 2, ("Action", "Reaction"),
         "+2 Cards. When another player plays an Attack card, you may reveal this from your hand; "
         "if you do, you are unaffected by that Attack.", "1+2", cards=2),
    Card("Chancellor", 3, ("Action",), "+2 coins. You may immediately put your deck into your discard pile.",
         "1", coins=2),
    Card("Village", 3, ("Action",), "+1 Card, +2 Actions.", "1+2", cards=1, actions=2),
    Card("Woodcutter", 3, ("Action",), "+1 Buy, +2 coins.", "1", buys=1, coins=2),
    Card("Workshop", 3, ("Action",), "Gain a card costing up to 4 coins.", "1+2"),
    Card("Merchant", 3, ("Action",),
         "+1 Card, +1 Action. The first time you play a Silver this turn, +1 coin.", "2", cards=1, actions=1),
    Card("Bureaucrat", 4, ("Action", "Attack"),
         "Gain a Silver onto your deck. Each other player reveals a Victory card from their hand and puts it "
         "onto their deck (or reveals a hand with no Victory cards).", "1+2"),
    Card("Feast", 4, ("Action",), "Trash this card. Gain a card costing up to 5 coins.", "1"),
    Card("Gardens", 4, ("Victory",), "Worth 1 VP for every 10 cards you have (round down).", "1+2"),
    Card("Militia", 4, ("Action", "Attack"), "+2 coins. Each other player discards down to 3 cards in hand.",
         "1+2", coins=2),
    Card("Moneylender", 4, ("Action",), "Trash a Copper from your hand. If you do, +3 coins.", "1+2",
         text2="You may trash a Copper from your hand for +3 coins."),
    Card("Remodel", 4, ("Action",), "Trash a card from your hand. Gain a card costing up to 2 coins more than "
         "the trashed card.", "1+2",
         text2="Trash a card from your hand. Gain a card costing up to 2 coins more than it."),
    Card("Smithy", 4, ("Action",), "+3 Cards.", "1+2", cards=3),
    Card("Spy", 4, ("Action", "Attack"),
         "+1 Card, +1 Action. Each player (including you) reveals the top card of their deck and either "
         "discards it or puts it back, your choice.", "1", cards=1, actions=1),
    Card("Thief", 4, ("Action", "Attack"),
         "Each other player reveals the top 2 cards of their deck. If they revealed any Treasure cards, they "
         "trash one of them that you choose. You may gain any or all of these trashed cards. They discard "
         "the other revealed cards.", "1"),
    Card("Throne Room", 4, ("Action",), "Choose an Action card in your hand. Play it twice.", "1+2",
         text2="You may play an Action card from your hand twice."),
    Card("Council Room", 5, ("Action",), "+4 Cards, +1 Buy. Each other player draws a card.", "1+2",
         cards=4, buys=1),
    Card("Festival", 5, ("Action",), "+2 Actions, +1 Buy, +2 coins.", "1+2", actions=2, buys=1, coins=2),
    Card("Laboratory", 5, ("Action",), "+2 Cards, +1 Action.", "1+2", cards=2, actions=1),
    Card("Library", 5, ("Action",),
         "Draw until you have 7 cards in hand. You may set aside any Action cards drawn this way, as you "
         "draw them; discard the set aside cards after you finish drawing.", "1+2",
         text2="Draw until you have 7 cards in hand, skipping any Action cards you choose to; set those "
               "aside, discarding them afterwards."),
    Card("Market", 5, ("Action",), "+1 Card, +1 Action, +1 Buy, +1 coin.", "1+2",
         cards=1, actions=1, buys=1, coins=1),
    Card("Mine", 5, ("Action",), "Trash a Treasure card from your hand. Gain a Treasure card costing up to "
         "3 coins more; put it into your hand.", "1+2",
         text2="You may trash a Treasure from your hand. Gain a Treasure to your hand costing up to 3 coins "
               "more than it."),
    Card("Witch", 5, ("Action", "Attack"), "+2 Cards. Each other player gains a Curse card.", "1+2", cards=2),
    Card("Adventurer", 6, ("Action",),
         "Reveal cards from your deck until you reveal 2 Treasure cards. Put those Treasure cards into your "
         "hand and discard the other revealed cards.", "1"),
    # ---- the other 2nd-edition base cards
    Card("Artisan", 6, ("Action",), "Gain a card to your hand costing up to 5 coins. Put a card from your "
         "hand onto your deck.", "2"),
    Card("Bandit", 5, ("Action", "Attack"),
         "Gain a Gold. Each other player reveals the top 2 cards of their deck, trashes a revealed Treasure "
         "other than Copper, and discards the rest.", "2"),
    Card("Harbinger", 3, ("Action",), "+1 Card, +1 Action. Look through your discard pile. You may put a "
         "card from it onto your deck.", "2", cards=1, actions=1),
    Card("Poacher", 4, ("Action",), "+1 Card, +1 Action, +1 coin. Discard a card per empty Supply pile.",
         "2", cards=1, actions=1, coins=1),
    Card("Sentry", 5, ("Action",), "+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or "
         "discard any number of them. Put the rest back on top in any order.", "2", cards=1, actions=1),
    Card("Vassal", 3, ("Action",), "+2 coins. Discard the top card of your deck. If it's an Action card, "
         "you may play it.", "2", coins=2),
]

CARDS: tuple[Card, ...] = tuple(
    Card(**{**c.__dict__, "id": i}) for i, c in enumerate(_TABLE)
)
NCARDS = len(CARDS)
BY_NAME = {c.name: c for c in CARDS}
KINGDOM_CARDS: tuple[Card, ...] = tuple(c for c in CARDS if c.kingdom)


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
    assert E.NCARDS == NCARDS < 63  # choose_in_zone holds a zone's cards as the bits of an int64
    # the treasure loop of the buy phase tests the Treasure type by its bit; T_TYPED lists
    # the cards of each type in TYPE_BITS
    assert sorted(TYPE_BITS.values()) == [1 << i for i in range(E.NTYPES)]
    assert E.T_TREASURE == TYPE_BITS["Treasure"] == 1 << E.T_TREASURE_BIT


check_engine_ids()
