"""The served model: additive logistic regression, optionally followed by a monotone recalibration of its score.

score (the `logit` output) = intercept + sum of per-field contributions          always additive
probability = sigmoid(score)                                  when spec.recalibrate is False
probability = sigmoid(a + b*score + sum_k h_k*max(score - knot_k, 0))    when True (never decreasing)

The recalibration exists for data where an additive logit cannot bend at the extremes (cardio: observed risk levels
off near 85 % however many risk factors add up). It is fitted on out-of-fold (or, for large data, fitted) scores of
the training rows, never on the rows it is evaluated on.
"""
from __future__ import annotations

import numpy as np
from scipy.optimize import minimize
from sklearn.model_selection import StratifiedKFold

from encoding import contributions, make_lr
from spec_types import ModelSpec

RECAL_KNOTS_Q = (0.1, 0.5, 0.8, 0.95)


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def _segments(s: np.ndarray, knots) -> np.ndarray:
    """One column per segment between knots, so each coefficient IS that segment's slope."""
    edges = [-np.inf, *knots, np.inf]
    cols = []
    for j in range(len(knots) + 1):
        lo, hi = edges[j], edges[j + 1]
        if j == 0:
            cols.append(np.minimum(s, hi))
        elif j == len(knots):
            cols.append(np.maximum(s - lo, 0.0))
        else:
            cols.append(np.clip(s - lo, 0.0, hi - lo))
    return np.column_stack(cols)


class Recalibration:
    """A monotone piecewise-linear map of the score, fitted by logistic likelihood with every segment slope >= 0."""

    def fit(self, score: np.ndarray, y: np.ndarray) -> "Recalibration":
        self.knots = [float(k) for k in np.quantile(score, RECAL_KNOTS_Q)]
        B = _segments(score, self.knots)

        def nll(w):
            z = w[0] + B @ w[1:]
            mu = sigmoid(z)
            return float(np.sum(np.logaddexp(0, z) - y * z)), np.concatenate([[np.sum(mu - y)], B.T @ (mu - y)])

        start = np.r_[0.0, np.ones(B.shape[1])]
        res = minimize(
            nll,
            start,
            jac=True,
            method="L-BFGS-B",
            bounds=[(None, None)] + [(0.0, None)] * B.shape[1],
            options={"maxiter": 2000, "gtol": 1e-9, "ftol": 1e-15},
        )
        self.intercept = float(res.x[0])
        self.segment_slopes = [float(v) for v in res.x[1:]]
        # the same function written as intercept + slope*s + sum_k hinge_k * max(s - knot_k, 0), as the graph does it
        self.slope = self.segment_slopes[0]
        self.hinges = [b - a for a, b in zip(self.segment_slopes[:-1], self.segment_slopes[1:])]
        return self

    def __call__(self, score: np.ndarray) -> np.ndarray:
        s = np.asarray(score, dtype=float)
        return (
            self.intercept + self.slope * s + sum(h * np.maximum(s - k, 0.0) for h, k in zip(self.hinges, self.knots))
        )

    def describe(self) -> dict:
        return {
            "method": "calibrated logit = intercept + slope*score + sum_k hinges[k]*max(score - knots[k], 0); knots at "
            f"the {', '.join(f'{q:g}' for q in RECAL_KNOTS_Q)} quantiles of the training rows' scores; fitted "
            "by logistic likelihood on those scores with every segment's slope >= 0 (never decreasing)",
            "intercept": round(self.intercept, 8),
            "slope": round(self.slope, 8),
            "knots": [round(k, 8) for k in self.knots],
            "hinges": [round(h, 8) for h in self.hinges],
            "segment_slopes": [round(v, 6) for v in self.segment_slopes],
        }


class RiskModel:
    """Fits the additive LR, the predictions inside the training rows (for thresholds) and the recalibration."""

    def __init__(self, spec: ModelSpec, seed: int):
        self.spec, self.seed = spec, seed

    def fit(self, X: np.ndarray, y: np.ndarray) -> "RiskModel":
        spec = self.spec
        self.lr = make_lr(spec.fields, spec.C).fit(X, y)
        if spec.inner_folds == 0:
            # tens of thousands of rows, a few dozen coefficients: the fitted scores' optimism is negligible
            inner = self.lr.decision_function(X)
        else:
            inner = np.zeros(len(y))
            for tr, te in StratifiedKFold(spec.inner_folds, shuffle=True, random_state=self.seed).split(X, y):
                inner[te] = make_lr(spec.fields, spec.C).fit(X[tr], y[tr]).decision_function(X[te])
        self.recal = Recalibration().fit(inner, y) if spec.recalibrate else None
        self.inner_proba = self._proba(inner)  # what data-driven threshold rules are tuned on
        return self

    def _proba(self, score):
        return sigmoid(self.recal(score) if self.recal else score)

    def score(self, X) -> np.ndarray:
        return self.lr.decision_function(X)

    def predict_proba(self, X) -> np.ndarray:
        return self._proba(self.score(X))

    def raw_proba(self, X) -> np.ndarray:
        """sigmoid(score) without the recalibration (reported to show what it changes)."""
        return sigmoid(self.score(X))

    def contributions(self, X) -> tuple[np.ndarray, float]:
        return contributions(self.lr, X)
