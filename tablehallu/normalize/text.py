"""Text normalisation: the comparison form of a cell or header.

:func:`normalize_text` maps the many ways a model may write the same value to one string. It
applies, in this order and repeatedly until nothing changes (so it is idempotent; markup nested
more than eight levels deep, which no real cell has, is only partly removed):

1. HTML entities are decoded (``&amp;`` -> ``&``, ``&nbsp;`` -> no-break space).
2. Unicode NFKC (full-width letters and digits, ligatures, no-break and thin spaces, ``…`` ->
   ``...``, superscripts such as ``²`` -> ``2``).
3. Invisible characters are removed: zero-width space/joiners, word joiner, BOM, soft hyphen.
4. Markup is removed:

   - HTML inline tags ``<b> <i> <u> <em> <strong> <code> <span ...> <mark> <small> <big> <font ...>
     <tt> <kbd> <samp> <var> <cite> <abbr> <ins> <sup> <sub> <a ...> <nobr>`` and their closing tags
     are dropped; ``<br>``, ``<p>``, ``<div>`` (any form, with attributes or ``/``) become a space;
   - LaTeX ``\\textbf{x} \\textit{x} \\emph{x} \\texttt{x} \\textsc{x} \\textrm{x} \\textsf{x}
     \\underline{x} \\text{x} \\mathrm{x} \\mathbf{x} \\mathit{x}`` become ``x``; the escapes
     ``\\% \\& \\$ \\# \\_ \\{ \\}`` become the bare character;
   - Markdown emphasis ``**x**``, ``__x__``, ``*x*``, ``_x_`` and code ``\\`x\\``` become ``x`` when
     the delimiters wrap whole words (``snake_case`` and ``2*3*4`` are left alone).

5. Dashes ``‐ ‑ ‒ – — ― − ⸺ ⸻`` become ``-``; curly and modifier apostrophes/single quotes
   ``‘ ’ ‚ ‛ ʼ`` become ``'``; curly double quotes ``“ ” „ ‟`` become ``"``.
6. Quotes wrapping the whole value are removed: ``"x"``, ``'x'``, ``«x»``, ``»x«``, ``‹x›`` --
   only when they are one pair (not ``"a" and "b"``, not ``'a' and 'b'``; ``'Don't Stop'`` is).
7. Case folding (``str.casefold``), whitespace runs collapse to one space, ends are stripped.
8. Accents on Latin letters are dropped (``Vučević`` -> ``vucevic``, ``Dončić`` -> ``doncic``,
   ``ø ł đ ß æ œ`` -> ``o l d ss ae oe``); marks on other scripts (Japanese dakuten, Devanagari
   vowel signs) are kept, since there they change the letter.

:func:`normalize_header` is the header comparison key (the above plus a trailing ``:`` removed);
:func:`tokens` gives the letter/digit runs of the normalised text, for word-boundary checks;
:func:`stems` the same tokens reduced to their Snowball (Porter 2) English stems ("varies" and
"vary" -> "vari"); :func:`initialisms` the acronyms a multi-word value can be abbreviated to
("Food and Drug Administration" -> "fda", "fada").
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

import snowballstemmer

__all__ = [
    "ascii_digits",
    "initialisms",
    "normalize_header",
    "normalize_text",
    "normalized_tokens",
    "stems",
    "tokens",
]

#: Strings longer than this are normalised without caching (keeps the cache's memory bounded).
_CACHE_MAX_CHARS = 1024
#: Bound on the fixed-point iteration (ordinary text settles in two passes); markup nested deeper
#: than this is only partly removed, which keeps hostile input linear-time.
_MAX_PASSES = 8

_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)
_PUNCT = str.maketrans(
    {
        **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2e3a\u2e3b", "-"),
        **dict.fromkeys("\u2018\u2019\u201a\u201b\u02bc", "'"),
        **dict.fromkeys("\u201c\u201d\u201e\u201f", '"'),
    }
)

_INLINE_TAGS = (
    "b|i|u|em|strong|code|span|mark|small|big|font|tt|kbd|samp|var|cite|abbr|ins|sup|sub|a|nobr"
)
# ``[^<>]*`` cannot run past the next bracket, so every scan is bounded by its own segment.
_INLINE_TAG_RE = re.compile(rf"</?(?:{_INLINE_TAGS})\b[^<>]*>", re.IGNORECASE)
_BREAK_TAG_RE = re.compile(r"</?(?:br|p|div)\b[^<>]*>", re.IGNORECASE)
_LATEX_CMD_RE = re.compile(
    r"\\(?:textbf|textit|emph|texttt|textsc|textrm|textsf|underline|text|mathrm|mathbf|mathit)"
    r"\{([^{}]*)\}"
)
_LATEX_ESCAPE_RE = re.compile(r"\\([%&$#_{}])")
# Emphasis: the delimiter may not touch a word character outside, and the content may neither
# contain the delimiter character nor start/end with a space.
_STAR_RE = re.compile(r"(?<!\w)(\*\*?)([^*\s](?:[^*]*[^*\s])?)\1(?!\w)")
_UNDERSCORE_RE = re.compile(r"(?<!\w)(__?)([^_\s](?:[^_]*[^_\s])?)\1(?!\w)")
_BACKTICK_RE = re.compile(r"(?<!`)`+([^`]+)`+")
_SPACE_RE = re.compile(r"\s+")
_TOKEN_RE = re.compile(r"[^\W_]+")

_QUOTE_PAIRS = frozenset({('"', '"'), ("'", "'"), ("«", "»"), ("»", "«"), ("‹", "›"), ("›", "‹")})


def _wraps(s: str, i: int, j: int) -> bool:
    """Whether s[i] and s[j-1] are one pair of quotes around all of s[i:j]."""
    if j - i < 2 or (s[i], s[j - 1]) not in _QUOTE_PAIRS:
        return False
    inner = s[i + 1 : j - 1]
    if s[i] == "'":  # apostrophes inside words are fine: 'Don't Stop'
        return "' " not in inner and " '" not in inner
    return s[i] not in inner and s[j - 1] not in inner  # not "a" and "b"


def _strip_quotes(s: str) -> str:
    i, j = 0, len(s)
    for _ in range(4):  # real values have one or two layers; the bound keeps this linear
        if not _wraps(s, i, j):
            break
        i, j = i + 1, j - 1
        while i < j and s[i].isspace():
            i += 1
        while j > i and s[j - 1].isspace():
            j -= 1
    return s[i:j]


_LATIN_LETTERS = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "ħ": "h", "þ": "th"}
)


def _fold_latin_accents(s: str) -> str:
    if s.isascii():
        return s
    out: list[str] = []
    base = ""
    for ch in unicodedata.normalize("NFD", s.translate(_LATIN_LETTERS)):
        if unicodedata.combining(ch):
            if base.isascii() and base.isalpha():
                continue  # an accent on a Latin letter
        else:
            base = ch
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def _pass(s: str) -> str:
    if "&" in s:
        s = html.unescape(s)
    s = unicodedata.normalize("NFKC", s)
    s = s.translate(_INVISIBLE)
    if "<" in s:
        s = _BREAK_TAG_RE.sub(" ", s)
        s = _INLINE_TAG_RE.sub("", s)
    if "\\" in s:
        s = _LATEX_CMD_RE.sub(r"\1", s)
        s = _LATEX_ESCAPE_RE.sub(r"\1", s)
    if "*" in s:
        s = _STAR_RE.sub(r"\2", s)
    if "_" in s:
        s = _UNDERSCORE_RE.sub(r"\2", s)
    if "`" in s:
        s = _BACKTICK_RE.sub(r"\1", s)
    s = s.translate(_PUNCT)
    s = _SPACE_RE.sub(" ", s).strip()
    s = _strip_quotes(s)
    return _fold_latin_accents(s.casefold())


#: ASCII characters that no rewrite step touches except case and spacing.
_PLAIN_ASCII = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?()[]{}+-=/%$#@^|~"
)


def _normalize(value: str) -> str:
    if _PLAIN_ASCII.issuperset(value):
        # nothing to decode, unify or strip: only case and spacing (the common case, ~10x faster)
        return " ".join(value.split()).casefold()
    s = value
    for _ in range(_MAX_PASSES):
        nxt = _pass(s)
        if nxt == s:
            break
        s = nxt
    return s


_normalize_cached = lru_cache(maxsize=65536)(_normalize)

#: A character outside :data:`_PLAIN_ASCII` (one C-level scan: ~2x faster than the set test on a
#: context of thousands of characters)
_NOT_PLAIN_RE = re.compile("[^" + re.escape("".join(sorted(_PLAIN_ASCII))) + "]")


def _normalize_long(value: str) -> str:
    """:func:`_normalize` of a long text (a context): the plain-ASCII test by one regex scan, and
    the spacing rebuilt only when it has a run of spaces or a space at an end (the only
    whitespace plain ASCII holds is the space)."""
    if _NOT_PLAIN_RE.search(value) is not None:
        return _normalize(value)
    if "  " in value or value[:1] == " " or value[-1:] == " ":
        value = " ".join(value.split())
    return value.casefold()


def normalize_text(value: str) -> str:
    """The comparison form of ``value``: markup, quotes, dashes, case and spacing unified.

    Idempotent: ``normalize_text(normalize_text(x)) == normalize_text(x)``. See the module
    docstring for the exact list of rewrites.
    """
    if len(value) <= _CACHE_MAX_CHARS:
        return _normalize_cached(value)
    return _normalize_long(value)


# (?<!\s) and \s++: a whitespace run is tried once, from its start (linear on long runs)
_SPACE_BY_PUNCT_RE = re.compile(r"(?<!\s)\s++(?=[^\w\s])|(?<=[^\w\s])\s++")


def normalize_header(value: str) -> str:
    """Header comparison key: :func:`normalize_text` with trailing colons removed and no space
    next to punctuation ("Revenue(USD Billion)" = "Revenue ( USD Billion )"). Idempotent."""
    if len(value) <= _CACHE_MAX_CHARS:
        return _normalize_header_cached(value)
    return _normalize_header(value)


def _normalize_header(value: str) -> str:
    s = normalize_text(value)
    for _ in range(_MAX_PASSES):
        nxt = normalize_text(_SPACE_BY_PUNCT_RE.sub("", s.rstrip(":")))
        if nxt == s:
            break
        s = nxt
    return s


_normalize_header_cached = lru_cache(maxsize=16384)(_normalize_header)


@lru_cache(maxsize=65536)
def tokens(value: str) -> tuple[str, ...]:
    """Word tokens (maximal runs of letters and digits) of the normalised ``value``."""
    return tuple(_TOKEN_RE.findall(normalize_text(value)))


def normalized_tokens(normalized: str) -> tuple[str, ...]:
    """:func:`tokens` of a text that is already :func:`normalize_text` output (normalising is
    idempotent, so it is skipped: a whole context costs a pass less)."""
    return tuple(_TOKEN_RE.findall(normalized))


_STEMMER = snowballstemmer.stemmer("english")
#: Words an initialism may skip ("United States of America" -> "usa" or "usoa").
_SKIPPABLE = frozenset({"of", "and", "the", "for", "in", "on", "at", "to", "de", "a", "an"})


@lru_cache(maxsize=65536)
def stems(value: str) -> tuple[str, ...]:
    """Snowball English stems of :func:`tokens` of ``value``."""
    return tuple(_STEMMER.stemWords(list(tokens(value))))


@lru_cache(maxsize=65536)
def initialisms(value: str) -> frozenset[str]:
    """Acronyms of a value of two or more words: the initials of every word, and of the words
    other than joining words ("of", "and", "the"...). Empty for a single word."""
    toks = [t for t in tokens(value) if not t.isdigit()]
    if len(toks) < 2:
        return frozenset()
    every = "".join(t[0] for t in toks)
    content = "".join(t[0] for t in toks if t not in _SKIPPABLE)
    return frozenset(x for x in (every, content) if len(x) >= 2)


def ascii_digits(value: str) -> str:
    """``value`` with every Unicode decimal digit (Arabic-Indic, Devanagari, ...) written 0-9."""
    if value.isascii():
        return value
    return "".join(
        str(unicodedata.decimal(c)) if not c.isascii() and c.isdecimal() else c for c in value
    )
