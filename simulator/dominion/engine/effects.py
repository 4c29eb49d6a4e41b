"""Card effects: one kernel per Action card whose text does more than its +Cards,
+Actions, +Buys and +coins (those come from the card table), with the card's text as its
docstring, and ``effect``, the dispatch. Where the card leaves a choice, the bot's list
decides, else the documented default (docs/bots.md) in ``decisions.py``.

Each card is compiled on its own and called, except Witch and Militia, inlined into
``effect`` (the attacks most bots play; docs/perf.md has the measurements); ``effect``
is inlined into its one caller, ``play_action``."""
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel
from ...kernels import asks
from .conditions import rule_holds
from .decisions import (ANSWER_OPEN, ask_exact, ask_n, ask_pick, ask_supply, ask_zone, best_treasure_at, blocked,
                        buy_with, cellar_pick, chapel_pick, choose_gain, choose_in_zone, choose_mode, choose_play,
                        discard_down, follows_default, follows_list, forced_gain, forced_trash, gain_choice, good_card,
                        hush, keep_value, late_province, least_kept, least_wanted, library_skips, list_mode,
                        listed_aside, option, person, reactions, remodel_pick, rule_matches, spare_card, told,
                        trashable, unhush, victim, why, yes_no, zone_question)
from .gains import count_owned, guard_refuses, passed_unseen
from .gains import gain, gain_chosen, gain_from_trash, trash_card
from .rng import rand_below
from .state import (actions_played, bopt, col, cost_now, cost_of, count_in, count_type_in, draw, draw_hot, find_in,
                    is_random, is_type, log_ev, move, ps, push, remove_at, rule_card, rule_span, seat_after, take_from,
                    take_top, turn_stamp, zb, zn)


# ================================================================ helpers of several cards
@kernel
def push_play(S, c, times, slot):
    """Queue ``times`` plays of c (in play-area slot ``slot``) on the work stack."""
    d = S[G_WK]
    if d >= WK_MAX:
        S[G_ERR] = ERR_WK
        return
    o = S_WK + 3 * d
    S[o] = c
    S[o + 1] = times
    S[o + 2] = slot
    S[G_WK] = d + 1


@kernel
def reveal_two(S, R, q):
    """Reveal the top two cards of q's deck into q's set-aside zone; how many there were."""
    n = 0
    for k in range(2):
        x = take_top(S, R, q)
        if x < 0:
            break
        push(S, q, Z_ASIDE, x)
        log_ev(S, EV_REVEAL, q, x, 0)
        n += 1
    return n


@kernel
def trash_revealed_treasure(S, R, T, q, n, skip_copper, cheapest, random_pick, pick):
    """Trash one Treasure among the n cards q revealed into its set-aside zone: the one
    at index ``pick`` if a list chose it (else -1), the cheapest or costliest (Copper
    skipped if asked), or a random revealed card when it is a Treasure and
    ``random_pick``. Returns the card, or -1 if none was a Treasure."""
    oa = zb(q, Z_ASIDE)
    bi = pick if pick >= 0 else best_treasure_at(S, T, q, oa, n, skip_copper, cheapest)
    if random_pick and bi >= 0:
        j = rand_below(R, MAXP, n)
        if is_type(T, S[oa + j], T_TREASURE):
            bi = j
    if bi < 0:
        return -1
    x = S[oa + bi]
    S[oa + bi] = -1
    trash_card(S, T, q, x)
    return x


@kernel
def move_aside(S, q, zone, event):
    """Move the cards q set aside (those still there, in order) to its ``zone``."""
    o = zb(q, Z_ASIDE)
    for i in range(S[zn(q, Z_ASIDE)]):
        x = S[o + i]
        if x >= 0:
            push(S, q, zone, x)
            log_ev(S, event, q, x, 0)
    S[zn(q, Z_ASIDE)] = 0


@inline
def discard_aside(S, q):
    move_aside(S, q, Z_DISC, EV_DISCARD)


@kernel
def yes_or_list(S, R, T, F, p, kind, x, lst):
    """A yes/no decision about card x: the person's answer, else whether a rule of the
    bot's list ``lst`` names x with its condition holding (``rule_matches``)."""
    a = ask_pick(S, p, kind, x, p, 2)
    if a == ANSWER_OPEN:
        a = told(S, p, kind, 1 if rule_matches(S, R, T, F, lst, p, x) else 0)
    return a == 1


# ================================================================ the cards, by cost
@kernel
def cellar(S, R, T, F, A, p):
    """+1 Action. Discard any number of cards from your hand, then draw that many.

    The discard list picks the cards, one at a time; by default also ``cellar_pick``."""
    draw(S, R, p, discard_any(S, R, T, F, p, CELLAR))


@kernel
def discard_any(S, R, T, F, p, c):
    """Cellar's and Secret Chamber's (c) discards, one card at a time until p stops: the
    person's answers, else the discard list's, then for a bot without its own the card's
    default (``cellar_pick``, ``dead_card``); how many."""
    n = 0
    while True:
        x = ask_zone(S, T, p, ASK_DISCARD, p, Z_HAND, 0, -1, 1, n)
        if x == ANSWER_OPEN:
            x = choose_in_zone(S, R, T, F, L_DISCARD, p, Z_HAND, 0)
            if x < 0 and follows_default(S, T, p, O_USER_DISCARD):
                x = cellar_pick(S, T, p) if c == CELLAR else dead_card(S, T, p)
                if x >= 0:
                    why(S, p, L_DISCARD, WHY_DEFAULT)
            told(S, p, ASK_DISCARD, x)
        if x < 0:
            break
        move(S, p, Z_HAND, Z_DISC, x, EV_DISCARD)
        n += 1
    return n


@kernel
def chapel(S, R, T, F, A, p):
    """Trash up to 4 cards from your hand.

    The trash list picks the cards; by default ``chapel_pick``."""
    default = follows_default(S, T, p, O_USER_TRASH)
    for k in range(4):
        x = ask_zone(S, T, p, ASK_TRASH, p, Z_HAND, 0, -1, 1, 4 - k)
        if x == ANSWER_OPEN:
            x = told(S, p, ASK_TRASH, chapel_choice(S, R, T, F, p, default, k))
        if x < 0:
            break
        take_from(S, p, Z_HAND, x)
        trash_card(S, T, p, x)


@inline
def chapel_choice(S, R, T, F, p, default, k):
    """The k-th card a bot's Chapel trashes (-1: no more): ``chapel_pick`` by default."""
    if default:
        lg = hush(S)
        x = chapel_pick(S, R, T, F, p)
        unhush(S, lg)
        if x >= 0 or k == 0:
            why(S, p, L_TRASH, WHY_DEFAULT)  # or why it trashes nothing
        return x
    return choose_in_zone(S, R, T, F, L_TRASH, p, Z_HAND, 0)


@kernel
def harbinger(S, R, T, F, A, p):
    """+1 Card, +1 Action. Look through your discard pile. You may put a card from it
    onto your deck.

    The topdeck list picks the card; by default Gold, else the costliest Action, else
    Silver; nothing if only junk."""
    if S[zn(p, Z_DISC)] == 0:
        return
    x = ask_zone(S, T, p, ASK_TOPDECK, p, Z_DISC, 0, -1, 1, 0)
    if x == ANSWER_OPEN:
        x = told(S, p, ASK_TOPDECK, harbinger_choice(S, R, T, F, p))
    if x >= 0:
        move(S, p, Z_DISC, Z_DRAW, x, EV_TOPDECK)


@kernel
def harbinger_choice(S, R, T, F, p):
    """The card of its discard pile a bot's Harbinger puts onto its deck, -1: none."""
    if not follows_default(S, T, p, O_USER_TOPDECK):
        return choose_in_zone(S, R, T, F, L_TOPDECK, p, Z_DISC, 0)
    x = -1
    od = zb(p, Z_DISC)
    score = 0
    for i in range(S[zn(p, Z_DISC)]):
        y = S[od + i]
        v = 0
        if y == GOLD:
            v = 1000
        elif is_type(T, y, T_ACTION):
            v = 100 + cost_of(T, y)
        elif good_card(T, y):
            v = 10 + cost_of(T, y)
        if v > score:
            score = v
            x = y
    if x >= 0:
        why(S, p, L_TOPDECK, WHY_DEFAULT)
    return x


@kernel
def merchant(S, R, T, F, A, p):
    """+1 Card, +1 Action. The first time you play a Silver this turn, +1 coin.

    Counted here, paid in the buy phase (each Merchant adds one coin to the first Silver)."""
    S[G_MERCHANT] += 1


@kernel
def vassal(S, R, T, F, A, p):
    """+2 coins. Discard the top card of your deck. If it's an Action card, you may play it.

    The play list decides whether it is played (as if from hand, but using no Action)."""
    x = take_top(S, R, p)
    if x >= 0:
        push(S, p, Z_DISC, x)
        log_ev(S, EV_DISCARD, p, x, 0)
        if is_type(T, x, T_ACTION) and yes_or_list(S, R, T, F, p, ASK_VASSAL, x, L_PLAY):
            S[zn(p, Z_DISC)] -= 1
            s2 = S[zn(p, Z_PLAY)]
            push(S, p, Z_PLAY, x)
            log_ev(S, EV_PLAY, p, x, 1)
            push_play(S, x, 1, s2)


@kernel
def chancellor(S, R, T, F, A, p):
    """+2 coins. You may immediately put your deck into your discard pile.

    The chancellor option decides."""
    if option(S, R, T, F, p, O_CHANCELLOR):
        n = S[zn(p, Z_DRAW)]
        od = zb(p, Z_DRAW)
        for i in range(n):
            push(S, p, Z_DISC, S[od + i])
        S[zn(p, Z_DRAW)] = 0
        log_ev(S, EV_DECK, p, -1, n)


