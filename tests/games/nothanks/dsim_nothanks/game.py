"""No Thanks! (Thorsten Gimmler, Amigo 2004) as a dsim game, from a package of its own.

It shows what a game needs to plug into dsim: this module provides every name that
``simulator.games.Game`` lists, and pyproject.toml registers it in the ``dsim.games``
entry point group. It is plain Python on dsim's public helpers (the condition language,
the YAML loader, the tally): a game needs no numba engine to be played by the runner.

The rules. The cards 3 to 35 are shuffled and 9 are set aside unseen. Each player has
11 chips (9 with 6 players, 7 with 7). The top card is turned face up, and the player to
move either takes it, with the chips on it, and decides again on the next card turned
up; or says "No thanks!" by putting one of their chips on it, and the next player
decides. A player without chips must take. When the last card is taken, each player's
score is the sum of their cards (of a run of consecutive numbers only the lowest
counts) less one per chip, and the lowest score wins; a tie shares the win.

dsim's reports count higher as better, so a player's *points* are chips - card score,
the score negated. A turn is a player's stay as the player to move (it ends with a
"No thanks!" or with the last card).

A bot is one list, ``take``: conditions in dsim's condition language. The bot takes the
card when one of them holds (and when it has no chips), and otherwise says No thanks.
"""
from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from simulator.lang import expr, stackvm
from simulator.errors import InputError, InputErrors, did_you_mean, name_problem, short
from simulator.games import Match as BaseMatch
from simulator.games import game_name, rule_pairs, unique_names
from simulator.run.stats import BOT_COLS, SEAT_COLS, Tally, share_unit
from simulator.kernels.tally_layout import GR_ENDING, GR_GAME, GR_LENGTH, GR_PER_SEAT, GR_SEAT
from simulator.lang.yamlio import MAX_RULES, LineDict, load_file

NAME = "nothanks"
MIN_PLAYERS, MAX_PLAYERS = 3, 7
LABELS = {"setup": "variant", "item": "card", "items": "cards", "vp": "points",
          "vp_title": "points (chips - card score)", "coins": "chips", "coins_title": "chips",
          "game": "No Thanks!", "length": "turns of the player who had the most",
          "no_setup": "the standard rules"}
RANDOM_SETUPS = False
BENCH: list = []
BENCH_REFERENCE = False
#: what it offers beyond the interface every game provides (simulator.games.CAPABILITIES): nothing
OFFERS = frozenset()
#: the conformance suite's examples: the package's bots and variants, named in full
HERE = Path(__file__).resolve().parent
EXAMPLES = {"bots": [HERE / "bots" / f for f in ("thrifty.yaml", "runner.yaml", "hoarder.yaml")],
            "setup": HERE / "variants" / "short_deck.yaml", "other_setup": HERE / "variants" / "rich.yaml",
            "bad": [("game: nothanks\ntake: ['cost <']\n", "syntax error"),
                    ("game: nothanks\ntake: ['chip > 3']\n", "did you mean 'chips'"),
                    ("game: nothanks\ntake: [cost]\n", "not a true/false test"),
                    ("game: nothanks\nname: x\n", "needs a 'take' list"),
                    ("game: nothanks\ntake: [true]\ntakes: [true]\n", "unknown key 'takes'")],
            # a plain-Python engine: the suite plays a twentieth of the games
            "scale": 20}
ENDINGS = ["last card taken"]
LOWEST, HIGHEST = 3, 35
ITEMS = [str(c) for c in range(LOWEST, HIGHEST + 1)]
SHARE = share_unit(MAX_PLAYERS)
SEAT_MODES = ("rotate", "random", "fixed")
#: chips each by players, as the rules give them
CHIPS = {3: 11, 4: 11, 5: 11, 6: 9, 7: 7}
#: rule variants: name -> (lowest, highest, default, meaning); chips 0 means "by the players"
RULES = {"removed": (0, 32, 9, "cards set aside unseen before the game"),
         "chips": (0, 50, 0, "chips each (0: as the rules give them for the players)")}

