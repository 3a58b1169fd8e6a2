"""The shapes a tabular model is described in: form fields and their encodings, variants, data sets, model specs.

Everything here is in the FORM's units and codes (docs/product.md#test-forms); specs.py holds the four models.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA_DIR = "../shared/datasets"  # relative to the repository root


def data_dir() -> Path:
    """ML_DATA_DIR if set (relative to the repository root), else the shared data sets folder (see README)."""
    raw = os.environ.get("ML_DATA_DIR") or DEFAULT_DATA_DIR
    path = Path(raw)
    return path if path.is_absolute() else (REPO_ROOT / path).resolve()


# --------------------------------------------------------------------------------------------------------------------
# Form fields and how each one becomes columns of the additive model
# --------------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    key: str  # the form's input name (exact)
    label: str  # human label
    unit: str | None  # None for codes
    type: str  # integer | decimal | code
    min: float  # plausible range: the form's validation range
    max: float
    codes: tuple[tuple[int, str], ...] = ()  # allowed codes with labels (coded fields)
    # encoding of the additive model
    transform: str | None = None  # None | 'log1p'
    basis: str = "linear"  # linear | onehot | spline (linear + hinges at training-fold quantiles)
    knots_q: tuple[float, ...] = (0.25, 0.5, 0.75)
    missing: str | None = None  # None | 'nan' | 'zero_or_nan': these inputs mean "not measured" and are imputed
    indicator: bool = False  # add a 0/1 "was missing" column (it belongs to the same field's contribution)
    note: str = ""

    def describe_encoding(self) -> str:
        parts = []
        if self.missing:
            what = "0 or NaN" if self.missing == "zero_or_nan" else "NaN"
            fill = "most common training answer" if self.type == "code" else "training median"
            parts.append(f"{what} = not measured -> {fill}" + (" + missing indicator" if self.indicator else ""))
        if self.transform == "log1p":
            parts.append("log(1 + x)")
        if self.basis == "onehot":
            parts.append("one-hot over codes " + ", ".join(str(c) for c, _ in self.codes))
        elif self.basis == "spline":
            parts.append("piecewise linear (hinges at the " + ", ".join(f"{q:g}" for q in self.knots_q) + " quantiles)")
        else:
            parts.append("linear")
        parts.append("standardised")
        return "; ".join(parts)


def binary(key: str, label: str, yes: str = "Yes", no: str = "No") -> Field:
    return Field(key, label, None, "code", 0, 1, codes=((0, no), (1, yes)))


def with_encoding(fields: tuple[Field, ...], **overrides: dict) -> tuple[Field, ...]:
    """A copy of `fields` where the named fields get other encoding attributes."""
    unknown = set(overrides) - {f.key for f in fields}
    if unknown:
        raise KeyError(f"unknown fields {sorted(unknown)}")
    return tuple(replace(f, **overrides[f.key]) if f.key in overrides else f for f in fields)


def plain(fields: tuple[Field, ...]) -> tuple[Field, ...]:
    """The textbook baseline: every input as a number, linear, standardised (missing values still imputed)."""
    return tuple(replace(f, transform=None, basis="linear", indicator=False) for f in fields)


@dataclass(frozen=True)
class Variant:
    name: str
    description: str
    fields: tuple[Field, ...] | None = None  # None = the model's own fields
    C: float | None = None  # None = the model's own C
    family: str = "lr"  # lr | hgb


@dataclass(frozen=True)
class Dataset:
    name: str
    file: str  # relative to ML_DATA_DIR
    licence: str
    citation: str
    origin: str
    target: str


@dataclass
class Loaded:
    X: pd.DataFrame  # form keys, form units/codes; NaN = not measured
    y: np.ndarray  # 1 = disease / patient
    rows: dict  # accounting: read, kept, dropped with reasons
    conversions: list[str]  # how the data set's coding became the form's


@dataclass(frozen=True)
class ModelSpec:
    test: str
    title: str
    dataset: Dataset
    fields: tuple[Field, ...]
    load: Callable[[Path], Loaded]
    C: float
    cv_splits: int
    cv_repeats: int
    threshold_rule: dict
    variants: tuple[Variant, ...]
    choice_reason: str
    limitations: tuple[str, ...]
    golden_rows: tuple[int, ...]  # row indices (after filtering) used as golden records
    golden_extra: tuple[dict, ...] = ()  # hand-written records (form values)
    outcome_label: str = ""
    inner_folds: int = 5  # CV inside each training fold for data-driven thresholds; 0 = fitted predictions
    recalibrate: bool = False  # monotone recalibration of the additive score (see risk_model.py)

    @property
    def keys(self) -> list[str]:
        return [f.key for f in self.fields]
