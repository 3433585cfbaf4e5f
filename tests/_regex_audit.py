"""The regex linearity audit: every pattern of tablehallu, run on adversarial strings.

:func:`package_patterns` finds the patterns: module-level ``re.Pattern`` objects (also inside
tuples, lists, dicts and class attributes) and the literal patterns passed to ``re.compile``,
``re.search``... inside functions (found in the source with :mod:`ast`).

:func:`adversarial_inputs` builds, from a pattern's own parse tree, strings that make a
backtracking matcher work hard: a *unit* (one generated match of a repeated sub-pattern, or one
character its classes accept) repeated to the wanted length, after a generated prefix that leads
the matcher to that repeat, and ended by a *tail* (nothing, a NUL, or a character of the pattern)
that may make the whole match fail at the last moment. :func:`growth` times ``finditer`` over
such a string at two lengths (best of several runs) and returns the time ratio; a linear pattern
gives ~10 for 10x the length, a quadratic one ~100.
"""

from __future__ import annotations

import ast
import gc
import importlib
import inspect
import pkgutil
import random
import re
import re._constants as C
import re._parser as sre_parse
import time
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

#: Characters tried against every character class (with the pattern's own literals).
POOL = (
    " \t\n\r.,;:!?-_+*/\\|\"'`()[]{}<>=#$%&@^~0123456789aAbzZxXeE"
    "\u00e9\u00df\u20ac\u00a0\u2013\u2019\u201d\u00bb\u0660\x00"
)
_CATEGORY = {
    C.CATEGORY_DIGIT: re.compile(r"\d"),
    C.CATEGORY_NOT_DIGIT: re.compile(r"\D"),
    C.CATEGORY_SPACE: re.compile(r"\s"),
    C.CATEGORY_NOT_SPACE: re.compile(r"\S"),
    C.CATEGORY_WORD: re.compile(r"\w"),
    C.CATEGORY_NOT_WORD: re.compile(r"\W"),
    C.CATEGORY_LINEBREAK: re.compile(r"\n"),
    C.CATEGORY_NOT_LINEBREAK: re.compile(r"[^\n]"),
}
_REPEATS = (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT)


@dataclass(frozen=True)
class Found:
    """A pattern of the package and where it is defined."""

    where: str
    pattern: re.Pattern[str]


# --- finding the patterns -------------------------------------------------------------------------


def _collect(value: Any, where: str, out: dict[tuple[str, int], Found], depth: int = 0) -> None:
    if isinstance(value, re.Pattern):
        if isinstance(value.pattern, str):
            out.setdefault((value.pattern, value.flags), Found(where, value))
        return
    if depth >= 2:
        return
    if isinstance(value, dict):
        for k, v in value.items():
            _collect(v, f"{where}[{k!r}]", out, depth + 1)
    elif isinstance(value, list | tuple | set | frozenset):
        for i, v in enumerate(value):
            _collect(v, f"{where}[{i}]", out, depth + 1)


_RE_FUNCS = {
    "compile",
    "search",
    "match",
    "fullmatch",
    "sub",
    "subn",
    "findall",
    "finditer",
    "split",
}
_FLAG_POS = {"compile": 1, "search": 2, "match": 2, "fullmatch": 2, "findall": 2, "finditer": 2}
_FLAG_POS.update({"split": 3, "sub": 4, "subn": 4})


def _flags(node: ast.expr | None) -> int | None:
    if node is None:
        return 0
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        flag = getattr(re, node.attr, None)
        return int(flag) if isinstance(flag, re.RegexFlag) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        a, b = _flags(node.left), _flags(node.right)
        return None if a is None or b is None else a | b
    return None


def _literal_calls(module: ModuleType) -> Iterator[tuple[int, str, int]]:
    """(line, pattern, flags) of every ``re.<func>("literal", ...)`` call in a module."""
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError):
        return
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "re"
            and node.func.attr in _RE_FUNCS
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            continue
        pos = _FLAG_POS[node.func.attr]
        flag_node = node.args[pos] if len(node.args) > pos else None
        for kw in node.keywords:
            if kw.arg == "flags":
                flag_node = kw.value
        flags = _flags(flag_node)
        if flags is not None:
            yield node.lineno, node.args[0].value, flags