# ---------------------------------------------------------------- the bot language
OP_VAR = expr.OP_GAME
_VARIABLES = [
    ("card", "the face-up card"), ("pot", "chips on the face-up card"), ("chips", "your chips"),
    ("cost", "what taking the card adds to your score: its value once runs are counted, less the pot"),
    ("gap", "how far the card is from your nearest card (99 when you hold none)"),
    ("cards", "cards you hold"), ("left", "cards still face down in the draw pile"),
    ("score", "your score now: card score less chips (lower is better)"),
    ("opp_cards", "the lowest card score of any opponent (their chips are hidden, as the rules say)"),
    ("opp_wants", "opponents holding a card next to the face-up one"),
    ("players", "players in the game"), ("turn", "your own turn number, starting at 1"),
]
V = {name: k for k, (name, _) in enumerate(_VARIABLES)}


def _resolve(text: str):
    raise expr.ExprError(f"unknown word {short(text, 30)}", did_you_mean(text, V, "words: " + ", ".join(V)))


VOCABULARY = expr.Vocabulary({n: expr.Variable(n, OP_VAR, V[n], d) for n, d in _VARIABLES}, {}, _resolve)
BOT_KEYS = ("game", "name", "description", "take")
STACK = 2 * expr.MAX_DEPTH + 8


@dataclass(frozen=True)
class Bot:
    name: str
    take: tuple                   # compiled conditions (expr.Program), first to last
    description: str = ""
    path: str | None = None
    sha256: str | None = None
    source: str = field(default="", compare=False, repr=False)
    game = NAME


def parse_bot(data, path: str, text: str = "") -> Bot:
    """A bot's YAML data, validated: every mistake, with its line, in one InputErrors."""
    if not isinstance(data, LineDict):
        raise InputErrors([InputError("a No Thanks! bot is a mapping with 'game: nothanks' and a 'take' list",
                                      path, 1)])
    errors = []
    if game_name(data.get("game")) != NAME:
        errors.append(InputError(f"this is not a No Thanks! bot (game: {short(data.get('game'))})", path,
                                 data.lines.get("game", data.line), hint="write 'game: nothanks'"))
    for key in data:
        if key not in BOT_KEYS:
            errors.append(InputError(f"unknown key {short(key, 30)}", path, data.lines[key],
                                     hint=did_you_mean(key, BOT_KEYS, "keys: " + ", ".join(BOT_KEYS))))
    rules = data.get("take")
    take = []
    if "take" not in data:
        errors.append(InputError("a No Thanks! bot needs a 'take' list", path, data.line,
                                 hint="e.g. take: ['cost <= 3', 'pot >= 8']"))
    elif not isinstance(rules, list) or len(rules) > MAX_RULES:
        errors.append(InputError(f"'take' must be a list of at most {MAX_RULES} conditions", path,
                                 data.lines["take"], hint="e.g. take: ['cost <= 3', 'pot >= 8']"))
    else:
        for cond, line in zip(rules, rules.lines):
            try:
                take.append(expr.compile_condition(cond, VOCABULARY))
            except expr.ExprError as e:
                errors.append(InputError(e.message, path, line, hint=e.hint))
    name = data.get("name") or Path(path).stem
    if not isinstance(name, str):
        errors.append(InputError("'name' must be text", path, data.lines.get("name")))
        name = Path(path).stem
    if name_problem(name):
        errors.append(InputError(f"the bot's name {short(name)} {name_problem(name)}", path, data.lines.get("name")))
    if errors:
        raise InputErrors(errors)
    return Bot(name, tuple(take), str(data.get("description") or ""), path, hashlib.sha256(text.encode()).hexdigest(),
               text)


# ---------------------------------------------------------------- setups: rule variants
@dataclass(frozen=True)
class Variant:
    name: str = "standard"
    removed: int = 9
    chips: int = 0
    description: str = ""
    path: str | None = None
    sha256: str | None = None

    def with_rules(self, rules: dict, path: str | None = None, lines: dict | None = None) -> "Variant":
        values, errors = {}, []
        for key, raw in rules.items():
            line = (lines or {}).get(key)
            if key not in RULES:
                errors.append(InputError(f"unknown No Thanks! rule {short(key, 30)}", path, line,
                                         hint="rules: " + ", ".join(RULES)))
                continue
            lo, hi, _, _ = RULES[key]
            value = int(raw) if path is None and isinstance(raw, str) and raw.strip().isdecimal() and len(raw) < 4 \
                else raw
            if type(value) is not int or not lo <= value <= hi:
                errors.append(InputError(f"{key} must be a whole number from {lo} to {hi}, not {short(raw)}",
                                         path, line))
                continue
            values[key] = value
        if errors:
            raise InputErrors(errors)
        return replace(self, **values)

    def chips_for(self, players: int) -> int:
        return self.chips or CHIPS[players]


