"""Imports every command module so that it registers on the app."""

from tablehallu.cli import check_cmd as _check_cmd  # noqa: F401
from tablehallu.cli import config_cmd as _config_cmd  # noqa: F401
from tablehallu.cli import parse_cmd as _parse_cmd  # noqa: F401
from tablehallu.cli import report_cmd as _report_cmd  # noqa: F401
from tablehallu.cli import score_cmd as _score_cmd  # noqa: F401
from tablehallu.cli import synth_cmd as _synth_cmd  # noqa: F401
