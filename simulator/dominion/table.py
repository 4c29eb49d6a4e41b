"""What a person at a Dominion table sees and answers (``dsim play``): the engine's
question (simulator/kernels/ask_layout.py) as a screen, a one-line prompt and numbered
choices; what the seat's bot would answer, and why (the hint).

Everything shown is read from the engine's state as it stood when it asked, and from its
event log; an opponent's hand and draws, and what only its player looks at (Sentry's
cards, the card Artisan puts back), are left out, as at a real table."""
from __future__ import annotations

from dataclasses import replace

from ..person import Choice, Question
from ..kernels.ask_layout import ANSWER_NONE
from . import layout as E
from .cards import CARDS
from .gamelog import _join, mode_name, render, search_text, why_text

#: one word per decision for the hint ("would buy Gold")
VERBS = {E.ASK_PLAY: "play", E.ASK_BUY: "buy", E.ASK_GAIN: "gain", E.ASK_TRASH: "trash",
         E.ASK_DISCARD: "discard", E.ASK_DISCARD_DOWN: "discard", E.ASK_TOPDECK: "put onto the deck",
         E.ASK_THRONE: "play twice", E.ASK_THIEF_TRASH: "trash", E.ASK_BANDIT: "trash",
         E.ASK_SENTRY_TOP: "put on top"}
#: the answers of a yes/no question, and of Spy's and Sentry's
YES_NO = [(1, "yes"), (0, "no")]
SPY = [(0, "back", "put it back on the deck"), (1, "discard", "discard it")]
SENTRY = [(0, "back", "put it back on your deck"), (1, "discard", "discard it"), (2, "trash", "trash it")]
WHERE = [(0, "top", "on top of your deck"), (1, "bottom", "at the bottom of your deck")]
#: what 'none' means where a question allows it
NONE_LABEL = {E.ASK_PLAY: "none: on to buying", E.ASK_BUY: "nothing: end your turn",
              E.ASK_TRASH: "done: trash no more", E.ASK_DISCARD: "done: discard no more",
              E.ASK_TOPDECK: "none", E.ASK_THRONE: "none"}
#: events only their own player sees: an opponent's hand and draws
PRIVATE = (E.EV_HAND, E.EV_DRAW, E.EV_WHY)


def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def seat_names(st, match) -> list[str]:
    return [f"{match.bot_names[int(st.S[E.S_SEAT + s])]} (seat {s + 1})" for s in range(match.players)]


def public_events(events, person: int):
    """The events a person at the table saw: an opponent's hand, draws and why are left
    out, and what an opponent's Sentry looked at and Artisan put back."""
    out, resolving = [], -1
    for e in events:
        code, p, c = int(e[0]), int(e[1]), int(e[2])
        if code in (E.EV_PLAY, E.EV_THRONE):
            resolving = c
        elif code == E.EV_TURN:
            resolving = -1
        if p != person and p >= 0 and (code in PRIVATE or (
                resolving == E.SENTRY and code in (E.EV_REVEAL, E.EV_BACK))
                or (resolving == E.ARTISAN and code == E.EV_TOPDECK)):
            continue
        out.append(e)
    return out


def turn_blocks(events, names: list[str]) -> list[tuple[int, str]]:
    """(player, the turn's lines) of each turn the events hold, the setup left out."""
    starts = [i for i, e in enumerate(events) if int(e[0]) == E.EV_TURN]
    blocks = []
    for k, i in enumerate(starts):
        j = starts[k + 1] if k + 1 < len(starts) else len(events)
        text = render(events[i:j], names).split("\n", 1)[1].strip("\n")
        blocks.append((int(events[i][1]), text))
    return blocks


def recent(events, names: list[str], person: int, turns: int) -> str:
    """The last ``turns`` turns as the person saw them."""
    blocks = turn_blocks(public_events(events, person), names)
    return "\n".join(text for _, text in blocks[-turns:]) or "(no turn played yet)"


