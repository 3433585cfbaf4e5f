"""The marked sections of docs/accuracy.md that each accuracy benchmark rewrites."""

from __future__ import annotations

from pathlib import Path


def replace_section(doc: Path, start: str, end: str, section: str) -> None:
    """Replace the text from ``start`` to ``end`` in ``doc`` by ``section`` (which holds both
    markers), or append ``section`` when the markers are not there yet."""
    text = doc.read_text(encoding="utf-8") if doc.exists() else ""
    if start in text and end in text:
        head, rest = text.split(start, 1)
        text = head + section + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    doc.write_text(text, encoding="utf-8")
