"""Bots as genomes, for any game whose bots are priority lists of ``'ITEM: condition'``
rules (``dsim optimize``). The genome is generic; a game gives its **grammar**: which
lists a bot may write, the items each may name, and the condition **shapes** a rule may
combine (``count({x}) < {n}``, ``turn <= {n}`` ...), each with the range of its numbers.

A genome is, per list, its rules in priority order; a rule is an item and up to
``Grammar.max_clauses`` clauses joined by ``and``; a clause is a shape with its numbers and
items. A rule or clause read from a bot that the grammar cannot express is kept as written
(``fixed``): the operators never change it, and never drop it from the bot a person asked
to start from (``keep``). Every operator returns a
genome that renders to a valid bot of the game (tested over thousands of operations).

Operators: insert, remove or move a rule; change a number; add, drop or replace a
clause; change a rule's item; and crossover (each list from either parent, or the head of
one parent's list joined to the tail of the other's).
"""
from __future__ import annotations

import random
import re
import string
from dataclasses import dataclass, field

import yaml

from ..errors import norm as key_norm, short  # a key as a bot may spell it ('Wishing-Well', 'wishing_well')
from ..lang.yamlio import MAX_RULES, load_text, rule_items


# ---------------------------------------------------------------- what a game declares
@dataclass(frozen=True)
class Shape:
    """A condition's form. ``text`` holds ``{x}`` (the rule's own item) and the params'
    names in braces; a param is ``(name, low, high)`` (a whole number) or ``(name, kind)``
    (an item of ``Grammar.refs[kind]``). ``weaker``: how the first number makes the
    clause hold more often ("up": a larger one, "down": a smaller one), for simplifying.
    ``says``: the clause in plain words, with the same braces ("up to {n}"), for the plan a
    person reads (``plan``); without it, the plan quotes the condition."""
    name: str
    text: str
    params: tuple = ()
    lists: tuple = ()
    weaker: str | None = None
    weight: float = 1.0
    says: str = ""

    def forms(self):
        """(text, the params it leaves out): the text, then each ``+ {n}`` left out as a
        bot writes it when n is 0 (``count(X) < 2 * count(Y)``)."""
        yield self.text, ()
        for p in self.params:
            if len(p) == 3 and p[1] <= 0 <= p[2] and f" + {{{p[0]}}}" in self.text:
                yield self.text.replace(f" + {{{p[0]}}}", ""), (p[0],)

    def render(self, item: str, args: tuple, plain: bool = False) -> str:
        vals, text = {"x": item}, (self.says or self.text) if plain else self.text
        for p, a in zip(self.params, args):
            vals[p[0]] = a
            if len(p) == 3 and a == 0:
                text = text.replace(f" + {{{p[0]}}}", "")  # no '+ 0'
        return text.format(**vals)


@dataclass(frozen=True)
class ListSpec:
    items: tuple                   # what its rules may name
    max_rules: int = 12
    default: tuple | None = None   # the list the game uses when a bot leaves it out (rule texts)
    weight: float = 1.0            # how often a mutation picks this list
    clauses: int | None = None     # at most this many clauses per rule (default: the grammar's)
    verb: str = ""                 # what the list does, for the plan a person reads ("Buys")
    #: a list a bot file writes inside a mapping: ``under`` is that mapping's key, ``key``
    #: the list's own key in it (``choose: {Pawn: [...]}``); the genome names it otherwise
    under: str = ""
    key: str = ""
    #: one rule written as a value, not a list (``options: {x: <its condition>}``): its item
    #: ``true`` with its clauses as the condition (none: ``true``), or ``false``
    scalar: bool = False


@dataclass
class Grammar:
    lists: dict                    # name -> ListSpec, in the order a bot file writes them
    shapes: tuple                  # Shapes
    refs: dict = field(default_factory=dict)   # kind -> items a shape's param may name
    header: tuple = ()             # lines a bot file starts with (e.g. its game)
    required: tuple = ()           # lists every bot has
    max_clauses: int = 2
    #: how the game writes an item read from a person's bot (None: not one it can name)
    canonical: object = None

    def __post_init__(self):
        self.by_name = {s.name: s for s in self.shapes}

    def shapes_for(self, lst: str) -> list:
        return [s for s in self.shapes if not s.lists or lst in s.lists]


