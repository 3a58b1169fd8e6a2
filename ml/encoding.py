"""The additive model: raw form values -> design columns (each owned by one form field) -> logistic regression.

Every design column belongs to exactly one form field, and every column is standardised with the training mean and
standard deviation, so a field's contribution  sum_j w_j * (z_j - mean_j) / sd_j  is its push on the logit relative to
the average training patient, and  logit = intercept + sum of contributions  holds exactly.
"""
from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline

from spec_types import Field


def missing_mask(field: Field, x: np.ndarray) -> np.ndarray:
    if field.missing is None:
        return np.zeros(x.shape, dtype=bool)
    mask = np.isnan(x)
    if field.missing == "zero_or_nan":
        mask |= x == 0
    return mask


class AdditiveEncoder(BaseEstimator, TransformerMixin):
    """Fits medians, spline knots, means and SDs on the training rows only (so it lives inside every CV fold)."""

    def __init__(self, fields: tuple[Field, ...]):
        self.fields = fields

    # The pieces of one field, before standardisation; `state` holds what fit() learnt for that field.
    def _pieces(self, field: Field, x: np.ndarray, state: dict) -> list[np.ndarray]:
        x = np.asarray(x, dtype=float).copy()
        pieces = []
        mask = missing_mask(field, x)
        if field.missing is not None:
            x[mask] = state["median"]
        if field.transform == "log1p":
            x = np.log1p(x)
        if field.basis == "onehot":
            pieces += [(x == code).astype(float) for code, _ in field.codes]
        else:
            pieces.append(x)
            if field.basis == "spline":
                pieces += [np.maximum(x - k, 0.0) for k in state["knots"]]
        if field.indicator:
            pieces.append(mask.astype(float))
        return pieces

    def fit(self, X, y=None):
        X = np.asarray(X, dtype=float)
        if X.shape[1] != len(self.fields):
            raise ValueError(f"expected {len(self.fields)} columns, got {X.shape[1]}")
        self.states_ = []
        cols, owner, names = [], [], []
        for i, f in enumerate(self.fields):
            x = X[:, i]
            state: dict = {}
            if f.missing is not None:
                present = x[~missing_mask(f, x)]
                # a coded answer is filled with the most common one: the median of codes can be a rare code
                # (the heart data's resting ECG: median 2, LVH)
                if f.type == "code":
                    codes, counts = np.unique(present, return_counts=True)
                    state["median"] = float(codes[np.argmax(counts)])
                else:
                    state["median"] = float(np.median(present))
            if f.basis == "spline":
                xt = np.where(missing_mask(f, x), state.get("median", 0.0), x)
                if f.transform == "log1p":
                    xt = np.log1p(xt)
                knots = np.unique(np.quantile(xt, f.knots_q))
                # a knot at the minimum adds a column equal to (x - min): collinear, drop it
                state["knots"] = [float(k) for k in knots if k > xt.min()]
            self.states_.append(state)
            pieces = self._pieces(f, x, state)
            cols += pieces
            owner += [i] * len(pieces)
            names += _piece_names(f, state)
        Z = np.column_stack(cols)
        self.mean_ = Z.mean(axis=0)
        sd = Z.std(axis=0)
        self.sd_ = np.where(sd > 0, sd, 1.0)  # a constant column (a code unseen in training) stays 0 after centring
        self.owner_ = np.array(owner)
        self.names_ = names
        return self

    def design(self, X) -> np.ndarray:
        """Unstandardised design matrix."""
        X = np.asarray(X, dtype=float)
        return np.column_stack(
            [p for i, f in enumerate(self.fields) for p in self._pieces(f, X[:, i], self.states_[i])]
        )

    def transform(self, X):
        return (self.design(X) - self.mean_) / self.sd_


def _piece_names(f: Field, state: dict) -> list[str]:
    base = f"log1p({f.key})" if f.transform == "log1p" else f.key
    if f.basis == "onehot":
        names = [f"{f.key}=={code}" for code, _ in f.codes]
    else:
        names = [base] + ([f"max({base}-{k:.6g},0)" for k in state.get("knots", [])] if f.basis == "spline" else [])
    if f.indicator:
        names.append(f"{f.key} missing")
    return names


def make_lr(fields: tuple[Field, ...], C: float) -> Pipeline:
    return Pipeline(
        [
            ("enc", AdditiveEncoder(fields)),
            ("lr", LogisticRegression(C=C, solver="lbfgs", max_iter=5000, tol=1e-10)),
        ]
    )


def contributions(model: Pipeline, X) -> tuple[np.ndarray, float]:
    """Per-field logit contributions [N, F] and the intercept; bias + row sum = the model's logit."""
    enc: AdditiveEncoder = model.named_steps["enc"]
    lr: LogisticRegression = model.named_steps["lr"]
    Zs = enc.transform(X)
    per_col = Zs * lr.coef_[0]
    F = len(enc.fields)
    out = np.zeros((Zs.shape[0], F))
    for j, i in enumerate(enc.owner_):
        out[:, i] += per_col[:, j]
    return out, float(lr.intercept_[0])
