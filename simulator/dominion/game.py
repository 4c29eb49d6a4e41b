"""Dominion behind the game interface the runner uses.

``make_match`` validates and compiles bots and a setup into a picklable ``Match``;
``play`` plays games of a run into a ``Tally``; ``State`` exposes the engine's arrays
for logs and stacked-deck tests.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError, InputErrors
from ..engine_base import EngineGame, EngineState, Stepping, place_bots, stack_array
from ..games import rule_pairs, unique_names
from ..games import Match as BaseMatch
from ..kernels.jit import compile_notice
from ..lang.yamlio import LineDict
from ..run.stats import BOT_COLS, SEAT_COLS
from . import layout as E  # the engine's constants; the kernels load on first use (numba)
from . import optimizing
from .cards import CARDS, NCARDS, SETS, card_columns
from .gamelog import game_text
from . import table
from .layout import IMPLEMENTED
from .setup import (
    Kingdom,
    Rules,
    bots_kingdom,
    implemented_error,
    load_kingdom,
    random_kingdoms,
    supply_sizes,
)
from ..lang.search import load_policies
from .strategy import CompiledBots, Strategy, compile_bots, load_strategy, parse_strategy

SEAT_MODES = {"rotate": E.SEATS_ROTATE, "all": E.SEATS_ALL, "random": E.SEATS_RANDOM, "fixed": E.SEATS_FIXED}
assert [E.TB_GAMES, E.TB_WINS, E.TB_TIES, E.TB_LOSSES, E.TB_W12, E.TB_VP, E.TB_TURNS] == list(range(len(BOT_COLS)))
assert [E.TS_GAMES, E.TS_WINS, E.TS_TIES, E.TS_LOSSES, E.TS_W12] == list(range(len(SEAT_COLS)))


def _engine():
    """The numba engine, imported when a game is first played (``dsim cards`` and
    ``dsim validate`` never load it)."""
    from . import engine
    return engine


@dataclass
class Match(BaseMatch):
    """Everything a worker needs to play games of one run (picklable)."""
    kingdom: Kingdom = None
    rules: Rules = None
    ct: np.ndarray = None
    sup0: np.ndarray = None
    var: np.ndarray = None
    compiled: CompiledBots = None

    @property
    def setup(self) -> Kingdom:
        return self.kingdom


def make_match(bots: list[Strategy], kingdom: Kingdom | None = None, rule_overrides: dict | None = None,
               seats: str = "rotate", check: bool = False) -> Match:
    """Check the bots against the setup and compile both. One bot per seat (2 to 4)."""
    GAME.check_seats(bots, seats, SEAT_MODES)
    if kingdom is None:
        named = set()
        for b in bots:
            named |= b.cards()
        kingdom = bots_kingdom(named)
    rules = kingdom.rules.with_overrides(rule_overrides or {})
    players = len(bots)
    # every kingdom card must be playable by this engine
    errs = [e for e in (implemented_error(c, kingdom.path) for c in kingdom.cards) if e is not None]
    if errs:
        raise InputErrors(errs)
    sup0 = supply_sizes(kingdom.cards, players)
    policies = load_policies(bots, load_strategy, E.MAXB)
    compiled = compile_bots(bots, set(kingdom.cards), policies)
    return Match(list(bots), unique_names(bots), players, seats, kingdom=kingdom, rules=rules, ct=card_columns(),
                 sup0=sup0, var=rules.array(players, check), compiled=compiled, policies=policies)


def missing_cards(match: Match) -> list[tuple]:
    """(bot, card, line) for each card a bot's buy list names that the supply lacks."""
    out = []
    for name, bot in zip(match.bot_names, match.bots):
        for r in bot.buy:
            if match.sup0[r.card.id] < 0:
                out.append((bot, r.card, r.line))
    return out