# ---------------------------------------------------------------- the genome
@dataclass(frozen=True)
class Clause:
    shape: str                     # a Shape's name; "" for a clause kept as written
    args: tuple = ()               # its params' values; a kept clause: (its text,)

    def text(self, g: Grammar, item: str) -> str:
        return self.args[0] if not self.shape else g.by_name[self.shape].render(item, self.args)

    @property
    def fixed(self) -> bool:
        return not self.shape


@dataclass(frozen=True)
class Rule:
    item: str
    clauses: tuple = ()
    fixed: bool = False            # as written: a rule the grammar cannot express
    keep: bool = False             # the start bot's rule holding what the grammar cannot express: never dropped
    #: the start bot's rule as its file writes it (an unchanged rule is written back so)
    written: str | None = field(default=None, compare=False, repr=False)

    @property
    def pinned(self) -> bool:
        return self.keep

    def text(self, g: Grammar) -> str:
        if self.written is not None:
            return self.written
        conds = [c.text(g, self.item) for c in self.clauses]
        if len(conds) > 1:
            conds = [f"({c})" if re.search(r"(?i)\bor\b", c) else c for c in conds]
        return self.item + (": " + " and ".join(conds) if conds else "")


@dataclass(frozen=True)
class Genome:
    lists: tuple                   # ((list name, (Rule, ...)), ...) in the grammar's order
    extra: tuple = ()              # ((key, value), ...): keys of a person's bot kept as written

    def get(self, name: str) -> tuple:
        return dict(self.lists).get(name, ())

    def key(self) -> str:
        """A canonical text: equal genomes have equal keys (used to drop duplicates)."""
        return repr((self.lists, self.extra))

    def with_list(self, g: Grammar, name: str, rules) -> "Genome":
        d = dict(self.lists)
        d[name] = tuple(rules)
        return Genome(tuple((k, d[k]) for k in g.lists if d.get(k)), self.extra)

    def render(self, g: Grammar, name: str, comments=()) -> str:
        """The bot's YAML text (comment lines first)."""
        lines = [f"# {c}" if c else "#" for c in comments] + list(g.header) + [f"name: {_quoted(name)}"]
        extra, done = dict(self.extra), set()
        for lst, rules in self.lists:
            under = g.lists[lst].under
            if not under:
                lines.append(f"{lst}:")
                lines += [f"  - {_quoted(r.text(g))}" for r in rules]
            elif under not in done:  # the mapping: every list under it, then what was kept of it
                done.add(under)
                lines.append(f"{under}:")
                for sub, subrules in self.lists:
                    spec = g.lists[sub]
                    if spec.under != under:
                        continue
                    if spec.scalar:
                        lines.append(f"  {_quoted(spec.key)}: {_scalar(subrules[0], g)}")
                    else:
                        lines.append(f"  {_quoted(spec.key)}:")
                        lines += [f"    - {_quoted(r.text(g))}" for r in subrules]
                if isinstance(extra.get(under), dict):
                    lines += ["  " + x for x in _dump(extra[under])]
        for k, v in self.extra:
            if k not in done:
                lines += _dump({k: v})
        return "\n".join(lines) + "\n"

    def rule_count(self) -> int:
        return sum(len(r) for _, r in self.lists)

    def to_json(self) -> dict:
        return {"lists": {k: [[r.item, [[c.shape, list(c.args)] for c in r.clauses], r.fixed, r.keep]
                              for r in rules]
                          for k, rules in self.lists},
                "extra": [[k, v] for k, v in self.extra]}

    @classmethod
    def from_json(cls, d, g: Grammar) -> "Genome":
        """The genome of ``to_json``'s dict, checked against the grammar (ValueError says
        what is wrong)."""
        if not isinstance(d, dict) or not isinstance(d.get("lists"), dict) or not isinstance(d.get("extra"), list):
            raise ValueError("a genome is not {'lists': {list: [rules]}, 'extra': [...]}")
        lists = {}
        for k, rules in d["lists"].items():
            if k not in g.lists or not isinstance(rules, list) or not 1 <= len(rules) <= MAX_RULES:
                raise ValueError(f"a genome's list {short(k)} is not one of {sorted(g.lists)} with 1 to "
                                 f"{MAX_RULES} rules")
            lists[k] = tuple(_rule_from_json(x, k, g) for x in rules)
        for k in g.required:
            if k not in lists:
                raise ValueError(f"a genome has no '{k}' list")
        extra = d["extra"]
        if not all(isinstance(x, list) and len(x) == 2 and isinstance(x[0], str) and x[0] not in g.lists
                   for x in extra):
            raise ValueError("a genome's extra keys are not [[key, value], ...]")
        return cls(tuple((k, lists[k]) for k in g.lists if k in lists), tuple((k, v) for k, v in extra))


