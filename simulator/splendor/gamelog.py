"""One Splendor game as text, rendered from the events the engine recorded (this module
only formats them: the log shows exactly what the engine did)."""
from __future__ import annotations

from ..lang.search import rollout_text
from ..run.stats import wilson
from . import layout as E
from .bots import LISTS, VOCABULARY
from .cards import CARDS, COLOURS, NOBLES, TOKENS

ENDINGS = {E.END_POINTS: "a player reached the target and the round was finished",
           E.END_STALL: "a round of turns changed nothing anyone holds, and would again (a stalemate)",
           E.END_CAP: "the turn cap was reached (reported as capped)"}


LIST_KEYS = {v: k for k, v in LISTS.items()}
#: the defaults' steps (docs/splendor.md), by the list each stands in for
DEFAULT_STEPS = {
    ("buy", 1): "default 1: no buy list, the card with most points it can afford",
    ("take", 2): "default 2: gems for its aim (the first buy rule's card it cannot afford yet, else the "
                 "closest card in view)",
    ("buy", 3): "default 3: no gem can be taken, the best card it can afford",
    ("reserve", 4): "default 4: nothing else to do, the face-up card with most points (or a deck's top)",
    ("return", 1): "default: a colour it did not take this turn, the one it holds most beyond its aim; gold last",
    ("noble", 1): "default: the noble an opponent is closest to",
}


def why_text(bot, lst: int, v: int) -> str:
    """What an EV_WHY event says decided a move of ``bot``."""
    key = LIST_KEYS.get(lst, "list")
    if v < 0:
        return DEFAULT_STEPS.get((key, -v), f"{key}: default")
    rules = bot.rules(key)
    if v >= len(rules):
        return f"{key} rule {v + 1}"
    r = rules[v]
    return f"{key} rule {v + 1}" + (f" (line {r.line})" if r.line else "") + f": {r.text}"


#: why a rule was passed over (a false condition says the values it read)
_WHY_NOT = {E.WN_NONE: {"buy": "no card it names can be bought", "reserve": "no card it names is face up",
                        "take": "no card it names to take gems for"},
            E.WN_DECK: "its deck is empty", E.WN_FULL: "three cards are reserved"}


def why_not_text(bot, passed: list) -> str:
    """The rules a move passed over (``passed``: (list, rule index, WN_*, [(opcode *
    EV_ARG + argument, value)])), each with why, in one line: the rules of a list skipped
    for the same plain reason together."""
    def value_name(x: int) -> str:
        return VOCABULARY.read_name(x // E.EV_ARG, x % E.EV_ARG, lambda kind, a: (
            (list(COLOURS) + ["gold"])[a] if kind in ("colour", "gold") and a <= len(COLOURS)
            else (f"level{a}" if a else "any_level") if kind == "level" else str(a)))
    out, plain = [], {}
    for lst, i, why, values in passed:
        key = LIST_KEYS.get(lst, "list")
        rules = bot.rules(key)
        rule = rules[i] if i < len(rules) else None
        if why == E.WN_COND and rule is not None and rule.cond is not None:
            seen = ", ".join(f"{value_name(x)} = {v}" for x, v in dict(values).items())
            out.append(f"{key} {i + 1} '{rule.cond.text}' is false" + (f" ({seen})" if seen else ""))
            continue
        said = _WHY_NOT.get(why, "not chosen")
        said = said.get(key, "") if isinstance(said, dict) else said
        if (key, said) not in plain:
            plain[(key, said)] = []
            out.append((key, said))
        plain[(key, said)].append(str(i + 1))
    return "; ".join(x if isinstance(x, str) else f"{x[0]} {', '.join(plain[x])}: {x[1]}" for x in out)


def card_text(c: int) -> str:
    return CARDS[c].name


def tokens_text(t: list[int]) -> str:
    parts = [f"{n} {TOKENS[k]}" for k, n in enumerate(t) if n]
    return ", ".join(parts) if parts else "none"


LETTERS = "WUGRK"  # white, blue, green, red, black, as the cards' costs are written


def short_tokens(t) -> str:
    """Tokens as '3W 1U 2 gold' (the cards' letters), 'none' when there are none."""
    parts = [f"{n}{LETTERS[k]}" for k, n in enumerate(t[:E.NGEM]) if n]
    if len(t) > E.NGEM and t[E.GOLD]:
        parts.append(f"{t[E.GOLD]} gold")
    return " ".join(parts) or "none"


def slot_text(slot: int) -> str:
    return f"level {slot // E.FACE_UP + 1} slot {slot % E.FACE_UP + 1}"


