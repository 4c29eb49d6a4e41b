"""Splendor's engine layout: colours, table columns, array offsets, opcodes, event codes.

Plain integers with no numba import (``dsim validate`` never loads the compiler); the
kernels take every name here by a star import and numba freezes them as constants.
"""
from ..lang.expr import (OP_ADD, OP_AND, OP_CONST, OP_DIV, OP_EQ, OP_GAME, OP_GE, OP_GT, OP_LE, OP_LT,  # noqa: F401
                    OP_MAX, OP_MIN, OP_MUL, OP_NE, OP_NEG, OP_NOT, OP_OR, OP_SUB)
# the tallies, per-game records and seat modes both games share
from ..kernels import search_layout
from ..kernels.tally_layout import (A_TB, A_TE, A_TG, A_TS, GR_ENDING, GR_GAME, GR_LENGTH, GR_SEAT, MAXB,  # noqa: F401
                            MAXP, NGR, NTB, NTS, SEATS_ALL, SEATS_FIXED, SEATS_RANDOM, SEATS_ROTATE, SHARE,
                            TB_GAMES, TB_LOSSES, TB_TIES, TB_TURNS, TB_VP, TB_W12, TB_WINS, TS_GAMES, TS_LOSSES,
                            TS_TIES, TS_W12, TS_WINS)
TB_POINTS = TB_VP   # prestige points

# ---------------------------------------------------------------- colours
WHITE = 0
BLUE = 1
GREEN = 2
RED = 3
BLACK = 4
GOLD = 5
NGEM = 5         # gem colours (card costs and bonuses)
NTOK = 6         # token kinds: the five gems and gold
GOLD_TOKENS = 5
#: gem tokens of each colour by player count (index: players)
GEMS_BY_PLAYERS = (0, 0, 4, 5, 7)
MAX_TOKENS = 10  # a player's tokens at the end of a turn
MAX_RESERVED = 3
FACE_UP = 4      # face-up cards per level
NLEVEL = 3

# ---------------------------------------------------------------- the component tables (T)
NCARDS = 90
C_LEVEL = 0
C_BONUS = 1
C_POINTS = 2
C_COST = 3       # then NGEM costs
CW = 8           # ints per card
NNOBLES = 10
N_POINTS = 0
N_REQ = 1        # then NGEM bonuses needed
NW = 6           # ints per noble
MAXDECK = 40     # cards of the largest level


# ---------------------------------------------------------------- S: game state
G_NP = 0
G_CUR = 1
G_ENDED = 2      # 0 running, else END_*
G_LAST = 3       # 1: someone reached the target; the round finishes
G_IDLE = 4       # turns in a row that changed nothing their player holds (a pass, a take given back)
G_LOG = 5
G_NEV = 6
G_EVCAP = 7
G_ERR = 8
G_ERR_WHAT = 9   # what a failed conservation check found (ERRW_*)
G_GAME_LO = 10
G_GAME_HI = 11
assert G_GAME_HI == G_GAME_LO + 1  # tally_kernels.start_game writes the pair
G_NNOB = 12      # nobles dealt
G_TAKEN = 13     # the gem colours taken this turn (a bit each)
G_HUMAN = 14     # seats a person plays (bit s: seat s; dsim play, simulator/envs), answering from the tape
G_ASK = 15       # offset in S of the ask region (simulator/kernels/ask_layout.py), when G_HUMAN
G_SCR = 16       # offset in S of the search's scratch region (SC_*), in a game with a search bot (0: none)
G_ASCR = 17      # offset in A of the rollouts' tallies (never read), in a game with a search bot
NGS = 20

V_TARGET = 0     # prestige points that end the game (15)
V_TURN_CAP = 1   # turns per player before a game is stopped as capped
V_CHECK = 2      # 1: verify conservation after every game
V_TIEBREAK = 3   # 0: fewer development cards wins a tie, 1: ties are shared
V_UNFINISHED = 4  # 0: a stalemate or capped game is shared by every player, 1: scored by points
NV = 8

PS_TOK = 0       # NTOK tokens
PS_BONUS = 6     # NGEM bonuses (development cards by colour)
PS_POINTS = 11
PS_CARDS = 12    # development cards bought
PS_NRES = 13     # reserved cards held
PS_RES = 14      # MAX_RESERVED card ids
PS_NOBLES = 17
PS_TURNS = 18
PS_RESERVES = 19  # cards reserved over the game
PS_HIDDEN = 20   # which reserved cards (a bit per PS_RES index) came face down from a deck's top
NPS = 21