def _rule_from_json(x, lst: str, g: Grammar) -> Rule:
    if not (isinstance(x, list) and len(x) == 4 and isinstance(x[0], str) and isinstance(x[1], list)
            and isinstance(x[2], bool) and isinstance(x[3], bool)):
        raise ValueError(f"a genome's rule {short(x)} is not [item, clauses, fixed, keep]")
    item, clauses, fixed, keep = x
    if not fixed and item not in g.lists[lst].items:
        raise ValueError(f"a genome's rule names {short(item)}, which '{lst}' cannot name here")
    out = []
    for c in clauses:
        if not (isinstance(c, list) and len(c) == 2 and isinstance(c[0], str) and isinstance(c[1], list)):
            raise ValueError(f"a genome's clause {short(c)} is not [shape, args]")
        shape, args = c
        if shape == "":
            if len(args) != 1 or not isinstance(args[0], str):
                raise ValueError(f"a genome's kept clause {short(c)} is not one text")
        elif shape not in g.by_name or lst not in (g.by_name[shape].lists or (lst,)) \
                or not _args_ok(g, g.by_name[shape], args):
            raise ValueError(f"a genome's clause {short(c)} is not a condition of '{lst}'")
        out.append(Clause(shape, tuple(args)))
    if len(out) > g.max_clauses + 2:
        raise ValueError(f"a genome's rule {short(x)} has too many clauses")
    return Rule(item, tuple(out), fixed, keep)


def _args_ok(g: Grammar, s: Shape, args) -> bool:
    if len(args) != len(s.params):
        return False
    for p, a in zip(s.params, args):
        if len(p) == 3:
            if isinstance(a, bool) or not isinstance(a, int) or not p[1] <= a <= p[2]:
                return False
        elif a not in g.refs.get(p[1], ()):
            return False
    return True


def _dump(d: dict) -> list:
    return yaml.safe_dump(d, default_flow_style=False, sort_keys=False, width=1000).splitlines()


def _scalar(r: Rule, g: Grammar) -> str:
    """A scalar list's one rule as its value: its condition, or true / false."""
    item, _, cond = r.text(g).partition(":")
    return "false" if item.strip() == "false" else _quoted(cond.strip()) if cond.strip() else "true"


def _quoted(text: str) -> str:
    """A YAML scalar that reads back as ``text``."""
    return "'" + text.replace("'", "''") + "'" if re.search(r"[:#'\"\[\]{},&*!|>%@`]|^\s|\s$|^-", text) \
        or text.lower() in ("true", "false", "yes", "no", "null", "on", "off", "~") else text


# ---------------------------------------------------------------- random parts
def random_args(g: Grammar, s: Shape, item: str, rng: random.Random) -> tuple:
    out = []
    for p in s.params:
        out.append(rng.randint(p[1], p[2]) if len(p) == 3 else rng.choice(_others(g, p[1], item)))
    return tuple(out)


def _others(g: Grammar, kind: str, item: str) -> tuple:
    """The items a shape's param may name in a rule for ``item``: never the item itself
    (a shape that reads the rule's own item says so with ``{x}``)."""
    return tuple(r for r in g.refs[kind] if r != item) or g.refs[kind]


def random_clause(g: Grammar, lst: str, item: str, rng: random.Random) -> Clause | None:
    shapes = [s for s in g.shapes_for(lst) if all(len(p) == 3 or g.refs.get(p[1]) for p in s.params)]
    if not shapes:
        return None
    s = rng.choices(shapes, [x.weight for x in shapes])[0]
    return Clause(s.name, random_args(g, s, item, rng))


def random_rule(g: Grammar, lst: str, rng: random.Random) -> Rule:
    item = rng.choice(g.lists[lst].items)
    n = rng.choice((0, 0, 1, 1, 1, 2)) if _max_clauses(g, lst) >= 2 else rng.choice((0, 1))
    clauses = tuple(c for c in (random_clause(g, lst, item, rng) for _ in range(min(n, _max_clauses(g, lst))))
                    if c is not None)
    return Rule(item, clauses)