def render(events, seat_names: list[str], players: int, header: str = "", seat_bots=None) -> str:
    """The game's text: each round's board and nobles (with how many cards each player
    still lacks for each noble), each turn's moves with what was paid and each refill as
    it happens (or the slot that stays empty), then the player's tokens, bonuses, cards
    and points, and the bank. With ``seat_bots`` (each seat's bot: ``--why``), each move
    is followed by the rule or default that chose it, in brackets."""
    text = _Text(seat_names, players, header, seat_bots)
    for code, p, c, v in (tuple(int(x) for x in e) for e in events):
        handler = text.HANDLERS.get(code)
        if handler is not None:
            handler(text, p, c, v)
    text.end_turn()
    return "\n".join(text.lines) + "\n"


class _Text:
    """The table as the log's reader sees it, event by event (the board, the nobles, each
    player's tokens, bonuses, points, cards and reserves, the bank), and the lines so far:
    a turn's moves are gathered and written as one line when the turn ends."""

    def __init__(self, seat_names, players: int, header: str, seat_bots):
        self.lines = [header] if header else []
        self.seat_names, self.players, self.seat_bots = seat_names, players, seat_bots
        self.board = [-1] * (E.NLEVEL * E.FACE_UP)
        self.nobles: list[int] = []
        self.tokens = [[0] * E.NTOK for _ in range(players)]
        self.bank = [E.GEMS_BY_PLAYERS[players]] * E.NGEM + [E.GOLD_TOKENS]
        self.bonus = [[0] * E.NGEM for _ in range(players)]
        self.points = [0] * players
        self.cards = [0] * players
        self.reserved: list[list[int]] = [[] for _ in range(players)]
        self.acts: list[str] = []
        self.paid: list[tuple[int, int]] = []
        self.revealed: dict[int, int] = {}  # slot -> card turned up since the last move (the engine logs it first)
        self.cur = -1
        self.shown_round = 0
        self.why = ""                # what decided the next move (the last EV_WHY before it)
        self.passed: list = []       # the rules the next move passed over (EV_WHYNOT, EV_VALUE)
        self.above = ""              # ... said in words, once an EV_WHY came after them
        self.pay_why: list[str] = []  # the pay_gold rules that paid gold for gems in the coming buy
        self.searched: list = []     # a search bot's options for the next move: [move, win twelfths, rollouts]

    def act(self, text: str, tail: str = ""):
        """A move, the why of it (``--why``: the rule or default, then the rules it passed
        over and why), then what followed from it (payment, refill)."""
        why = self.why + (f"; passed over: {self.above}" if self.why and self.above else "")
        self.acts.append(text + (f" [{why}]" if why else "") + tail)
        self.why = self.above = ""

    def short_of(self, p: int, n: int) -> int:
        return sum(max(0, r - b) for r, b in zip(NOBLES[n].req, self.bonus[p]))

    def board_lines(self):
        out = []
        for lv in range(E.NLEVEL, 0, -1):
            row = [card_text(c) if c >= 0 else "(empty)" for c in self.board[(lv - 1) * E.FACE_UP:lv * E.FACE_UP]]
            out.append(f"    level {lv}: " + " | ".join(row))
        out += [f"    noble {NOBLES[n].name[6:]}: cards lacking " + ", ".join(
            f"{self.seat_names[p]} {self.short_of(p, n)}" for p in range(self.players)) for n in self.nobles] \
            or ["    nobles: none"]
        return out

    def took_from_board(self, c: int) -> str:
        """Card c left the board: its slot takes the card turned up, or stays empty."""
        if c < 0 or c not in self.board:  # from a deck's top, or a hidden card (-level): no slot
            return ""
        slot = self.board.index(c)
        self.board[slot] = self.revealed.pop(slot, -1)
        return (f"; {slot_text(slot)} refilled with {card_text(self.board[slot])}" if self.board[slot] >= 0 else
                f"; {slot_text(slot)} stays empty (its deck is empty)")

    def end_turn(self):
        if self.cur >= 0 and self.acts:
            p = self.cur
            held = [f"bonuses {short_tokens(self.bonus[p])}" if any(self.bonus[p]) else "no bonuses",
                    f"{self.cards[p]} card{'' if self.cards[p] == 1 else 's'}, "
                    f"{self.points[p]} point{'' if self.points[p] == 1 else 's'}"] \
                + ([f"reserved {len(self.reserved[p])}"] if self.reserved[p] else [])
            self.lines.append(f"  {self.seat_names[p]}: {'; '.join(self.acts)}  -> tokens "
                              f"{tokens_text(self.tokens[p])}; " + "; ".join(held))
            self.lines.append("      bank: " + " ".join(f"{n}{LETTERS[k]}" for k, n in enumerate(self.bank[:E.NGEM]))
                              + f" {self.bank[E.GOLD]} gold")
            self.acts.clear()

    # ---- one handler per event
    def on_search(self, p, c, v):
        self.searched.append([c, v, 0])

    def on_search_n(self, p, c, v):
        self.searched[-1][2] = v

    def move_words(self, p: int, a: int) -> str:
        """Move ``a`` (an AC_ number) of player p, in words, on the table as it stands."""
        if a >= E.AC_BUY:
            pos = a - E.AC_BUY
            c = self.board[pos] if pos < E.NLEVEL * E.FACE_UP else self.reserved[p][pos - E.NLEVEL * E.FACE_UP]
            return f"buy {card_text(c)}" if c >= 0 else "buy a reserved card"
        if a >= E.AC_DECK:
            return f"reserve from deck {a - E.AC_DECK + 1}"
        if a >= E.AC_RESERVE:
            return f"reserve {card_text(self.board[a - E.AC_RESERVE])}"
        if a >= E.AC_TAKE2:
            return f"take 2 {COLOURS[a - E.AC_TAKE2]}"
        return "take " + "".join(LETTERS[k] for k in range(E.NGEM) if (a - E.AC_TAKE) >> k & 1)

    def search_text(self, p: int, v: int) -> str:
        """What a search bot's rollouts found (EV_SEARCH) and whether the move is its list's
        own (v == 0)."""
        return rollout_text([(self.move_words(p, a), w / (E.SHARE * n), n) for a, w, n in self.searched], "move",
                            v == 0, 5, wilson)

    def on_why(self, p, c, v):
        if c == E.L_SEARCH:
            if self.seat_bots is not None:
                self.why = self.search_text(p, v)
            self.searched = []
            return
        if self.seat_bots is not None and not self.seat_bots[p].random:
            if c == E.L_PAY_GOLD:
                self.pay_why.append(why_text(self.seat_bots[p], c, v))
            else:
                self.why = why_text(self.seat_bots[p], c, v)
                if self.passed:
                    self.above = why_not_text(self.seat_bots[p], self.passed)
        self.passed = []

    def on_why_not(self, p, c, v):
        self.passed.append((c // E.WN_LIST, c % E.WN_LIST, v, []))

    def on_value(self, p, c, v):
        if self.passed:
            self.passed[-1][3].append((c, v))

    def on_reveal(self, p, c, v):
        if self.cur < 0:  # the deal
            self.board[v] = c
        else:
            self.revealed[v] = c

    def on_noble_up(self, p, c, v):
        self.nobles.append(c)

    def on_turn(self, p, c, v):
        self.end_turn()
        self.why = ""
        self.cur = p
        if v != self.shown_round:
            self.shown_round = v
            self.lines.append(f"Round {v}")
            self.lines += self.board_lines()

    def on_take(self, p, c, v):
        self.tokens[p][c] += v
        self.bank[c] -= v
        took = f"{TOKENS[c]}" + (f" x{v}" if v > 1 else "")
        if self.acts and self.acts[-1].startswith("takes ") and not self.why:
            if self.acts[-1].endswith("]"):  # the take's why stays last
                head, _, tail = self.acts[-1].rpartition(" [")
                self.acts[-1] = head + f", {took} [" + tail
            else:
                self.acts[-1] += f", {took}"
        else:
            self.act(f"takes {took}")

    def on_return(self, p, c, v):
        self.tokens[p][c] -= v
        self.bank[c] += v
        self.act(f"returns {TOKENS[c]}")

    def on_pay(self, p, c, v):
        self.tokens[p][c] -= v
        self.bank[c] += v
        self.paid.append((c, v))

    def on_reserve(self, p, c, v):
        where = self.took_from_board(c)
        self.reserved[p].append(c)
        if c < 0:  # a card another player reserved unseen (dsim play's view): its level only
            self.act(f"reserves the top card of the level {-c} deck")
        else:
            self.act(f"reserves {card_text(c)}" + (" from the top of its deck" if v else ""), where)

    def on_buy(self, p, c, v):
        mine = self.reserved[p]
        from_hand = c in mine or (c not in self.board and any(x < 0 for x in mine))
        where = self.took_from_board(c)
        if from_hand:
            mine.remove(c if c in mine else next(x for x in mine if x < 0))
        self.cards[p] += 1
        self.points[p] += CARDS[c].points
        self.bonus[p][CARDS[c].bonus] += 1
        pay = ", ".join(f"{n} {TOKENS[k]}" for k, n in self.paid) or "nothing (its bonuses cover it)"
        if self.pay_why:
            pay += f" [{'; '.join(self.pay_why)}]"
        self.paid.clear()
        self.pay_why.clear()
        self.act(f"buys {card_text(c)}" + (" (reserved)" if from_hand else ""), f", paying {pay}" + where)

    def on_noble(self, p, c, v):
        if c in self.nobles:
            self.nobles.remove(c)
        self.points[p] += v
        self.act(f"is visited by the {NOBLES[c].name} (+{v})")

    def on_pass(self, p, c, v):
        self.why = ""  # what the defaults weighed last: nothing came of it
        self.acts.append("passes (no legal move)")

    def on_end(self, p, c, v):
        self.end_turn()
        self.lines.append(f"Game over: {ENDINGS.get(v, str(v))}")

    def on_score(self, p, c, v):
        self.lines.append(f"  {self.seat_names[p]}: {v} point{'' if v == 1 else 's'}, {c} development "
                          f"card{'' if c == 1 else 's'}")

    HANDLERS = {E.EV_SEARCH: on_search, E.EV_SEARCHN: on_search_n,
                E.EV_WHY: on_why, E.EV_WHYNOT: on_why_not, E.EV_VALUE: on_value, E.EV_REVEAL: on_reveal,
                E.EV_NOBLE_UP: on_noble_up, E.EV_TURN: on_turn, E.EV_TAKE: on_take, E.EV_RETURN: on_return,
                E.EV_PAY: on_pay, E.EV_RESERVE: on_reserve, E.EV_BUY: on_buy, E.EV_NOBLE: on_noble, E.EV_PASS: on_pass,
                E.EV_END: on_end, E.EV_SCORE: on_score}


def winner_line(st, match, seats: list[str]) -> str:
    """Who won, from the engine's tally of this one game, and what decided it: the most
    points, the tie on points broken by fewer development cards, or a shared win."""
    t = st.tally(1)
    won = [b for b in range(len(match.bots)) if t.bot[b, E.TB_WINS] or t.bot[b, E.TB_TIES]]
    if not won:
        return ""
    names = [match.bot_names[b] for b in won]
    scores, ending = {}, None  # seat -> (points, cards); how the game ended
    for code, p, c, v in (tuple(int(x) for x in e) for e in st.events()):
        if code == E.EV_SCORE:
            scores[p] = (v, c)
        elif code == E.EV_END:
            ending = v
    seat_bot = [int(st.S[E.S_SEAT + s]) for s in range(match.players)]
    best = max(pts for pts, _ in scores.values()) if scores else 0
    tied = [s for s, (pts, _) in scores.items() if pts == best]
    if len(won) > 1:
        cards = sorted({scores[s][1] for s in tied})
        why = ("the game stopped at the turn cap: shared by every player" if ending == E.END_CAP
               else f"tied on {best} points" + (f" and {cards[0]} development cards" if match.variant.tiebreak ==
                                                  "cards" and len(cards) == 1 else "")
               + f"; tiebreak: {match.variant.tiebreak}")
        return f"Shared win: {', '.join(names)} ({why})\n"
    if len(tied) > 1:
        loser_cards = sorted(scores[s][1] for s in tied if seat_bot[s] not in won)
        win_cards = [scores[s][1] for s in tied if seat_bot[s] in won]
        why = (f"tied on {best} points, fewer development cards: {win_cards[0] if win_cards else '?'} "
               f"against {', '.join(map(str, loser_cards))}")
    else:
        why = f"most points: {best}"
    return f"Winner: {names[0]} ({why})\n"


def game_text(st, match, seed: int, game: int, why: bool = False) -> str:
    """The log of game ``game`` of the run with ``seed``, as played in ``st``; with ``why``,
    each move says which rule or default chose it."""
    S = st.S
    seats = [match.bot_names[int(S[E.S_SEAT + p])] for p in range(match.players)]
    v = match.variant
    header = (f"Splendor, game {game} of seed {seed}: {', '.join(f'seat {i + 1} {n}' for i, n in enumerate(seats))}"
              f" · target {v.target} points\nvariant: {v.name}; rules: "
              + " ".join(f"{k}={x}" for k, x in v.as_dict().items()))
    bots = [match.bots[int(S[E.S_SEAT + p])] for p in range(match.players)] if why else None
    return render(st.events(), seats, match.players, header, bots) + winner_line(st, match, seats)
