"""What ``dsim optimize`` needs of Dominion (simulator/tools/optimizer.py names no game):
the grammar of a Dominion bot's genome for a kingdom (simulator/lang/genome.py), the seed
genomes, bots from their YAML text, which shipped bots can play a kingdom, and what the Big Money + X
ranking of ``--each-card`` needs (simulator/tools/each_item.py ranks).

The grammar lets a rule say what strong players write (docs/optimize.md lists it):

- limits: ``count(X) < n``, one per n Treasures, relations to another card
  (``count(Village) < count(Smithy) + 1``, ``count(X) < 2 * count(Y) + n``), and what the
  deck holds (``count(Province) < 1`` to stop buying Labs after the first Province);
- the opponents' decks: ``opp_count(Y) < n`` / ``>= n`` (a Library against a Militia
  player, no Militia against a Library deck);
- phases: ``turn <= t``, ``turn >= t``, ``supply(Province) > p`` / ``<= p``,
  ``gains_to_end > g`` / ``<= g``;
- money: ``total_money > m`` / ``<= m``, ``coins <= c`` (green cards), ``vp_lead < v``;
- decision lists where a kingdom card asks for them: ``trash``, ``discard``, ``gain``,
  ``topdeck``, ``set_aside``, ``pass`` (Masquerade), and a ``play`` order whose rules may
  wait for a card in hand (``Throne Room: in_hand(Smithy) > 0``) or for spare Actions;
- the choices of the "choose one" cards in the kingdom (``choose: {Pawn: [card, action:
  turn <= 6]}``, the card Swindler gives or Wishing Well names) and the options of its
  cards that ask yes or no (``options: {baron_discard: ..., mining_village_trash: ...,
  mill_discard: ...}``), each with the conditions that do not count the rule's own item.
"""
from __future__ import annotations

from dataclasses import replace

from .cards import BY_NAME, PLAYED_KINGDOM, UnknownCard, norm, parse_card, parse_type
from .setup import Kingdom, Rules
from .strategy import CARD_MODES, DEFAULT_LISTS, DEFAULT_PLAY_ORDER, MODES
from .strategy import strategy_from_text as bot_from_text  # noqa: F401 - a candidate from its text
from ..lang.genome import Clause, Genome, Grammar, ListSpec, Rule, Shape

BASIC = ("Province", "Duchy", "Estate", "Gold", "Silver")
#: the kingdom cards that consult each decision list (their victims' lists included)
USES = {"trash": ("Chapel", "Remodel", "Sentry", "Moneylender", "Mine", "Bandit", "Steward", "Trading Post",
                  "Masquerade", "Upgrade", "Replace", "Lurker"),
        "discard": ("Cellar", "Sentry", "Militia", "Poacher", "Spy", "Secret Chamber", "Mill", "Torturer",
                    "Diplomat"),
        "gain": ("Workshop", "Feast", "Remodel", "Artisan", "Mine", "Thief", "Ironworks", "Replace", "Upgrade",
                 "Saboteur", "Lurker"),
        "topdeck": ("Artisan", "Harbinger", "Bureaucrat", "Courtyard", "Secret Passage", "Secret Chamber"),
        "set_aside": ("Library",), "pass": ("Masquerade",)}
BUYING = ("buy", "gain")
ALL = ("buy", "gain", "play", "trash", "discard", "topdeck", "set_aside", "pass")
#: the yes/no options the genome evolves, with the card that asks (Moat's, Diplomat's and
#: Secret Chamber's reveals and Chancellor's discard are left to their defaults)
OPTION_CARDS = {"baron_discard": "Baron", "mining_village_trash": "Mining Village", "mill_discard": "Mill"}


