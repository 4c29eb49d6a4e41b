"""One game as readable text, rendered from the events the engine records.

The engine writes (code, player, card, value) events while it plays (log mode); this
module only formats them, so the log always shows exactly what the engine did.
"""
from __future__ import annotations

from ..lang.search import rollout_text
from ..run.stats import wilson
from . import layout as E
from .cards import BY_NAME, CARDS, TYPE_BITS, card_name as _name
from .strategy import CARD_MODES, DEFAULT_LISTS, LISTS, MODES, OPTIONS, VOCABULARY, WISH, default_rules

ZONE_WORDS = {E.Z_DISC: "", E.Z_HAND: " into hand", E.Z_DRAW: " onto the deck"}
ENDINGS = {E.END_PROVINCES: "the Province pile is empty", E.END_PILES: "supply piles are empty",
           E.END_CAP: "the turn cap was reached (the game is reported as capped)"}
#: events of the same player and kind that are listed together on one line
GROUPED = {E.EV_DRAW: "draws", E.EV_REVEAL: "reveals", E.EV_DISCARD: "discards", E.EV_TRASH: "trashes",
           E.EV_SETASIDE: "sets aside", E.EV_BACK: "puts back on the deck", E.EV_TOPDECK: "puts onto the deck"}


LIST_KEYS = {**{v: k for k, v in LISTS.items()}, E.L_MODE: "choose"}
OPTION_KEYS = {v: k for k, v in OPTIONS.items()}
#: the engine's defaults (docs/bots.md), by the list they stand for and the card being
#: resolved; ``None``: any card
DEFAULT_WHY = {
    ("discard", "Cellar"): "another Cellar, else a Copper while the draw pile averages over 1 coin a card",
    ("discard", "Spy"): "your good cards (Actions, Treasures above Copper) stay, others' go; your junk goes, "
                        "theirs stays",
    ("discard", None): "the card least wanted: Curses, then Victory cards, then Actions it could not play, "
                       "then the cheapest",
    ("trash", "Chapel"): "Curses, then Estates while Provinces > 4, then Coppers while money stays over 6 "
                         "and the buy stays the same",
    ("trash", "Remodel"): "the best trade (a Gold for a Province, a Curse for anything, an Estate early...), "
                          "else the card least wanted",
    ("trash", "Mine"): "the Treasure whose upgrade gains the most (1st edition: else the cheapest)",
    ("trash", None): "the card least wanted",
    ("topdeck", "Harbinger"): "Gold, else the costliest Action, else a Treasure above Copper",
    ("topdeck", "Bureaucrat"): "the cheapest Victory card",
    ("topdeck", "Artisan"): "a card this turn can spare, else the cheapest Treasure, else the card least wanted",
    ("topdeck", None): "the card least wanted",
    ("gain", "Thief"): "the costliest Treasure, gained unless it is a Copper",
    ("gain", None): "no rule of the gain list fits: the costliest Treasure within the cost (Copper last), "
                    "then an Action, a Victory card, a Curse",
    ("set_aside", None): "every Action when no Action is left to play",
    ("play", None): "1st edition: an Action in hand must be chosen, the first one",
    ("choose", "Pawn"): "+1 Card, and +1 Action when an Action waits in hand and none is left, else +1 coin",
    ("choose", "Steward"): "trash when the trash list would trash 2 cards that give no coins, else +2 coins "
                           "when they change the buy, else +2 Cards",
    ("choose", "Nobles"): "+2 Actions when an Action waits in hand and none is left, else +3 Cards",
    ("choose", "Wishing Well"): "the card the draw pile holds most of",
    ("trash", "Steward"): "the trash list's cards, else the cards lost least (a Curse, an early Estate, a Copper, "
                          "a late Estate, the cheapest, Victory cards last)",
    ("trash", "Trading Post"): "the trash list's cards, else the cards lost least (a Curse, an early Estate, a "
                               "Copper, a late Estate, the cheapest, Victory cards last)",
    ("topdeck", "Courtyard"): "a card this turn can spare, else the cheapest Treasure, else the card least wanted",
    ("topdeck", "Secret Passage"): "a card this turn can spare, else the cheapest Treasure, else the card least "
                                   "wanted; a Curse, Victory card or Copper to the bottom",
    ("choose", "Lurker"): "gain an Action of the trash the gain list names, else trash the Supply's costliest Action",
    ("choose", "Minion"): "+2 coins when another Action waits in hand, when the hand then buys what the buy list "
                          "buys with coins to spare, or when the 4 cards would reshuffle a discard pile of more than "
                          "3 Coppers, Curses and Victory cards of no other type, else the attack",
    ("choose", "Torturer"): "discard 2 cards, unless the Curses have run out",
    ("choose", "Courtier"): "+3 coins when they turn the buy into a Victory card, else a Gold; then the other",
    ("choose", "Swindler"): "a Curse, a Victory card, else the card of that cost giving the least money",
    ("trash", "Lurker"): "the Supply's costliest Action",
    ("trash", "Upgrade"): "a Curse, else the card least wanted whose upgrade the gain list takes, else the trash "
                          "list's, else the card lost least",
    ("discard", "Secret Chamber"): "the discard list, then every card that gives nothing this turn",
    ("gain", "Saboteur"): "the costliest Treasure, else Action, within the cost (never Copper); else nothing",
    ("gain", "Upgrade"): "the first Treasure, Action, Victory card or Curse costing exactly that",
    ("pass", None): "the card least wanted",
}
#: what a yes/no option does without a rule
OPTION_DEFAULTS = {"mining_village_trash": "trashed when the 2 coins change the buy",
                   "mill_discard": "when 2 cards of the hand give nothing this turn (or 1 and a Copper's coin "
                                   "changes the buy)"}


