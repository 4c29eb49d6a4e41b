"""One Splendor game as text, rendered from the events the engine recorded (this module
only formats them: the log shows exactly what the engine did)."""
from __future__ import annotations

from . import layout as E
from .cards import CARDS, NOBLES, TOKENS

ENDINGS = {E.END_POINTS: "a player reached the target and the round was finished",
           E.END_STALL: "a round of turns changed nothing anyone holds, and would again (a stalemate)",
           E.END_CAP: "the turn cap was reached (reported as capped)"}


def card_text(c: int) -> str:
    return CARDS[c].name


def tokens_text(t: list[int]) -> str:
    parts = [f"{n} {TOKENS[k]}" for k, n in enumerate(t) if n]
    return ", ".join(parts) if parts else "none"


def render(events, seat_names: list[str], players: int, header: str = "") -> str:
    lines = [header] if header else []
    board = [-1] * (E.NLEVEL * E.FACE_UP)
    nobles: list[int] = []
    tokens = [[0] * E.NTOK for _ in range(players)]
    points = [0] * players
    cards = [0] * players
    reserved: list[list[int]] = [[] for _ in range(players)]
    acts: list[str] = []
    cur = -1
    shown_round = 0

    def board_lines():
        out = []
        for lv in range(E.NLEVEL, 0, -1):
            row = [card_text(c) if c >= 0 else "(empty)" for c in board[(lv - 1) * E.FACE_UP:lv * E.FACE_UP]]
            out.append(f"    level {lv}: " + " | ".join(row))
        out.append("    nobles: " + (", ".join(NOBLES[n].name[6:] for n in nobles) or "none"))
        return out

    def end_turn():
        if cur >= 0 and acts:
            p = cur
            lines.append(f"  {seat_names[p]}: {'; '.join(acts)}  -> tokens {tokens_text(tokens[p])}; "
                         f"{cards[p]} cards, {points[p]} points"
                         + (f"; reserved {len(reserved[p])}" if reserved[p] else ""))
            acts.clear()

    for code, p, c, v in (tuple(int(x) for x in e) for e in events):
        if code == E.EV_REVEAL:
            board[v] = c
        elif code == E.EV_NOBLE_UP:
            nobles.append(c)
        elif code == E.EV_TURN:
            end_turn()
            cur = p
            if v != shown_round:
                shown_round = v
                lines.append(f"Round {v}")
                lines += board_lines()
        elif code == E.EV_TAKE:
            tokens[p][c] += v
            if acts and acts[-1].startswith("takes "):
                acts[-1] += f", {TOKENS[c]}" + (f" x{v}" if v > 1 else "")
            else:
                acts.append(f"takes {TOKENS[c]}" + (f" x{v}" if v > 1 else ""))
        elif code == E.EV_RETURN:
            tokens[p][c] -= v
            acts.append(f"returns {TOKENS[c]}")
        elif code == E.EV_PAY:
            tokens[p][c] -= v
        elif code == E.EV_RESERVE:
            if c in board:
                board[board.index(c)] = -1
            reserved[p].append(c)
            acts.append(f"reserves {card_text(c)}" + (" from the top of its deck" if v else ""))
        elif code == E.EV_BUY:
            if c in board:
                board[board.index(c)] = -1
            from_hand = c in reserved[p]
            if from_hand:
                reserved[p].remove(c)
            cards[p] += 1
            points[p] += CARDS[c].points
            acts.append(f"buys {card_text(c)}" + (" (reserved)" if from_hand else ""))
        elif code == E.EV_NOBLE:
            nobles.remove(c)
            points[p] += v
            acts.append(f"is visited by the {NOBLES[c].name} (+{v})")
        elif code == E.EV_PASS:
            acts.append("passes (no legal move)")
        elif code == E.EV_END:
            end_turn()
            lines.append(f"Game over: {ENDINGS.get(v, str(v))}")
        elif code == E.EV_SCORE:
            lines.append(f"  {seat_names[p]}: {v} points, {c} development cards")
    end_turn()
    return "\n".join(lines) + "\n"


def game_text(st, match, seed: int, game: int) -> str:
    S = st.S
    seats = [match.bot_names[int(S[E.S_SEAT + p])] for p in range(match.players)]
    header = (f"Splendor, game {game} of seed {seed}: {', '.join(f'seat {i + 1} {n}' for i, n in enumerate(seats))}"
              f" · target {match.variant.target} points")
    return render(st.events(), seats, match.players, header)