#: each condition's shape in plain words, for the plan a person reads (genome.plan)
SAYS = {"own": "up to {n}", "per_treasure": "one per {n} Treasures (the first at once)",
        "per_card": "up to its {y} count + {n}", "per_card2": "up to twice its {y} count + {n}",
        "has_lt": "while it has fewer than {n} {y}", "has_ge": "once it has {n} {y}",
        "opp_lt": "while no opponent has {n} {y}", "opp_ge": "once an opponent has {n} {y}",
        "turn_le": "up to turn {n}", "turn_ge": "from turn {n}",
        "left_gt": "while more than {n} Provinces are left", "left_le": "once {n} or fewer Provinces are left",
        "end_gt": "while the game is more than {n} gains from its end", "end_le": "within {n} gains of the end",
        "money_gt": "once its money passes {n}", "money_le": "while its money is {n} or less",
        "coins_le": "with {n} coins or fewer", "lead_lt": "while its VP lead is under {n}",
        "in_hand": "with a {y} in hand", "not_in_hand": "with no {y} in hand", "actions": "with {n} Actions or more"}


def _shapes(provinces: int, choices: tuple = ()) -> tuple:
    """The shapes; those that do not count the rule's own item also serve the ``choices``
    lists (whose items are modes, or cards given or named)."""
    return tuple(replace(shape, says=SAYS.get(shape.name, ""),
                         lists=shape.lists + (() if "{x}" in shape.text else choices)) for shape in (
        Shape("own", "count({x}) < {n}", (("n", 1, 8),), BUYING, "up", 3),
        Shape("per_treasure", "count({x}) < 1 or count({x}) < count(Treasure) / {n}", (("n", 3, 16),), BUYING,
              "down", 1.5),
        Shape("per_card", "count({x}) < count({y}) + {n}", (("n", 0, 3), ("y", "owned")), BUYING, "up"),
        Shape("per_card2", "count({x}) < 2 * count({y}) + {n}", (("n", 0, 3), ("y", "owned")), BUYING, "up", 0.5),
        Shape("has_lt", "count({y}) < {n}", (("n", 1, 6), ("y", "owned")), ALL, "up"),
        Shape("has_ge", "count({y}) >= {n}", (("n", 1, 6), ("y", "owned")), ALL, "down"),
        Shape("opp_lt", "opp_count({y}) < {n}", (("n", 1, 3), ("y", "owned")), ALL, "up"),
        Shape("opp_ge", "opp_count({y}) >= {n}", (("n", 1, 3), ("y", "owned")), ALL, "down"),
        Shape("turn_le", "turn <= {n}", (("n", 1, 20),), ALL, "up"),
        Shape("turn_ge", "turn >= {n}", (("n", 2, 25),), ALL, "down"),
        Shape("left_gt", "supply(Province) > {n}", (("n", 0, provinces - 1),), ALL, "down"),
        Shape("left_le", "supply(Province) <= {n}", (("n", 0, provinces - 1),), ALL, "up"),
        Shape("end_gt", "gains_to_end > {n}", (("n", 1, 12),), BUYING + ("trash",), "down"),
        Shape("end_le", "gains_to_end <= {n}", (("n", 1, 12),), BUYING + ("trash",), "up"),
        Shape("money_gt", "total_money > {n}", (("n", 3, 32),), BUYING + ("trash",), "down", 2),
        Shape("money_le", "total_money <= {n}", (("n", 3, 32),), BUYING + ("trash",), "up"),
        Shape("coins_le", "coins <= {n}", (("n", 2, 10),), ("buy",), "up", 0.5),
        Shape("lead_lt", "vp_lead < {n}", (("n", -12, 12),), ("buy",), "up", 0.5),
        Shape("in_hand", "in_hand({y}) > 0", (("y", "hand"),), ("play", "discard", "topdeck", "set_aside")),
        Shape("not_in_hand", "in_hand({y}) == 0", (("y", "hand"),), ("play", "discard", "topdeck", "set_aside")),
        Shape("actions", "actions >= {n}", (("n", 2, 3),), ("play", "set_aside"), "down"),
    ))