def package_patterns(package: str = "tablehallu") -> list[Found]:
    """Every pattern of ``package`` that the audit can reach (module level and literal calls)."""
    root = importlib.import_module(package)
    names = [package] + [m.name for m in pkgutil.walk_packages(root.__path__, prefix=f"{package}.")]
    out: dict[tuple[str, int], Found] = {}
    for name in sorted(names):
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if isinstance(value, type) and value.__module__ == name:
                for cattr, cvalue in vars(value).items():
                    _collect(cvalue, f"{name}.{attr}.{cattr}", out)
            else:
                _collect(value, f"{name}.{attr}", out)
        for line, pattern, flags in _literal_calls(module):
            compiled = re.compile(pattern, flags)
            out.setdefault((pattern, compiled.flags), Found(f"{name} line {line}", compiled))
    return sorted(out.values(), key=lambda f: f.where)


# --- adversarial strings --------------------------------------------------------------------------


def _in_set(items: list[tuple[Any, Any]], ch: str, ignore_case: bool) -> bool:
    negate = False
    hit = False
    variants = {ch, ch.lower(), ch.upper()} if ignore_case else {ch}
    for op, arg in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            hit = hit or chr(arg) in variants
        elif op is C.RANGE:
            hit = hit or any(arg[0] <= ord(v) <= arg[1] for v in variants if len(v) == 1)
        elif op is C.CATEGORY:
            hit = hit or bool(_CATEGORY[arg].match(ch)) if arg in _CATEGORY else hit
    return hit != negate


def _pattern_chars(tree: Any) -> list[str]:
    """The literal characters and range ends written in a parsed pattern."""
    chars: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, tuple) and len(node) == 2 and isinstance(node[0], C._NamedIntConstant):
            op, arg = node
            if op in (C.LITERAL, C.NOT_LITERAL):
                chars.append(chr(arg))
            elif op is C.RANGE:
                chars.extend((chr(arg[0]), chr(arg[1])))
            else:
                walk(arg)
        elif isinstance(node, list | tuple | sre_parse.SubPattern):
            for x in node:
                walk(x)

    walk(tree)
    return list(dict.fromkeys(chars))


class _Gen:
    """Generates strings matched by parts of one pattern."""

    def __init__(self, pattern: re.Pattern[str], rng: random.Random) -> None:
        self.tree = sre_parse.parse(pattern.pattern, pattern.flags)
        self.icase = bool(pattern.flags & re.IGNORECASE)
        self.rng = rng
        self.chars = list(dict.fromkeys(_pattern_chars(self.tree) + list(POOL)))

    def members(self, items: list[tuple[Any, Any]]) -> list[str]:
        return [c for c in self.chars if _in_set(items, c, self.icase)]

    def node(self, op: Any, arg: Any) -> str:
        if op is C.LITERAL:
            return chr(arg)
        if op is C.NOT_LITERAL:
            return self.rng.choice([c for c in self.chars if ord(c) != arg])
        if op is C.ANY:
            return self.rng.choice("a1 .")
        if op is C.IN:
            found = self.members(arg)
            return self.rng.choice(found) if found else ""
        if op in _REPEATS:
            lo, hi, body = arg
            k = self.rng.randint(lo, min(hi, lo + 2))
            return "".join(self.seq(body) for _ in range(k))
        if op is C.SUBPATTERN:
            return self.seq(arg[3])
        if op is C.ATOMIC_GROUP:
            return self.seq(arg)
        if op is C.BRANCH:
            return self.seq(self.rng.choice(arg[1]))
        if op is C.GROUPREF_EXISTS:
            return self.seq(arg[1])
        return ""  # AT, ASSERT, ASSERT_NOT, GROUPREF: zero width here

    def seq(self, items: Any) -> str:
        return "".join(self.node(op, arg) for op, arg in items)

    def repeats(self) -> Iterator[tuple[str, Any]]:
        """(generated prefix, body) for every repeat of the pattern that can repeat >= 2 times:
        the prefix is a generated match of what precedes the repeat on its path."""

        def walk(items: Any, prefix: str) -> Iterator[tuple[str, Any]]:
            done = prefix
            for op, arg in items:
                if op in _REPEATS:
                    if arg[1] >= 2:
                        yield done, arg[2]
                    yield from walk(arg[2], done)
                elif op is C.SUBPATTERN:
                    yield from walk(arg[3], done)
                elif op is C.ATOMIC_GROUP or op in (C.ASSERT, C.ASSERT_NOT):
                    yield from walk(arg if op is C.ATOMIC_GROUP else arg[1], done)
                elif op is C.BRANCH:
                    for alt in arg[1]:
                        yield from walk(alt, done)
                done += self.node(op, arg)

        yield from walk(self.tree, "")

    def classes(self) -> list[str]:
        """One or two characters of every character class and literal of the pattern."""
        out: list[str] = []

        def walk(node: Any) -> None:
            if (
                isinstance(node, tuple)
                and len(node) == 2
                and isinstance(node[0], C._NamedIntConstant)
            ):
                op, arg = node
                if op is C.IN:
                    out.extend(self.members(arg)[:2])
                elif op is C.LITERAL:
                    out.append(chr(arg))
                elif op is C.NOT_LITERAL:
                    out.append(self.node(op, arg))
                else:
                    walk(arg)
            elif isinstance(node, list | tuple | sre_parse.SubPattern):
                for x in node:
                    walk(x)

        walk(self.tree)
        return list(dict.fromkeys(out))


