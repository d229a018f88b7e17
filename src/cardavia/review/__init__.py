"""The review of a finished deal: every decision of one seat judged by the hard tier, calibrated.

``review(record, seat)`` gives the JSON of records-and-cli.md section 7 (``cardavia review``);
``review_record`` is the same as a plain function for the site's worker processes.
"""

from __future__ import annotations

from cardavia.review.core import BLUNDER, INACCURACY, MISTAKE, review
from cardavia.review.worker import review_record

__all__ = ["BLUNDER", "INACCURACY", "MISTAKE", "review", "review_record"]
