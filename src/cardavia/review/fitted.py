"""The fitted calibration maps (written by ``scripts/calibrate.py``; do not edit by hand)."""

from typing import Any

MAPS: dict[str, dict[str, Any]] = {
    "paohuzi": {
        "coef": [
            -3.686463,
            1.510712,
            2.80065,
            3.041758
        ],
        "features": [
            "bias",
            "stock",
            "raw",
            "raw_stock"
        ],
        "fit_decisions": 1293,
        "fit_seeds": [
            100000,
            100149
        ],
        "policy": "hard with 0.25 random slips vs normal"
    },
    "sisepai": {
        "coef": [
            -0.620744,
            2.171801,
            2.100322,
            -0.924662
        ],
        "features": [
            "bias",
            "stock",
            "raw",
            "raw_stock"
        ],
        "fit_decisions": 1107,
        "fit_seeds": [
            100000,
            100149
        ],
        "policy": "normal with 0.25 random slips vs normal"
    }
}