@kernel
def workshop(S, R, T, F, A, p):
    """Gain a card costing up to 4 coins.

    The gain list picks the card, else ``forced_gain``'s default (a search bot may search
    it: ``gain_choice``)."""
    gain_chosen(S, T, A, p, gain_choice(S, R, T, F, A, p, 4, 0), Z_DISC)


@kernel
def bureaucrat(S, R, T, F, A, p):
    """Gain a Silver onto your deck. Each other player reveals a Victory card from their
    hand and puts it onto their deck (or reveals a hand with no Victory cards).

    A victim puts back the first Victory card its own topdeck list names, by default
    its cheapest."""
    gain_chosen(S, T, A, p, SILVER, Z_DRAW)
    for k in range(1, S[G_NP]):
        q = victim(S, R, T, F, p, k)
        if q < 0:
            continue
        oh = zb(q, Z_HAND)
        bi = -1
        x = ask_zone(S, T, q, ASK_TOPDECK, q, Z_HAND, T_VICTORY, -1, 0, 0)
        bi = find_in(S, q, Z_HAND, x) if x >= 0 else -1
        if x == ANSWER_OPEN:
            bi = bureaucrat_pick(S, R, T, F, q)
            told(S, q, ASK_TOPDECK, S[oh + bi] if bi >= 0 else -1)
        if bi >= 0:
            x = remove_at(S, q, Z_HAND, bi)
            log_ev(S, EV_REVEAL, q, x, 0)
            push(S, q, Z_DRAW, x)
            log_ev(S, EV_TOPDECK, q, x, 0)
        else:
            for i in range(S[zn(q, Z_HAND)]):
                log_ev(S, EV_REVEAL, q, S[oh + i], 0)


@kernel
def bureaucrat_pick(S, R, T, F, q):
    """Index in its hand of the Victory card a bot victim of Bureaucrat puts back (-1: it
    has none): the first its own topdeck list names, by default its cheapest."""
    oh = zb(q, Z_HAND)
    bi = -1
    if follows_list(S, T, q, O_USER_TOPDECK):
        x = choose_in_zone(S, R, T, F, L_TOPDECK, q, Z_HAND, T_VICTORY)
        if x >= 0:
            bi = find_in(S, q, Z_HAND, x)
    if bi < 0:  # any Victory card will do: the cheapest one
        for i in range(S[zn(q, Z_HAND)]):
            x = S[oh + i]
            if is_type(T, x, T_VICTORY) and (bi < 0 or cost_of(T, x) < cost_of(T, S[oh + bi])):
                bi = i
        if bi >= 0:
            why(S, q, L_TOPDECK, WHY_DEFAULT)
    return bi


@kernel
def feast(S, R, T, F, A, p, slot):
    """Trash this card. Gain a card costing up to 5 coins.

    Trashed only if it is still in play (a Throne-Roomed Feast is trashed once). The gain
    list picks the card; without one, the default never gains back a Feast."""
    if S[zb(p, Z_PLAY) + slot] == FEAST:
        S[zb(p, Z_PLAY) + slot] = -1
        trash_card(S, T, p, FEAST)
    if bopt(T, S[S_SEAT + p], O_USER_GAIN) == 0:
        S[G_SKIP] = FEAST + 1  # by default, never gain back the Feast just trashed
    gain_chosen(S, T, A, p, gain_choice(S, R, T, F, A, p, 5, 0), Z_DISC)
    S[G_SKIP] = 0


#: inline in ``effect`` (see there)
@inline
def militia(S, R, T, F, A, p):
    """+2 coins. Each other player discards down to 3 cards in hand.

    A victim discards what its discard list says, else by ``discard_down``'s default."""
    for k in range(1, S[G_NP]):
        q = victim(S, R, T, F, p, k)
        if q >= 0:
            discard_down(S, R, T, F, q, S[zn(q, Z_HAND)] - 3)


@kernel
def moneylender(S, R, T, F, A, p):
    """Trash a Copper from your hand. If you do, +3 coins.

    2nd edition ("You may trash a Copper from your hand for +3 coins."): the trash list
    decides when it has a rule, else it always does."""
    i = find_in(S, p, Z_HAND, COPPER)
    if i >= 0:
        take = True
        if S[S_VAR + V_EDITION] == 2:
            a = ask_pick(S, p, ASK_MONEYLENDER, COPPER, p, 2)
            if a == ANSWER_OPEN:
                yes = follows_default(S, T, p, O_USER_TRASH) or rule_matches(S, R, T, F, L_TRASH, p, COPPER)
                a = told(S, p, ASK_MONEYLENDER, 1 if yes else 0)
            take = a == 1
        if take:
            remove_at(S, p, Z_HAND, i)
            trash_card(S, T, p, COPPER)
            S[G_COINS] += 3
        else:
            log_ev(S, EV_NOTHING, p, MONEYLENDER, 0)


@kernel
def poacher(S, R, T, F, A, p):
    """+1 Card, +1 Action, +1 coin. Discard a card per empty Supply pile."""
    if S[G_EMPTY] > 0:
        discard_down(S, R, T, F, p, S[G_EMPTY])


@kernel
def remodel(S, R, T, F, A, p):
    """Trash a card from your hand. Gain a card costing up to 2 coins more than the
    trashed card.

    Compulsory if the hand has a card. By default the best trade (``remodel_pick``; with
    none, the bot does not play the Remodel, ``holds_back_remodel``). A bot's own trash list picks
    the card, after a Gold when the gain list would take a Province for it. Else the card
    p least wants to keep."""
    if S[zn(p, Z_HAND)] == 0:
        log_ev(S, EV_NOTHING, p, REMODEL, 0)
        return
    gain_chosen(S, T, A, p, trade(S, R, T, F, A, p), Z_DISC)


@kernel
def trade(S, R, T, F, A, p):
    """Remodel's trade, and Replace's, from a hand with a card: the card trashed (the
    person's, else ``remodel_choice``), then the gain chosen, costing up to 2 more (``remodel``
    says how); returns the gain (-1: none)."""
    default = follows_default(S, T, p, O_USER_TRASH)
    x = ask_zone(S, T, p, ASK_TRASH, p, Z_HAND, 0, -1, 0, 0)
    if x != ANSWER_OPEN:
        default = False  # the person chose: no bot's Gold-for-a-Province plan
    if x == ANSWER_OPEN:  # a bot's choice (the person's seat: the hint bot's, what the hint shows)
        x = told(S, p, ASK_TRASH, remodel_choice(S, R, T, F, p, default))
    take_from(S, p, Z_HAND, x)
    trash_card(S, T, p, x)
    if default and x == GOLD and late_province(S, T, p):
        g = PROVINCE
    else:
        g = gain_choice(S, R, T, F, A, p, cost_now(S, T, x) + 2, 0)
    return g


@kernel
def remodel_choice(S, R, T, F, p, default):
    """The card of its (non-empty) hand a bot's Remodel trashes (``remodel`` says how)."""
    x = -1
    lg = hush(S)
    if default:
        x = remodel_pick(S, R, T, F, p, 0)
    elif not is_random(S, T, p) and find_in(S, p, Z_HAND, GOLD) >= 0 \
            and choose_gain(S, R, T, F, L_GAIN, p, cost_of(T, GOLD) + 2, 0) == PROVINCE:
        x = GOLD
    unhush(S, lg)
    if x >= 0:
        why(S, p, L_TRASH, WHY_DEFAULT)
    else:
        x = choose_in_zone(S, R, T, F, L_TRASH, p, Z_HAND, 0)
    if x < 0:
        why(S, p, L_TRASH, WHY_DEFAULT)
        x = least_wanted(S, T, p)
    return x


@kernel
def spy(S, R, T, F, A, p):
    """+1 Card, +1 Action. Each player (including you) reveals the top card of their deck
    and either discards it or puts it back, your choice.

    Your own good cards stay and your junk goes; others' good cards go and their junk
    stays. Junk is what your own discard list names, by default anything but an Action or
    a Treasure above Copper (``good_card``)."""
    np_ = S[G_NP]
    for k in range(np_):
        q = seat_after(S, p, k)
        if k > 0 and (T[TH_REACT] & 1) != 0 and blocked(S, R, T, F, q):
            continue
        x = take_top(S, R, q)
        if x < 0:
            continue
        log_ev(S, EV_REVEAL, q, x, 0)
        d = ask_pick(S, p, ASK_SPY, x, q, 2)
        if d == ANSWER_OPEN:
            d = told(S, p, ASK_SPY, 0 if spy_keeps(S, R, T, F, p, x, k == 0) else 1)
        if d == 0:
            push(S, q, Z_DRAW, x)
            log_ev(S, EV_BACK, q, x, 0)
        else:
            push(S, q, Z_DISC, x)
            log_ev(S, EV_DISCARD, q, x, 0)


@inline
def spy_keeps(S, R, T, F, p, x, own):
    """Does a bot's Spy put back card x (its ``own`` card, or another player's)?"""
    good = good_card(T, x)
    if follows_list(S, T, p, O_USER_DISCARD):
        good = not rule_matches(S, R, T, F, L_DISCARD, p, x)
    else:
        why(S, p, L_DISCARD, WHY_DEFAULT)
    if is_random(S, T, p):
        good = rand_below(R, MAXP, 2) == 1
    return good == own