_TYPE_NAMES = {bit: name for name, bit in TYPE_BITS.items()}


def value_name(op: int, a: int) -> str:
    """The name of what opcode ``op`` with argument ``a`` reads, as a bot's condition writes it."""
    return VOCABULARY.read_name(op, a, lambda kind, x: _name(x) if kind == "card" else _TYPE_NAMES.get(x, x))


def _rule_of(bot, key: str, i: int):
    """Rule i of the bot's list ``key`` as the engine reads it (its own, the buy list for a
    gain list it lacks, or the default list), or None."""
    own = bot.rules(key) if key in LISTS else None
    if own is not None:
        return own[i] if i < len(own) else None
    if key == "gain":
        return bot.buy[i] if i < len(bot.buy) else None
    rules = default_rules(key) if key in DEFAULT_LISTS else ()
    return rules[i] if i < len(rules) else None


#: the reasons a rule passed over for its card alone, said once for all its cards
_GROUPED_WHY_NOT = {E.WN_COST: "too dear", E.WN_EMPTY: "pile empty", E.WN_ABSENT: "none in hand",
                    E.WN_TYPE: "not of the type asked", E.WN_SAME: "the card just trashed"}


def why_not_text(bot, key: str, passed: list) -> str:
    """The rules above the one that decided (``passed``: (rule index, WN_* reason, detail,
    [(opcode * EV_ARG + argument, value)] read by a false condition)), each with why it did
    not choose, in one line: the cards refused for the same plain reason (too dear, pile
    empty ...) together, once each, where the first stands; a false condition with the
    values it read."""
    parts: list = []            # [reason, [cards]] for a group, or a text
    groups: dict = {}
    for i, reason, detail, values in passed:
        rule = _rule_of(bot, key, i)
        card = rule.card.name if rule is not None else f"rule {i + 1}"
        if reason == E.WN_COND and rule is not None and rule.cond is not None:
            seen = ", ".join(f"{value_name(x // E.EV_ARG, x % E.EV_ARG)} = {v}" for x, v in dict(values).items())
            parts.append(f"{card}: '{rule.cond.text}' is false" + (f" ({seen})" if seen else ""))
        elif reason in _GROUPED_WHY_NOT:
            if reason not in groups:
                groups[reason] = (detail, [])
                parts.append(reason)
            if card not in groups[reason][1]:
                groups[reason][1].append(card)
        else:
            parts.append(f"{card}: the end-game guard refused it" if reason == E.WN_GUARD else f"{card}: not chosen")
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            continue
        detail, cards = groups[part]
        if part == E.WN_COST:
            out.append(f"too dear with {detail} coin{'s' if detail != 1 else ''}: "
                       + ", ".join(f"{c} ({BY_NAME[c].cost})" for c in cards))
        else:
            out.append(f"{_GROUPED_WHY_NOT[part]}: {', '.join(cards)}")
    return "; ".join(out)


def _rule_where(bot, key: str, i: int) -> str:
    """Rule i of the bot's list ``key`` as the log's why-line says it."""
    if key == "choose":  # its rules, card by card, in the file's order
        rules = [(card, r) for card, rs in bot.choose.items() for r in rs]
        if i >= len(rules):
            return f"choose: rule {i + 1}"
        card, (m, prog, line) = rules[i]
        return f"choose {card} (line {line}): {mode_name(card, m)}" + (f": {prog.text}" if prog else "")
    own = bot.rules(key)
    if own is not None and i < len(own):
        r = own[i]
        return f"{key} rule {i + 1}" + (f" (line {r.line})" if r.line else "") + f": {r.text}"
    if key == "play":
        return "play: the default order (an Action the play list does not name)"
    if key == "gain" and own is None and i < len(bot.buy):
        r = bot.buy[i]
        return f"gain: no gain list, so buy rule {i + 1}" + (f" (line {r.line})" if r.line else "") + f": {r.text}"
    if key in DEFAULT_LISTS:
        return f"{key}: the default list's rule {i + 1}: {default_rules(key)[i].text}"
    return f"{key}: rule {i + 1}"