def _max_clauses(g: Grammar, lst: str) -> int:
    m = g.lists[lst].clauses
    return g.max_clauses if m is None else m


def _nudge(g: Grammar, s: Shape, args: tuple, item: str, rng: random.Random) -> tuple:
    """One param changed a little: a number by 1 or 2 within its range, or another item."""
    i = rng.randrange(len(s.params))
    p, a = s.params[i], list(args)
    if len(p) == 3:
        a[i] = min(p[2], max(p[1], a[i] + rng.choice((-2, -1, -1, 1, 1, 2))))
    else:
        a[i] = rng.choice(_others(g, p[1], item))
    return tuple(a)


def _default_rules(g: Grammar, lst: str) -> list:
    """The list the game plays when a bot leaves it out, as rules (so a first rule added to
    it changes one thing, not the whole list)."""
    spec = g.lists[lst]
    if not spec.default:
        return []
    return [r for r in parse_rules(g, lst, list(spec.default))[0] if not r.fixed]  # items not in this game go


# ---------------------------------------------------------------- operators
def mutate(gen: Genome, g: Grammar, rng: random.Random) -> Genome:
    """One random change (see the module text)."""
    names = list(g.lists)
    lst = rng.choices(names, [g.lists[n].weight for n in names])[0]
    rules = list(gen.get(lst))
    spec = g.lists[lst]
    free = [i for i, r in enumerate(rules) if not r.fixed]    # whose conditions may change
    loose = [i for i, r in enumerate(rules) if not r.keep]    # which may go
    op = rng.choice(("insert", "insert", "remove", "move", "number", "number", "number", "add", "drop",
                     "replace", "item"))
    if not rules:
        op = "insert"
    if op == "insert":
        if not rules:
            rules = _default_rules(g, lst)
        if len(rules) < spec.max_rules:
            rules.insert(rng.randint(0, len(rules)), random_rule(g, lst, rng))
    elif op == "remove" and loose and (len(rules) > 1 or lst not in g.required):
        rules.pop(rng.choice(loose))
    elif op == "move" and len(rules) > 1:
        x = rules.pop(rng.randrange(len(rules)))
        rules.insert(rng.randint(0, len(rules)), x)
    elif op in ("number", "add", "drop", "replace") and free:
        i = rng.choice(free)
        r = rules[i]
        cl = list(r.clauses)
        movable = [k for k, c in enumerate(cl) if not c.fixed]
        removable = [k for k, c in enumerate(cl) if not (c.fixed and r.keep)]
        if op == "number" and movable:
            k = rng.choice(movable)
            s = g.by_name[cl[k].shape]
            if s.params:
                cl[k] = Clause(s.name, _nudge(g, s, cl[k].args, r.item, rng))
        elif op == "add" and len(cl) < _max_clauses(g, lst):
            c = random_clause(g, lst, r.item, rng)
            if c is not None:
                cl.append(c)
        elif op == "drop" and removable:
            cl.pop(rng.choice(removable))
        elif op == "replace" and movable:
            c = random_clause(g, lst, r.item, rng)
            if c is not None:
                cl[rng.choice(movable)] = c
        rules[i] = Rule(r.item, tuple(cl), False, r.keep and any(c.fixed for c in cl))
    elif op == "item" and (change := [i for i in free if i in loose]):
        i = rng.choice(change)
        r = rules[i]
        rules[i] = Rule(rng.choice(spec.items), r.clauses)
    return _tidy(gen.with_list(g, lst, rules), g)


def crossover(a: Genome, b: Genome, g: Grammar, rng: random.Random) -> Genome:
    """Each list from either parent; one list, chosen at random, is the head of a's joined
    to the tail of b's. A list that holds kept rules (in either parent) stays a's."""
    def free(lst):
        return not any(r.keep for r in a.get(lst) + b.get(lst))

    out = a
    for lst in g.lists:
        if free(lst) and rng.random() < 0.5:
            out = out.with_list(g, lst, b.get(lst))
    lst = rng.choice(list(g.lists))
    if free(lst):
        ra, rb = a.get(lst), b.get(lst)
        i, j = rng.randint(0, len(ra)), rng.randint(0, len(rb))
        out = out.with_list(g, lst, (list(ra[:i]) + list(rb[j:]))[: g.lists[lst].max_rules])
    return _tidy(out, g)