def parse_variant(data, path: str, text: str = "") -> Variant:
    if not isinstance(data, LineDict) or game_name(data.get("game")) != NAME:
        raise InputErrors([InputError("this is not a No Thanks! variant file", path,
                                      getattr(data, "lines", {}).get("game", 1),
                                      hint="a variant file has 'game: nothanks' and 'rules'")])
    bad = [k for k in data if k not in ("game", "name", "description", "rules")]
    rules = data.get("rules", {})
    if bad or not isinstance(rules, dict):
        raise InputErrors([InputError(f"unknown key {short(bad[0], 30)}" if bad else "'rules' must be a mapping",
                                      path, data.lines.get(bad[0] if bad else "rules"),
                                      hint="keys: game, name, description, rules")])
    return Variant(str(data.get("name") or Path(path).stem), description=str(data.get("description") or ""),
                   path=path, sha256=hashlib.sha256(text.encode()).hexdigest()).with_rules(
        dict(rules), path, getattr(rules, "lines", None))


# ---------------------------------------------------------------- the interface: loading
def load_bot(path) -> Bot:
    data, text = load_file(path)
    return parse_bot(data, str(path), text)


def is_bot(obj) -> bool:
    return isinstance(obj, Bot)


def load_setup(path) -> Variant:
    data, text = load_file(path)
    return parse_variant(data, str(path), text)


def is_setup(obj) -> bool:
    return isinstance(obj, Variant)


def parse_rules(items) -> dict:
    out = rule_pairs(items, "removed=12")
    Variant().with_rules(out)
    return out


def random_setups(n: int, bots: list, seed: int, rules: dict) -> list:
    raise InputError("No Thanks! has no random setups (its setups are rule variants)",
                     hint="compare variant files with -k")


def check_file(data, path: str, text: str) -> tuple:
    if isinstance(data, LineDict) and "rules" in data and "take" not in data:
        return "setup", parse_variant(data, path, text)
    return "bot", parse_bot(data, path, text)


def setup_warnings(bots: list, setup) -> list:
    return []


def items_table(edition=None) -> list:
    return [{"card": str(c), "cost": c, "types": "card", "editions": "base",
             "text": f"{c} points against you" + (f", none if you hold {c - 1}" if c > LOWEST else "")}
            for c in range(LOWEST, HIGHEST + 1)]


# ---------------------------------------------------------------- a match
@dataclass
class Match(BaseMatch):
    setup: Variant = None
    chips: int = 11
    #: per seat-bot, its take list: [((opcode, arg), ...), the machine's array: stack, then constants]
    programs: list = None


def make_match(bots: list, setup=None, rule_overrides: dict | None = None, seats: str = "rotate",
               check: bool = False) -> Match:
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS:
        raise InputError(f"No Thanks! takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(bots)}",
                         hint="give a bot file per seat, or --players")
    if seats not in SEAT_MODES:
        raise InputError(f"--seats must be one of {', '.join(SEAT_MODES)}, not {short(seats)}")
    setup = (setup or Variant()).with_rules(rule_overrides or {})
    programs = [[(tuple(p.code), np.concatenate([np.zeros(STACK), p.consts])) for p in b.take] for b in bots]
    return Match(list(bots), unique_names(bots), len(bots), seats, setup=setup, chips=setup.chips_for(len(bots)),
                 programs=programs)


def turn_cap(match) -> int:
    """The most turns a player can have. Every turn but the last ends with a chip paid onto
    the face-up card, and a card can take at most all the chips (players x chips) before
    someone without chips must take it; the turns go round the table in order."""
    return (HIGHEST - LOWEST + 1 - match.setup.removed) * match.chips + 2


def setup_record(match) -> dict:
    v = match.setup
    return {"name": v.name, "contents": [f"{v.removed} cards set aside", f"{match.chips} chips each"],
            "path": v.path, "sha256": v.sha256}


def rules_record(match) -> dict:
    return {"removed": match.setup.removed, "chips": match.chips}


def missing(match) -> list:
    return []


def empty_tally(match) -> Tally:
    return Tally.empty(match.players, MAX_PLAYERS, turn_cap(match), len(ENDINGS), len(ITEMS), len(BOT_COLS),
                       len(SEAT_COLS), SHARE)