S_GS = 0
S_VAR = S_GS + NGS
S_SEAT = S_VAR + NV
S_BANK = S_SEAT + MAXP
S_PS = S_BANK + 8
S_BOARD = S_PS + MAXP * NPS              # NLEVEL * FACE_UP card ids (-1: empty slot)
S_DECKN = S_BOARD + NLEVEL * FACE_UP     # cards left in each level's deck
S_DECK = S_DECKN + 4                     # NLEVEL * MAXDECK (the top is the last card)
S_NOB = S_DECK + NLEVEL * MAXDECK        # nobles face up (-1: taken), G_NNOB of them
S_OWNER = S_NOB + 8                      # per card: the player who bought it, or -1
S_NOWNER = S_OWNER + NCARDS              # per noble: the player it visited, or -1
S_UNIT = S_NOWNER + NNOBLES + 2          # per bot: win twelfths of the current unit
S_EV = S_UNIT + MAXB
EVW = 4

END_POINTS = 1
END_STALL = 2    # a round of idle turns (G_IDLE): the game would repeat for ever
END_CAP = 3

# ---------------------------------------------------------------- T: tables and bots
TH_RULES = 0
TH_CODE = 1
TH_RL = 2
TH_BOPT = 3
T_CARDS = 8
T_NOBLES = T_CARDS + NCARDS * CW
T_BOTS = T_NOBLES + NNOBLES * NW

# a rule: its selector, then its condition's code (start, length)
R_LEVEL = 0      # 0 any, else 1..3
R_COLOUR = 1     # -1 any, else a colour (GOLD in return lists)
R_MINPTS = 2     # the card's points at least
R_WHERE = 3      # W_*
R_ORDER = 4      # ORD_*
R_TWO = 5        # take lists: 1 = two gems of one colour
R_NOBLE = 6      # 1: a colour a face-up noble still needs from the player
R_CODE = 7
R_NCODE = 8
RW = 9

W_ANY = 0        # face up or reserved (buy), face up (reserve), face up or reserved (take targets)
W_BOARD = 1
W_RESERVED = 2
W_DECK = 3       # reserve lists: the top card of a deck

ORD_DEFAULT = 0
ORD_CHEAPEST = 1  # fewest tokens to pay
ORD_POINTS = 2    # most points
ORD_CLOSEST = 3   # fewest gems short

L_BUY = 0
L_RESERVE = 1
L_TAKE = 2
L_RETURN = 3
L_NOBLE = 4
L_PAY_GOLD = 5   # the colours a bot pays with gold while it holds their gems
NL = 6
L_SEARCH = 7     # (EV_WHY only) a search bot's move: value 0 its list's own, 1 another the rollouts found better

O_RANDOM = 0     # every decision random
O_USER_BUY = 1   # 1: the bot wrote a buy list
O_STEADY = 2     # 1: its choices follow from the board alone (not random, no condition reads the turn)
O_ROLLOUTS = 3   # a search bot's rollouts per move (0: not a search bot)
O_OPTIONS = 4    # a search bot's options: SO_ALL every legal move, SO_LIST its list's
O_POLICY = 5     # the bot that plays the searching seat in rollouts
O_MARGIN = 6     # standard errors (x 100) by which another move must beat its list's own
NO = 8
SO_LIST = 0
SO_ALL = 1

# the search region in S (at S[G_SCR]; simulator/kernels/search_layout.py): a copy of the
# game's state for the rollouts, then the options' columns
SC_OPT, SC_SUM, SC_CNT, SC_ALIVE, SC_DIFF, SC_DIFF2, SC_SIZE = search_layout.columns(S_EV)
F_STK = 64

# ---------------------------------------------------------------- A: tallies (after tally_layout's)
NTC = 3          # per bot and turn: points sum, development cards sum, games running
#: items counted per bot: cards bought by level and colour, nobles, cards reserved, gold taken
I_CARD = 0       # + (level - 1) * NGEM + colour
I_NOBLE = NLEVEL * NGEM
I_RESERVED = I_NOBLE + NNOBLES
I_GOLD = I_RESERVED + 1
NITEMS = I_GOLD + 1
NIS = 28         # stride of per-item rows
#: how each bot plays, counted per bot (the game's STATS, in this order): its actions by
#: kind (they add up to its turns), tokens returned, gold spent, points by source (they
#: add up to its points), reserved cards never bought, and for 5, 10 and 15 points the
#: sum of the own turns it reached them on and the games it did
X_TAKE3 = 0      # three gems of different colours
X_TAKE_FEWER = 1  # one or two of different colours (fewer colours were in the bank)
X_TAKE2 = 2      # two gems of one colour
X_RESERVE_BOARD = 3
X_RESERVE_DECK = 4
X_BUY_BOARD = 5
X_BUY_RESERVED = 6
X_PASS = 7
X_RETURNED = 8   # tokens given back over the limit of 10
X_GOLD_SPENT = 9
X_POINTS = 10    # + level - 1: points from development cards of that level
X_POINTS_NOBLES = 13
X_UNBOUGHT = 14  # reserved cards still held at the end of a game
X_REACH = 15     # + 2 i (sum of turns) and + 2 i + 1 (games), for REACH[i] points
REACH_FIRST = 5
NREACH = 3
REACH = tuple(REACH_FIRST * (i + 1) for i in range(NREACH))   # 5, 10, 15
REACH_LAST = REACH[-1]
NXS = 24         # stride of per-bot counters (>= X_REACH + 2 * len(REACH))
A_TX = A_TG + MAXB * NIS
A_TU = A_TX + MAXB * NXS
A_TL = A_TU + 1 + 2 * MAXB   # then (cap + 2) lengths, MAXB * (cap + 2) * NTC curve entries,
#                              MAXB * (cap + 2) * NIS items per bot and own turn
A_TGT = 1 + MAXB * NTC
A_PER_TURN = A_TGT + MAXB * NIS