def build_tables(match_ct: np.ndarray, sup0: np.ndarray, compiled: CompiledBots) -> tuple[np.ndarray, np.ndarray]:
    """The engine's read-only arrays T (card table, the supply's cards by type, bots) and F
    (stack + constants)."""
    parts = [compiled.rules.ravel(), compiled.code.ravel(), compiled.rl.ravel(), compiled.bopt.ravel(),
             compiled.clauses.ravel()]
    T = np.zeros(E.T_BOTS + sum(len(x) for x in parts), np.int32)
    ct = np.zeros((E.NCS, E.NCOL), np.int32)
    ct[: match_ct.shape[0]] = match_ct
    T[E.T_CT:E.T_TYPED] = ct.ravel()
    for i in range(E.NTYPES):
        typed = [c for c in range(NCARDS) if ct[c, E.C_TYPES] & (1 << i) and sup0[c] >= 0]
        o = E.T_TYPED + i * E.NCS
        T[o] = len(typed)
        T[o + 1:o + 1 + len(typed)] = typed
    ingame = [c for c in range(NCARDS) if sup0[c] >= 0]
    T[E.TH_VPX] = int(sup0[E.GARDENS] >= 0 or sup0[E.DUKE] >= 0)
    T[E.TH_REACT] = int(sup0[E.MOAT] >= 0) | 2 * int(sup0[E.DIPLOMAT] >= 0 or sup0[E.SECRET_CHAMBER] >= 0)
    T[E.T_INGAME] = len(ingame)
    T[E.T_INGAME + 1:E.T_INGAME + 1 + len(ingame)] = ingame
    assert len(ingame) < 63  # the set of choose_in_zone: one int64, bit 63 for cards not in the game
    T[E.T_SLOT:E.T_SLOT + E.NCS] = 63
    T[E.T_SLOT + np.array(ingame, dtype=np.int64)] = np.arange(len(ingame))
    T[E.TH_SLOTS] = int(max(ingame) >= 63)
    T[E.TH_FX] = int(sup0[E.BRIDGE] >= 0 or sup0[E.COPPERSMITH] >= 0)
    place_bots(T, E.T_BOTS, (E.TH_RULES, E.TH_CODE, E.TH_RL, E.TH_BOPT, E.TH_CLAUSES), parts)
    return T, stack_array(E.F_STK, compiled.consts)


class State(EngineState):
    """The engine's arrays for one game in progress (also the scratch space of a chunk),
    with readable accessors for tests and logs."""

    def prepare(self) -> None:
        self.S[E.S_SUP0:E.S_SUP0 + NCARDS] = self.match.sup0
        self.S[E.S_SUP:E.S_SUP + NCARDS] = self.match.sup0

    def _run_games(self, mode=E.MODE_FRESH):
        """The engine's entry point for this state and mode: fresh games without the event
        log, or the variant with it, which also continues a state (it compiles on its
        first use)."""
        engine = _engine()
        if self.match.searching:
            return self.entry()
        if self.S[E.G_LOG] == 0 and mode == E.MODE_FRESH:
            return engine.run_games
        with compile_notice(engine.run_games_logged, "the engine's logged variant", "about 3 s"):
            engine.compile_later(engine.run_games_logged)
        return engine.run_games_logged

    def run(self, mode, seed=0, first_game=0, n_games=0, paired=False, max_turns=0, stop=E.STOP_NONE):
        with np.errstate(over="ignore"):
            err = self._run_games(mode)(self.S, self.R, self.T, self.F, self.A, self.grec, mode, np.uint64(seed),
                              first_game, n_games, SEAT_MODES[self.match.seats], 1 if paired else 0,
                              max_turns, stop)
        if err and err != E.ERR_ASK:  # ERR_ASK: stopped at a person's question (dsim play)
            what = {E.ERR_WK: "Throne Room work stack overflow",
                    E.ERR_CONSERVE: "a card was created or lost",
                    E.ERR_LOOP: "a card effect revealed more cards than its player owns "
                                "(it would never have ended)",
                    E.ERR_MODE: "run_games cannot continue a state",
                    E.ERR_ANSWER: "a person's answer is not one of the question's options"}.get(int(err),
                                                                                                 f"error {err}")
            if err == E.ERR_CONSERVE:
                detail = {1: "a player's zones disagree with the cards it owns",
                          2: "the copies in the game differ from the starting count",
                          3: "a supply pile went negative",
                          4: "a player's card count, total money or VP disagrees"}.get(int(self.S[E.G_ERR_WHAT]), "")
                c = int(self.S[E.G_ERR_CARD])
                what += f" ({CARDS[c].name + ': ' if c >= 0 else ''}{detail})"
            self.fail(what)
        return err

    # ---- readable views
    def zone(self, p: int, zone: int) -> list[int]:
        o = E.S_Z + (p * E.NZ + zone) * E.MAXC
        return [int(c) for c in self.S[o:o + self.S[E.S_ZN + p * E.NZ + zone]]]

    def set_zone(self, p: int, zone: int, cards: list[int]) -> None:
        o = E.S_Z + (p * E.NZ + zone) * E.MAXC
        self.S[o:o + len(cards)] = cards
        self.S[E.S_ZN + p * E.NZ + zone] = len(cards)

    def recount(self) -> None:
        """Recompute the owned-card counters (per card, cards, total money, fixed VP)
        from the zones (after a test has stacked them)."""
        S, ct = self.S, self.match.ct
        for p in range(E.MAXP):
            own = np.zeros(NCARDS, np.int64)
            if p < self.match.players:
                for zone in range(E.NZ):
                    for c in self.zone(p, zone):
                        if c >= 0:
                            own[c] += 1
            S[E.S_OWN + p * E.NCS:E.S_OWN + p * E.NCS + NCARDS] = own
            o = E.S_PS + p * E.NPS
            S[o + E.PS_CARDS] = own.sum()
            S[o + E.PS_MONEY] = int((own * ct[:, E.C_MONEY]).sum())
            S[o + E.PS_VP] = int((own * ct[:, E.C_VP]).sum())

    def owned(self, p: int, card: int) -> int:
        return int(self.S[E.S_OWN + p * E.NCS + card])

    def ps(self, p: int, k: int) -> int:
        return int(self.S[E.S_PS + p * E.NPS + k])

    def supply(self, card: int) -> int:
        return int(self.S[E.S_SUP + card])

    def vp(self, p: int) -> int:
        """Player p's VP now, as the engine scores them (its own kernel, not a copy)."""
        return int(_engine().vp_of(self.S, self.T, p))