def why_text(bot, lst: int, v: int, resolving: str | None) -> str:
    """What an EV_WHY event says decided a choice of ``bot`` (``resolving``: the card whose
    effect asks, if any)."""
    if lst == E.WHY_SEARCH:
        what = "gain" if v >= 2 else "buy"
        return "search: " + (f"its list's own {what}" if v % 2 == 0 else
                             f"a {what} its rollouts found better than its list's")
    if lst >= E.WHY_OPTION:
        key = OPTION_KEYS.get(lst - E.WHY_OPTION, "option")
        if v == E.WHY_DEFAULT:
            return f"{key}: {OPTION_DEFAULTS.get(key, 'yes')} (the default: the bot has no {key} option)"
        return f"{key}: {'yes' if v else 'no'}, its condition '{bot.options[key].text}' " + \
            ("holds" if v else "does not hold")
    key = LIST_KEYS.get(lst, "list")
    if v == E.WHY_NO_RULE:
        return f"{key}: no rule holds"
    if v == E.WHY_DEFAULT:
        text = DEFAULT_WHY.get((key, resolving)) or DEFAULT_WHY.get((key, None), "the engine's default")
        return f"{key}: default ({resolving + ': ' if resolving else ''}{text})"
    return _rule_where(bot, key, v)


def mode_name(card: str, m: int) -> str:
    """A "choose" card's mode m as a bot file names it (Wishing Well's, Swindler's: a card)."""
    return _name(m) if card in CARD_MODES else MODES[card][m]


def search_text(rows: list, v: int) -> str:
    """What a search bot's rollouts found (EV_SEARCH rows: [card or -1, win twelfths,
    rollouts]) and whether the buy (v 0 or 1) or gain (2 or 3) is its list's own (v even)."""
    return rollout_text([(_name(c) if c >= 0 else "nothing", w / (E.SHARE * n), n) for c, w, n in rows],
                        "gain" if v >= 2 else "buy", v % 2 == 0, 6, wilson)


def _join(cards: list[int]) -> str:
    out, i = [], 0
    while i < len(cards):
        j = i
        while j < len(cards) and cards[j] == cards[i]:
            j += 1
        n = j - i
        out.append(_name(cards[i]) + (f" x{n}" if n > 1 else ""))
        i = j
    return ", ".join(out)


def render(events, seat_names: list[str], header: str = "", empty_piles=(), seat_bots=None) -> str:
    """The game's events as text: one block per turn, one line per action.
    ``empty_piles``: the piles empty at the end (named when the game ends on piles);
    ``seat_bots``: each seat's bot, to say before each choice what decided it (``--why``;
    None: the log leaves the why out)."""
    text = _Text(seat_names, header, empty_piles, seat_bots)
    for code, p, c, v in (tuple(int(x) for x in e) for e in events):
        text.event(code, p, c, v)
    text.flush()
    return "\n".join(text.lines).strip("\n") + "\n"