@kernel
def thief(S, R, T, F, A, p):
    """Each other player reveals the top 2 cards of their deck. If they revealed any
    Treasure cards, they trash one of them that you choose. You may gain any or all of
    these trashed cards. They discard the other revealed cards.

    You choose the first Treasure your own gain list names, and gain the trashed card if
    that list names it; by default the costliest, gained unless it is a Copper."""
    for k in range(1, S[G_NP]):
        q = victim(S, R, T, F, p, k)
        if q < 0:
            continue
        n = reveal_two(S, R, q)
        listed = follows_list(S, T, p, O_USER_GAIN)
        c = ask_zone(S, T, p, ASK_THIEF_TRASH, q, Z_ASIDE, T_TREASURE, -1, 0, 0)
        if c == ANSWER_OPEN:
            pick = listed_aside(S, R, T, F, L_GAIN, p, q, n, False) if listed else -1
            x = told(S, p, ASK_THIEF_TRASH,
                     trash_revealed_treasure(S, R, T, q, n, False, False, is_random(S, T, p), pick))
        else:
            x = trash_revealed_treasure(S, R, T, q, n, False, False, False, find_in(S, q, Z_ASIDE, c))
        if x >= 0:
            w = ask_pick(S, p, ASK_THIEF_GAIN, x, q, 2)
            if w == ANSWER_OPEN:
                want = rule_matches(S, R, T, F, L_GAIN, p, x) if listed else x != COPPER
                if is_random(S, T, p):
                    want = rand_below(R, MAXP, 2) == 1
                elif not listed:
                    why(S, p, L_GAIN, WHY_DEFAULT)
                w = told(S, p, ASK_THIEF_GAIN, 1 if want else 0)
            if w == 1:
                gain_from_trash(S, T, A, p, x)
        discard_aside(S, q)


@kernel
def throne_room(S, R, T, F, A, p):
    """Choose an Action card in your hand. Play it twice.

    2nd edition: "You may play an Action card from your hand twice." The play list picks
    the card; in the 1st edition an Action in hand must be chosen (the first one)."""
    x = ask_zone(S, T, p, ASK_THRONE, p, Z_HAND, T_ACTION, -1, 1 if S[S_VAR + V_EDITION] == 2 else 0, 0)
    if x == ANSWER_OPEN:
        x = choose_play(S, R, T, F, p)
        if x < 0 and S[S_VAR + V_EDITION] != 2:
            oh = zb(p, Z_HAND)
            for i in range(S[zn(p, Z_HAND)]):
                if is_type(T, S[oh + i], T_ACTION):
                    x = S[oh + i]
                    why(S, p, L_PLAY, WHY_DEFAULT)
                    break
        told(S, p, ASK_THRONE, x)
    if x >= 0:
        take_from(S, p, Z_HAND, x)
        s2 = S[zn(p, Z_PLAY)]
        push(S, p, Z_PLAY, x)
        log_ev(S, EV_THRONE, p, x, 0)
        push_play(S, x, 2, s2)
        now = turn_stamp(S, p)
        if S[G_PLAYS_AT] != now:  # the turn's first (``actions_played``)
            S[G_PLAYS_AT] = now
            S[G_PLAYS] = 0
        S[G_PLAYS] += 1  # its card's second play
    else:
        log_ev(S, EV_NOTHING, p, THRONE_ROOM, 0)


@kernel
def bandit(S, R, T, F, A, p):
    """Gain a Gold. Each other player reveals the top 2 cards of their deck, trashes a
    revealed Treasure other than Copper, and discards the rest.

    A victim trashes the first non-Copper Treasure its own trash list names, by default
    the cheaper."""
    gain_chosen(S, T, A, p, GOLD, Z_DISC)
    for k in range(1, S[G_NP]):
        q = victim(S, R, T, F, p, k)
        if q < 0:
            continue
        n = reveal_two(S, R, q)
        c = ask_zone(S, T, q, ASK_BANDIT, q, Z_ASIDE, T_TREASURE, COPPER, 0, 0)
        if c == ANSWER_OPEN:
            pick = listed_aside(S, R, T, F, L_TRASH, q, q, n, True) if follows_list(S, T, q, O_USER_TRASH) else -1
        else:
            pick = find_in(S, q, Z_ASIDE, c)
        told(S, q, ASK_BANDIT, trash_revealed_treasure(S, R, T, q, n, True, True, False, pick))
        discard_aside(S, q)


@kernel
def council_room(S, R, T, F, A, p):
    """+4 Cards, +1 Buy. Each other player draws a card."""
    np_ = S[G_NP]
    for k in range(1, np_):
        draw(S, R, seat_after(S, p, k), 1)


@inline
def reveal_next(S, R, p, steps):
    """The top card of p's deck (shuffling the discard pile in when the deck is empty), as
    the ``steps``-th card a card reveals until it finds what it wants (Library,
    Adventurer); -1 when both piles are empty, or, with the error ERR_LOOP, once it has
    revealed more cards than p owns."""
    if steps > S[ps(p, PS_CARDS)]:
        S[G_ERR] = ERR_LOOP
        return -1
    return take_top(S, R, p)


@kernel
def library(S, R, T, F, A, p):
    """Draw until you have 7 cards in hand. You may set aside any Action cards drawn this
    way, as you draw them; discard the set aside cards after you finish drawing.

    The set_aside list decides (``library_skips``). Stops when both piles are empty, and
    with an error once it has revealed more cards than p owns."""
    steps = 0
    while S[zn(p, Z_HAND)] < 7:
        steps += 1
        x = reveal_next(S, R, p, steps)
        if x < 0:
            break
        if is_type(T, x, T_ACTION) and library_skips(S, R, T, F, p, x):
            push(S, p, Z_ASIDE, x)
            log_ev(S, EV_SETASIDE, p, x, 0)
        else:
            push(S, p, Z_HAND, x)
            log_ev(S, EV_DRAW, p, x, 0)
    discard_aside(S, p)


@kernel
def mine(S, R, T, F, A, p):
    """Trash a Treasure card from your hand. Gain a Treasure card costing up to 3 coins
    more; put it into your hand.

    2nd edition: "You may trash a Treasure from your hand. Gain a Treasure to your hand
    costing up to 3 coins more than it." By default the Treasure whose upgrade gains the
    most (Silver to Gold before Copper to Silver); a bot's trash list picks instead. In
    the 1st edition a Treasure must be trashed (the cheapest, when no upgrade helps)."""
    x = ANSWER_OPEN
    g = ANSWER_OPEN  # the person's gain: asked once the Treasure is trashed
    if person(S, p):
        x = ask_zone(S, T, p, ASK_TRASH, p, Z_HAND, T_TREASURE, -1, 1 if S[S_VAR + V_EDITION] == 2 else 0, 0)
    if x == ANSWER_OPEN:
        x, g = mine_choice(S, R, T, F, p)
        told(S, p, ASK_TRASH, x)
    if x < 0:
        log_ev(S, EV_NOTHING, p, MINE, 0)
        return
    take_from(S, p, Z_HAND, x)
    trash_card(S, T, p, x)
    if g == ANSWER_OPEN:
        g = forced_gain(S, R, T, F, p, cost_now(S, T, x) + 3, T_TREASURE)
    gain_chosen(S, T, A, p, g, Z_HAND)


@kernel
def mine_choice(S, R, T, F, p):
    """The Treasure of its hand a bot's Mine trashes and the Treasure it gains (-1, -1:
    none; ``mine`` says how)."""
    oh = zb(p, Z_HAND)
    nh = S[zn(p, Z_HAND)]
    x = -1
    g = -1
    if not follows_default(S, T, p, O_USER_TRASH):
        x = choose_in_zone(S, R, T, F, L_TRASH, p, Z_HAND, T_TREASURE)
        if x >= 0:
            g = forced_gain(S, R, T, F, p, cost_now(S, T, x) + 3, T_TREASURE)
    else:
        lg = hush(S)
        gain_best = 0
        for i in range(nh):
            y = S[oh + i]
            if not is_type(T, y, T_TREASURE):
                continue
            h = forced_gain(S, R, T, F, p, cost_now(S, T, y) + 3, T_TREASURE)
            if h < 0:
                continue
            up = cost_of(T, h) - cost_of(T, y)
            # the biggest upgrade; between equal ones, the one that ends with the better card
            if up > 0 and (up > gain_best or (up == gain_best and cost_of(T, h) > cost_of(T, g))):
                gain_best = up
                x = y
                g = h
        unhush(S, lg)
        if x >= 0:
            why(S, p, L_TRASH, WHY_DEFAULT)
    if x < 0 and S[S_VAR + V_EDITION] != 2:
        bi = best_treasure_at(S, T, p, oh, nh, False, True)
        if bi >= 0:
            why(S, p, L_TRASH, WHY_DEFAULT)
            x = S[oh + bi]
            g = forced_gain(S, R, T, F, p, cost_now(S, T, x) + 3, T_TREASURE)
    return x, g


@kernel
def sentry(S, R, T, F, A, p):
    """+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or discard any
    number of them. Put the rest back on top in any order.

    The trash list, then the discard list, decide each card; the rest go back with the
    costlier on top."""
    n = reveal_two(S, R, p)
    oa = zb(p, Z_ASIDE)
    kept = 0
    for i in range(n):
        x = S[oa + i]
        d = ANSWER_OPEN  # 0: back on the deck, 1: discard, 2: trash
        if person(S, p):
            d = ask_pick(S, p, ASK_SENTRY, x, p, 3)
        if d == ANSWER_OPEN:
            d = 2 if rule_matches(S, R, T, F, L_TRASH, p, x) else \
                (1 if rule_matches(S, R, T, F, L_DISCARD, p, x) else 0)
            told(S, p, ASK_SENTRY, d)
        if d == 2:
            S[oa + i] = -1
            trash_card(S, T, p, x)
        elif d == 1:
            S[oa + i] = -1
            push(S, p, Z_DISC, x)
            log_ev(S, EV_DISCARD, p, x, 0)
        else:
            kept += 1
    if kept == 2:  # the second one put back ends on top: by default the more valuable
        top = ask_zone(S, T, p, ASK_SENTRY_TOP, p, Z_ASIDE, 0, -1, 0, 0)
        if top == ANSWER_OPEN:
            top = told(S, p, ASK_SENTRY_TOP, S[oa] if cost_of(T, S[oa]) > cost_of(T, S[oa + 1]) else S[oa + 1])
        if S[oa + 1] != top:
            t = S[oa]
            S[oa] = S[oa + 1]
            S[oa + 1] = t
    move_aside(S, p, Z_DRAW, EV_BACK)


