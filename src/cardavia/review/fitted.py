"""The fitted calibration maps (written by ``scripts/calibrate.py``; do not edit by hand)."""

from typing import Any

MAPS: dict[str, dict[str, Any]] = {
    "paohuzi": {
        "coef": [
            0.0,
            0.0,
            1.0,
            0.0
        ],
        "features": [
            "bias",
            "stock",
            "raw",
            "raw_stock"
        ]
    },
    "sisepai": {
        "coef": [
            0.0,
            0.0,
            1.0,
            0.0
        ],
        "features": [
            "bias",
            "stock",
            "raw",
            "raw_stock"
        ]
    }
}