class Dominion(EngineGame):
    NAME = "dominion"
    LABELS = {"setup": "kingdom", "item": "card", "items": "cards", "vp": "vp", "vp_title": "VP", "coins": "coins",
              "coins_title": "coins generated", "game": "Dominion", "length": "turns of the player who took the most",
              "no_setup": "basic cards only"}
    RANDOM_SETUPS = True
    BENCH = [
        ("Big Money Ultimate mirror", ["big_money_ultimate.yaml", "big_money_ultimate.yaml"], None),
        ("Smithy Big Money vs Big Money Ultimate", ["smithy_big_money.yaml", "big_money_ultimate.yaml"], None),
        ("Witch vs Big Money Ultimate", ["witch.yaml", "big_money_ultimate.yaml"], None),
        ("Militia vs Smithy Big Money", ["militia.yaml", "smithy_big_money.yaml"], None),
    ]
    BENCH_REFERENCE = True  # bench/bm_reference.c plays a simplified Big Money mirror
    OFFERS = frozenset({"optimize", "each_item", "play", "why", "sets", "learn"})
    SETS = SETS
    #: the conformance suite's examples (bots under strategies/, setups under kingdoms/)
    EXAMPLES = {"bots": ["smithy_big_money.yaml", "big_money_ultimate.yaml"], "setup": "first_game.yaml",
                "other_setup": "big_money.yaml",
                "bad": [("buy: [Provnce]\n", "Province"), ("buy: [Gold]\nplay: [Gold]\n", "not an Action"),
                        ("buy:\n  - 'Gold: coins >'\n", "syntax error"), ("name: x\n", "needs a 'buy' list")]}
    ENDINGS = ["provinces", "piles", "cap"]
    ITEMS = [c.name for c in CARDS]
    ITEM_STRIDE = E.NCS
    COMPILE = ("the Dominion engine", "about 20 s")
    LOG_CAPACITY = 200_000
    layout = E
    State = State
    BOT, SETUP = Strategy, Kingdom

    def turn_cap(self, match) -> int:
        return match.rules.turn_cap

    def build_tables(self, match) -> tuple:
        return build_tables(match.ct, match.sup0, match.compiled)

    def setup_record(self, match) -> dict:
        k = match.kingdom
        return {"name": k.name, "contents": k.card_names(), "path": k.path, "sha256": k.sha256, "named": k.complete}

    def rules_record(self, match) -> dict:
        return match.rules.as_dict()

    def game_text(self, state, match, seed: int, game: int, why: bool = False) -> str:
        return game_text(state, match, seed, game, why)

    def optimizer(self):
        return optimizing

    def question(self, asked, match, width: int = 80):
        return table.question(asked, match, width)

    def step_spec(self, match) -> Stepping:
        X = _engine().env
        blocks = [("kind", X.OB_KIND, E.NASK, "the question's kind, one-hot (layout.ASK_*)"),
                  ("about", X.OB_ABOUT, E.NCS, "the card it is about, one-hot by card id"),
                  ("question", X.OB_Q, 2, "its number (coins, cards to discard, a cost); whose cards its options "
                                          "are, as seats after you (-1: nobody's)"),
                  ("turn", X.OB_TURN, 7, "whose turn (seats after you), its actions, buys, coins, cost reduction, "
                                         "Copper bonus; empty piles"),
                  ("supply", X.OB_SUPPLY, E.NCS, "each card's pile (-1: not in the game)"),
                  ("trash", X.OB_TRASH, E.NCS, "the trash, by card"),
                  ("mine", X.OB_MINE, E.NZ * E.NCS, "your cards by zone (draw pile, discard pile, hand, play, set "
                                                    "aside), by card"),
                  ("me", X.OB_ME, 5, "your turns, fixed VP, total money, cards, score"),
                  ("others", X.OB_OPP, (E.MAXP - 1) * X.OPP_SIZE,
                   f"each other seat after you ({X.OPP_SIZE} each): cards owned by card, in play by card, its zones' "
                   "sizes, turns, fixed VP, total money, cards, score")]
        names = [CARDS[c].name if c < len(CARDS) else f"card {c}" for c in range(E.NCS)]
        names += [f"answer {i}" for i in range(X.NNUM)] + ["none"]
        return Stepping(X, X.OBS_SIZE, blocks, X.N_ACTIONS, X.KIND_OFFSET, names)