#: inline in ``effect`` (see there)
@inline
def witch(S, R, T, F, A, p):
    """+2 Cards. Each other player gains a Curse card."""
    for k in range(1, S[G_NP]):
        q = victim(S, R, T, F, p, k)
        if q >= 0:
            gain(S, T, A, q, CURSE, Z_DISC, S[G_LOG] != 0)


@kernel
def adventurer(S, R, T, F, A, p):
    """Reveal cards from your deck until you reveal 2 Treasure cards. Put those Treasure
    cards into your hand and discard the other revealed cards.

    Stops when both piles are empty, and with an error once it has revealed more cards
    than p owns."""
    found = 0
    steps = 0
    while found < 2:
        steps += 1
        x = reveal_next(S, R, p, steps)
        if x < 0:
            break
        log_ev(S, EV_REVEAL, p, x, 0)
        if is_type(T, x, T_TREASURE):
            push(S, p, Z_HAND, x)
            found += 1
        else:
            push(S, p, Z_ASIDE, x)
    discard_aside(S, p)


@kernel
def artisan(S, R, T, F, A, p):
    """Gain a card to your hand costing up to 5 coins. Put a card from your hand onto
    your deck.

    The gain list picks the gain (else ``forced_gain``'s default); the topdeck list picks
    the card to put back; by default the card this turn can best spare
    (``spare_card``), else the cheapest Treasure, else the card p least wants to keep."""
    gain_chosen(S, T, A, p, forced_gain(S, R, T, F, p, 5, 0), Z_HAND)
    if S[zn(p, Z_HAND)] == 0:
        return
    x = ask_zone(S, T, p, ASK_TOPDECK, p, Z_HAND, 0, -1, 0, 0)
    if x == ANSWER_OPEN:
        x = told(S, p, ASK_TOPDECK, artisan_choice(S, R, T, F, p))
    move(S, p, Z_HAND, Z_DRAW, x, EV_TOPDECK)


@kernel
def artisan_choice(S, R, T, F, p):
    """The card of its (non-empty) hand a bot's Artisan puts onto its deck (``artisan``
    says how)."""
    nh = S[zn(p, Z_HAND)]
    x = -1
    if not follows_default(S, T, p, O_USER_TOPDECK):
        x = choose_in_zone(S, R, T, F, L_TOPDECK, p, Z_HAND, 0)
    oh = zb(p, Z_HAND)
    if x < 0:
        lg = hush(S)
        x = spare_card(S, R, T, F, p)
        unhush(S, lg)
        if x < 0:
            bi = best_treasure_at(S, T, p, oh, nh, False, True)
            if bi >= 0:
                x = S[oh + bi]
        if x < 0:
            x = least_wanted(S, T, p)
        why(S, p, L_TOPDECK, WHY_DEFAULT)
    return x


# ================================================================ Intrigue, by cost
@kernel
def courtyard(S, R, T, F, A, p):
    """+3 Cards. Put a card from your hand onto your deck.

    The topdeck list picks the card; by default ``artisan_choice``'s: the card this turn
    can best spare."""
    if S[zn(p, Z_HAND)] == 0:
        return
    x = ask_zone(S, T, p, ASK_TOPDECK, p, Z_HAND, 0, -1, 0, 0)
    if x == ANSWER_OPEN:
        x = told(S, p, ASK_TOPDECK, artisan_choice(S, R, T, F, p))
    move(S, p, Z_HAND, Z_DRAW, x, EV_TOPDECK)


@kernel
def pawn(S, R, T, F, A, p):
    """Choose two: +1 Card; +1 Action; +1 Buy; +1 coin. The choices must be different.

    The choose list picks both (its first rule that holds, then its first other one); by
    default +1 Card, and +1 Action when the hand holds an Action and none is left, else +1
    coin."""
    first = choose_mode(S, R, T, F, p, PAWN, NPAWN, 0, PAWN_CARD)
    action = S[G_ACTIONS] == 0 and count_type_in(S, T, p, Z_HAND, T_ACTION) > 0
    dflt = PAWN_COIN if first == PAWN_CARD else PAWN_CARD
    if action and first != PAWN_ACTION:
        dflt = PAWN_ACTION
    second = choose_mode(S, R, T, F, p, PAWN, NPAWN, 1 << first, dflt)
    for m in (first, second):
        if m == PAWN_CARD:
            draw(S, R, p, 1)
        elif m == PAWN_ACTION:
            S[G_ACTIONS] += 1
        elif m == PAWN_BUY:
            S[G_BUYS] += 1
        else:
            S[G_COINS] += 1


@kernel
def shanty_town(S, R, T, F, A, p):
    """+2 Actions. Reveal your hand. If you have no Action cards in hand, +2 Cards."""
    oh = zb(p, Z_HAND)
    for i in range(S[zn(p, Z_HAND)]):
        log_ev(S, EV_REVEAL, p, S[oh + i], 0)
    if count_type_in(S, T, p, Z_HAND, T_ACTION) == 0:
        draw(S, R, p, 2)


@kernel
def steward(S, R, T, F, A, p):
    """Choose one: +2 Cards; or +2 coins; or trash 2 cards from your hand.

    The choose list picks; by default trash when the trash list would trash 2 cards of
    the hand that give no coins (Curses, Estates early), else +2 coins when they change
    what the buy list buys, else +2 Cards. The cards trashed: the trash list's, else
    ``least_kept``'s."""
    m = choose_mode(S, R, T, F, p, STEWARD, NSTEWARD, 0, steward_default(S, R, T, F, p))
    if m == STEWARD_CARDS:
        draw(S, R, p, 2)
    elif m == STEWARD_COINS:
        S[G_COINS] += 2
    else:
        trash_from_hand(S, R, T, F, p, 2)


@kernel
def steward_default(S, R, T, F, p):
    """Steward's mode when a bot's choose list has none (``steward`` says which)."""
    if trashable(S, R, T, F, p) >= 2:
        return STEWARD_TRASH
    if buy_with(S, R, T, F, p, 2) != buy_with(S, R, T, F, p, 0):
        return STEWARD_COINS
    return STEWARD_CARDS


@kernel
def trash_from_hand(S, R, T, F, p, k):
    """p trashes k cards from its hand (all of them if fewer), one at a time: the person's
    answers, else ``forced_trash``'s; how many it trashed."""
    n = 0
    while n < k and S[zn(p, Z_HAND)] > 0:
        x = ask_zone(S, T, p, ASK_TRASH, p, Z_HAND, 0, -1, 0, k - n)
        if x == ANSWER_OPEN:
            x = told(S, p, ASK_TRASH, forced_trash(S, R, T, F, p))
        take_from(S, p, Z_HAND, x)
        trash_card(S, T, p, x)
        n += 1
    return n


@kernel
def wishing_well(S, R, T, F, A, p):
    """+1 Card, +1 Action. Name a card, then reveal the top card of your deck. If you
    named it, put it into your hand.

    The choose list names the card (its first rule that holds); by default the card p has
    most of in its draw pile (its discard pile when the draw pile is empty: it is shuffled
    in first), the cheaper between equals."""
    x = ANSWER_OPEN
    if person(S, p):
        n = 0
        for j in range(T[T_INGAME]):
            asks.put_option(S, G_ASK, n, T[T_INGAME + 1 + j])
            n += 1
        x = ask_n(S, p, ASK_WISH, WISHING_WELL, 0, p, n, 0)
    if x == ANSWER_OPEN:
        if is_random(S, T, p):
            x = T[T_INGAME + 1 + rand_below(R, MAXP, T[T_INGAME])]
        else:
            x = list_mode(S, R, T, F, p, WISHING_WELL, 0)
            if x < 0:
                why(S, p, L_MODE, WHY_DEFAULT)
                x = wish_default(S, T, p)
        told(S, p, ASK_WISH, x)
    log_ev(S, EV_MODE, p, WISHING_WELL, x)
    y = take_top(S, R, p)
    if y < 0:
        return
    log_ev(S, EV_REVEAL, p, y, 0)
    if y == x:
        push(S, p, Z_HAND, y)
        log_ev(S, EV_DRAW, p, y, 0)
    else:
        push(S, p, Z_DRAW, y)
        log_ev(S, EV_BACK, p, y, 0)


@kernel
def wish_default(S, T, p):
    """The card a bot's Wishing Well names by default (``wishing_well`` says which)."""
    zone = Z_DRAW if S[zn(p, Z_DRAW)] > 0 else Z_DISC
    best = COPPER
    most = 0
    for j in range(T[T_INGAME]):
        c = T[T_INGAME + 1 + j]
        k = count_in(S, p, zone, c)
        if k > most or (k == most and k > 0 and cost_of(T, c) < cost_of(T, best)):
            most = k
            best = c
    return best


@kernel
def baron(S, R, T, F, A, p):
    """+1 Buy. You may discard an Estate for +4 coins. If you don't, gain an Estate.

    The baron_discard option decides (default: yes)."""
    if find_in(S, p, Z_HAND, ESTATE) >= 0 and yes_no(S, R, T, F, p, ASK_BARON, ESTATE, O_BARON, True):
        move(S, p, Z_HAND, Z_DISC, ESTATE, EV_DISCARD)
        S[G_COINS] += 4
    else:
        gain_chosen(S, T, A, p, ESTATE, Z_DISC)


@kernel
def bridge(S, R, T, F, A, p):
    """+1 Buy, +1 coin. All cards (including cards in players' hands) cost 1 coin less
    this turn, but not less than 0.

    Counted in G_REDUCE; every cost the rules read is ``state.cost_now``."""
    S[G_REDUCE] += 1


@kernel
def conspirator(S, R, T, F, A, p):
    """+2 coins. If you've played 3 or more Actions this turn (counting this), +1 Card,
    +1 Action.

    Each play counts (``actions_played``): a Throne Room and the card it plays twice are
    three."""
    if actions_played(S, T, p) >= 3:
        draw(S, R, p, 1)
        S[G_ACTIONS] += 1