def _tidy(gen: Genome, g: Grammar) -> Genome:
    """Exact repeats of a rule dropped; required lists kept non-empty; a scalar list's
    ``false`` without conditions (it has no use for them)."""
    out = gen
    for lst, rules in gen.lists:
        if g.lists[lst].scalar:
            rules = tuple(Rule("false") if r.item == "false" and not r.keep else r for r in rules)
        kept = list(dict.fromkeys(rules))
        if kept != list(gen.get(lst)):
            out = out.with_list(g, lst, kept)
    for lst in g.required:
        if not out.get(lst):
            out = out.with_list(g, lst, [Rule(g.lists[lst].items[-1])])
    return out


# ---------------------------------------------------------------- simplifying
def _clause_implies(g: Grammar, a: Clause, b: Clause) -> bool:
    """Whenever clause a holds, does b (same rule item)?"""
    if a == b:
        return True
    if a.fixed or b.fixed or a.shape != b.shape:
        return False
    s = g.by_name[a.shape]
    if not s.weaker or not s.params or len(s.params[0]) != 3 or a.args[1:] != b.args[1:]:
        return False
    return a.args[0] <= b.args[0] if s.weaker == "up" else a.args[0] >= b.args[0]


def implies(g: Grammar, later: Rule, earlier: Rule) -> bool:
    """Whenever ``later`` would apply, would ``earlier`` (same item) apply first?"""
    return later.item == earlier.item and all(any(_clause_implies(g, c, e) for c in later.clauses)
                                              for e in earlier.clauses)


def simplified(gen: Genome, g: Grammar) -> Genome:
    """The same bot without what can never matter: a rule that applies only when an
    earlier rule for the same item does (that one is taken first), and a clause implied by
    another clause of its rule."""
    out = gen
    for lst, rules in gen.lists:
        kept = []
        for r in rules:
            if not r.fixed:
                cl = [c for k, c in enumerate(r.clauses)
                      if not any(k2 != k and _clause_implies(g, c2, c) and (c2 != c or k2 < k)
                                 for k2, c2 in enumerate(r.clauses))]
                r = Rule(r.item, tuple(cl), False, r.keep)
            if r.keep or not any(implies(g, r, e) for e in kept):
                kept.append(r)
        out = out.with_list(g, lst, kept)
    return _tidy(out, g)


def parts(gen: Genome) -> list:
    """What can be taken out of a genome one at a time (a rule, or a clause of a rule), as
    (list, rule index, clause index or None), last first; kept parts aside."""
    out = []
    for lst, rules in gen.lists:
        for i, r in enumerate(rules):
            if not r.keep:
                out.append((lst, i, None))
            if not r.fixed:
                out += [(lst, i, k) for k, c in enumerate(r.clauses) if not (c.fixed and r.keep)]
    return out[::-1]


def plan(gen: Genome, g: Grammar) -> str:
    """The bot in plain words, a sentence per list (a list's ``ListSpec.verb``, then "first
    to last:"): the items it takes, in order, each with its conditions as their shapes say
    them (``Shape.says``; a condition without one is quoted)."""
    out = []
    for lst, rules in gen.lists:
        if not rules:
            continue
        said = []
        for r in rules:
            conds = [f"when '{c.args[0]}'" if not c.shape else g.by_name[c.shape].render(r.item, c.args, plain=True)
                     for c in r.clauses]
            said.append(r.item + (" " + " and ".join(conds) if conds else ""))
        verb = g.lists[lst].verb or f"Its {lst.replace('_', ' ')} list"
        if g.lists[lst].scalar:  # one rule: true (when its conditions hold) or false
            r = rules[0]
            out.append(f"{verb}: " + ("no." if r.item == "false" else "yes" + said[0][len(r.item):] + "."))
        else:
            out.append(f"{verb}, first to last: " + "; ".join(said) + ".")
    return " ".join(out)


def part_text(gen: Genome, g: Grammar, part) -> str:
    """A part as a person reads it: 'LIST: ITEM: CONDITION' (a rule), or
    "LIST: ITEM's 'CONDITION'" (a condition of it)."""
    lst, i, k = part
    r = gen.get(lst)[i]
    if k is None:
        return f"{lst}: {r.text(g)}"
    return f"{lst}: {r.item}'s '{r.clauses[k].text(g, r.item)}'"