def _supply(st, match, width: int) -> list[str]:
    cards = [c for c in CARDS if match.sup0[c.id] >= 0]
    kingdom = sorted((c for c in cards if c.kingdom), key=lambda c: (c.cost, c.name))
    w = max(len(c.name) for c in cards)
    cell = w + 9  # the name, a space, the cost (2), a space, the cards left (3), two spaces
    cols = max(1, (width - 2 + 2) // cell)  # the last cell's two spaces are not written
    lines = []
    for group in ([c for c in cards if not c.kingdom], kingdom):
        for i in range(0, len(group), cols):
            lines.append("  " + "".join(f"{c.name:<{w}} {c.cost:>2} {st.supply(c.id):>3}  "
                                        for c in group[i:i + cols]).rstrip())
    return lines


def _player(st, p: int, name: str, me: bool) -> list[str]:
    z = {k: st.zone(p, k) for k in (E.Z_DRAW, E.Z_DISC, E.Z_HAND, E.Z_PLAY, E.Z_ASIDE)}
    head = f"{name}: {st.vp(p)} VP, {_n(st.ps(p, E.PS_CARDS), 'card')} (deck {len(z[E.Z_DRAW])}, " \
           f"discard {len(z[E.Z_DISC])}, hand {len(z[E.Z_HAND])})"
    out = [head]
    play = [c for c in z[E.Z_PLAY] if c >= 0]
    if play:
        out.append(f"  in play: {_join(play)}")
    if z[E.Z_ASIDE] and any(c >= 0 for c in z[E.Z_ASIDE]):
        out.append(f"  set aside: {_join([c for c in z[E.Z_ASIDE] if c >= 0])}")
    if me:
        out.append(f"  hand: {_join(sorted(z[E.Z_HAND], key=lambda c: (CARDS[c].cost, c))) or '(empty)'}")
    return out


#: the supply's cards listed on one line on a buy or gain (few want them; they stay choices)
FOLDED = ("Copper", "Curse")


def _refused(a, st, match) -> dict:
    """On a buy or gain: why each supply card that is no choice now is not - too dear for
    what may be spent, its pile empty, not of the type asked."""
    if a.kind not in (E.ASK_BUY, E.ASK_GAIN):
        return {}
    out = {}
    for c in CARDS:
        if match.sup0[c.id] < 0 or c.id in a.options:
            continue
        if st.supply(c.id) <= 0:
            out[c.name] = f"the {c.name} pile is empty"
        elif c.cost > a.arg:
            out[c.name] = f"{c.name} costs {c.cost}, and {a.arg} {'coin is' if a.arg == 1 else 'coins are'} to spend"
        else:
            out[c.name] = f"{c.name} is not one this {'buy' if a.kind == E.ASK_BUY else 'gain'} may take"
    return out


def _choices(a, st) -> list[Choice]:
    """The numbered answers: the options in order from 1, and 'none' as 0."""
    if a.kind == E.ASK_SPY:
        return [Choice(v, k, lab, i + 1) for i, (v, k, lab) in enumerate(SPY)]
    if a.kind == E.ASK_SENTRY:
        return [Choice(v, k, lab, i + 1) for i, (v, k, lab) in enumerate(SENTRY)]
    if a.kind == E.ASK_WHERE:
        return [Choice(v, k, lab, i + 1) for i, (v, k, lab) in enumerate(WHERE)]
    if a.kind == E.ASK_MODE:  # a "choose one" card's modes, by the names a bot file gives them
        name = CARDS[a.about].name
        return [Choice(m, mode_name(name, m), MODE_LABELS.get(name, {}).get(m, mode_name(name, m)), i + 1)
                for i, m in enumerate(a.options)]
    if a.kind in (E.ASK_MOAT, E.ASK_CHANCELLOR, E.ASK_VASSAL, E.ASK_MONEYLENDER, E.ASK_LIBRARY,
                  E.ASK_THIEF_GAIN, E.ASK_BARON, E.ASK_MINING_VILLAGE, E.ASK_MILL, E.ASK_REACT):
        return [Choice(v, k, k, i + 1) for i, (v, k) in enumerate(YES_NO)]
    supply = a.kind in (E.ASK_BUY, E.ASK_GAIN)
    opts = sorted(a.options, key=lambda c: (-CARDS[c].cost, c)) if supply else \
        sorted(a.options, key=lambda c: (CARDS[c].cost, c))
    out = []
    for i, c in enumerate(opts):
        card = CARDS[c]
        label = f"{card.name} ({card.cost})" + (f", {st.supply(c)} left" if supply else "")
        out.append(Choice(c, card.name.lower().replace(" ", ""), label, i + 1))
    # on a buy or gain, the cards that cost nothing and few want (Copper, Curse) on one line
    cheap = [ch for ch in out if supply and CARDS[ch.value].name in FOLDED]
    if cheap and len(cheap) < len(out):
        line = "   ".join(f"{ch.number}  {ch.label}" for ch in cheap)
        out = [ch for ch in out if ch not in cheap] + [replace(ch, group=line) for ch in cheap]
    if a.optional:
        out.append(Choice(ANSWER_NONE, "none", NONE_LABEL.get(a.kind, "none"), 0))
    return out


#: the questions whose prompt is one text, by (kind, the card asking; None: any other):
#: {about} is the card the question is about, {arg} the number it names, {owner} the
#: player whose cards the options are, {current} the player whose turn it is
_PROMPTS = {(E.ASK_GAIN, E.MINE): "Mine: gain a Treasure costing up to {arg}, into your hand",
            (E.ASK_GAIN, E.ARTISAN): "Artisan: gain a card costing up to {arg}, into your hand",
            (E.ASK_GAIN, None): "{about}: gain a card costing up to {arg}",
            (E.ASK_TRASH, E.CHAPEL): "Chapel: trash a card from your hand (up to {arg} more)",
            (E.ASK_TRASH, E.MINE): "Mine: trash a Treasure from your hand (you gain one costing up to 3 more, "
                                   "into your hand)",
            (E.ASK_TRASH, None): "{about}: trash a card from your hand (you gain one costing up to 2 more)",
            (E.ASK_DISCARD, None): "Cellar: discard a card (you then draw one for each; {arg} discarded so far)",
            (E.ASK_DISCARD_DOWN, None): "{about}: discard a card ({arg} to discard)",
            (E.ASK_TOPDECK, E.HARBINGER): "Harbinger: put a card from your discard pile onto your deck",
            (E.ASK_TOPDECK, E.BUREAUCRAT): "Bureaucrat: put a Victory card from your hand onto your deck",
            (E.ASK_TOPDECK, None): "{about}: put a card from your hand onto your deck",
            (E.ASK_THRONE, None): "Throne Room: choose an Action in your hand to play twice",
            (E.ASK_MOAT, None): "{current} plays {about}: reveal Moat to be unaffected?",
            (E.ASK_VASSAL, None): "Vassal discarded {about}: play it?",
            (E.ASK_MONEYLENDER, None): "Moneylender: trash a Copper for +3 coins?",
            (E.ASK_LIBRARY, None): "Library drew {about}: set it aside (discarded once you finish drawing)?",
            (E.ASK_THIEF_TRASH, None): "Thief: which Treasure {owner} revealed is trashed?",
            (E.ASK_THIEF_GAIN, None): "Thief: gain the trashed {about}?",
            (E.ASK_BANDIT, None): "Bandit: which of your revealed Treasures do you trash?",
            (E.ASK_SENTRY, None): "Sentry: {about} from the top of your deck",
            (E.ASK_SENTRY_TOP, None): "Sentry: which card goes back on top of your deck?",
            (E.ASK_TRASH, E.STEWARD): "Steward: trash a card from your hand ({arg} to trash)",
            (E.ASK_TRASH, E.TRADING_POST): "Trading Post: trash a card from your hand ({arg} to trash; two trashed "
                                           "gain a Silver into your hand)",
            (E.ASK_BARON, None): "Baron: discard an Estate for +4 coins? (no: you gain an Estate)",
            (E.ASK_MINING_VILLAGE, None): "Mining Village: trash it for +2 coins?",
            (E.ASK_WISH, None): "Wishing Well: name a card (it goes into your hand if it is on top of your deck)",
            (E.ASK_DISCARD, E.SECRET_CHAMBER): "Secret Chamber: discard a card for +1 coin ({arg} discarded so far)",
            (E.ASK_TRASH, E.MASQUERADE): "Masquerade: trash a card from your hand?",
            (E.ASK_TRASH, E.UPGRADE): "Upgrade: trash a card from your hand (you gain one costing exactly 1 more)",
            (E.ASK_TRASH, E.REPLACE): "Replace: trash a card from your hand (you gain one costing up to 2 more)",
            (E.ASK_TOPDECK, E.SECRET_PASSAGE): "Secret Passage: a card from your hand to put into your deck",
            (E.ASK_TOPDECK, E.SECRET_CHAMBER): "Secret Chamber: put a card from your hand onto your deck",
            (E.ASK_MILL, None): "Mill: discard 2 cards for +2 coins?",
            (E.ASK_REACT, None): "{current} plays an Attack: reveal {about}?",
            (E.ASK_SWINDLER, None): "Swindler: the card {owner} gains (costing {arg})",
            (E.ASK_ORDER, None): "{about}: which card goes back on top of your deck?",
            (E.ASK_WHERE, None): "Secret Passage: where does {about} go?",
            (E.ASK_REVEAL, None): "Courtier: reveal a card (one choice for each of its types)",
            (E.ASK_PASS, None): "Masquerade: the card you pass to the left",
            (E.ASK_GAIN_EXACT, None): "Upgrade: gain a card costing exactly {arg}"}
#: what each mode of a "choose one" card does, as a person is offered it
MODE_LABELS = {"Pawn": {E.PAWN_CARD: "+1 Card", E.PAWN_ACTION: "+1 Action", E.PAWN_BUY: "+1 Buy",
                        E.PAWN_COIN: "+1 coin"},
               "Steward": {E.STEWARD_CARDS: "+2 Cards", E.STEWARD_COINS: "+2 coins",
                           E.STEWARD_TRASH: "trash 2 cards from your hand"},
               "Nobles": {E.NOBLES_CARDS: "+3 Cards", E.NOBLES_ACTIONS: "+2 Actions"},
               "Lurker": {E.LURKER_TRASH: "trash an Action card from the Supply",
                          E.LURKER_GAIN: "gain an Action card from the trash"},
               "Minion": {E.MINION_COINS: "+2 coins",
                          E.MINION_ATTACK: "discard your hand, +4 Cards; the others with 5 cards or more do the same"},
               "Torturer": {E.TORTURER_DISCARD: "discard 2 cards", E.TORTURER_CURSE: "gain a Curse into your hand"},
               "Courtier": {E.COURTIER_ACTION: "+1 Action", E.COURTIER_BUY: "+1 Buy", E.COURTIER_COINS: "+3 coins",
                            E.COURTIER_GOLD: "gain a Gold"}}


def _prompt(a, st, names) -> str:
    about = CARDS[a.about].name if a.about >= 0 else ""
    k = a.kind
    if k == E.ASK_PLAY:
        return f"Play an Action ({_n(int(st.S[E.G_ACTIONS]), 'Action')} left)"
    if k == E.ASK_BUY:
        return f"Buy a card: {_n(int(st.S[E.G_COINS]), 'coin')}, {_n(int(st.S[E.G_BUYS]), 'Buy')}"
    if k == E.ASK_CHANCELLOR:
        return f"Chancellor: put your deck ({_n(len(st.zone(a.player, E.Z_DRAW)), 'card')}) into your discard pile?"
    if k == E.ASK_MODE:
        taken = [lab for m, lab in MODE_LABELS.get(about, {}).items() if (a.arg >> m) & 1]
        return f"{about}: choose {'two' if about == 'Pawn' else 'one'}" + (f" (besides {', '.join(taken)})"
                                                                           if taken else "")
    if k == E.ASK_LURKER:
        return "Lurker: " + ("an Action card to gain from the trash" if a.arg else "an Action card to trash from "
                                                                                     "the Supply")
    if k == E.ASK_SPY:
        whose = "your" if a.owner == a.player else f"{names[a.owner]}'s"
        return f"Spy: {about} from the top of {whose} deck"
    text = _PROMPTS.get((k, a.about)) or _PROMPTS.get((k, None))
    if text is not None:
        return text.format(about=about, arg=a.arg, owner=names[a.owner] if a.owner >= 0 else "",
                           current=names[int(st.S[E.G_CUR])])
    return f"decision {k}"


def _hint(a, match, st, choices) -> str:
    """What the seat's bot answers here, and which rule of its lists (or default) says so."""
    bot = match.bots[int(st.S[E.S_SEAT + a.player])]
    if a.hint is None:
        return f"{bot.name} gives no answer here"
    chosen = next((c for c in choices if c.value == a.hint), None)
    if chosen is None:  # a 'none' the question does not offer
        said = "answer none"
    elif a.kind in VERBS and chosen.value != ANSWER_NONE:
        said = f"{VERBS[a.kind]} {CARDS[chosen.value].name}"
    else:
        said = f"answer: {chosen.label}"
    whys = [e for e in a.hint_events if int(e[0]) == E.EV_WHY and int(e[1]) == a.player]
    about = CARDS[a.about].name if a.about >= 0 else None
    searched = [e for e in whys if int(e[2]) == E.WHY_SEARCH]
    whys = [e for e in whys if int(e[2]) != E.WHY_SEARCH]
    why = f" ({why_text(bot, int(whys[-1][2]), int(whys[-1][3]), about)})" if whys and not bot.random else ""
    if bot.random:
        why = " (it chooses at random)"
    if searched:  # the rollouts' table: each card it weighed, its win share and interval
        rows = []
        for e in a.hint_events:
            code, p, c, v = (int(x) for x in e)
            if p == a.player and code == E.EV_SEARCH:
                rows.append([c, v, 0])
            elif p == a.player and code == E.EV_SEARCHN and rows:
                rows[-1][2] = v
        why += f"; {search_text([r for r in rows if r[2]], int(searched[-1][3]))}"
    return f"{bot.name} would {said}{why}"


def question(a, match, width: int = 80) -> Question:
    """The question ``a`` (simulator.person.Asked) as the person at seat ``a.player`` sees it."""
    st = a.view
    names = seat_names(st, match)
    me = a.player
    events = st.events()
    width = max(40, width)
    rule = "-" * min(width, 72)
    cur = int(st.S[E.G_CUR])
    turn = int(st.S[E.S_PS + cur * E.NPS + E.PS_TURNS])
    lines = [rule, f"Turn {turn} — " + ("your turn" if cur == me else names[cur]), rule]
    blocks = turn_blocks(public_events(events, me), names)
    for q in range(match.players):
        if q == me:
            continue
        lines += _player(st, q, names[q], False)
        last = [text for p, text in blocks if p == q]
        if last:
            said = "; ".join(x.strip() for x in last[-1].split("\n")[1:]) or "(nothing)"
            lines.append(f"  {'this turn' if q == cur else 'last turn'}: {said}")
    lines.append("Supply (cost, cards left)")
    lines += _supply(st, match, width)
    trash = [c for c in range(len(CARDS)) for _ in range(int(st.S[E.S_TRASH + c]))]
    if trash:
        lines.append(f"  trash: {_join(trash)}")
    lines += _player(st, me, "You" if names[me].startswith("You ") else names[me], True)
    if cur == me:
        this = [text for p, text in blocks if p == me][-1:]
        done = [x.strip() for x in (this[0].split("\n")[1:] if this else []) if not x.strip().startswith("hand:")]
        if done:
            lines.append(f"  this turn: {'; '.join(done)}")
        lines.append(f"  Actions {int(st.S[E.G_ACTIONS])}, Buys {int(st.S[E.G_BUYS])}, "
                     f"coins {int(st.S[E.G_COINS])}")
    if a.owner >= 0 and a.owner != me and a.kind == E.ASK_THIEF_TRASH:
        lines.append(f"  {names[a.owner]} revealed: {_join([c for c in st.zone(a.owner, E.Z_ASIDE) if c >= 0])}")
    choices = _choices(a, st)
    standing = "Score so far: " + ", ".join(f"{names[p]} {st.vp(p)} VP" for p in range(match.players)) + "\n"
    return Question("\n".join(lines), _prompt(a, st, names), choices, _hint(a, match, st, choices),
                    recent(events, names, me, 2 * match.players), standing, _refused(a, st, match))