def grammar(kingdom, players: int = 2, pool_cards=None) -> Grammar:
    """The genome's grammar on ``kingdom`` (its cards, or ``pool_cards`` only)."""
    cards = tuple(pool_cards if pool_cards is not None else kingdom.cards)
    names = [c.name for c in cards]
    actions = tuple(n for n in names if "Action" in BY_NAME[n].types)
    extra = ("Copper",) if "Gardens" in names else ()
    buy = BASIC + tuple(names) + extra
    lists = {"buy": ListSpec(buy, 14, weight=4, verb="Buys")}
    if actions:
        lists["play"] = ListSpec(actions, 8, weight=1, verb="Plays")
    have = set(names)
    if have & set(USES["gain"]):
        lists["gain"] = ListSpec(buy, 10, weight=0.7, verb="Gains (Workshop, Remodel ...)")
    if have & set(USES["trash"]):
        lists["trash"] = ListSpec(("Curse", "Estate", "Copper", "Silver", "Duchy") + tuple(names), 8,
                                  tuple(DEFAULT_LISTS["trash"]), weight=1.5, verb="Trashes")
    if have & set(USES["discard"]):
        lists["discard"] = ListSpec(("Curse", "Estate", "Duchy", "Province", "Copper", "Silver") + tuple(names), 8,
                                    tuple(DEFAULT_LISTS["discard"]), weight=0.5, clauses=1, verb="Discards")
    if have & set(USES["topdeck"]):
        lists["topdeck"] = ListSpec(("Gold", "Silver", "Copper", "Province", "Duchy", "Estate") + tuple(names), 6,
                                    weight=0.3, clauses=1, verb="Puts on its deck")
    if have & set(USES["set_aside"]) and actions:
        lists["set_aside"] = ListSpec(actions, 6, weight=0.3, clauses=1, verb="Sets aside (Library)")
    if have & set(USES["pass"]):
        lists["pass"] = ListSpec(("Curse", "Estate", "Copper", "Silver", "Duchy") + tuple(names), 6, weight=0.3,
                                 clauses=1, verb="Passes (Masquerade)")
    lists = {k: lists[k] for k in ALL if k in lists}
    for card in [c for c in (*MODES, *CARD_MODES) if c in have]:
        items = MODES.get(card) or BASIC + ("Copper", "Curse") + tuple(names)
        lists[f"choose {card}"] = ListSpec(items, 4 if card in MODES else 6, weight=0.4, under="choose", key=card,
                                           verb=f"Chooses ({card})")
    for option, card in OPTION_CARDS.items():
        if card in have:
            lists[f"options {option}"] = ListSpec(("true", "false"), 1, weight=0.3, under="options", key=option,
                                                  scalar=True, verb=f"Answers {option.replace('_', ' ')}")
    provinces = 8 if players <= 2 else 12
    refs = {"owned": BASIC + tuple(names) + ("Copper", "Curse", "Treasure", "Action"),
            "hand": actions + ("Copper", "Treasure", "Victory")}
    choices = tuple(k for k in lists if lists[k].under)
    return Grammar(lists, _shapes(provinces, choices), refs, required=("buy",), canonical=_canonical)


def _canonical(lst: str, name: str):
    """An item as the grammar writes it: a card or type, a choose card's mode, or true /
    false (None: not one this list can name)."""
    card = lst.partition(" ")[2]
    if lst.startswith("options "):
        return next((x for x in ("true", "false") if x == str(name).lower()), None)
    if card in MODES:
        return next((m for m in MODES[card] if norm(m) == norm(str(name))), None)
    try:
        return parse_card(name).name
    except UnknownCard:
        return parse_type(name)


def _rule(card: str, shape: str | None = None, *args) -> Rule:
    return Rule(card, (Clause(shape, args),) if shape else ())


def big_money(g: Grammar, extra: str | None = None, copies: int = 1, ratio: bool = False) -> Genome:
    """Big Money Ultimate's shape, with ``copies`` of a kingdom card, or with ``ratio`` one
    per 11 Treasures (above Gold when it costs 6 or more)."""
    buy = [_rule("Province", "money_gt", 18), _rule("Duchy", "left_le", 4), _rule("Estate", "left_le", 2),
           _rule("Gold"), _rule("Silver")]
    lists = [("buy", None)]
    if extra is not None:
        x = _rule(extra, "per_treasure", 11) if ratio else _rule(extra, "own", copies + 1)
        buy.insert(3 if BY_NAME[extra].cost >= 6 else 4, x)
        if "Action" in BY_NAME[extra].types and "play" in g.lists:
            lists.append(("play", (Rule(extra),)))
    return Genome(tuple((k, tuple(buy) if v is None else v) for k, v in lists))


