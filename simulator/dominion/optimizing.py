"""What ``dsim optimize`` needs of Dominion (simulator/tools/optimizer.py names no game): the
genome and its operators, bots from their YAML text, which shipped bots can play a
kingdom, and the kingdoms that ``--each-card`` ranks."""
from __future__ import annotations

from .cards import KINGDOM_CARDS, parse_card
from .genome import Genome, Pool, big_money, crossover, mutate  # noqa: F401 - the optimiser's genome
from .setup import Kingdom, Rules
from .strategy import strategy_from_text as bot_from_text  # noqa: F401 - a candidate from its text


def fits(bot, kingdom) -> bool:
    """Whether ``bot`` (not a random one) names only cards that ``kingdom`` has."""
    return {c.name for c in bot.cards() if c.kingdom} <= set(kingdom.card_names()) and not bot.random


def each_card_pool(edition: int, cards=None) -> list:
    """The cards --each-card ranks: those named, else every kingdom card of the edition."""
    return [parse_card(c) for c in cards] if cards else \
        [c for c in KINGDOM_CARDS if str(edition) in c.editions.split("+")]


def money_kingdom(card, edition: int) -> Kingdom:
    """The basic supply plus ``card``: where --each-card evolves Big Money + that card."""
    return Kingdom(f"Big Money + {card.name}", (card,), Rules().with_overrides({"edition": edition}), complete=False)
