"""One game as readable text, rendered from the events the engine records.

The engine writes (code, player, card, value) events while it plays (log mode); this
module only formats them, so the log always shows exactly what the engine did.
"""
from __future__ import annotations

from . import layout as E
from .cards import CARDS, card_name as _name
from .strategy import DEFAULT_LISTS, LISTS, OPTIONS, default_rules

ZONE_WORDS = {E.Z_DISC: "", E.Z_HAND: " into hand", E.Z_DRAW: " onto the deck"}
ENDINGS = {E.END_PROVINCES: "the Province pile is empty", E.END_PILES: "supply piles are empty",
           E.END_CAP: "the turn cap was reached (the game is reported as capped)"}
#: events of the same player and kind that are listed together on one line
GROUPED = {E.EV_DRAW: "draws", E.EV_REVEAL: "reveals", E.EV_DISCARD: "discards", E.EV_TRASH: "trashes",
           E.EV_SETASIDE: "sets aside", E.EV_BACK: "puts back on the deck", E.EV_TOPDECK: "puts onto the deck"}


LIST_KEYS = {v: k for k, v in LISTS.items()}
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
}


def _rule_where(bot, key: str, i: int) -> str:
    """Rule i of the bot's list ``key`` as the log's why-line says it."""
    own = getattr(bot, key)
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
    if lst >= E.WHY_OPTION:
        key = OPTION_KEYS.get(lst - E.WHY_OPTION, "option")
        if v == E.WHY_DEFAULT:
            return f"{key}: yes (the default: the bot has no {key} option)"
        return f"{key}: {'yes' if v else 'no'}, its condition '{bot.options[key].text}' " + \
            ("holds" if v else "does not hold")
    key = LIST_KEYS.get(lst, "list")
    if v == E.WHY_NO_RULE:
        return f"{key}: no rule holds"
    if v == E.WHY_DEFAULT:
        text = DEFAULT_WHY.get((key, resolving)) or DEFAULT_WHY.get((key, None), "the engine's default")
        return f"{key}: default ({resolving + ': ' if resolving else ''}{text})"
    return _rule_where(bot, key, v)


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
    lines = [header] if header else []
    who = seat_names
    pending: list = []  # (code, player, [cards]) of a group being built

    def other(p):
        """The player's name and a space, unless it is the player whose turn it is."""
        return who[p] + " " if p != current[0] else ""

    def flush():
        if pending:
            code, p, cards = pending[0]
            verb = GROUPED[code]
            if code == E.EV_DRAW and p == current[0] and cleanup[0]:
                verb = "draws next hand:"
            lines.append(f"  {other(p)}{verb} {_join(cards)}")
            pending.clear()

    def show_hand():
        if hand:
            lines.append(f"  hand: {_join(hand)}")
            hand.clear()

    current = [-1]
    cleanup = [False]
    lines.append("Setup")
    after_buy = None
    hand: list[int] = []
    resolving = None  # the card whose effect is being resolved
    last_why = None   # (player, list) of the why-line just written
    for code, p, c, v in (tuple(int(x) for x in e) for e in events):
        if code == E.EV_WHY:
            if seat_bots is None or seat_bots[p].random:
                continue
            flush()
            show_hand()
            line = "    why" + (f", for {who[p]}" if p != current[0] else "") + \
                f": {why_text(seat_bots[p], c, v, resolving)}"
            if last_why == (p, c) and lines[-1].startswith("    why"):
                lines[-1] = line  # what was weighed first and then decided otherwise: the last word
            else:
                lines.append(line)
            last_why = (p, c)
            continue
        last_why = None
        if code in GROUPED:
            if pending and (pending[0][0] != code or pending[0][1] != p):
                flush()
            if not pending:
                pending.append((code, p, []))
            pending[0][2].append(c)
            continue
        flush()
        if code == E.EV_TURN:
            current[0] = p
            cleanup[0] = False
            resolving = None
            lines.append("")
            lines.append(f"Turn {v} — {who[p]}")
            hand.clear()
        elif code == E.EV_HAND:
            hand.append(c)
            continue
        elif code == E.EV_PLAY:
            show_hand()
            resolving = _name(c)
            if v == 1:
                lines.append(f"  plays {_name(c)} (from Vassal)")
            elif CARDS[c].types == ("Treasure",):
                if lines[-1].startswith("  plays treasures: "):
                    lines[-1] += f", {_name(c)}"
                else:
                    lines.append(f"  plays treasures: {_name(c)}")
            else:
                lines.append(f"  plays {_name(c)}")
        elif code == E.EV_THRONE:
            resolving = _name(c)
            lines.append(f"  Throne Room plays {_name(c)} twice")
        elif code == E.EV_SHUFFLE:
            lines.append(f"  {other(p)}shuffles {v} cards")
        elif code == E.EV_COINS:
            show_hand()
            resolving = None
            lines.append(f"  has {v} coins")
            cleanup[0] = True
        elif code == E.EV_BUY:
            lines.append(f"  buys {_name(c)}")
            after_buy = c
            continue
        elif code == E.EV_GAIN:
            if after_buy == c and p == current[0]:
                after_buy = None
                continue
            lines.append(f"  {other(p)}gains {_name(c)}{ZONE_WORDS.get(v, '')}")
        elif code == E.EV_NOGAIN:
            lines.append(f"  {other(p)}cannot gain {_name(c)}: its pile is empty")
        elif code == E.EV_REACT:
            lines.append(f"  {who[p]} reveals {_name(c)} and is unaffected")
        elif code == E.EV_GUARD:
            stops = ""
            if seat_bots is not None:
                stops = "; it passes over " + _rule_where(seat_bots[p], LIST_KEYS.get(v % E.NL, "list"), v // E.NL)
            lines.append(f"  (end-game guard: not {_name(c)}, it would end the game in a loss{stops})")
        elif code == E.EV_DECK:
            lines.append(f"  puts the deck ({v} cards) into the discard pile")
        elif code == E.EV_NOTHING:
            lines.append(f"  {_name(c)} does nothing")
        elif code == E.EV_END:
            lines.append("")
            why = ENDINGS.get(v, "ended")
            if v == E.END_PILES and empty_piles:
                why = f"{len(empty_piles)} {why}: {', '.join(_name(x) for x in empty_piles)}"
            lines.append(f"Game over: {why}.")
        elif code == E.EV_SCORE:
            lines.append(f"  {who[p]}: {v} VP in {c} turns")
        after_buy = None
    flush()
    return "\n".join(lines).strip("\n") + "\n"


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
            why = f"tied on {best} VP" + (f" in {scores[tied[0]][1]} turns each" if rule == "turns" else "") + \
                f"; tiebreak: {rule}"
        text += ("Winner: " if len(won) == 1 else "Shared win: ") + ", ".join(match.bot_names[b] for b in won) + \
            f" ({why})\n"
    return text