def without(gen: Genome, g: Grammar, part) -> Genome:
    lst, i, k = part
    rules = list(gen.get(lst))
    if k is None:
        rules.pop(i)
    else:
        r = rules[i]
        rules[i] = Rule(r.item, r.clauses[:k] + r.clauses[k + 1:], r.fixed, r.keep)
    return _tidy(gen.with_list(g, lst, rules), g)


# ---------------------------------------------------------------- a person's bot
def _norm(text: str) -> str:
    return re.sub(r"[\s_]+", "", text).lower()


def _strip_parens(text: str) -> str:
    t = text.strip()
    while t.startswith("(") and t.endswith(")") and _balanced(t[1:-1]):
        t = t[1:-1].strip()
    return t


def _balanced(t: str) -> bool:
    depth = 0
    for ch in t:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def _conjuncts(text: str) -> list:
    """A condition split at its top-level ``and``s."""
    t, cuts, depth = _strip_parens(text), [], 0
    for m in re.finditer(r"\(|\)|(?i:\b(and|or)\b)", t):
        tok = m.group(0).lower()
        if tok == "(":
            depth += 1
        elif tok == ")":
            depth -= 1
        elif depth == 0:
            if tok == "or":  # 'a or b and c' is 'a or (b and c)': one clause
                return [t]
            cuts.append(m.span())
    out, start = [], 0
    for a, b in cuts:
        out.append(t[start:a])
        start = b
    out.append(t[start:])
    return [_strip_parens(x) for x in out]


def _match_clause(g: Grammar, lst: str, item: str, text: str) -> Clause | None:
    target = _norm(text)
    for s, form, zero in ((sh, f, z) for sh in g.shapes_for(lst) for f, z in sh.forms()):
        groups = [next(p for p in s.params if p[0] == n) for n in zero]
        pattern = ""
        for lit, field_name, _, _ in string.Formatter().parse(form):
            pattern += re.escape(_norm(lit))
            if field_name is None:
                continue
            if field_name == "x":
                pattern += re.escape(_norm(item))
            else:
                p = next(p for p in s.params if p[0] == field_name)
                groups.append(p)
                pattern += r"(-?\d+)" if len(p) == 3 else r"([a-z0-9+']+)"
        m = re.fullmatch(pattern, target)
        if not m:
            continue
        args, ok = [], True
        for p, v in zip(groups, ("0",) * len(zero) + m.groups()):
            if len(p) == 3:
                ok = ok and p[1] <= int(v) <= p[2]
                args.append(int(v))
            else:
                found = [r for r in g.refs.get(p[1], ()) if _norm(r) == v]
                ok = ok and bool(found)
                args.append(found[0] if found else v)
        order = [p[0] for p in s.params]
        if ok and len(args) == len(order):
            by = dict(zip([p[0] for p in groups], args))
            return Clause(s.name, tuple(by[n] for n in order))
    return None


def parse_rules(g: Grammar, lst: str, items, path: str = "<bot>", line: int | None = None,
                keep: bool = False) -> tuple:
    """The rules of a bot's list as genome rules, and the texts of those kept as written
    (with ``keep``, the rules holding them are never dropped)."""
    errors, rules, kept = [], [], []
    for subject, cond, _ in rule_items(items, lst, path, line, errors, "item", "X", "[X]"):
        item = g.canonical(lst, subject) if g.canonical else (subject if subject in g.lists[lst].items else None)
        cond = None if cond is None else str(cond)
        written = subject + (f": {cond}" if cond else "") if keep else None
        if item is None or item not in g.lists[lst].items:
            rules.append(Rule(subject if item is None else item,
                              (Clause("", (cond,)),) if cond else (), True, keep, written))
            kept.append(rules[-1].text(g))
            continue
        clauses = []
        for part in (_conjuncts(cond) if cond else []):
            c = _match_clause(g, lst, item, part)
            if c is None:
                c = Clause("", (part,))
                kept.append(f"{item}: {part}")
            clauses.append(c)
        rules.append(Rule(item, tuple(clauses), False, keep and any(c.fixed for c in clauses), written))
    return rules, kept