@dataclass(frozen=True)
class Adversary:
    """``prefix + unit * k + tail`` for a wanted length."""

    prefix: str
    unit: str
    tail: str

    def build(self, n: int) -> str:
        k = max(1, (n - len(self.prefix) - len(self.tail)) // len(self.unit))
        return self.prefix + self.unit * k + self.tail

    def __str__(self) -> str:
        return f"{self.prefix[:20]!r} + {self.unit[:20]!r} * k + {self.tail!r}"


def adversarial_inputs(pattern: re.Pattern[str], seed: int = 0, limit: int = 80) -> list[Adversary]:
    """Adversarial string shapes for ``pattern``, built from its own parse tree."""
    rng = random.Random(seed)
    gen = _Gen(pattern, rng)
    units: list[tuple[str, str]] = []
    for prefix, body in gen.repeats():
        for _ in range(3):
            unit = gen.seq(body)
            if unit:
                units.append((prefix, unit))
    for ch in gen.classes():
        units.append(("", ch))
    units = list(dict.fromkeys(units))
    tails = ["", "\x00", *gen.classes()[:8]]
    shapes = list(dict.fromkeys(Adversary(p, u, t) for p, u in units for t in tails if u))
    if len(shapes) > limit:
        # keep every unit with the empty and NUL tails, sample the rest
        head = [s for s in shapes if s.tail in ("", "\x00")]
        rest = [s for s in shapes if s.tail not in ("", "\x00")]
        shapes = head + rng.sample(rest, max(0, min(len(rest), limit - len(head))))
    return shapes


# --- timing ---------------------------------------------------------------------------------------


def _run(pattern: re.Pattern[str], text: str, anchored: bool) -> float:
    # CPU time of this thread: other processes' load does not count (wall time on a shared
    # machine jumps as soon as a run is longer than a scheduler slice)
    start = time.thread_time()
    if anchored:
        pattern.match(text)
    else:
        for _ in pattern.finditer(text):
            pass
    return time.thread_time() - start


def best_time(pattern: re.Pattern[str], text: str, repeats: int, anchored: bool = False) -> float:
    """The best of ``repeats`` timings of ``finditer`` over ``text`` (``anchored``: of one
    ``match`` at its start) in seconds; the garbage collector is paused, its pauses in a large
    process would dwarf a short run."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return min(_run(pattern, text, anchored) for _ in range(repeats))
    finally:
        if enabled:
            gc.enable()


#: Times below this are clock noise: a ratio is computed on max(t, floor).
TIME_FLOOR = 2e-5


def growth(
    pattern: re.Pattern[str],
    shape: Adversary,
    small: int,
    repeats: int = 3,
    anchored: bool = False,
) -> float:
    """Time at 10x ``small`` characters over the time at ``small`` (best of ``repeats``)."""
    t1 = best_time(pattern, shape.build(small), repeats, anchored)
    t2 = best_time(pattern, shape.build(small * 10), repeats, anchored)
    return max(t2, TIME_FLOOR) / max(t1, TIME_FLOOR)


@dataclass(frozen=True)
class Verdict:
    """The worst growth found for a pattern, on which adversarial shape."""

    ratio: float
    shape: Adversary | None


def audit(
    pattern: re.Pattern[str],
    limit: float = 25.0,
    seed: int = 0,
    anchored: bool = False,
    shapes: int = 40,
) -> Verdict:
    """The worst time growth of ``pattern`` on its adversarial strings.

    Every shape is timed once at 10^3 and 10^4 characters; a shape over ``limit`` is timed again
    (best of 3) to rule out noise, and confirms the verdict at once. The worst shape under the
    limit is then timed at 10^4 and 10^5 characters (best of 3), the lengths the verdict is
    about.
    """
    worst = Verdict(0.0, None)
    for shape in adversarial_inputs(pattern, seed, shapes):
        ratio = growth(pattern, shape, 1_000, 1, anchored)
        if ratio > limit:
            ratio = growth(pattern, shape, 1_000, 3, anchored)
            if ratio > limit:
                return Verdict(ratio, shape)
        if ratio > worst.ratio:
            worst = Verdict(ratio, shape)
    if worst.shape is None:
        return worst
    return Verdict(growth(pattern, worst.shape, 10_000, 3, anchored), worst.shape)
