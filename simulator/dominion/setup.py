"""Kingdoms, supply sizes and rule variants (RULES.md §1 and §7)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace

import numpy as np

from ..errors import InputError, InputErrors, name_problem, short
from ..games import game_name
from ..lang.yamlio import LineDict, given_name, load_file
from . import layout as E
from .cards import KINGDOM_CARDS, NCARDS, UnknownCard, parse_card, suggest

#: rule variants: name -> (allowed values, default, meaning)
RULE_VARIANTS = {
    "tiebreak": (("turns", "shared"), "turns",
                 "turns: tied players with fewer turns win, others still tied share; shared: all tied share"),
    "end_piles": ((3, 4), 3, "empty supply piles that end a 4-player game (4 is the Russian seed's rule); "
                  "games of 2 or 3 players always end on 3"),
    "edition": ((1, 2), 1, "card wording: 1st edition, or 2nd edition where it differs"),
    "turn_cap": (None, 100, "turns per player after which a game stops and is reported as capped"),
}


@dataclass(frozen=True)
class Rules:
    tiebreak: str = "turns"
    end_piles: int = 3
    edition: int = 1
    turn_cap: int = 100

    def with_overrides(self, overrides: dict, path: str | None = None, lines: dict | None = None) -> "Rules":
        values = {}
        for key, raw in overrides.items():
            line = (lines or {}).get(key)
            if key not in RULE_VARIANTS:
                hint = suggest(str(key), RULE_VARIANTS)
                raise InputError(f"unknown rule '{key}'", path, line,
                                 hint=f"did you mean '{hint}'?" if hint else
                                 "known rules: " + ", ".join(RULE_VARIANTS))
            allowed, default, _ = RULE_VARIANTS[key]
            value = raw
            # strict types: in a file (``path``), a YAML true, 3.0 or '4' is not a rule value;
            # text from --rules is converted when it is a plain whole number
            if path is None and isinstance(default, int) and isinstance(raw, str) and raw.strip().isdecimal() \
                    and len(raw.strip()) <= 6:
                value = int(raw)
            shown = short(raw)
            if key == "turn_cap":
                if type(value) is not int or not 1 <= value <= 1000:
                    raise InputError(f"turn_cap must be a whole number from 1 to 1000, not {shown}", path, line)
            elif type(value) is not type(default) or value not in allowed:
                raise InputError(f"{key} must be one of {', '.join(map(str, allowed))}, not {shown}", path, line)
            values[key] = value
        return replace(self, **values)

    def as_dict(self) -> dict:
        return {"tiebreak": self.tiebreak, "end_piles": self.end_piles, "edition": self.edition,
                "turn_cap": self.turn_cap}

    def piles_to_end(self, players: int) -> int:
        """Empty supply piles that end a game of ``players``: the 4-pile variant applies
        only to 4-player games (RULES §7); with fewer players it stays 3."""
        return self.end_piles if players == 4 else 3

    def array(self, players: int, check: bool = False) -> np.ndarray:
        var = np.zeros(E.NV, dtype=np.int32)
        var[E.V_TIEBREAK] = 0 if self.tiebreak == "turns" else 1
        # the one place the variant becomes a pile count: game end, gains_to_end and
        # the end-game guard all read it
        var[E.V_END_PILES] = self.piles_to_end(players)
        var[E.V_EDITION] = self.edition
        var[E.V_TURN_CAP] = self.turn_cap
        var[E.V_CHECK] = 1 if check else 0
        return var


@dataclass(frozen=True)
class Kingdom:
    name: str
    cards: tuple  # kingdom Card objects, in table order
    rules: Rules = field(default_factory=Rules)
    description: str = ""
    path: str | None = None
    sha256: str | None = None
    #: a full 10-card kingdom (False: just the cards the bots name)
    complete: bool = True

    def card_names(self) -> list[str]:
        return [c.name for c in self.cards]


KINGDOM_KEYS = ("game", "name", "description", "cards", "rules")


def check_kingdom_cards(names, path=None, lines=None, line=None) -> tuple:
    """Resolve and check a 10-card kingdom; raise InputError naming the wrong cards."""
    cards, errors = [], []
    for i, name in enumerate(names):
        ln = lines[i] if lines else line
        try:
            c = parse_card(name)
        except UnknownCard as e:
            errors.append(InputError(str(e), path, ln))
            continue
        if not c.kingdom:
            errors.append(InputError(f"'{c.name}' is a basic card, always in the supply, not a kingdom card",
                                     path, ln, hint="remove it from the kingdom"))
            continue
        if c in cards:
            errors.append(InputError(f"'{c.name}' is in the kingdom twice", path, ln))
            continue
        cards.append(c)
    if errors:
        raise errors[0] if len(errors) == 1 else InputErrors(errors)
    if len(cards) != 10:
        raise InputError(f"a kingdom is exactly 10 distinct kingdom cards; this one has {len(cards)}", path,
                         line, hint=("add " if len(cards) < 10 else "remove ") + f"{abs(10 - len(cards))}")
    return tuple(sorted(cards, key=lambda c: c.id))


def load_kingdom(path) -> Kingdom:
    data, text = load_file(path)
    path = str(path)
    if not isinstance(data, LineDict):
        raise InputError("a kingdom file is a mapping with 'name' and 'cards'", path, 1)
    if game_name(data.get("game", "dominion")) != "dominion":
        raise InputError(f"this is a {short(data['game'])} file, not a Dominion kingdom", path, data.lines["game"],
                         hint="give it with bots of that game, or give these Dominion bots a kingdom file")
    for key in data:
        if key not in KINGDOM_KEYS:
            hint = suggest(str(key), KINGDOM_KEYS)
            raise InputError(f"unknown key '{key}' in a kingdom file", path, data.lines[key],
                             hint=f"did you mean '{hint}'?" if hint else "keys: " + ", ".join(KINGDOM_KEYS))
    if "cards" not in data:
        raise InputError("a kingdom file needs 'cards' (a list of 10 kingdom cards)", path, data.line)
    names = data["cards"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InputError("'cards' must be a list of card names", path, data.lines["cards"])
    cards = check_kingdom_cards(names, path, getattr(names, "lines", None), data.lines["cards"])
    rules = Rules()
    if "rules" in data:
        r = data["rules"]
        if not isinstance(r, dict):
            raise InputError("'rules' must be a mapping, e.g. {tiebreak: shared}", path, data.lines["rules"])
        rules = rules.with_overrides(r, path, getattr(r, "lines", None))
    name = given_name(data, path)
    problem = name_problem(name)
    if problem:
        raise InputError(f"the kingdom's name {short(name)} {problem}", path, data.lines.get("name", 1),
                         hint="give a plain 'name:'")
    return Kingdom(name, cards, rules, str(data.get("description", "") or ""), path,
                   hashlib.sha256(text.encode()).hexdigest(), True)


def bots_kingdom(cards, rules: Rules | None = None) -> Kingdom:
    """The supply when no kingdom is given: the kingdom cards the bots name."""
    cards = tuple(sorted({c for c in cards if c.kingdom}, key=lambda c: c.id))
    return Kingdom("bots' cards", cards, rules or Rules(), complete=False)


def supply_sizes(kingdom_cards, players: int) -> np.ndarray:
    """int32[NCARDS]: each pile's starting size; -1 for piles not in the game."""
    sup = np.full(NCARDS, -1, dtype=np.int32)
    victory = 8 if players == 2 else 12
    sup[E.COPPER] = 60 - E.START_COPPERS * players
    sup[E.SILVER] = 40
    sup[E.GOLD] = 30
    sup[E.ESTATE] = victory
    sup[E.DUCHY] = victory
    sup[E.PROVINCE] = victory
    sup[E.CURSE] = 10 * (players - 1)
    for c in kingdom_cards:
        sup[c.id] = victory if "Victory" in c.types else 10
    return sup