@kernel
def coppersmith(S, R, T, F, A, p):
    """Copper produces an extra 1 coin this turn.

    Counted in G_COPPER, paid in the buy phase (every Treasure is played there)."""
    S[G_COPPER] += 1


@kernel
def ironworks(S, R, T, F, A, p):
    """Gain a card costing up to 4 coins. If it is an Action card, +1 Action; a Treasure
    card, +1 coin; a Victory card, +1 Card.

    The gain list picks the card, else ``forced_gain``'s default (a search bot may search
    it: ``gain_choice``). No card gained (its pile empty): no bonus."""
    ironworks_gain(S, R, T, A, p, gain_choice(S, R, T, F, A, p, 4, 0))


@kernel
def ironworks_gain(S, R, T, A, p, g):
    """Ironworks' text once its gain g (-1: none) is chosen: the gain and the bonus by its
    types (``gain_rest``: a search's rollout from the choice goes on from here too)."""
    if g >= 0 and gain(S, T, A, p, g, Z_DISC, S[G_LOG] != 0):
        if is_type(T, g, T_ACTION):
            S[G_ACTIONS] += 1
        if is_type(T, g, T_TREASURE):
            S[G_COINS] += 1
        if is_type(T, g, T_VICTORY):
            draw(S, R, p, 1)


@kernel
def mining_village(S, R, T, F, A, p, slot):
    """+1 Card, +2 Actions. You may trash this card immediately. If you do, +2 coins.

    Once only (a Throne-Roomed one is trashed once). The mining_village_trash option
    decides; by default it is trashed when the 2 coins change what the buy list buys (a
    Gold for a Silver, a Province for a Gold...)."""
    if S[zb(p, Z_PLAY) + slot] != MINING_VILLAGE:
        return
    if yes_no(S, R, T, F, p, ASK_MINING_VILLAGE, MINING_VILLAGE, O_MINING_VILLAGE,
              mining_village_default(S, R, T, F, p)):
        S[zb(p, Z_PLAY) + slot] = -1
        trash_card(S, T, p, MINING_VILLAGE)
        S[G_COINS] += 2


@kernel
def mining_village_default(S, R, T, F, p):
    """Does a bot trash its Mining Village without a rule (``mining_village`` says when)?"""
    c = buy_with(S, R, T, F, p, 2)
    return c >= 0 and c != buy_with(S, R, T, F, p, 0)


@kernel
def greens(S, R, T, F, p, more):
    """Do ``more`` coins turn what p's buy list would buy now into a Victory card?"""
    c = buy_with(S, R, T, F, p, more)
    return c >= 0 and c != buy_with(S, R, T, F, p, 0) and is_type(T, c, T_VICTORY)


@kernel
def trading_post(S, R, T, F, A, p):
    """Trash 2 cards from your hand. If you do, gain a Silver card; put it into your hand.

    The trash list picks the cards, else ``least_kept`` (a Curse, a Copper, an early
    Estate, the cheapest, Victory cards last)."""
    if trash_from_hand(S, R, T, F, p, 2) == 2:
        gain_chosen(S, T, A, p, SILVER, Z_HAND)


@kernel
def nobles(S, R, T, F, A, p):
    """Choose one: +3 Cards; or +2 Actions. 2 VP.

    The choose list picks; by default +2 Actions when no Action is left and the hand
    holds an Action, else +3 Cards."""
    action = S[G_ACTIONS] == 0 and count_type_in(S, T, p, Z_HAND, T_ACTION) > 0
    m = choose_mode(S, R, T, F, p, NOBLES, NNOBLES, 0, NOBLES_ACTIONS if action else NOBLES_CARDS)
    if m == NOBLES_CARDS:
        draw(S, R, p, 3)
    else:
        S[G_ACTIONS] += 2



@kernel
def lurker(S, R, T, F, A, p):
    """+1 Action. Choose one: Trash an Action card from the Supply; or gain an Action card
    from the trash.

    The choose list picks; by default the gain when the trash holds an Action the gain list
    names (``lurker_gain_pick``), else the trash. The Supply's Action trashed: the first the
    trash list names, by default the costliest (what the others would buy)."""
    g = lurker_gain_pick(S, R, T, F, p)
    m = choose_mode(S, R, T, F, p, LURKER, NLURKER, 0, LURKER_GAIN if g >= 0 else LURKER_TRASH)
    x = ANSWER_OPEN
    if person(S, p):
        n = 0
        for j in range(T[T_INGAME]):
            c = T[T_INGAME + 1 + j]
            pile = S[S_TRASH + c] if m == LURKER_GAIN else S[S_SUP + c]
            if pile > 0 and is_type(T, c, T_ACTION):
                asks.put_option(S, G_ASK, n, c)
                n += 1
        x = ask_n(S, p, ASK_LURKER, LURKER, m, p, n, 0)
    if x == ANSWER_OPEN:
        x = told(S, p, ASK_LURKER, g if m == LURKER_GAIN else lurker_trash_pick(S, R, T, F, p))
    if x < 0:
        log_ev(S, EV_NOTHING, p, LURKER, 0)
    elif m == LURKER_GAIN:
        gain_from_trash(S, T, A, p, x)
    else:
        s = S[S_SUP + x] - 1
        S[S_SUP + x] = s
        if s == 0:
            S[G_EMPTY] += 1
        S[S_TRASH + x] += 1
        log_ev(S, EV_SUPPLY_TRASH, p, x, 0)


@kernel
def lurker_gain_pick(S, R, T, F, p):
    """The Action of the trash a bot's Lurker would gain: the first its gain list names
    (with its condition holding), -1 if none."""
    first, end = rule_span(S, T, p, L_GAIN)
    lg = hush(S)
    x = -1
    for r in range(first, end):
        c = rule_card(T, r)
        if S[S_TRASH + c] > 0 and is_type(T, c, T_ACTION) and rule_holds(S, T, F, r, p):
            x = c
            break
    unhush(S, lg)
    if is_random(S, T, p):
        for j in range(T[T_INGAME]):
            c = T[T_INGAME + 1 + j]
            if S[S_TRASH + c] > 0 and is_type(T, c, T_ACTION):
                x = c
    return x


@kernel
def lurker_trash_pick(S, R, T, F, p):
    """The Supply's Action a bot's Lurker trashes (``lurker`` says which), -1: none left."""
    first, end = rule_span(S, T, p, L_TRASH)
    for r in range(first, end):
        c = rule_card(T, r)
        if S[S_SUP + c] > 0 and is_type(T, c, T_ACTION) and rule_holds(S, T, F, r, p):
            why(S, p, L_TRASH, r - first)
            return c
    why(S, p, L_TRASH, WHY_DEFAULT)
    x = -1
    for j in range(T[T_INGAME]):
        c = T[T_INGAME + 1 + j]
        if S[S_SUP + c] > 0 and is_type(T, c, T_ACTION) and (x < 0 or cost_of(T, c) > cost_of(T, x)):
            x = c
    return x


@kernel
def secret_chamber(S, R, T, F, A, p):
    """Discard any number of cards. +1 coin per card discarded. When another player plays
    an Attack card, you may reveal this from your hand. If you do, +2 Cards, then put 2
    cards from your hand on top of your deck.

    The discard list picks the cards, one at a time; for a bot without its own, then every
    card that gives no coins this turn: Curses, Victory cards, Actions no Action is left to
    play (``dead_card``). Its reaction: ``decisions.react``."""
    S[G_COINS] += discard_any(S, R, T, F, p, SECRET_CHAMBER)


@kernel
def dead_card(S, T, p):
    """A card of p's hand that gives nothing this turn (a Curse, a Victory card, an Action no
    Action is left to play), -1 if none."""
    oh = zb(p, Z_HAND)
    for i in range(S[zn(p, Z_HAND)]):
        c = S[oh + i]
        if T[col(c, C_TREASURE)] > 0:
            continue
        if not is_type(T, c, T_ACTION) or S[G_ACTIONS] == 0:
            return c
    return -1


@kernel
def masquerade(S, R, T, F, A, p):
    """+2 Cards. Each player passes a card from their hand to the left at once. Then you
    may trash a card from your hand.

    2nd edition: "Each player with any cards in hand passes one to the next such player to
    their left, at once." (In the 1st edition a player with no card passes nothing and still
    receives.) Each player passes the first card its pass list names, by default
    ``pass_pick``'s; then the card to trash: the trash list's, by default Chapel's choice
    (``chapel_pick``: a Curse, an Estate early, a Copper the buy does not need), else none."""
    np_ = S[G_NP]
    for k in range(np_):
        q = seat_after(S, p, k)
        if S[zn(q, Z_HAND)] == 0:
            continue
        x = ask_zone(S, T, q, ASK_PASS, q, Z_HAND, 0, -1, 0, 0)
        if x == ANSWER_OPEN:
            x = choose_in_zone(S, R, T, F, L_PASS, q, Z_HAND, 0)
            if x < 0:
                why(S, q, L_PASS, WHY_DEFAULT)
                x = pass_pick(S, T, q)
            told(S, q, ASK_PASS, x)
        take_from(S, q, Z_HAND, x)
        push(S, q, Z_ASIDE, x)
    passing = 0  # bit q: q passes a card (set aside until all have chosen)
    for q in range(np_):
        if S[zn(q, Z_ASIDE)] > 0:
            passing |= 1 << q
    for k in range(np_):
        q = seat_after(S, p, k)
        if (passing >> q) & 1 == 0:
            continue
        x = S[zb(q, Z_ASIDE)]
        S[zn(q, Z_ASIDE)] = 0
        to = seat_after(S, q, 1)
        if S[S_VAR + V_EDITION] == 2:  # only those who pass receive
            while (passing >> to) & 1 == 0:
                to = seat_after(S, to, 1)
        count_owned(S, T, q, x, -1)
        push(S, to, Z_HAND, x)
        count_owned(S, T, to, x, 1)
        passed_unseen(S, q, to, x)
        log_ev(S, EV_PASS, q, x, to)
    x = ask_zone(S, T, p, ASK_TRASH, p, Z_HAND, 0, -1, 1, 1)
    if x == ANSWER_OPEN:
        x = told(S, p, ASK_TRASH, chapel_choice(S, R, T, F, p, follows_default(S, T, p, O_USER_TRASH), 0))
    if x >= 0:
        take_from(S, p, Z_HAND, x)
        trash_card(S, T, p, x)