MODE_FRESH = 0
MODE_RESUME = 1
MODE_SETUP = 2   # deal game first_game of the run and stop before its first turn (dsim play's start)

# ---------------------------------------------------------------- conditions
OP_VAR = 32
OP_TOKENS = 33
OP_BONUS = 34
OP_BANK = 35
OP_OPP_BONUS = 36
OP_SHORT = 37    # fewest gems short of a face-up or reserved card of a level (0: any)
OP_DECK = 38     # cards left in a level's deck
OP_AFFORD = 39   # face-up or reserved cards of a level the player can buy now
VR_POINTS = 0
VR_OPP_POINTS = 1
VR_LEAD = 2
VR_TOKENS = 3
VR_GOLD = 4
VR_CARDS = 5
VR_RESERVED = 6
VR_NOBLES = 7
VR_TURN = 8
VR_PLAYERS = 9
VR_IN_REACH = 10  # face-up nobles the player needs at most 3 more cards for
VR_TARGET = 11

# ---------------------------------------------------------------- actions and events
ACT_PASS = 0
ACT_TAKE3 = 1
ACT_TAKE2 = 2
ACT_RESERVE = 3
ACT_BUY = 4

EV_TURN = 1      # value: turn number
EV_TAKE = 2      # card: colour, value: how many
EV_RESERVE = 3   # card: the card, value: 1 from a deck's top
EV_BUY = 4       # card: the card, value: gold paid
EV_RETURN = 5    # card: colour
EV_NOBLE = 6     # card: the noble
EV_PASS = 7
EV_END = 8       # value: END_*
EV_SCORE = 9     # card: development cards, value: points
EV_PAY = 10      # card: colour, value: tokens paid
EV_REVEAL = 11   # card: a card turned face up, value: its board slot
EV_NOBLE_UP = 12  # card: a noble dealt face up
EV_WHY = 13      # what decides the next move or choice (``dsim log --why``): card: the list
#                  (L_*); value: the rule's index in the list, or -k: step k of the defaults
#                  (docs/splendor.md: the action's steps 1-4, the return's and noble's 1)
EV_WHYNOT = 14   # (``dsim log --why``) a rule the move passed over, and why: card: list * WN_LIST + the
#                  rule's index; value: WN_*
EV_VALUE = 15    # a value a false condition read: card: opcode * EV_ARG + its argument; value: the value
EV_ARG = 4096
EV_SEARCH = 16   # (a logged game) a search bot's option: card: the move (AC_*), value: its rollouts' win twelfths
EV_SEARCHN = 17  # and how many rollouts it had (follows its EV_SEARCH)
WN_LIST = 64
WN_COND = 1      # its condition is false (EV_VALUE events follow)
WN_NONE = 2      # no card it names can be bought (buy), reserved (reserve) or taken toward (take) now
WN_DECK = 3      # the deck it reserves from is empty
WN_FULL = 4      # three cards are reserved already

ERR_CONSERVE = 2
ERR_ASK = 5      # a person's decision has no answer yet: the question is recorded, the game stopped
ERR_ANSWER = 6   # an answer on a person's tape is not one of the question's options

# an action as a number (a person's answer, and the order a random bot draws from): take
# gems of different colours (AC_TAKE + a bit per colour), two of one colour, reserve a
# face-up card (its board slot) or a deck's top (its level - 1), buy a card (its position:
# a board slot, then MAX_RESERVED reserved cards)
AC_TAKE = 0
AC_TAKE2 = 32
AC_RESERVE = 40
AC_DECK = 52
AC_BUY = 56
# what a person is asked (dsim play; the ask region's Q_KIND)
ASK_ACT = 1      # the turn's action (an AC_ number)
ASK_RETURN = 2   # a token to give back over 10 (a colour, or GOLD; Q_ARG: tokens still to give back)
ASK_NOBLE = 3    # which noble visits (a noble) when several can
ASK_GOLD = 4     # buying the card Q_ABOUT: pay a gold instead of a gem of which colour (none: as it stands)
ERRW_TOKENS = 1  # tokens of a colour were created or lost
ERRW_CARDS = 2   # a card is in no place or in two
ERRW_COUNTS = 3  # a player's bonuses, points or counters disagree with what it owns