def warm_up(match) -> None:
    """Compile dsim's condition machine (numba) by playing one game."""
    play(match, 0, 0, 1)


# ---------------------------------------------------------------- the engine
def card_score(cards) -> int:
    """The cards' score: of a run of consecutive numbers only the lowest counts."""
    return sum(c for c in cards if c - 1 not in cards)


def added_score(cards, c: int) -> int:
    """What card c adds to the score of ``cards``: its value unless it extends a run down
    from c - 1, less the value of c + 1 when it now extends c + 1's run."""
    return (0 if c - 1 in cards else c) - (c + 1 if c + 1 in cards else 0)


def _holds(prog, values) -> bool:
    """Run a compiled condition on dsim's stack machine (its generic opcodes); this game's
    one opcode pushes a variable."""
    code, F = prog
    sp = pc = 0
    while pc < len(code):
        op, arg = code[pc]
        if op == OP_VAR:
            F[sp] = values[arg]
            sp, pc = sp + 1, pc + 1
        else:
            sp, pc = stackvm.step(F, sp, pc, op, arg, STACK)
    return F[0] != 0.0


def _seats(match, seed: int, game: int) -> list:
    """The bot of each seat in game ``game``: rotated, as given, or shuffled."""
    n = match.players
    if match.seats == "rotate":
        return [(s + game) % n for s in range(n)]
    if match.seats == "random":
        return [int(b) for b in np.random.default_rng([seed, game, 1]).permutation(n)]
    return list(range(n))