@kernel
def pass_pick(S, T, q):
    """The card of its (non-empty) hand a bot passes to Masquerade by default: a Curse, an
    Estate while Provinces are plentiful (more than 4: its VP matter less than the card it
    takes up), a Copper; else the card it least wants that gives no VP; else any."""
    if find_in(S, q, Z_HAND, CURSE) >= 0:
        return CURSE
    if S[S_SUP + PROVINCE] > 4 and find_in(S, q, Z_HAND, ESTATE) >= 0:
        return ESTATE
    if find_in(S, q, Z_HAND, COPPER) >= 0:
        return COPPER
    oh = zb(q, Z_HAND)
    x = -1
    best = 1 << 30
    for i in range(S[zn(q, Z_HAND)]):
        c = S[oh + i]
        v = keep_value(S, T, q, c, 1) + (1000 if T[col(c, C_VP)] > 0 else 0)
        if v < best:
            best = v
            x = c
    return x


@kernel
def swindler(S, R, T, F, A, p):
    """+2 coins. Each other player trashes the top card of their deck and gains a card with
    the same cost that you choose.

    The choose list names the card (its first rule for Swindler whose card costs that and is
    in the Supply); by default a Curse, a Victory card, else the card of that cost that
    gives the least money."""
    for k in range(1, S[G_NP]):
        q = victim(S, R, T, F, p, k)
        if q < 0:
            continue
        x = take_top(S, R, q)
        if x < 0:
            continue
        log_ev(S, EV_REVEAL, q, x, 0)
        trash_card(S, T, q, x)
        cost = cost_now(S, T, x)
        g = ANSWER_OPEN
        if person(S, p):
            g = ask_exact(S, T, p, ASK_SWINDLER, SWINDLER, cost, q)
        if g == ANSWER_OPEN:
            g = told(S, p, ASK_SWINDLER, swindler_pick(S, R, T, F, p, cost))
        gain_chosen(S, T, A, q, g, Z_DISC)


@kernel
def swindler_pick(S, R, T, F, p, cost):
    """The card costing ``cost`` a bot's Swindler gives (``swindler`` says which), -1: none."""
    first, end = rule_span(S, T, p, L_MODE)
    for r in range(first, end):
        k = rule_card(T, r)
        c = k % MODE_BASE
        if k // MODE_BASE == SWINDLER and S[S_SUP + c] > 0 and cost_now(S, T, c) == cost \
                and rule_holds(S, T, F, r, p):
            why(S, p, L_MODE, r - first)
            return c
    why(S, p, L_MODE, WHY_DEFAULT)
    x = -1
    best = 1 << 30
    for j in range(T[T_INGAME]):
        c = T[T_INGAME + 1 + j]
        if S[S_SUP + c] <= 0 or cost_now(S, T, c) != cost:
            continue
        v = 10 + T[col(c, C_MONEY)]
        if is_type(T, c, T_CURSE):
            v = 0
        elif junk_card_of(T, c) == c:  # a Victory card of no other type
            v = 1
        if is_random(S, T, p):
            v = rand_below(R, MAXP, 1000)
        if v < best:
            best = v
            x = c
    return x


@kernel
def diplomat(S, R, T, F, A, p):
    """+2 Cards. If you have 5 or fewer cards in hand (after drawing), +2 Actions. When
    another player plays an Attack card, you may first reveal this from a hand of 5 or
    more cards, to draw 2 cards then discard 3.

    Its reaction: ``decisions.react``."""
    if S[zn(p, Z_HAND)] <= 5:
        S[G_ACTIONS] += 2


@kernel
def mill(S, R, T, F, A, p):
    """+1 Card, +1 Action. You may discard 2 cards, for +2 coins. 1 VP.

    The mill_discard option decides; by default yes when 2 cards of the hand give nothing
    this turn (the discard list's), or one does and a Copper's coin is worth 2. The cards:
    the discard list's, else the cards least wanted (``discard_down``). +2 coins only for
    two cards discarded."""
    if S[zn(p, Z_HAND)] == 0:
        return
    if yes_no(S, R, T, F, p, ASK_MILL, MILL, O_MILL, mill_default(S, R, T, F, p)):
        n = S[zn(p, Z_HAND)]
        discard_down(S, R, T, F, p, 2)
        if n >= 2:
            S[G_COINS] += 2


@kernel
def mill_default(S, R, T, F, p):
    """Does a bot discard 2 cards to its Mill without a rule (``mill`` says when)?"""
    lg = hush(S)
    junk = 0
    oh = zb(p, Z_HAND)
    for i in range(S[zn(p, Z_HAND)]):
        c = S[oh + i]
        if T[col(c, C_TREASURE)] == 0 and (not is_type(T, c, T_ACTION) or S[G_ACTIONS] == 0) \
                and rule_matches(S, R, T, F, L_DISCARD, p, c):
            junk += 1
    unhush(S, lg)
    if junk >= 2:
        return True
    return junk == 1 and find_in(S, p, Z_HAND, COPPER) >= 0 and buy_with(S, R, T, F, p, 1) != buy_with(S, R, T, F, p, 0)


@kernel
def reveal_top(S, R, T, F, p, k, mask):
    """Reveal the top k cards of p's deck; those of the types ``mask`` go into the hand,
    the rest back on top in the order p chooses (the person's, else the costliest on top).
    Scout, Patrol."""
    n = 0
    for i in range(k):
        x = take_top(S, R, p)
        if x < 0:
            break
        log_ev(S, EV_REVEAL, p, x, 0)
        if is_type(T, x, mask):
            push(S, p, Z_HAND, x)
            log_ev(S, EV_DRAW, p, x, 0)
        else:
            push(S, p, Z_ASIDE, x)
            n += 1
    oa = zb(p, Z_ASIDE)
    # aside[n - 1] ends on top: the person names the top card first; a bot sorts by cost
    for i in range(n - 1):
        left = n - i
        t = ANSWER_OPEN
        if person(S, p):
            t = zone_question(S, T, p, ASK_ORDER, p, Z_ASIDE, 0, -1, 0, left)
        if t == ANSWER_OPEN:
            b = 0
            for j in range(1, left):
                if cost_of(T, S[oa + j]) > cost_of(T, S[oa + b]):
                    b = j
            t = told(S, p, ASK_ORDER, S[oa + b])
        for j in range(left):
            if S[oa + j] == t:
                S[oa + j] = S[oa + left - 1]
                S[oa + left - 1] = t
                break
        # the rest of the zone (left - 1 cards) are still to order
        S[zn(p, Z_ASIDE)] = left - 1
    S[zn(p, Z_ASIDE)] = n
    move_aside(S, p, Z_DRAW, EV_BACK)


@kernel
def scout(S, R, T, F, A, p):
    """+1 Action. Reveal the top 4 cards of your deck. Put the revealed Victory cards into
    your hand. Put the other cards on top of your deck in any order.

    ``reveal_top``: by default the costliest goes on top."""
    reveal_top(S, R, T, F, p, 4, T_VICTORY)


@kernel
def patrol(S, R, T, F, A, p):
    """+3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and Curses into
    your hand. Put the rest back in any order.

    ``reveal_top``: by default the costliest goes on top."""
    reveal_top(S, R, T, F, p, 4, T_VICTORY | T_CURSE)


@kernel
def secret_passage(S, R, T, F, A, p):
    """+2 Cards, +1 Action. Take a card from your hand and put it anywhere in your deck.

    Anywhere: on top or at the bottom (what a player who does not know the deck's order
    can aim at). The topdeck list picks the card, by default ``artisan_choice``'s (the card
    this turn can best spare, for the next hand). A Curse, a Victory card or a Copper goes
    to the bottom, any other card on top."""
    if S[zn(p, Z_HAND)] == 0:
        return
    x = ask_zone(S, T, p, ASK_TOPDECK, p, Z_HAND, 0, -1, 0, 0)
    if x == ANSWER_OPEN:
        x = told(S, p, ASK_TOPDECK, artisan_choice(S, R, T, F, p))
    w = ask_pick(S, p, ASK_WHERE, x, p, 2)
    if w == ANSWER_OPEN:
        w = told(S, p, ASK_WHERE, 1 if x == junk_card_of(T, x) or x == COPPER else 0)
    take_from(S, p, Z_HAND, x)
    if w == 0:
        push(S, p, Z_DRAW, x)
        log_ev(S, EV_TOPDECK, p, x, 0)
    else:
        od = zb(p, Z_DRAW)
        for i in range(S[zn(p, Z_DRAW)], 0, -1):
            S[od + i] = S[od + i - 1]
        S[od] = x
        S[zn(p, Z_DRAW)] += 1
        log_ev(S, EV_BOTTOM, p, x, 0)


@kernel
def junk_card_of(T, c):
    """c if it gives nothing (a Curse, or a Victory card of no other type), else -1."""
    if is_type(T, c, T_CURSE) or (is_type(T, c, T_VICTORY) and not is_type(T, c, T_ACTION | T_TREASURE)):
        return c
    return -1


