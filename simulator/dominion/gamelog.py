"""One game as readable text, rendered from the events the engine records.

The engine writes (code, player, card, value) events while it plays (log mode); this
module only formats them, so the log always shows exactly what the engine did.
"""
from __future__ import annotations

from . import layout as E
from .cards import CARDS, card_name as _name

ZONE_WORDS = {E.Z_DISC: "", E.Z_HAND: " into hand", E.Z_DRAW: " onto the deck"}
ENDINGS = {E.END_PROVINCES: "the Province pile is empty", E.END_PILES: "supply piles are empty",
           E.END_CAP: "the turn cap was reached (the game is reported as capped)"}
#: events of the same player and kind that are listed together on one line
GROUPED = {E.EV_DRAW: "draws", E.EV_REVEAL: "reveals", E.EV_DISCARD: "discards", E.EV_TRASH: "trashes",
           E.EV_SETASIDE: "sets aside", E.EV_BACK: "puts back on the deck", E.EV_TOPDECK: "puts onto the deck"}


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


def render(events, seat_names: list[str], header: str = "", empty_piles=()) -> str:
    """The game's events as text: one block per turn, one line per action.
    ``empty_piles``: the piles empty at the end (named when the game ends on piles)."""
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

    current = [-1]
    cleanup = [False]
    lines.append("Setup")
    after_buy = None
    hand: list[int] = []
    for code, p, c, v in (tuple(int(x) for x in e) for e in events):
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
            lines.append("")
            lines.append(f"Turn {v} — {who[p]}")
            hand = []
        elif code == E.EV_HAND:
            hand.append(c)
            continue
        elif code == E.EV_PLAY:
            if hand:
                lines.append(f"  hand: {_join(hand)}")
                hand = []
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
            lines.append(f"  Throne Room plays {_name(c)} twice")
        elif code == E.EV_SHUFFLE:
            lines.append(f"  {other(p)}shuffles {v} cards")
        elif code == E.EV_COINS:
            if hand:
                lines.append(f"  hand: {_join(hand)}")
                hand = []
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
            lines.append(f"  (end-game guard: not {_name(c)}, it would end the game in a loss)")
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


def game_text(state, match, seed: int, game: int) -> str:
    """The log of game ``game`` of the run with ``seed``, as played in ``state``."""
    seats = [int(state.S[E.S_SEAT + s]) for s in range(match.players)]
    names = [f"{match.bot_names[b]} (seat {s + 1})" for s, b in enumerate(seats)]
    k = match.kingdom
    kname = k.name + (f" ({', '.join(k.card_names()) or match.ENGINE.LABELS['no_setup']})" if not k.complete else "")
    head = (f"Game {game} of seed {seed}: {' vs '.join(names)}\n"
            f"kingdom: {kname}; rules: " + " ".join(f"{a}={b}" for a, b in match.rules.as_dict().items()))
    empty = [c for c in range(len(CARDS)) if match.sup0[c] > 0 and state.supply(c) == 0]
    text = render(state.events(), names, head, empty)
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