def play_game(match, seed: int, game: int, paired: bool, on_choice=None) -> dict:
    """Game ``game`` of the run with ``seed`` (with ``paired``, the games of a deal, one per
    seat rotation, turn up the same cards): each seat's bot, points, chips, cards, turns,
    the cards it took (with the turn), and each turn's end as (seat, turn, points, chips).
    ``on_choice(seat, values, took)`` sees every decision."""
    n = match.players
    deck = [int(c) for c in np.random.default_rng([seed, game // n if paired else game]).permutation(
        np.arange(LOWEST, HIGHEST + 1))[match.setup.removed:]]
    bot = _seats(match, seed, game)
    chips, held, turns = [match.chips] * n, [set() for _ in range(n)], [1] + [0] * (n - 1)
    cs = [0] * n                              # card score per seat
    taken = [[] for _ in range(n)]            # (card, turn) per seat
    ends = []
    p, pot = 0, 0
    while deck:
        card = deck[-1]
        opp = [q for q in range(n) if q != p]
        add = added_score(held[p], card)
        values = [card, pot, chips[p], add - pot, min((abs(card - c) for c in held[p]), default=99),
                  len(held[p]), len(deck) - 1, cs[p] - chips[p], min(cs[q] for q in opp),
                  sum(1 for q in opp if card - 1 in held[q] or card + 1 in held[q]), n, turns[p]]
        took = chips[p] == 0 or any(_holds(prog, values) for prog in match.programs[bot[p]])
        if on_choice:
            on_choice(p, values, took)
        if took:
            deck.pop()
            held[p].add(card)
            cs[p] += add
            taken[p].append((card, turns[p]))
            chips[p] += pot
            pot = 0
            if not deck:
                ends.append((p, turns[p], chips[p] - cs[p], chips[p]))
        else:
            chips[p] -= 1
            pot += 1
            ends.append((p, turns[p], chips[p] - cs[p], chips[p]))
            p = (p + 1) % n
            turns[p] += 1
    # conservation, after every game: no chip or card created or lost, the scores agree
    assert sum(chips) == n * match.chips and pot == 0, "chips were created or lost"
    assert sum(map(len, held)) == HIGHEST - LOWEST + 1 - match.setup.removed, "cards were created or lost"
    assert cs == [card_score(h) for h in held], "the running card scores disagree with the cards held"
    points = [c - s for s, c in zip(cs, chips)]
    return {"bot": bot, "points": points, "chips": chips, "held": held, "turns": turns, "taken": taken,
            "ends": ends}


def play(match, seed: int, first_game: int, n_games: int, paired: bool = False, records: bool = False) -> tuple:
    """Games first_game .. first_game + n_games - 1 of the run with ``seed``, as a Tally
    (and their records, laid out as dsim's per-game records: simulator/kernels/tally_layout.py)."""
    t = empty_tally(match)
    n, cap = match.players, turn_cap(match)
    c, sc = {k: i for i, k in enumerate(BOT_COLS)}, {k: i for i, k in enumerate(SEAT_COLS)}
    rec = np.zeros((n_games if records else 0, GR_SEAT + GR_PER_SEAT * n), np.int32)
    unit = [0] * n
    for g in range(n_games):
        gi = first_game + g
        r = play_game(match, seed, gi, paired)
        for p, turn, pts, chips in r["ends"]:
            t.curve[r["bot"][p], turn] += (pts, chips, 1)
        best = max(r["points"])
        nwin = r["points"].count(best)
        length = max(r["turns"])
        t.length[min(length, cap + 1)] += 1
        t.ending[0] += 1
        if records:
            rec[g, [GR_GAME, GR_ENDING, GR_LENGTH]] = gi, 1, length
        for p, b in enumerate(r["bot"]):
            won = r["points"][p] == best
            w = SHARE // nwin if won else 0
            t.bot[b, [c["games"], c["vp"], c["turns"], c["w12"]]] += (1, r["points"][p], r["turns"][p], w)
            t.seat[b, p, [sc["games"], sc["w12"]]] += (1, w)
            outcome = "losses" if not won else "wins" if nwin == 1 else "ties"
            t.bot[b, c[outcome]] += 1
            t.seat[b, p, sc[outcome]] += 1
            unit[b] += w
            for card, turn in r["taken"][p]:
                t.gained[b, card - LOWEST] += 1
                t.gained_turn[b, turn, card - LOWEST] += 1
            if records:
                rec[g, GR_SEAT + GR_PER_SEAT * p:GR_SEAT + GR_PER_SEAT * (p + 1)] = b, r["points"][p], r["turns"][p], w
        if not paired or gi % n == n - 1:
            t.unit[0] += 1
            for b in range(n):
                t.unit[1 + 2 * b] += unit[b]
                t.unit[2 + 2 * b] += unit[b] * unit[b]
                unit[b] = 0
    t.games = n_games
    return t, (rec if records else None)


def records_frame(match, rec) -> dict:
    rows = {"game": rec[:, GR_GAME], "ending": [ENDINGS[e - 1] for e in rec[:, GR_ENDING]],
            "length": rec[:, GR_LENGTH]}
    for s in range(match.players):
        o = GR_SEAT + GR_PER_SEAT * s
        rows[f"seat{s + 1}_bot"] = [match.bot_names[b] for b in rec[:, o]]
        rows[f"seat{s + 1}_points"] = rec[:, o + 1]
        rows[f"seat{s + 1}_turns"] = rec[:, o + 2]
        rows[f"seat{s + 1}_win"] = rec[:, o + 3] / SHARE
    return rows


def chips(n: int) -> str:
    return f"{n} chip" + ("" if n == 1 else "s")


def log_text(match, seed: int, game: int) -> str:
    """Game ``game`` of the run with ``seed``, decision by decision."""
    names, lines = match.bot_names, []
    seats = _seats(match, seed, game)

    def choice(p, v, took):
        who = f"{names[seats[p]]} (seat {p + 1}), turn {v[V['turn']]}"
        what = f"takes it (cost {v[V['cost']]:+d})" if took else "says No thanks"
        lines.append(f"{who}: card {v[V['card']]}, pot {v[V['pot']]}, {chips(v[V['chips']])}: {what}")

    r = play_game(match, seed, game, False, on_choice=choice)
    head = [f"No Thanks! game {game} of seed {seed}: {match.players} players, "
            f"{HIGHEST - LOWEST + 1 - match.setup.removed} cards ({match.setup.removed} set aside unseen), "
            f"{chips(match.chips)} each",
            "seats: " + ", ".join(f"{s + 1} {names[b]}" for s, b in enumerate(seats))]
    best = max(r["points"])
    tail = [f"{names[b]}: {r['points'][p]} points (cards {' '.join(map(str, sorted(r['held'][p]))) or 'none'}: "
            f"{card_score(r['held'][p])}; {chips(r['chips'][p])})" for p, b in enumerate(r["bot"])]
    won = [names[b] for p, b in enumerate(r["bot"]) if r["points"][p] == best]
    return "\n".join(head + lines + tail + [("winner: " if len(won) == 1 else "shared win: ") + ", ".join(won)])


Match.ENGINE = sys.modules[__name__]   # what dsim's Match reads: NAME, LABELS, ENDINGS, turn_cap, ...