GAME = Dominion(_engine)
GAME.export(globals())
Match.ENGINE = State.ENGINE = GAME
assert E.END_CAP == len(GAME.ENDINGS)


# ---------------------------------------------------------------- the rest of the game interface
# (simulator.games.Game): what the API, the CLI and validation need besides playing


def load_bot(path):
    return load_strategy(path)


def load_setup(path):
    return load_kingdom(path)


def parse_rules(items) -> dict:
    out = rule_pairs(items, "tiebreak=shared")
    Rules().with_overrides(out)  # checked now, before anything runs
    return out


def random_setups(n: int, bots: list, seed: int, rules: dict, free: bool = False, sets=SETS[:1]) -> list:
    """n random kingdoms holding every kingdom card the bots name (with ``free``, any 10
    kingdom cards: the bots meet kingdoms that lack theirs), the rest drawn from the card
    ``sets`` (default: the base set)."""
    named = set()
    if not free:
        for b in bots:
            named |= b.cards()
    return random_kingdoms(n, named, seed, Rules().with_overrides(rules or {}), free, tuple(sets))


def check_file(data, path: str, text: str) -> tuple:
    """("setup", Kingdom) for a file with 'cards', else ("bot", Strategy); raises the
    file's errors."""
    if isinstance(data, LineDict) and "cards" in data:
        return "setup", load_kingdom(path)
    return "bot", parse_strategy(data, str(path), text)


def setup_warnings(bots: list, setup) -> list:
    """The buy rules of the bots that name a kingdom card the kingdom lacks (they can never
    apply), as InputErrors with file and line."""
    supply = set(setup.cards)
    return [InputError(f"'{r.card.name}' is not in kingdom '{setup.name}'; the rule never applies", b.path, r.line)
            for b in bots for r in b.buy if r.card.kingdom and r.card not in supply]


def missing(match: Match) -> list:
    """(path, line, card name) of each buy rule whose card the match's supply lacks."""
    return [(bot.path, line, card.name) for bot, card, line in missing_cards(match)]


def items_table(edition) -> list:
    """Every card (or one edition's) as rows for ``dsim cards``."""
    rows = []
    for c in CARDS:
        if edition and c.editions not in ("basic", "1+2", edition):
            continue
        text = c.text2 if edition == "2" and c.text2 else c.text
        ed = {"basic": "basic", "1": "1st", "2": "2nd", "1+2": "1st+2nd"}[c.editions]
        rows.append({"card": c.name, "set": c.set, "cost": c.cost, "types": c.type_line, "editions": ed,
                     "implemented": c.id in IMPLEMENTED, "text": text})
    return rows