class _Text:
    """The log's text as the events come: the lines so far, a group of cards being built
    (draws, discards ...), the hand not shown yet, whose turn it is and what is resolving.
    Each event's handler writes its line; one that returns True keeps the buy just made
    (its gain is the buy's, not written again)."""

    def __init__(self, seat_names, header, empty_piles, seat_bots):
        self.lines = ([header] if header else []) + ["Setup"]
        self.who, self.empty_piles, self.seat_bots = seat_names, empty_piles, seat_bots
        self.pending: list = []    # (code, player, [cards]) of a group being built
        self.hand: list[int] = []
        self.current = -1
        self.cleanup = False
        self.after_buy = None
        self.resolving = None      # the card whose effect is being resolved
        self.passed: list = []     # the rules above the next choice's, and why each did not choose
        self.searched: list = []   # a search bot's options for the next buy: [card, win twelfths, rollouts]
        self.why_lines = 1         # the lines the last why wrote
        self.last_why = None       # (player, list) of the why-line just written

    def other(self, p):
        """The player's name and a space, unless it is the player whose turn it is."""
        return self.who[p] + " " if p != self.current else ""

    def flush(self):
        if self.pending:
            code, p, cards = self.pending[0]
            verb = GROUPED[code]
            if code == E.EV_DRAW and p == self.current and self.cleanup:
                verb = "draws next hand:"
            self.lines.append(f"  {self.other(p)}{verb} {_join(cards)}")
            self.pending.clear()

    def show_hand(self):
        if self.hand:
            self.lines.append(f"  hand: {_join(self.hand)}")
            self.hand.clear()

    def event(self, code, p, c, v):
        if code == E.EV_SEARCH:
            self.searched.append([c, v, 0])
            return
        if code == E.EV_SEARCHN:
            self.searched[-1][2] = v
            return
        if code == E.EV_WHY and c == E.WHY_SEARCH:
            if self.seat_bots is not None:
                self.lines.append("    " + search_text(self.searched, v))
            self.searched = []
            return
        if code == E.EV_WHY:
            self.why(p, c, v)
            self.passed = []
            return
        if code == E.EV_WHYNOT:
            self.passed.append((c, v % E.WN_DETAIL, v // E.WN_DETAIL, []))
            return
        if code == E.EV_VALUE:
            if self.passed:
                self.passed[-1][3].append((c, v))
            return
        self.last_why = None
        if code in GROUPED:
            if self.pending and (self.pending[0][0] != code or self.pending[0][1] != p):
                self.flush()
            if not self.pending:
                self.pending.append((code, p, []))
            self.pending[0][2].append(c)
            return
        self.flush()
        handler = self.HANDLERS.get(code)
        if code in _LINES:
            self.lines.append(_LINES[code].format_map(_Fields(self, p, c, v)))
        if not (handler is not None and handler(self, p, c, v)):
            self.after_buy = None

    def why(self, p, c, v):
        if self.seat_bots is None or self.seat_bots[p].random:
            return
        self.flush()
        self.show_hand()
        lines = ["    why" + (f", for {self.who[p]}" if p != self.current else "") +
                 f": {why_text(self.seat_bots[p], c, v, self.resolving)}"]
        if self.passed and c < E.WHY_OPTION:  # the rules above it, and why each did not choose
            lines.append(f"      {'above it' if v >= 0 else 'each rule'}: "
                         f"{why_not_text(self.seat_bots[p], LIST_KEYS.get(c, 'list'), self.passed)}")
        if self.last_why == (p, c) and self.lines[-self.why_lines].startswith("    why"):
            if len(lines) == 1 and self.why_lines == 2:  # no rule held, then a default decided: why none held stays
                lines.append(self.lines[-1])
            del self.lines[-self.why_lines:]  # what was weighed first and then decided otherwise: the last word
        self.lines += lines
        self.last_why, self.why_lines = (p, c), len(lines)

    def turn(self, p, c, v):
        self.current = p
        self.cleanup = False
        self.resolving = None
        self.lines += ["", f"Turn {v} — {self.who[p]}"]
        self.hand.clear()

    def hand_card(self, p, c, v):
        self.hand.append(c)
        return True

    def play(self, p, c, v):
        self.show_hand()
        self.resolving = _name(c)
        if v == 1:
            self.lines.append(f"  plays {_name(c)} (from Vassal)")
        elif "Treasure" in CARDS[c].types and "Action" not in CARDS[c].types:
            if self.lines[-1].startswith("  plays treasures: "):
                self.lines[-1] += f", {_name(c)}"
            else:
                self.lines.append(f"  plays treasures: {_name(c)}")
        else:
            self.lines.append(f"  plays {_name(c)}")

    def throne(self, p, c, v):
        self.resolving = _name(c)
        self.lines.append(f"  Throne Room plays {_name(c)} twice")

    def coins(self, p, c, v):
        self.show_hand()
        self.resolving = None
        self.lines.append(f"  has {v} coin{'' if v == 1 else 's'}")
        self.cleanup = True

    def buy(self, p, c, v):
        self.lines.append(f"  buys {_name(c)}")
        self.after_buy = c
        return True

    def gain(self, p, c, v):
        if not (self.after_buy == c and p == self.current):  # a buy's gain is the buy's line
            self.lines.append(f"  {self.other(p)}gains {_name(c)}{ZONE_WORDS.get(v, '')}")

    def mode(self, p, c, v):
        card = _name(c)
        self.lines.append(f"  {self.other(p)}names {_name(v)}" if card == WISH else
                          f"  {self.other(p)}chooses {mode_name(card, v)}")

    def passed_on(self, p, c, v):
        self.lines.append(f"  {self.who[p]} passes {_name(c)} to {self.who[v]}")

    def guard(self, p, c, v):
        stops = ""
        if self.seat_bots is not None:
            stops = "; it passes over " + _rule_where(self.seat_bots[p], LIST_KEYS.get(v % E.NL, "list"), v // E.NL)
        self.lines.append(f"  (end-game guard: not {_name(c)}, it would end the game in a loss{stops})")

    def end(self, p, c, v):
        why = ENDINGS.get(v, "ended")
        if v == E.END_PILES and self.empty_piles:
            why = f"{len(self.empty_piles)} {why}: {', '.join(_name(x) for x in self.empty_piles)}"
        self.lines += ["", f"Game over: {why}."]

    HANDLERS = {E.EV_TURN: turn, E.EV_HAND: hand_card, E.EV_PLAY: play, E.EV_THRONE: throne, E.EV_COINS: coins,
                E.EV_BUY: buy, E.EV_GAIN: gain, E.EV_GUARD: guard, E.EV_END: end, E.EV_MODE: mode,
                E.EV_PASS: passed_on}


#: the events written as one line each: {other} is the player's name and a space, unless it
#: is the player whose turn it is; {name} the player's name; {cs} and {vs} a plural's s (of c, v);
#: {card}, {c} and {v} the event's
_LINES = {E.EV_SHUFFLE: "  {other}shuffles {v} card{vs}", E.EV_NOGAIN: "  {other}cannot gain {card}: its pile is empty",
          E.EV_REACT: "  {name} reveals {card} and is unaffected",
          E.EV_DECK: "  puts the deck ({v} card{vs}) into the discard pile", E.EV_NOTHING: "  {card} does nothing",
          E.EV_SCORE: "  {name}: {v} VP in {c} turn{cs}",
          E.EV_BOTTOM: "  {other}puts {card} at the bottom of the deck",
          E.EV_SUPPLY_TRASH: "  {other}trashes {card} from the Supply"}


class _Fields(dict):
    """An event's fields for a line of ``_LINES``, each found when the line names it."""

    def __init__(self, text: _Text, p: int, c: int, v: int):
        super().__init__(c=c, v=v, cs="" if c == 1 else "s", vs="" if v == 1 else "s")
        self.text, self.p, self.c = text, p, c

    def __missing__(self, key):
        if key == "card":
            return _name(self.c)
        return self.text.other(self.p) if key == "other" else self.text.who[self.p]


def game_text(state, match, seed: int, game: int, why: bool = False) -> str:
    """The log of game ``game`` of the run with ``seed``, as played in ``state``; with
    ``why``, each choice a bot makes follows a line saying which rule or default made it."""
    seats = [int(state.S[E.S_SEAT + s]) for s in range(match.players)]
    names = [f"{match.bot_names[b]} (seat {s + 1})" for s, b in enumerate(seats)]
    k = match.kingdom
    kname = k.name + (f" ({', '.join(k.card_names()) or match.ENGINE.LABELS['no_setup']})" if not k.complete else "")
    head = (f"Game {game} of seed {seed}: {' vs '.join(names)}\n"
            f"kingdom: {kname}; rules: " + " ".join(f"{a}={b}" for a, b in match.rules.as_dict().items()))
    empty = [c for c in range(len(CARDS)) if match.sup0[c] > 0 and state.supply(c) == 0]
    text = render(state.events(), names, head, empty, [match.bots[b] for b in seats] if why else None)
    if int(state.S[E.G_NEV]) >= int(state.S[E.G_EVCAP]):
        text += "(log truncated: the game recorded more events than the log holds)\n"
    # the winner line, from the tally of this one game, with what decided it
    t = state.tally(1)
    won = [b for b in range(len(match.bots)) if t.bot[b, E.TB_WINS] or t.bot[b, E.TB_TIES]]
    if won:
        scores = {int(p): (int(v), int(c)) for code, p, c, v in state.events() if code == E.EV_SCORE}
        best = max(v for v, _ in scores.values())
        tied = sorted(s for s, (v, _) in scores.items() if v == best)
        rule = match.rules.tiebreak
        if len(tied) == 1:
            why = f"most VP: {best}"
        elif len(won) == 1:
            turns = [scores[s][1] for s in tied]
            why = f"tied on {best} VP, fewer turns: {min(turns)} against {max(turns)}"
        else:
            n = scores[tied[0]][1]
            why = f"tied on {best} VP" + (f" in {n} turn{'' if n == 1 else 's'} each" if rule == "turns" else "") + \
                f"; tiebreak: {rule}"
        text += ("Winner: " if len(won) == 1 else "Shared win: ") + ", ".join(match.bot_names[b] for b in won) + \
            f" ({why})\n"
    return text
