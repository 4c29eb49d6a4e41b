"""The safe condition language of bots: parse -> validate -> compile to opcodes.

Text is parsed with Python's ``ast`` module and only a whitelist of node kinds is
accepted (numbers, names, calls of known functions, arithmetic, comparisons, and/or/not,
parentheses); nothing is ever evaluated by Python. Each expression is type-checked
(numbers, true/false values, and the names a game defines, such as cards and card
types) and compiled to a list of (opcode, argument) pairs for a small stack machine
that the game's kernels run.

This module knows no game: a game supplies a ``Vocabulary`` (its variables, its
functions and their argument kinds, and how to resolve a bare name such as a card).
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Callable

from ..errors import did_you_mean, short

# generic opcodes (the game kernels use the same numbers)
OP_CONST = 1
OP_ADD = 2
OP_SUB = 3
OP_MUL = 4
OP_DIV = 5
OP_NEG = 6
OP_LT = 7
OP_LE = 8
OP_GT = 9
OP_GE = 10
OP_EQ = 11
OP_NE = 12
OP_NOT = 13
OP_AND = 14
OP_OR = 15
OP_MIN = 16
OP_MAX = 17
#: a game's own opcodes (values it pushes: variables, counts) start here
OP_GAME = 32

MAX_LENGTH = 500  # characters in one condition
MAX_NUMBER = 1e9  # largest number written in a condition
MAX_DEPTH = 20    # nesting of operations and parentheses

#: a bare multi-word name as a call's only argument: count(Throne Room)
_SPACED_ARG = re.compile(r"\b([A-Za-z_]\w*)\(\s*([A-Za-z_][A-Za-z_]*(?:[ \t]+[A-Za-z_]+)+)\s*\)")

NUM = "number"
BOOL = "true/false"

_BINOPS = {ast.Add: OP_ADD, ast.Sub: OP_SUB, ast.Mult: OP_MUL, ast.Div: OP_DIV}
_CMPOPS = {ast.Lt: OP_LT, ast.LtE: OP_LE, ast.Gt: OP_GT, ast.GtE: OP_GE, ast.Eq: OP_EQ, ast.NotEq: OP_NE}
_OPNAMES = {ast.Pow: "**", ast.Mod: "%", ast.FloorDiv: "//", ast.BitAnd: "&", ast.BitOr: "|",
            ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>", ast.MatMult: "@"}


class ExprError(ValueError):
    """A condition is invalid; ``hint`` holds a suggestion when there is one."""

    def __init__(self, message: str, hint: str | None = None):
        self.message = message
        self.hint = hint
        super().__init__(message + (f" — {hint}" if hint else ""))


@dataclass(frozen=True)
class Variable:
    name: str
    opcode: int
    arg: int
    doc: str


@dataclass(frozen=True)
class Function:
    name: str
    #: argument kind (a name kind of the game, e.g. "card" or "type") -> opcode
    signatures: dict
    doc: str


@dataclass(frozen=True)
class Vocabulary:
    variables: dict           # name -> Variable
    functions: dict           # name -> Function
    #: resolve a name used as a function argument: returns (kind, int value) or raises ExprError
    resolve: Callable[[str], tuple]
    #: a name of each kind, for the hints of errors: {kind: a name}
    examples: dict = field(default_factory=dict)

    def read_name(self, op: int, a: int, arg_text) -> str:
        """What opcode ``op`` with argument ``a`` reads, as a bot's condition writes it (a
        variable's name, or a function of its argument: ``arg_text(kind, a)``), for a log
        that says the values a condition read."""
        for v in self.variables.values():
            if (v.opcode, v.arg) == (op, a):
                return v.name
        for f in self.functions.values():
            for kind, code in f.signatures.items():
                if code == op:
                    return f"{f.name}({arg_text(kind, a)})"
        return f"value {op}/{a}"


@dataclass
class Program:
    text: str
    code: list = field(default_factory=list)    # [(opcode, arg)]
    consts: list = field(default_factory=list)  # float constants


def _is_number(n) -> bool:
    return isinstance(n, ast.Constant) and isinstance(n.value, (int, float)) and not isinstance(n.value, bool)


def append_program(prog: Program | None, code: list, consts: list) -> tuple[int, int]:
    """Append a compiled condition to a game's shared code and constant tables (its
    constants renumbered); returns (start, length) of its code (0 long: no condition)."""
    start = len(code)
    if prog is not None:
        base = len(consts)
        consts.extend(prog.consts)
        code.extend((op, arg + base if op == OP_CONST else arg) for op, arg in prog.code)
    return start, len(code) - start


def compile_condition(text, vocab: Vocabulary) -> Program:
    """Compile a condition (text, or a YAML bool) to a Program; raises ExprError."""
    if isinstance(text, bool):
        return Program(str(text).lower(), [(OP_CONST, 0)], [1.0 if text else 0.0])
    if not isinstance(text, str):
        raise ExprError(f"a condition must be text or true/false, not {short(text)}")
    src = text.strip()
    if not src:
        raise ExprError("empty condition")
    if len(src) > MAX_LENGTH:
        raise ExprError(f"condition is {len(src)} characters long; the limit is {MAX_LENGTH}",
                        "split the rule or simplify it")
    # names are written as printed, so count(Throne Room) means count('Throne Room')
    quoted = _SPACED_ARG.sub(lambda m: f"{m.group(1)}('{m.group(2)}')", src)
    try:
        tree = ast.parse(quoted, mode="eval")
    except SyntaxError as e:
        raise ExprError(f"syntax error in condition '{src}'", _syntax_hint(src, e)) from None
    prog = Program(src)
    kind = _Compiler(vocab, prog).visit(tree.body, 1)
    if kind != BOOL:
        raise ExprError(f"condition '{src}' is a {kind}, not a true/false test",
                        "compare it, e.g. '... > 0'")
    return prog


def _syntax_hint(src: str, e: SyntaxError) -> str | None:
    s = src.replace("==", "").replace("<=", "").replace(">=", "").replace("!=", "")
    if "=" in s:
        return "use '==' to compare"
    if "&&" in src or "||" in src:
        return "write 'and' / 'or'"
    if src.count("(") != src.count(")"):
        return "parentheses do not match"
    return e.msg if e.msg else None


class _Compiler:
    def __init__(self, vocab: Vocabulary, prog: Program):
        self.v = vocab
        self.p = prog

    def emit(self, op, arg=0):
        self.p.code.append((op, arg))
        return len(self.p.code) - 1

    def const(self, x: float):
        self.p.consts.append(float(x))
        self.emit(OP_CONST, len(self.p.consts) - 1)

    def visit(self, n, depth) -> str:
        """Compile node ``n`` (``depth`` levels down); returns what it gives (NUM, BOOL ...)."""
        if depth > MAX_DEPTH:
            raise ExprError(f"condition '{self.p.text}' is nested more than {MAX_DEPTH} levels deep",
                            "simplify it")
        d = depth + 1
        if isinstance(n, ast.Constant):
            return self.constant(n)
        if isinstance(n, ast.Name):
            return self.name(n.id)
        if isinstance(n, ast.UnaryOp):
            return self.unary(n, d)
        if isinstance(n, ast.BinOp):
            return self.arithmetic(n, d)
        if isinstance(n, ast.Compare):
            return self.compare(n, d)
        if isinstance(n, ast.BoolOp):
            return self.boolean(n, d)
        if isinstance(n, ast.Call):
            return self.call(n, d)
        if isinstance(n, ast.IfExp):
            raise ExprError(f"'if ... else' is not supported in '{self.p.text}'",
                            "use separate rules")
        raise ExprError(f"unsupported syntax ({type(n).__name__}) in '{self.p.text}'")

    def constant(self, n) -> str:
        if isinstance(n.value, bool):
            self.const(1.0 if n.value else 0.0)
            return BOOL
        if isinstance(n.value, (int, float)):
            # compare as written: float() of a 400-digit integer overflows
            if not -MAX_NUMBER <= n.value <= MAX_NUMBER or n.value != n.value:
                raise ExprError(f"the number {short(n.value, 24)} in '{self.p.text}' is out of range",
                                f"numbers in conditions are at most {MAX_NUMBER:,.0f}")
            self.const(n.value)
            return NUM
        if isinstance(n.value, str):
            raise ExprError(f"'{n.value}' is a name, not a value here",
                            f"use it inside a function, e.g. count('{n.value}')")
        raise ExprError(f"unsupported value {short(n.value)}")

    def unary(self, n, d) -> str:
        if isinstance(n.op, ast.Not):
            self.expect(n.operand, BOOL, "'not'", d)
            self.emit(OP_NOT)
            return BOOL
        if isinstance(n.op, (ast.USub, ast.UAdd)):
            self.expect(n.operand, NUM, "'-'", d)
            if isinstance(n.op, ast.USub):
                if self.p.code[-1][0] == OP_CONST and _is_number(n.operand):
                    # a negative number is one constant (VALUE < -1 stays a range test)
                    self.p.consts[-1] = -self.p.consts[-1]
                else:
                    self.emit(OP_NEG)
            return NUM
        raise ExprError(f"operator '~' is not supported in '{self.p.text}'")

    def arithmetic(self, n, d) -> str:
        op = _BINOPS.get(type(n.op))
        if op is None:
            sym = _OPNAMES.get(type(n.op), type(n.op).__name__)
            raise ExprError(f"operator '{sym}' is not supported in '{self.p.text}'",
                            "use + - * / and min/max")
        sym = {OP_ADD: "+", OP_SUB: "-", OP_MUL: "*", OP_DIV: "/"}[op]
        self.expect(n.left, NUM, f"'{sym}'", d)
        if op == OP_DIV and isinstance(n.right, ast.Constant) and not isinstance(n.right.value, bool) \
                and isinstance(n.right.value, (int, float)) and n.right.value == 0:
            raise ExprError(f"division by zero in '{self.p.text}'")
        self.expect(n.right, NUM, f"'{sym}'", d)
        self.emit(op)
        return NUM

    def compare(self, n, d) -> str:
        # a < b < c  ==  (a < b) and (b < c)
        jumps = []
        left = n.left
        for i, (cop, right) in enumerate(zip(n.ops, n.comparators)):
            op = _CMPOPS.get(type(cop))
            if op is None:
                raise ExprError(f"comparison '{type(cop).__name__}' is not supported in "
                                f"'{self.p.text}'", "use < <= > >= == !=")
            kind = self.visit(left, d)
            if kind not in (NUM, BOOL):
                raise ExprError(f"cannot compare a {kind} in '{self.p.text}'")
            self.expect(right, kind, "a comparison", d)
            self.emit(op)
            if i < len(n.ops) - 1:
                jumps.append(self.emit(OP_AND, 0))
            left = right
        for j in jumps:
            self.p.code[j] = (OP_AND, len(self.p.code) - j)
        return BOOL

    def boolean(self, n, d) -> str:
        op = OP_AND if isinstance(n.op, ast.And) else OP_OR
        word = "and" if op == OP_AND else "or"
        jumps = []
        for i, v in enumerate(n.values):
            self.expect(v, BOOL, f"'{word}'", d)
            if i < len(n.values) - 1:
                jumps.append(self.emit(op, 0))
        for j in jumps:
            self.p.code[j] = (op, len(self.p.code) - j)
        return BOOL

    def expect(self, n, kind, where, depth):
        got = self.visit(n, depth)
        if got != kind:
            raise ExprError(f"{where} needs a {kind}, got a {got} in '{self.p.text}'")

    def name(self, ident: str) -> str:
        low = ident.lower()
        if low in ("true", "false"):
            self.const(1.0 if low == "true" else 0.0)
            return BOOL
        var = self.v.variables.get(ident) or self.v.variables.get(low)
        if var is not None:
            self.emit(var.opcode, var.arg)
            return NUM
        if ident in self.v.functions or low in ("min", "max"):
            raise ExprError(f"'{ident}' is a function", f"call it: {ident}(...)")
        try:
            kind, _ = self.v.resolve(ident)
        except ExprError:
            kind = None
        if kind is not None:
            fn = "count" if "count" in self.v.functions else next(iter(self.v.functions))
            raise ExprError(f"'{ident}' is a {kind} name, not a number, in '{self.p.text}'",
                            f"did you mean {fn}({ident})?")
        hint = did_you_mean(low, self.v.variables, "known variables: " + ", ".join(sorted(self.v.variables)))
        raise ExprError(f"unknown variable '{ident}' in '{self.p.text}'", hint)

    def call(self, n: ast.Call, depth) -> str:
        if not isinstance(n.func, ast.Name):
            raise ExprError(f"unsupported call in '{self.p.text}'")
        fname = n.func.id
        if n.keywords:
            raise ExprError(f"{fname}() takes no keyword arguments in '{self.p.text}'")
        if fname.lower() in ("min", "max"):
            if len(n.args) < 2:
                raise ExprError(f"{fname}() needs at least two numbers in '{self.p.text}'")
            op = OP_MIN if fname.lower() == "min" else OP_MAX
            for i, a in enumerate(n.args):
                self.expect(a, NUM, f"{fname}()", depth)
                if i:
                    self.emit(op)
            return NUM
        fn = self.v.functions.get(fname) or self.v.functions.get(fname.lower())
        if fn is None:
            names = list(self.v.functions) + ["min", "max"]
            hint = did_you_mean(fname.lower(), names, "known functions: " + ", ".join(sorted(names)))
            raise ExprError(f"unknown function '{fname}' in '{self.p.text}'", hint)
        kinds = " or ".join(fn.signatures)
        if len(n.args) != 1:
            raise ExprError(f"{fn.name}() takes one {kinds} name, got {len(n.args)} arguments "
                            f"in '{self.p.text}'")
        a = n.args[0]
        if isinstance(a, ast.Name):
            text = a.id
        elif isinstance(a, ast.Constant) and isinstance(a.value, str):
            text = a.value
        else:
            example = next((self.v.examples[k] for k in fn.signatures if k in self.v.examples), None)
            raise ExprError(f"{fn.name}() takes a {kinds} name, not an expression, in '{self.p.text}'",
                            f"e.g. {fn.name}({example})" if example else None)
        kind, value = self.v.resolve(text)
        op = fn.signatures.get(kind)
        if op is None:
            raise ExprError(f"{fn.name}() takes a {kinds}, but '{text}' is a {kind} in '{self.p.text}'")
        self.emit(op, value)
        return NUM