def from_bot(text: str, g: Grammar, path: str = "<bot>", keep: bool = False) -> tuple:
    """A bot (its YAML text, already valid) as a genome, and what of it is kept as
    written: rules or conditions the grammar cannot express, and other keys. With ``keep``
    (the bot a person starts from) those rules are never dropped, every rule is written
    back as the file writes it until it changes, and nothing is tidied (a repeated rule
    stays, an empty list stays empty: ``missing`` names a required list the bot lacks)."""
    data = load_text(text, path)
    lists, kept, extra = {}, [], []
    nested = {}   # a mapping's key -> {the normalised key of a list in it: the list}
    for name, spec in g.lists.items():
        if spec.under:
            nested.setdefault(spec.under, {})[key_norm(spec.key)] = name
    for key, value in data.items():
        if key in g.lists and not g.lists[key].under:
            rules, k = parse_rules(g, key, value, path, data.lines.get(key), keep)
            lists[key] = rules
            kept += k
        elif key in nested and isinstance(value, dict):
            rest = {}
            for sub, v in value.items():
                name = nested[key].get(key_norm(str(sub)))
                spec = g.lists.get(name)
                if spec and not spec.scalar:
                    items = v
                else:  # a scalar's value: true, false, or its condition
                    items = ["false"] if v is False else ["true"] if v is True else \
                        [f"true: {v}"] if isinstance(v, str) else None
                if name is None or not isinstance(items, list):
                    rest[str(sub)] = _plain(v)
                    continue
                line = getattr(value, "lines", {}).get(sub, data.lines.get(key))
                rules, k = parse_rules(g, name, items, path, line, keep)
                lists[name] = rules
                kept += k
            if rest:
                extra.append((key, rest))
                kept.append(f"{key}: {short(rest)}")
        elif key not in ("name", "description", "game"):
            extra.append((key, _plain(value)))
            kept.append(f"{key}: {short(_plain(value))}")
    gen = Genome(tuple((k, tuple(lists[k])) for k in g.lists if lists.get(k)), tuple(extra))
    return (gen if keep else _tidy(gen, g)), kept


def missing(gen: Genome, g: Grammar) -> list:
    """The lists every bot of the grammar has that ``gen`` lacks (or holds empty)."""
    return [lst for lst in g.required if not gen.get(lst)]


def _plain(v):
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


def as_written(gen: Genome, start: Genome) -> Genome:
    """``gen`` with each rule that ``start`` (a person's bot) has in the same list written
    as that bot's file writes it."""
    lists = []
    for lst, rules in gen.lists:
        theirs = start.get(lst)
        if rules != theirs:
            first = {}
            for r in theirs:
                first.setdefault(r, r)
            theirs = tuple(first.get(r, r) for r in rules)
        lists.append((lst, theirs))
    return Genome(tuple(lists), gen.extra)


def diff(a: Genome, b: Genome, g: Grammar) -> list:
    """What changed from ``a`` to ``b``, list by list, as short lines ('buy: + ITEM: ...'):
    the rules gone (a rule written twice and kept once among them), the rules added, and
    the rules both keep that moved ('LIST: A moved above B'): those off a longest
    common order of the two lists, the fewest moves that give ``b``'s order."""
    out = []
    for lst in g.lists:
        ra, rb = a.get(lst), b.get(lst)
        if ra == rb:
            continue
        stay_a, stay_b = _common_order(ra, rb)
        left = [x for i, x in enumerate(ra) if i not in stay_a]
        moved = []
        for j, y in enumerate(rb):
            if j not in stay_b and y in left:
                left.remove(y)
                moved.append(j)
        new = [y for j, y in enumerate(rb) if j not in stay_b and j not in moved]
        out += [f"{lst}: - {r.text(g)}" for r in left] + [f"{lst}: + {r.text(g)}" for r in new]
        if not rb:
            out.append(f"{lst}: no list left: the game's default decides")
        for j in moved:
            below = next((rb[k] for k in range(j + 1, len(rb)) if k in stay_b), None)
            out.append(f"{lst}: {rb[j].text(g)} moved " + (f"above {below.text(g)}" if below is not None
                                                            else "to the end"))
    return out


def _common_order(xs: list, ys: list) -> tuple:
    """The indices of ``xs`` and of ``ys`` of a longest common subsequence of the two."""
    n, m = len(xs), len(ys)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            best[i][j] = best[i + 1][j + 1] + 1 if xs[i] == ys[j] else max(best[i + 1][j], best[i][j + 1])
    sa, sb, i, j = set(), set(), 0, 0
    while i < n and j < m:
        if xs[i] == ys[j]:
            sa.add(i)
            sb.add(j)
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    return sa, sb