def implemented_error(card, path=None, line=None) -> InputError | None:
    if card.id in E.IMPLEMENTED:
        return None
    return InputError(f"card '{card.name}' is not implemented yet", path, line,
                      hint="'dsim cards' lists every card and marks those not implemented yet")


def random_kingdoms(n: int, required, seed: int, rules: Rules | None = None, free: bool = False,
                    sets=("base",)) -> list[Kingdom]:
    """``n`` random 10-card kingdoms, each holding every card of ``required`` (the bots'
    kingdom cards) and the rest drawn from the card ``sets`` (cards the engine plays),
    reproducible from ``seed``; ``free`` only names them so (the caller requires nothing)."""
    need = sorted({c for c in required if c.kingdom}, key=lambda c: c.id)
    if len(need) > 10:
        raise InputError(f"the bots use {len(need)} kingdom cards; a kingdom holds 10",
                         hint="compare fewer bots, or give kingdoms with -k")
    rng = np.random.default_rng([seed, 0x6B696E67])
    edition = str((rules or Rules()).edition)
    # the edition's own set: a 2nd-edition kingdom draws no card the 2nd edition removed
    rest = [c for c in KINGDOM_CARDS if c not in need and edition in c.editions.split("+") and c.set in sets
            and c.id in E.IMPLEMENTED]
    out = []
    for i in range(n):
        pick = [rest[j] for j in rng.choice(len(rest), 10 - len(need), replace=False)]
        cards = tuple(sorted(need + pick, key=lambda c: c.id))
        out.append(Kingdom(f"{'free ' if free else ''}random {i + 1}", cards, rules or Rules(),
                           description=f"{'free ' if free else ''}random kingdom {i + 1} of seed {seed}"))
    return out
