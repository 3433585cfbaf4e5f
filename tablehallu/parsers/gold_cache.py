"""Gold tables parsed once per distinct content: a bounded LRU keyed by a hash of the raw gold.

Runs often pair many predictions with one gold table (several models answering the same item,
synthetic variants of one record), and each record carries its own copy of the gold. The key is
a BLAKE2b digest of the gold text (or of its JSON serialisation, key order kept: it is the column
order) plus the parsing config, so equal content is parsed once, whatever object carries it.

The cached :class:`~tablehallu.parsers.table.ParsedTable` is shared: callers must treat it as
immutable (``headers`` and ``rows()`` already hand out copies; nothing may assign to its
``warnings`` or ``metadata``).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

from tablehallu.config import Config
from tablehallu.parsers.table import ParsedTable, ParseError

__all__ = ["GOLD_CACHE_SIZE", "GoldCache", "gold_digest", "parse_gold_cached"]

#: Distinct gold tables kept parsed. A parsed table of TableHallu size takes a few kB, so the
#: cache stays under a few MB whatever the run's size (memory flat in input size).
GOLD_CACHE_SIZE = 1024


def gold_digest(gold: Any) -> bytes | None:
    """A content hash of a raw gold value (text, bytes or a JSON value), None for other shapes
    (a DataFrame, a ParsedTable, a value JSON cannot serialise), which are not cached."""
    if isinstance(gold, str):
        data = b"s" + gold.encode("utf-8", "surrogatepass")
    elif isinstance(gold, bytes | bytearray):
        data = b"b" + bytes(gold)
    elif isinstance(gold, dict | list):
        try:
            text = json.dumps(gold, ensure_ascii=False, allow_nan=True, check_circular=True)
        except (TypeError, ValueError, RecursionError):
            return None
        data = b"j" + text.encode("utf-8", "surrogatepass")
    else:
        return None
    return hashlib.blake2b(data, digest_size=20).digest()


class GoldCache:
    """A thread-safe LRU of :func:`~tablehallu.parsers.parse_gold` results by content."""

    def __init__(self, size: int = GOLD_CACHE_SIZE) -> None:
        if size < 1:
            raise ValueError(f"size must be >= 1, got {size}")
        self.size = size
        self._entries: OrderedDict[tuple[bytes, Config], ParsedTable | ParseError] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def parse(self, gold: Any, config: Config) -> ParsedTable | ParseError:
        """``parse_gold(gold, config)``, parsed at most once per distinct content and config."""
        from tablehallu.parsers import parse_gold

        digest = gold_digest(gold)
        if digest is None:
            return parse_gold(gold, config)
        key = (digest, config)
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                self.hits += 1
                return found
        parsed = parse_gold(gold, config)
        with self._lock:
            self.misses += 1
            self._entries[key] = parsed
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return parsed

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)


_shared = GoldCache()


def parse_gold_cached(gold: Any, config: Config | None = None) -> ParsedTable | ParseError:
    """:func:`~tablehallu.parsers.parse_gold` through the process-wide :class:`GoldCache`: the
    same gold content is parsed once. The result is shared; do not modify it."""
    return _shared.parse(gold, config or Config())