def seeds(g: Grammar) -> list:
    """The first generation's genomes: Big Money Ultimate, then each kingdom card as
    Big Money + X (one or two copies, or one per 11 Treasures)."""
    kingdom = [c for c in g.lists["buy"].items if c not in BASIC and BY_NAME[c].kingdom]
    return [big_money(g)] + [big_money(g, c, k, ratio) for k, ratio in ((1, False), (1, True), (2, False))
                             for c in kingdom]


#: the forms in which ``neighbours`` adds a card: two copies, one per 11 Treasures, and
#: on the first 15 turns
ADDED = (("own", (2,)), ("per_treasure", (11,)), ("turn_le", (15,)))


def neighbours(g: Grammar, gen: Genome) -> list:
    """A --start bot's first alternatives: for each kingdom card its buy list does not name,
    the bot that also buys it (in each of the ``ADDED`` forms), just before the first rule
    that always buys a card costing no more (after that rule it would never be bought). An
    Action goes into the bot's ``play`` list where the default order would play it (a
    Market after a listed Smithy could never be played)."""
    buy = gen.get("buy")
    if len(buy) >= g.lists["buy"].max_rules:
        return []
    named = {r.item for r in buy}
    out = []
    for card in g.lists["buy"].items:
        if card in BASIC or card in named or not BY_NAME[card].kingdom:
            continue
        cost = BY_NAME[card].cost
        at = next((i for i, r in enumerate(buy) if not r.clauses and not r.fixed and r.item in BY_NAME
                   and BY_NAME[r.item].cost <= cost), len(buy))
        base = _played(g, gen, card)
        out += [base.with_list(g, "buy", buy[:at] + (_rule(card, shape, *args),) + buy[at:]) for shape, args in ADDED]
    return out


def _played(g: Grammar, gen: Genome, card: str) -> Genome:
    """``gen`` with ``card`` in its ``play`` list before the first card the default order
    plays after it (unchanged when no such card is listed: it is played after the list)."""
    play = gen.get("play")
    rank = {c: i for i, c in enumerate(DEFAULT_PLAY_ORDER)}
    if card not in rank or any(r.item == card for r in play) or len(play) >= g.lists["play"].max_rules:
        return gen
    at = next((i for i, r in enumerate(play) if rank.get(r.item, -1) > rank[card]), None)
    return gen if at is None else gen.with_list(g, "play", play[:at] + (Rule(card),) + play[at:])


def fits(bot, kingdom) -> bool:
    """Whether ``bot`` (not a random one) names only cards that ``kingdom`` has."""
    return {c.name for c in bot.cards() if c.kingdom} <= set(kingdom.card_names()) and not bot.random


def setup_key(kingdom) -> dict:
    """What of the kingdom a resumed run must share with the run it continues."""
    return {"kingdom": kingdom.card_names(), "kingdom_name": kingdom.name, "kingdom_rules": kingdom.rules.as_dict()}


def setup_name(kingdom) -> str:
    return kingdom.name


#: --each-card: every kingdom card ranked as Big Money + X (simulator/tools/each_item.py)
EACH_ITEM = {"item": "card", "what": "kingdom cards", "option": "--each-card", "baseline": "Big Money",
             "against": "big_money_ultimate.yaml", "uses": "buys", "used": "bought"}


def each_item_pool(edition: int, cards=None) -> list:
    """The cards --each-card ranks: those named, else every kingdom card of the edition that
    dsim plays (base set and Intrigue)."""
    return [parse_card(c) for c in cards] if cards else \
        [c for c in PLAYED_KINGDOM if str(edition) in c.editions.split("+")]


def item_setup(card, edition: int) -> Kingdom:
    """The basic supply plus ``card``: where --each-card evolves Big Money + that card (with
    ``card`` None, the basic supply alone: the baseline every card is measured against)."""
    return Kingdom(f"Big Money + {card.name}" if card else "Big Money alone", (card,) if card else (),
                   Rules().with_overrides({"edition": edition}), complete=False)


def uses(gen: Genome, card: str) -> bool:
    """Whether the bot ``gen`` ever buys ``card``."""
    return any(rule.item == card for rule in gen.get("buy"))
