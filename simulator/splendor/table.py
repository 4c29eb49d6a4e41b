"""What a person at a Splendor table sees and answers (``dsim play``): the engine's
question (simulator/kernels/ask_layout.py) as a screen (board, nobles, bank, every
player's public holdings), a one-line prompt and numbered choices; what the seat's bot
would do, and why (the hint).

Everything shown is read from the engine's state as it stood when it asked and from its
event log; a card an opponent reserved from the top of a deck stays hidden, as at a real
table."""
from __future__ import annotations

import re
from dataclasses import replace

from ..lang.search import rollout_text
from ..person import Choice, Question
from ..run.stats import wilson
from ..kernels.ask_layout import ANSWER_NONE
from . import layout as E
from .cards import CARDS, COLOURS, LETTERS, NOBLES, TOKENS
from .gamelog import render, short_tokens, why_text

ORDER = (3, 2, 1)  # levels as the table shows them, the dearest on top


def _letters(mask: int) -> str:
    return "".join(LETTERS[k].lower() for k in range(E.NGEM) if mask >> k & 1)


def _pos_card(st, p: int, pos: int) -> int:
    if pos < E.NLEVEL * E.FACE_UP:
        return int(st.S[E.S_BOARD + pos])
    return st.reserved(p)[pos - E.NLEVEL * E.FACE_UP]


def _payment(st, p: int, c: int) -> str:
    """What player p pays for card c, gems first (the default), as '2G 1R 1 gold'."""
    tok, bon = st.tokens(p), st.bonuses(p)
    pay = [0] * E.NTOK
    for k in range(E.NGEM):
        need = max(0, CARDS[c].cost[k] - bon[k])
        pay[k] = min(need, tok[k])
        pay[E.GOLD] += need - pay[k]
    return short_tokens(pay) if any(pay) else "nothing (your bonuses cover it)"


def action_choice(st, p: int, a: int, number: int) -> Choice:
    """The choice of legal action ``a`` (an AC_ number) for player p."""
    if a >= E.AC_BUY:
        pos = a - E.AC_BUY
        c = _pos_card(st, p, pos)
        if pos < E.NLEVEL * E.FACE_UP:
            key = f"buy-l{pos // E.FACE_UP + 1}s{pos % E.FACE_UP + 1}"
        else:
            key = f"buy-r{pos - E.NLEVEL * E.FACE_UP + 1}"
        where = "" if pos < E.NLEVEL * E.FACE_UP else " (reserved)"
        return Choice(a, key, f"buy {CARDS[c].name}{where}, paying {_payment(st, p, c)}", number)
    if a >= E.AC_DECK:
        lv = a - E.AC_DECK + 1
        gold = ", take a gold" if st.bank()[E.GOLD] > 0 else ""
        return Choice(a, f"reserve-deck{lv}", f"reserve the top card of the level {lv} deck{gold}", number)
    if a >= E.AC_RESERVE:
        slot = a - E.AC_RESERVE
        c = int(st.S[E.S_BOARD + slot])
        gold = ", take a gold" if st.bank()[E.GOLD] > 0 else ""
        return Choice(a, f"reserve-l{slot // E.FACE_UP + 1}s{slot % E.FACE_UP + 1}",
                      f"reserve {CARDS[c].name}{gold}", number)
    if a >= E.AC_TAKE2:
        k = a - E.AC_TAKE2
        return Choice(a, f"take2-{LETTERS[k].lower()}", f"take 2 {COLOURS[k]}", number)
    m = a - E.AC_TAKE
    return Choice(a, f"take-{_letters(m)}", "take " + ", ".join(COLOURS[k] for k in range(E.NGEM) if m >> k & 1),
                  number)