@kernel
def courtier(S, R, T, F, A, p):
    """Reveal a card from your hand. For each type it has (Action, Attack, etc.), choose
    one: +1 Action; or +1 Buy; or +3 coins; or gain a Gold. The choices must be different.

    The card: the person's, by default the one with the most types (the cheapest between
    equals). The choose list picks the modes; by default +3 coins first when they turn the
    buy into a Victory card, else a Gold; then the other of the two."""
    if S[zn(p, Z_HAND)] == 0:
        return
    x = ask_zone(S, T, p, ASK_REVEAL, p, Z_HAND, 0, -1, 0, 0)
    if x == ANSWER_OPEN:
        oh = zb(p, Z_HAND)
        x = S[oh]
        for i in range(1, S[zn(p, Z_HAND)]):
            y = S[oh + i]
            if types_of(T, y) > types_of(T, x) or (types_of(T, y) == types_of(T, x) and cost_of(T, y) < cost_of(T, x)):
                x = y
        told(S, p, ASK_REVEAL, x)
    log_ev(S, EV_REVEAL, p, x, 0)
    coins_first = greens(S, R, T, F, p, 3)
    taken = 0
    for i in range(min(types_of(T, x), NCOURTIER)):
        dflt = COURTIER_COINS if coins_first else COURTIER_GOLD
        if (taken >> dflt) & 1 != 0:
            dflt = COURTIER_GOLD if dflt == COURTIER_COINS else COURTIER_COINS
        if (taken >> dflt) & 1 != 0:
            dflt = COURTIER_BUY
        m = choose_mode(S, R, T, F, p, COURTIER, NCOURTIER, taken, dflt)
        taken |= 1 << m
        if m == COURTIER_ACTION:
            S[G_ACTIONS] += 1
        elif m == COURTIER_BUY:
            S[G_BUYS] += 1
        elif m == COURTIER_COINS:
            S[G_COINS] += 3  # Courtier's
        else:
            gain(S, T, A, p, GOLD, Z_DISC, S[G_LOG] != 0)


@kernel
def types_of(T, c):
    """How many types card c has."""
    t = T[col(c, C_TYPES)]
    n = 0
    while t != 0:
        n += t & 1
        t >>= 1
    return n


@kernel
def minion(S, R, T, F, A, p):
    """+1 Action. Choose one: +2 coins; or discard your hand, +4 Cards, and each other
    player with at least 5 cards in hand discards their hand and draws 4 cards.

    The others react when it is played, before the choice. The choose list picks; by
    default +2 coins when the hand holds another Action, when the hand's coins and the 2
    buy what the buy list buys with coins to spare (a Province, for Big Money), or when
    the 4 cards would come from a reshuffle of a discard pile holding more than 3 cards
    that give at most a coin (``junk_drawn``, DominionSim's rule); else the attack."""
    hit = 0
    for k in range(1, S[G_NP]):
        q = victim(S, R, T, F, p, k)
        if q >= 0:
            hit |= 1 << q
    coins = count_type_in(S, T, p, Z_HAND, T_ACTION) > 0 or \
        buy_with(S, R, T, F, p, 2) == buy_with(S, R, T, F, p, 99) or junk_drawn(S, T, p, 4)
    m = choose_mode(S, R, T, F, p, MINION, NMINION, 0, MINION_COINS if coins else MINION_ATTACK)
    if m == MINION_COINS:
        S[G_COINS] += 2
        return
    discard_hand(S, p)
    draw(S, R, p, 4)
    for k in range(1, S[G_NP]):
        q = seat_after(S, p, k)
        if (hit >> q) & 1 != 0 and S[zn(q, Z_HAND)] >= 5:
            discard_hand(S, q)
            draw(S, R, q, 4)


@kernel
def junk_drawn(S, T, p, n):
    """Would drawing n cards reshuffle a discard pile holding more than 3 cards that give at
    most a coin (Copper, a Curse, a Victory card of no other type)?"""
    if S[zn(p, Z_DRAW)] >= n:
        return False
    o = zb(p, Z_DISC)
    k = 0
    for i in range(S[zn(p, Z_DISC)]):
        c = S[o + i]
        if c == COPPER or junk_card_of(T, c) >= 0:
            k += 1
    return k > 3


@kernel
def discard_hand(S, q):
    """q discards its hand."""
    oh = zb(q, Z_HAND)
    for i in range(S[zn(q, Z_HAND)]):
        push(S, q, Z_DISC, S[oh + i])
        log_ev(S, EV_DISCARD, q, S[oh + i], 0)
    S[zn(q, Z_HAND)] = 0


@kernel
def replace(S, R, T, F, A, p):
    """Trash a card from your hand. Gain a card costing up to 2 coins more than it. If the
    gained card is an Action or Treasure, put it onto your deck; if it's a Victory card,
    each other player gains a Curse.

    The others react when it is played (the players it attacks kept in G_HIT). The card
    trashed and the gain as Remodel's (``trade``)."""
    hit = 0
    for k in range(1, S[G_NP]):
        q = victim(S, R, T, F, p, k)
        if q >= 0:
            hit |= 1 << q
    S[G_HIT] = hit
    if S[zn(p, Z_HAND)] == 0:
        log_ev(S, EV_NOTHING, p, REPLACE, 0)
        return
    replace_gain(S, T, A, p, trade(S, R, T, F, A, p))


@kernel
def replace_gain(S, T, A, p, g):
    """Replace's text once its gain g (-1: none) is chosen: the gain, onto the deck if an
    Action or Treasure; if a Victory card, a Curse for each player it attacks (G_HIT)
    (``gain_rest``: a search's rollout from the choice goes on from here too)."""
    if g < 0:
        return
    zone = Z_DRAW if is_type(T, g, T_ACTION | T_TREASURE) else Z_DISC
    if gain(S, T, A, p, g, zone, S[G_LOG] != 0) and is_type(T, g, T_VICTORY):
        for k in range(1, S[G_NP]):
            q = seat_after(S, p, k)
            if (S[G_HIT] >> q) & 1 != 0:
                gain(S, T, A, q, CURSE, Z_DISC, S[G_LOG] != 0)


@kernel
def gain_rest(S, R, T, A, p, card, g):
    """What a play of ``card`` does once its gain g is chosen by ``gain_choice``: Ironworks'
    and Replace's own, else the gain to the discard pile (Workshop, Feast, Remodel: the
    gain is the last of their text). A search's rollout from the choice (search.py's
    ``gain_rollout``)."""
    if card == IRONWORKS:
        ironworks_gain(S, R, T, A, p, g)
    elif card == REPLACE:
        replace_gain(S, T, A, p, g)
    else:
        gain_chosen(S, T, A, p, g, Z_DISC)


@kernel
def saboteur(S, R, T, F, A, p):
    """Each other player reveals cards from the top of their deck until revealing one
    costing 3 coins or more. They trash that card and may gain a card costing at most 2
    coins less than it. They discard the other revealed cards.

    The victim's gain list picks the gain, by default the costliest Treasure, else Action,
    other than Copper (none: no gain). Stops when the deck runs out."""
    for k in range(1, S[G_NP]):
        q = victim(S, R, T, F, p, k)
        if q < 0:
            continue
        steps = 0
        while True:
            steps += 1
            x = reveal_next(S, R, q, steps)
            if x < 0:
                break
            log_ev(S, EV_REVEAL, q, x, 0)
            if cost_now(S, T, x) >= 3:
                trash_card(S, T, q, x)
                cap = cost_now(S, T, x) - 2
                g = ANSWER_OPEN
                if person(S, q):
                    g = ask_supply(S, T, q, ASK_GAIN, cap, 0, 1)
                if g == ANSWER_OPEN:
                    g = told(S, q, ASK_GAIN, saboteur_gain(S, R, T, F, q, cap))
                gain_chosen(S, T, A, q, g, Z_DISC)
                break
            push(S, q, Z_ASIDE, x)
        discard_aside(S, q)


@kernel
def saboteur_gain(S, R, T, F, q, cap):
    """What a bot whose card Saboteur trashed gains (up to ``cap``), -1: nothing."""
    g = choose_gain(S, R, T, F, L_GAIN, q, cap, 0)
    if g >= 0:
        return g
    why(S, q, L_GAIN, WHY_DEFAULT)
    for want in (T_TREASURE, T_ACTION):
        best = -1
        for j in range(T[T_INGAME]):
            c = T[T_INGAME + 1 + j]
            if c == COPPER or S[S_SUP + c] <= 0 or cost_now(S, T, c) > cap or not is_type(T, c, want):
                continue
            if best < 0 or cost_of(T, c) > cost_of(T, best):
                best = c
        if best >= 0:
            return best
    return -1


@kernel
def torturer(S, R, T, F, A, p):
    """+3 Cards. Each other player chooses one: they discard 2 cards; or they gain a Curse
    card, putting it in their hand.

    2nd edition: "...either discards 2 cards or gains a Curse to their hand, their choice.
    (They may pick an option they can't do.)" (the same). Each victim's choose list picks;
    by default the Curse when none is left (nothing happens), else the discards (its discard
    list, then the cards least wanted)."""
    for k in range(1, S[G_NP]):
        q = victim(S, R, T, F, p, k)
        if q < 0:
            continue
        dflt = TORTURER_CURSE if S[S_SUP + CURSE] <= 0 else TORTURER_DISCARD
        if choose_mode(S, R, T, F, q, TORTURER, NTORTURER, 0, dflt) == TORTURER_DISCARD:
            discard_down(S, R, T, F, q, 2)
        else:
            gain(S, T, A, q, CURSE, Z_HAND, S[G_LOG] != 0)


@kernel
def tribute(S, R, T, F, A, p):
    """The player to your left reveals then discards the top 2 cards of their deck. For
    each differently named card revealed, if it is an Action card, +2 Actions; a Treasure
    card, +2 coins; a Victory card, +2 Cards."""
    q = seat_after(S, p, 1)
    n = reveal_two(S, R, q)
    oa = zb(q, Z_ASIDE)
    for i in range(n):
        x = S[oa + i]
        if i == 1 and x == S[oa]:
            break
        if is_type(T, x, T_ACTION):
            S[G_ACTIONS] += 2
        if is_type(T, x, T_TREASURE):
            S[G_COINS] += 2
        if is_type(T, x, T_VICTORY):
            draw(S, R, p, 2)
    discard_aside(S, q)


