"""The fitted calibration maps (written by ``scripts/calibrate.py``; do not edit by hand)."""

from typing import Any

MAPS: dict[str, dict[str, Any]] = {
    "paohuzi": {
        "coef": [
            -2.498621,
            0.34645,
            1.77146,
            2.573842
        ],
        "features": [
            "bias",
            "stock",
            "raw",
            "raw_stock"
        ],
        "fit_decisions": 3519,
        "fit_seeds": [
            100000,
            100399
        ],
        "knots": [
            [
                0.07991,
                0.001402
            ],
            [
                0.088774,
                0.04989
            ],
            [
                0.10297,
                0.072913
            ],
            [
                0.114645,
                0.078272
            ],
            [
                0.124185,
                0.093635
            ],
            [
                0.133134,
                0.126189
            ],
            [
                0.147398,
                0.144609
            ],
            [
                0.169936,
                0.199049
            ],
            [
                0.198399,
                0.201037
            ],
            [
                0.23556,
                0.282763
            ],
            [
                0.265273,
                0.297011
            ],
            [
                0.31372,
                0.336558
            ],
            [
                0.458051,
                0.496662
            ],
            [
                0.594226,
                0.529574
            ],
            [
                0.65848,
                0.600769
            ],
            [
                0.742754,
                0.617314
            ],
            [
                0.814233,
                0.842581
            ]
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
