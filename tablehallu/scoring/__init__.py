"""Scoring a run: hallucination rates per type with bootstrap CIs, groups, errors, provenance.

- :func:`score` reads records (JSONL paths or dicts), runs the detector and returns a
  :class:`Report` (``.to_dict()`` is the summary, ``.to_table(fmt)`` the paper's Table 1).
- :func:`compare` (in :mod:`tablehallu.scoring.compare`) pairs two runs on their ids.
"""

from tablehallu.scoring.engine import ScoringError, score
from tablehallu.scoring.records import Record, RecordError
from tablehallu.scoring.report import GroupResult, Report

__all__ = ["GroupResult", "Record", "RecordError", "Report", "ScoringError", "score"]