def _refused(a, st) -> dict:
    """Why each move a player may name is no move now: a card its gems and gold do not
    pay for (what it lacks), two of a colour the bank holds fewer than 4 of, a reserve
    with 3 cards reserved."""
    p, legal = a.player, set(a.options)
    tok, bonus, bank = st.tokens(p), st.bonuses(p), st.bank()
    out = {}

    def short(c):
        lack = [max(0, n - bonus[k] - tok[k]) for k, n in enumerate(CARDS[c].cost)]
        need = " ".join(f"{n}{LETTERS[k]}" for k, n in enumerate(lack) if n)
        return f"{CARDS[c].name} needs {need} more than you hold" + (f", and your {tok[E.GOLD]} gold covers "
                                                                      f"{tok[E.GOLD]}" if tok[E.GOLD] else "")
    for pos in range(E.NLEVEL * E.FACE_UP + len(st.reserved(p))):
        c = _pos_card(st, p, pos)
        if c >= 0 and E.AC_BUY + pos not in legal:
            key = (f"buy-l{pos // E.FACE_UP + 1}s{pos % E.FACE_UP + 1}" if pos < E.NLEVEL * E.FACE_UP
                   else f"buy-r{pos - E.NLEVEL * E.FACE_UP + 1}")
            out[key] = short(c)
    for k in range(E.NGEM):
        if E.AC_TAKE2 + k not in legal:
            out[f"take2-{LETTERS[k].lower()}"] = (f"two {COLOURS[k]} need 4 in the bank, and it holds {bank[k]}")
    if len(st.reserved(p)) >= E.MAX_RESERVED:
        for lv in range(1, E.NLEVEL + 1):
            out[f"reserve-deck{lv}"] = f"you hold {E.MAX_RESERVED} reserved cards, the most"
            for s in range(1, E.FACE_UP + 1):
                out[f"reserve-l{lv}s{s}"] = f"you hold {E.MAX_RESERVED} reserved cards, the most"
    return out


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _fold_reserves(out: list, st) -> list[Choice]:
    """The reserves (up to fifteen: each face-up card and each deck's top) on one line, by
    their numbers: the board shows the cards in the same order."""
    res = [c for c in out if E.AC_RESERVE <= c.value < E.AC_BUY]
    if len(res) < 2:
        return out
    parts = []
    for lv in range(1, E.NLEVEL + 1):
        nums = [c.number for c in res if c.value < E.AC_DECK and (c.value - E.AC_RESERVE) // E.FACE_UP + 1 == lv]
        if nums:
            parts.append(f"{_span(nums)} level {lv}'s cards")
    decks = [c for c in res if c.value >= E.AC_DECK]
    if decks:
        levels = ", ".join(str(c.value - E.AC_DECK + 1) for c in decks)
        parts.append(f"{_span([c.number for c in decks])} the top of the level {levels} deck"
                     + ("s" if len(decks) > 1 else ""))
    gold = ", taking a gold" if st.bank()[E.GOLD] > 0 else " (no gold is left to take)"
    line = f"reserve{gold}: " + "; ".join(parts) + " (in the board's order; or type reserve-l2s1, reserve-deck3)"
    return [c for c in out if c not in res] + [replace(c, group=line) for c in res]


def _span(nums: list) -> str:
    """Numbers as 'a–b' when they follow each other, else listed."""
    return f"{nums[0]}–{nums[-1]}" if len(nums) > 1 and nums == list(range(nums[0], nums[-1] + 1)) else \
        ", ".join(map(str, nums))


def _choices(a, st) -> list[Choice]:
    p = a.player
    if a.kind == E.ASK_ACT:
        return _fold_reserves([action_choice(st, p, x, i + 1) for i, x in enumerate(a.options)], st)
    if a.kind == E.ASK_RETURN:
        tok = st.tokens(p)
        return [Choice(k, TOKENS[k], f"{TOKENS[k]} (you hold {tok[k]})", i + 1) for i, k in enumerate(a.options)]
    if a.kind == E.ASK_NOBLE:
        return [Choice(n, f"noble{i + 1}", f"{NOBLES[n].name} ({NOBLES[n].points} points)", i + 1)
                for i, n in enumerate(a.options)]
    out = [Choice(k, COLOURS[k], f"gold instead of a {COLOURS[k]} gem", i + 1) for i, k in enumerate(a.options)]
    return out + [Choice(ANSWER_NONE, "none", "none: pay the rest as it stands", 0)]


def _prompt(a, st) -> str:
    if a.kind == E.ASK_ACT:
        return "Your move (a number, or a name: take-wug, take2-r, reserve-l2s1, reserve-deck3, buy-l1s4, buy-r1)"
    if a.kind == E.ASK_RETURN:
        return f"You hold more than {E.MAX_TOKENS} tokens: give one back ({a.arg} to give back)"
    if a.kind == E.ASK_NOBLE:
        return "Several nobles can visit you: which one comes?"
    return f"Buying {CARDS[a.about].name}: pay a gold instead of a gem you hold? ({a.arg} gold to spare)"


def _hidden(events) -> set:
    """The cards reserved from the top of a deck (their owner alone has seen them)."""
    return {int(e[2]) for e in events if int(e[0]) == E.EV_RESERVE and int(e[3]) == 1}


def public_events(events, person: int):
    """The events as the person saw them: a card another player reserved from the top of
    a deck is only its level (-level, as the log renders it)."""
    out = events.copy()
    for e in out:
        if int(e[0]) == E.EV_RESERVE and int(e[3]) == 1 and int(e[1]) != person:
            e[2] = -CARDS[int(e[2])].level
    return out


def _player(st, p: int, name: str, me: bool, hidden: set) -> list[str]:
    tok = st.tokens(p)
    cards = st.ps(p, E.PS_CARDS)
    out = [f"{name}: {_points(st.points(p))}, {cards} card{'' if cards == 1 else 's'}; bonuses "
           f"{short_tokens(st.bonuses(p)) if any(st.bonuses(p)) else 'none'}; tokens {short_tokens(tok)} "
           f"({sum(tok)})" + (f"; nobles {st.ps(p, E.PS_NOBLES)}" if st.ps(p, E.PS_NOBLES) else "")]
    res = st.reserved(p)
    if res:
        shown = [CARDS[c].name for c in res if me or c not in hidden]
        unseen = sum(1 for c in res if not me and c in hidden)
        out.append("  reserved: " + ", ".join(shown + ([f"{unseen} from a deck (unseen)"] if unseen else [])))
    return out


def _turn_lines(text: str, names: list[str]) -> list[tuple[int, str]]:
    """(player, what the turn did) for each turn line of a rendered log."""
    out = []
    for line in text.split("\n"):
        for p, n in enumerate(names):
            if line.startswith(f"  {n}: "):
                out.append((p, line[len(n) + 4:].split("  -> ")[0]))
    return out


def _searched(a, choices) -> str:
    """What a search bot's rollouts found for the hint (its options by the choices' labels,
    each with its win share and interval), or "" when the bot did not search here."""
    rows, verdict = [], None
    label = {c.value: c.label for c in choices}
    for e in a.hint_events:
        code, p, c, v = (int(x) for x in e)
        if p != a.player:
            continue
        if code == E.EV_SEARCH:
            rows.append([label.get(c, f"move {c}"), v, 0])
        elif code == E.EV_SEARCHN and rows:
            rows[-1][2] = v
        elif code == E.EV_WHY and c == E.L_SEARCH:
            verdict = v
    if verdict is None:
        return ""
    return rollout_text([(w, s / (E.SHARE * n), n) for w, s, n in rows if n], "move", verdict == 0, 5, wilson)


def _hint(a, match, st, choices) -> str:
    bot = match.bots[int(st.S[E.S_SEAT + a.player])]
    if a.hint is None:
        return f"{bot.name} gives no answer here"
    if bot.random:
        why = " (it chooses at random)"
    else:
        whys = [e for e in a.hint_events if int(e[0]) == E.EV_WHY and int(e[1]) == a.player
                and int(e[2]) != E.L_SEARCH]
        why = f" ({why_text(bot, int(whys[-1][2]), int(whys[-1][3]))})" if whys else ""
    searched = _searched(a, choices)
    if searched:
        why += f"; {searched}"
    if a.kind == E.ASK_ACT:
        said, took = [], []
        for e in a.hint_events:
            code, p, c, v = (int(x) for x in e)
            if p != a.player:
                continue
            if code == E.EV_TAKE:
                took.append(f"2 {TOKENS[c]}" if v == 2 else TOKENS[c])
            elif code == E.EV_RESERVE:
                said.append("reserve " + (f"the top card of the level {CARDS[c].level} deck" if v else CARDS[c].name))
            elif code == E.EV_BUY:
                said.append(f"buy {CARDS[c].name}")
            elif code == E.EV_PASS:
                said.append("pass")
        if took and said:  # a reserve's gold
            said[0] += " and take " + ", ".join(took)
        elif took:
            said.insert(0, "take " + ", ".join(took))
        return f"{bot.name} would {said[0] if said else 'pass'}{why}"
    chosen = next((c for c in choices if c.value == a.hint), None)
    return f"{bot.name} would answer: {chosen.label if chosen else 'none'}{why}"


def question(a, match, width: int = 80) -> Question:
    """The question ``a`` (simulator.person.Asked) as the person at seat ``a.player`` sees it."""
    st = a.view
    me = a.player
    names = [match.bot_names[int(st.S[E.S_SEAT + s])] + f" (seat {s + 1})" for s in range(match.players)]
    events = st.events()
    hidden = _hidden(events)
    text = render(public_events(events, me), names, match.players)
    rule = "-" * min(max(40, width), 72)
    cur = int(st.S[E.G_CUR])
    lines = [rule, f"Round {st.ps(cur, E.PS_TURNS) + 1} — " + ("your turn" if cur == me else names[cur]),
             rule, "Board (costs: W white, U blue, G green, R red, K black)"]
    for lv in ORDER:
        row = st.board(lv)
        left = int(st.S[E.S_DECKN + lv - 1])
        lines.append(f"  level {lv} ({left} in the deck):")
        lines += [f"    {i + 1}  {CARDS[c].name if c >= 0 else '(empty)'}" for i, c in enumerate(row)]
    lines.append("Nobles (3 points each; cards each player lacks):")
    for n in st.nobles():
        if n >= 0:
            lack = [sum(max(0, r - b) for r, b in zip(NOBLES[n].req, st.bonuses(p))) for p in range(match.players)]
            lines.append(f"  {NOBLES[n].name}: " + ", ".join(f"{'you' if p == me else names[p]} {k}"
                                                             for p, k in enumerate(lack)))
    bank = st.bank()  # every colour, those at 0 too: what cannot be taken matters as much
    lines.append("Bank: " + " ".join(f"{bank[k]}{LETTERS[k]}" for k in range(E.NGEM)) + f", {bank[E.GOLD]} gold")
    turns = _turn_lines(text, names)
    for p in range(match.players):
        if p == me:
            continue
        lines += _player(st, p, names[p], False, hidden)
        last = [t for q, t in turns if q == p]
        if last:
            lines.append(f"  last turn: {last[-1]}")
    lines += _player(st, me, "You", True, hidden)
    choices = _choices(a, st)
    rounds = [r for r in re.split(r"(?m)^(?=Round )", text) if r.startswith("Round ")]
    recent = "".join(rounds[-2:]).strip("\n") or "(no turn played yet)"
    standing = "Score so far: " + ", ".join(f"{names[p]} {_points(st.points(p))}, {_cards(st.ps(p, E.PS_CARDS))}"
                                            for p in range(match.players)) + "\n"
    return Question("\n".join(lines), _prompt(a, st), choices, _hint(a, match, st, choices), recent, standing,
                    _refused(a, st) if a.kind == E.ASK_ACT else {})