@kernel
def upgrade(S, R, T, F, A, p):
    """+1 Card, +1 Action. Trash a card from your hand. Gain a card costing exactly 1 coin
    more than it.

    Compulsory if the hand has a card. The card: the trash list's when the bot writes one,
    else ``upgrade_pick``; the gain: ``exact_gain``."""
    if S[zn(p, Z_HAND)] == 0:
        log_ev(S, EV_NOTHING, p, UPGRADE, 0)
        return
    x = ask_zone(S, T, p, ASK_TRASH, p, Z_HAND, 0, -1, 0, 0)
    if x == ANSWER_OPEN:
        x = told(S, p, ASK_TRASH, upgrade_pick(S, R, T, F, p))
    take_from(S, p, Z_HAND, x)
    trash_card(S, T, p, x)
    gain_chosen(S, T, A, p, exact_gain(S, R, T, F, p, cost_now(S, T, x) + 1), Z_DISC)


@kernel
def upgrade_pick(S, R, T, F, p):
    """The card of its (non-empty) hand a bot's Upgrade trashes: the first its own trash
    list names; by default a Curse, else the card least wanted whose exact upgrade its gain
    list would take, else the default trash list's card, else ``least_kept``'s."""
    if not follows_default(S, T, p, O_USER_TRASH):
        x = choose_in_zone(S, R, T, F, L_TRASH, p, Z_HAND, 0)
        if x >= 0:
            return x
    why(S, p, L_TRASH, WHY_DEFAULT)
    if find_in(S, p, Z_HAND, CURSE) >= 0:
        return CURSE
    oh = zb(p, Z_HAND)
    lg = hush(S)
    x = -1
    best = 1 << 30
    for i in range(S[zn(p, Z_HAND)]):
        y = S[oh + i]
        v = keep_value(S, T, p, y, S[G_ACTIONS])
        if v < best and exact_list_gain(S, R, T, F, p, cost_now(S, T, y) + 1) >= 0:
            best = v
            x = y
    if x < 0:
        x = choose_in_zone(S, R, T, F, L_TRASH, p, Z_HAND, 0)
    unhush(S, lg)
    if x < 0:
        x = least_kept(S, T, p)
    return x


@kernel
def exact_list_gain(S, R, T, F, p, cost):
    """The first card of p's gain list costing exactly ``cost`` now, in the Supply, whose
    condition holds (the end-game guard may skip it), -1 if none."""
    first, end = rule_span(S, T, p, L_GAIN)
    b = S[S_SEAT + p]
    for r in range(first, end):
        c = rule_card(T, r)
        if S[S_SUP + c] <= 0 or cost_now(S, T, c) != cost or not rule_holds(S, T, F, r, p):
            continue
        if bopt(T, b, O_GUARD) != 0 and guard_refuses(S, T, p, c):
            continue
        why(S, p, L_GAIN, r - first)
        return c
    return -1


@kernel
def exact_gain(S, R, T, F, p, cost):
    """A gain costing exactly ``cost`` (Upgrade): the person's answer, else the gain list's
    (``exact_list_gain``), else the first Treasure, Action, Victory card, Curse of that cost
    (-1: none costs that)."""
    g = ANSWER_OPEN
    if person(S, p):
        g = ask_exact(S, T, p, ASK_GAIN_EXACT, UPGRADE, cost, p)
    if g != ANSWER_OPEN:
        return g
    g = -1
    if is_random(S, T, p):
        n = 0
        for j in range(T[T_INGAME]):
            c = T[T_INGAME + 1 + j]
            if S[S_SUP + c] > 0 and cost_now(S, T, c) == cost:
                n += 1
        k = rand_below(R, MAXP, n + 1)
        for j in range(T[T_INGAME]):
            c = T[T_INGAME + 1 + j]
            if S[S_SUP + c] > 0 and cost_now(S, T, c) == cost:
                if k == 0:
                    g = c
                k -= 1
        return told(S, p, ASK_GAIN_EXACT, g)
    g = exact_list_gain(S, R, T, F, p, cost)
    if g < 0:
        why(S, p, L_GAIN, WHY_DEFAULT)
        for want in (T_TREASURE, T_ACTION, T_VICTORY, T_CURSE):
            for j in range(T[T_INGAME]):
                c = T[T_INGAME + 1 + j]
                if g < 0 and S[S_SUP + c] > 0 and cost_now(S, T, c) == cost and is_type(T, c, want):
                    g = c
    return told(S, p, ASK_GAIN_EXACT, g)


# ================================================================ the dispatch
@inline
def effect(S, R, T, F, A, c, slot, p):
    """Resolve one play of Action c: its table part (+Cards, +Actions, +Buys, +coins),
    then its own text, if it has one. Inlined into its one caller, ``play_action`` (a
    call fewer per play; effect is not compiled on its own), with Witch and Militia
    inline in it and the +Cards drawn inline (the reshuffle a call); docs/perf.md."""
    if T[TH_REACT] > 1 and (T[col(c, C_TYPES)] & T_ATTACK) != 0:
        reactions(S, R, T, F, p)
    if T[col(c, C_CARDS)] > 0:
        draw_hot(S, R, p, T[col(c, C_CARDS)], S[G_LOG] != 0, True)
    S[G_ACTIONS] += T[col(c, C_ACTIONS)]
    S[G_BUYS] += T[col(c, C_BUYS)]
    S[G_COINS] += T[col(c, C_COINS)]
    if c == CELLAR:
        cellar(S, R, T, F, A, p)
    elif c == CHAPEL:
        chapel(S, R, T, F, A, p)
    elif c == HARBINGER:
        harbinger(S, R, T, F, A, p)
    elif c == MERCHANT:
        merchant(S, R, T, F, A, p)
    elif c == VASSAL:
        vassal(S, R, T, F, A, p)
    elif c == CHANCELLOR:
        chancellor(S, R, T, F, A, p)
    elif c == WORKSHOP:
        workshop(S, R, T, F, A, p)
    elif c == BUREAUCRAT:
        bureaucrat(S, R, T, F, A, p)
    elif c == FEAST:
        feast(S, R, T, F, A, p, slot)
    elif c == MILITIA:
        militia(S, R, T, F, A, p)
    elif c == MONEYLENDER:
        moneylender(S, R, T, F, A, p)
    elif c == POACHER:
        poacher(S, R, T, F, A, p)
    elif c == REMODEL:
        remodel(S, R, T, F, A, p)
    elif c == SPY:
        spy(S, R, T, F, A, p)
    elif c == THIEF:
        thief(S, R, T, F, A, p)
    elif c == THRONE_ROOM:
        throne_room(S, R, T, F, A, p)
    elif c == BANDIT:
        bandit(S, R, T, F, A, p)
    elif c == COUNCIL_ROOM:
        council_room(S, R, T, F, A, p)
    elif c == LIBRARY:
        library(S, R, T, F, A, p)
    elif c == MINE:
        mine(S, R, T, F, A, p)
    elif c == SENTRY:
        sentry(S, R, T, F, A, p)
    elif c == WITCH:
        witch(S, R, T, F, A, p)
    elif c == ADVENTURER:
        adventurer(S, R, T, F, A, p)
    elif c == ARTISAN:
        artisan(S, R, T, F, A, p)
    elif c >= INTRIGUE_FIRST:
        effect_intrigue(S, R, T, F, A, c, slot, p)


@kernel
def effect_intrigue(S, R, T, F, A, c, slot, p):
    """The own text of an Intrigue Action c (``effect``'s, for the cards from
    INTRIGUE_FIRST on): a call of its own, so that the base set's dispatch inlined in
    ``play_action`` stays as small as it was (with these 29 branches in it, Witch's and
    Militia's games were 2-3% slower; docs/perf.md)."""
    if c == COURTYARD:
        courtyard(S, R, T, F, A, p)
    elif c == PAWN:
        pawn(S, R, T, F, A, p)
    elif c == SHANTY_TOWN:
        shanty_town(S, R, T, F, A, p)
    elif c == STEWARD:
        steward(S, R, T, F, A, p)
    elif c == WISHING_WELL:
        wishing_well(S, R, T, F, A, p)
    elif c == BARON:
        baron(S, R, T, F, A, p)
    elif c == BRIDGE:
        bridge(S, R, T, F, A, p)
    elif c == CONSPIRATOR:
        conspirator(S, R, T, F, A, p)
    elif c == COPPERSMITH:
        coppersmith(S, R, T, F, A, p)
    elif c == IRONWORKS:
        ironworks(S, R, T, F, A, p)
    elif c == MINING_VILLAGE:
        mining_village(S, R, T, F, A, p, slot)
    elif c == TRADING_POST:
        trading_post(S, R, T, F, A, p)
    elif c == NOBLES:
        nobles(S, R, T, F, A, p)
    elif c == LURKER:
        lurker(S, R, T, F, A, p)
    elif c == SECRET_CHAMBER:
        secret_chamber(S, R, T, F, A, p)
    elif c == MASQUERADE:
        masquerade(S, R, T, F, A, p)
    elif c == SWINDLER:
        swindler(S, R, T, F, A, p)
    elif c == DIPLOMAT:
        diplomat(S, R, T, F, A, p)
    elif c == MILL:
        mill(S, R, T, F, A, p)
    elif c == SCOUT:
        scout(S, R, T, F, A, p)
    elif c == SECRET_PASSAGE:
        secret_passage(S, R, T, F, A, p)
    elif c == COURTIER:
        courtier(S, R, T, F, A, p)
    elif c == MINION:
        minion(S, R, T, F, A, p)
    elif c == PATROL:
        patrol(S, R, T, F, A, p)
    elif c == REPLACE:
        replace(S, R, T, F, A, p)
    elif c == SABOTEUR:
        saboteur(S, R, T, F, A, p)
    elif c == TORTURER:
        torturer(S, R, T, F, A, p)
    elif c == TRIBUTE:
        tribute(S, R, T, F, A, p)
    elif c == UPGRADE:
        upgrade(S, R, T, F, A, p)
